"""The card reader frame after frame (a fixed webcam): the table's place found once and again every
TABLE_REFRESH_FRAMES frames read (or when it was lost), and the lighter STREAM_SETTINGS for each frame.
A frame that shows the same table as the last frame read (nothing moved: its small blurred picture
differs only by sensor noise, STILL_SETTINGS) is not read again: the last reading stands. A frame
where the table cannot be found is read as nothing, with a note, not as an error."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.cannonades.camera.reader import Reading, read_table, table_homography
from companion.games.cannonades.camera.settings import (STILL_SETTINGS, STREAM_SETTINGS, TABLE_REFRESH_FRAMES,
                                                         ReaderSettings, StillSettings)
from companion.games.cannonades.deck import Deck


class CardStream:
    def __init__(self, deck: Deck | None = None, players: int = 2, settings: ReaderSettings = STREAM_SETTINGS,
                 still: StillSettings = STILL_SETTINGS):
        self.deck, self.players, self.settings, self.still = deck, players, settings, still
        self.table_in_view = None
        self.frames = 0
        self.last: tuple[np.ndarray, Reading] | None = None   # the last frame read (small) and its reading

    def read(self, frame: np.ndarray) -> Reading:
        grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
        small = self._small(grey)
        if self.last is not None and self._same_table(small, self.last[0]):
            return self.last[1]
        if self.table_in_view is None or self.frames % TABLE_REFRESH_FRAMES == 0:
            try:
                self.table_in_view = table_homography(grey)
            except ValueError as error:
                if self.table_in_view is None:
                    self.frames += 1
                    return Reading(self.players, (), (), (str(error),))
        self.frames += 1
        reading = read_table(frame, self.deck, self.players, self.settings, self.table_in_view)
        self.last = (small, reading)
        return reading

    def _small(self, grey: np.ndarray) -> np.ndarray:
        width = self.still.width_px
        small = cv2.resize(grey, (width, max(1, width * grey.shape[0] // grey.shape[1])), interpolation=cv2.INTER_AREA)
        return cv2.GaussianBlur(small, (3, 3), 0)

    def _same_table(self, small: np.ndarray, before: np.ndarray) -> bool:
        """Nothing moved since the frame read: fewer than `changed_px` small pixels differ by more than noise does."""
        if small.shape != before.shape:
            return False
        changed = cv2.compare(cv2.absdiff(small, before), self.still.level, cv2.CMP_GT)
        return cv2.countNonZero(changed) < self.still.changed_px
