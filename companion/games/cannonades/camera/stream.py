"""The card reader frame after frame (a fixed webcam): the table's place found once and again every
TABLE_REFRESH_FRAMES frames read (or when it was lost), and the lighter STREAM_SETTINGS for each frame.
A frame that shows the same table as the last frame read (nothing moved: its small blurred picture
differs only by sensor noise, STILL_SETTINGS) is not read again: the last reading stands. A frame
where only a part changed (a card laid, moved or turned) is read again only around that part, a
card's length and more beyond it, and the last reading stands elsewhere; the card markers found on the
last frame read stand outside that part too (nothing there changed), so a frame read whole because a
shape reaches past the part read looks for markers only inside it. A frame where the table cannot be
found is read as nothing, with a note, not as an error."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from companion.games.cannonades.camera.face_down import CUT_BY_WINDOW
from companion.games.cannonades.camera.table_mask import PLAY_VIEW_MM
from companion.games.cannonades.camera.read_again import inside, markers_in_window, window_in_picture
from companion.games.cannonades.camera.reader import read_table, table_homography
from companion.games.cannonades.camera.reading import Reading
from companion.games.cannonades.camera.settings import (STILL_SETTINGS, STREAM_SETTINGS, TABLE_REFRESH_FRAMES,
                                                         ReaderSettings, StillSettings)
from companion.games.cannonades.deck import Deck

Window = tuple[float, float, float, float]   # left, top, right, bottom table mm


class CardStream:
    def __init__(self, deck: Deck | None = None, players: int = 2, settings: ReaderSettings = STREAM_SETTINGS,
                 still: StillSettings = STILL_SETTINGS):
        self.deck, self.players, self.settings, self.still = deck, players, settings, still
        self.table_in_view = None
        self.frames = 0
        self.last: tuple[np.ndarray, Reading] | None = None   # the last frame read (small) and its reading
        self.markers: dict[int, list[np.ndarray]] = {}         # the card markers (picture px) on the last frame read

    def read(self, frame: np.ndarray) -> Reading:
        grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
        small = self._small(grey)
        changed = None if self.last is None else self._changed(small, self.last[0])
        if changed is not None and cv2.countNonZero(changed) < self.still.changed_px:
            return self.last[1]
        refresh = self.table_in_view is None or self.frames % TABLE_REFRESH_FRAMES == 0
        if refresh:
            try:
                self.table_in_view = table_homography(grey)
            except ValueError as error:
                if self.table_in_view is None:
                    self.frames += 1
                    return Reading(self.players, (), (), (str(error),))
        self.frames += 1
        window = None if refresh or changed is None else self._changed_window(changed, grey.shape)
        if window is None:
            self.markers = markers_in_window(grey, self.table_in_view[0], PLAY_VIEW_MM, self.settings)
            reading = read_table(frame, self.deck, self.players, self.settings, self.table_in_view, markers_px=self.markers)
        else:
            reading = self._merged(self.last[1], *window, frame, grey)
        self.last = (small, reading)
        return reading

    def _changed_window(self, changed: np.ndarray, shape: tuple[int, ...]) -> tuple[Window, Window] | None:
        """The part of the table that changed, grown by half the margin (the cards read again there) and
        by the whole margin (the window read); None when that is most of the table (read it all). Lone
        changed pixels (noise) do not widen it."""
        rows, cols = np.nonzero(cv2.morphologyEx(changed, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8)))
        if rows.size == 0:
            return None
        scale = shape[1] / changed.shape[1]
        box = np.array([[[cols.min(), rows.min()], [cols.max() + 1, rows.min()], [cols.max() + 1, rows.max() + 1],
                         [cols.min(), rows.max() + 1]]], np.float64) * scale
        corners = cv2.perspectiveTransform(box, np.linalg.inv(self.table_in_view[0]))[0]
        low, high = corners.min(axis=0), corners.max(axis=0)
        margin = self.still.window_margin_mm
        inner = (*(low - margin / 2), *(high + margin / 2))
        window = (max(low[0] - margin, PLAY_VIEW_MM[0]), max(low[1] - margin, PLAY_VIEW_MM[1]),
                  min(high[0] + margin, PLAY_VIEW_MM[2]), min(high[1] + margin, PLAY_VIEW_MM[3]))
        if window[2] <= window[0] or window[3] <= window[1]:
            return None
        play = (PLAY_VIEW_MM[2] - PLAY_VIEW_MM[0]) * (PLAY_VIEW_MM[3] - PLAY_VIEW_MM[1])
        if (window[2] - window[0]) * (window[3] - window[1]) > self.still.window_most * play:
            return None
        return inner, window

    def _merged(self, before: Reading, inner: Window, window: Window, frame: np.ndarray, grey: np.ndarray) -> Reading:
        """The window read again: its cards near the change, and the last reading's everywhere else (but
        a card read again near the change is there now: it moved, it is no longer where it was). What
        the window cuts near the change (cards touching across its edge, a hand) has the frame read whole,
        with the window's markers and the last frame's elsewhere."""
        to_image = self.table_in_view[0]
        fresh_markers = markers_in_window(grey, to_image, window, self.settings)
        self.markers = _outside(self.markers, window_in_picture(to_image, window)) | fresh_markers
        fresh = read_table(frame, self.deck, self.players, self.settings, self.table_in_view, window,
                           markers_px=fresh_markers, reread_mm=inner)
        again = [card for card in fresh.cards if inside(card.centre_mm, inner)]
        if any(card.why == CUT_BY_WINDOW for card in again):   # what changed reaches past the window
            return read_table(frame, self.deck, self.players, self.settings, self.table_in_view, markers_px=self.markers)
        moved = {card.card for card in again if card.card}
        cards = [card for card in before.cards if not inside(card.centre_mm, inner) and card.card not in moved] + again
        return replace(fresh, cards=tuple(sorted(cards, key=lambda c: (c.area, c.centre_mm))))

    def _small(self, grey: np.ndarray) -> np.ndarray:
        width = self.still.width_px
        small = cv2.resize(grey, (width, max(1, width * grey.shape[0] // grey.shape[1])), interpolation=cv2.INTER_AREA)
        return cv2.GaussianBlur(small, (3, 3), 0)

    def _changed(self, small: np.ndarray, before: np.ndarray) -> np.ndarray | None:
        """The small pixels that differ from the frame read by more than noise does (None: another size)."""
        if small.shape != before.shape:
            return None
        return cv2.compare(cv2.absdiff(small, before), self.still.level, cv2.CMP_GT)


def _outside(markers: dict[int, list[np.ndarray]], box_px: tuple[int, int, int, int]) -> dict[int, list[np.ndarray]]:
    """The markers not wholly inside the picture's box (those inside it are looked for there again)."""
    x0, y0, x1, y1 = box_px

    def within(quad: np.ndarray) -> bool:
        return bool((quad[:, 0] >= x0).all() and (quad[:, 0] < x1).all() and (quad[:, 1] >= y0).all() and (quad[:, 1] < y1).all())

    kept = {marker_id: [quad for quad in quads if not within(quad)] for marker_id, quads in markers.items()}
    return {marker_id: quads for marker_id, quads in kept.items() if quads}
