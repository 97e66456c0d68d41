"""The reader's memory of the frame it read last, so a stream of frames is read cheaply.

Each piece's reading (a mat's coins, an island's outline and flag, a ship's fittings) is kept
with the picture box it was read from and what it was read with (its marker's corners). In
the next frame it is used again when that box did not change (changes.py) and the marker
lies where it lay; markers are looked for again only in the boxes that changed, and the table
frame is kept while the corner markers stay put. A frame that changed nearly everywhere (the
camera moved, the light changed) is read from scratch.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from companion.vision.changes import SCALE, ChangeMap, ChangeSettings
from companion.vision.table_frame import TableFrame, find_markers


@dataclass(frozen=True)
class MemorySettings:
    full_search_share: float = 0.5    # more of the picture than this changed (not just a hand): look for every marker again
    marker_box_growth: float = 0.5    # a marker is kept when nothing changed within half its size round it
    still_marker_px: float = 0.5      # a marker found again this near where it lay has not moved (sensor noise)
    hand_shift_px: float = 2.0        # a hand's edge across a marker shifts its corners this much; more is a move
    # A marker lost (under a hand) is looked for again round where it last lay, this much of its size out on each
    # side, in every frame where nothing changed there: once the hand is gone the changed boxes would never find it.
    lost_marker_growth: float = 1.0
    lost_markers_most: int = 12       # the latest lost markers looked for (a ship gone from the table stays lost)
    changes: ChangeSettings = ChangeSettings()


@dataclass
class LastFrame:
    timestamp: float
    context: Any                  # what the readings depend on besides pixels (seats, rulebook), compared with ==
    small: np.ndarray
    markers: dict[int, np.ndarray]
    frame: TableFrame | None
    pieces: dict[str, tuple[tuple[np.ndarray, ...], bytes, object]] = field(default_factory=dict)
    frame_markers: dict[int, np.ndarray] = field(default_factory=dict)   # the corner markers `frame` was made from
    lost: dict[int, np.ndarray] = field(default_factory=dict)   # markers seen before and not since: where they lay
    lost_looked: frozenset[int] = frozenset()   # lost markers looked for since the picture round them last changed


def quad_key(*quads) -> bytes:
    """What a reading was made with, as bytes: marker corners to a hundredth of a pixel."""
    return b"".join(np.round(np.asarray(quad, np.float64), 2).tobytes() for quad in quads)


def _grown(quad: np.ndarray, growth: float) -> np.ndarray:
    centre = quad.mean(0)
    return centre + (quad - centre) * (1 + 2 * growth)


class FrameReading:
    """One frame being read, with the last frame's memory when it may be used."""

    def __init__(self, grey: np.ndarray, timestamp: float, context: Any, last: LastFrame | None,
                 settings: MemorySettings = MemorySettings()):
        usable = last is not None and last.context == context and last.small.shape == (grey.shape[0] // SCALE, grey.shape[1] // SCALE)
        self.settings = settings
        self.grey = grey
        self.timestamp = timestamp
        self.context = context
        self.changes = ChangeMap(grey, last.small if usable else None, settings.changes)
        self.last = last if usable and self.changes.share <= settings.full_search_share else None
        self.pieces: dict[str, tuple[tuple[np.ndarray, ...], bytes, object]] = {}
        self.markers: dict[int, np.ndarray] = {}
        self.unread_squares: list[np.ndarray] = []    # squares ArUco could not read, for a second look
        self.frame: TableFrame | None = None
        self.frame_markers: dict[int, np.ndarray] = {}
        self.lost: dict[int, np.ndarray] = {}
        self.lost_looked: frozenset[int] = frozenset()

    @property
    def streaming(self) -> bool:
        return self.last is not None

    def find_markers(self) -> dict[int, np.ndarray]:
        """Every marker: those whose surroundings did not change where they were, the rest
        looked for in the boxes that changed."""
        if self.last is None:
            self.markers = find_markers(self.grey, self.unread_squares)
            return self.markers
        kept = {marker_id: quad for marker_id, quad in self.last.markers.items()
                if not self.changes.changed(_grown(quad, self.settings.marker_box_growth))}
        for x0, y0, x1, y1 in self.changes.regions():
            squares: list[np.ndarray] = []
            for marker_id, quad in find_markers(self.grey[y0:y1, x0:x1], squares).items():
                quad = quad + (x0, y0)
                before = self.last.markers.get(marker_id)
                # Found again where it lay (a hand passed near it): the same corners, so every
                # reading made with them stays good.
                kept[marker_id] = before if before is not None and np.abs(quad - before).max() <= self.settings.still_marker_px else quad
            self.unread_squares += [square + (x0, y0) for square in squares]
        self._look_for_lost(kept)
        self.markers = kept
        return kept

    def _look_for_lost(self, kept: dict[int, np.ndarray]) -> None:
        """Markers of the last frames not found now are looked for round where they lay, once each time the picture
        there settles (a hand still passing over one is not worth the search, and a marker gone for good, a sunk
        ship's, is not looked for again frame after frame); those still missing stay lost."""
        lost = {**self.last.lost, **self.last.markers}
        missing = [marker_id for marker_id in lost if marker_id not in kept][-self.settings.lost_markers_most:]
        height, width = self.grey.shape[:2]
        looked = set()
        for marker_id in missing:
            if marker_id in kept:   # found in an earlier box
                continue
            box = _grown(lost[marker_id], self.settings.lost_marker_growth)
            if self.changes.changed(box):
                continue            # looked for once the picture there settles
            looked.add(marker_id)
            if marker_id in self.last.lost_looked:
                continue            # looked for already, and nothing changed there since
            x0, y0 = np.clip(np.floor(box.min(0)).astype(int), 0, [width, height])
            x1, y1 = np.clip(np.ceil(box.max(0)).astype(int), 0, [width, height])
            if x1 - x0 < 8 or y1 - y0 < 8:
                continue
            for found_id, quad in find_markers(self.grey[y0:y1, x0:x1]).items():
                kept.setdefault(found_id, quad + (x0, y0))
        self.lost = {marker_id: lost[marker_id] for marker_id in missing if marker_id not in kept}
        self.lost_looked = frozenset(looked & set(self.lost))

    def table_frame(self, table_markers: tuple[int, ...], make: Callable[[], TableFrame | None],
                    predict: Callable[[TableFrame, int], np.ndarray]) -> TableFrame | None:
        """The last frame's table frame while the corner markers have not moved: at least two
        lie where they lay when it was made (or, one back from under a hand, where it puts
        them), and none is more than a hand's edge across it can shift (settings.hand_shift_px)."""
        last = self.last
        seen = {marker_id: self.markers[marker_id] for marker_id in table_markers if marker_id in self.markers}
        if last is not None and last.frame is not None:
            shifts = {marker_id: np.abs(quad - (last.frame_markers[marker_id] if marker_id in last.frame_markers
                                                else predict(last.frame, marker_id))).max()
                      for marker_id, quad in seen.items()}
            still = [marker_id for marker_id, shift in shifts.items() if shift <= self.settings.still_marker_px]
            if len(still) >= 2 and max(shifts.values()) <= self.settings.hand_shift_px:
                kept = {**seen, **last.frame_markers}
                # Readings made with the frame's own corners stay good.
                self.markers.update({marker_id: kept[marker_id] for marker_id in seen})
                self.frame, self.frame_markers = last.frame, kept
                return self.frame
        self.frame, self.frame_markers = make(), seen
        return self.frame

    def piece(self, name: str, key: bytes, read: Callable[[], object], box: Callable[[object], np.ndarray | list]):
        """`read()`, or the last frame's reading of `name` when it was read with the same `key`
        and nothing changed in its box (picture points from `box(reading)`; a list of point
        sets is a box round each, for a reading spread over the table like the islands)."""
        last = self.last
        if last is not None and self.frame is last.frame and name in last.pieces:
            old_boxes, old_key, value = last.pieces[name]
            if old_key == key and not any(self.changes.changed(points) for points in old_boxes):
                self.pieces[name] = (old_boxes, key, value)
                return value
        value = read()
        boxes = box(value)
        boxes = boxes if isinstance(boxes, list) else [boxes]
        self.pieces[name] = (tuple(np.asarray(points, np.float64) for points in boxes), key, value)
        return value

    def remember(self) -> LastFrame:
        return LastFrame(self.timestamp, self.context, self.changes.small, self.markers, self.frame, self.pieces,
                         self.frame_markers, self.lost, self.lost_looked)
