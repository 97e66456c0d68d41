"""What changed in the picture since the last frame read, place by place.

A camera over a table mostly sees the same table: between two frames only a moving hand or
a ship pushed along changes. The reader keeps each piece's reading while the pixels round it
stay the same, and looks for markers again only where something changed. Frames are compared
at a quarter of their size (averaging 16 pixels quiets the sensor's noise and the JPEG's
blocks), blurred a little, and a pixel has changed when it differs by `change_levels` or more.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

SCALE = 4                 # the comparison picture is this many times smaller each way


@dataclass(frozen=True)
class ChangeSettings:
    change_levels: int = 10       # grey levels; the sensor's noise averaged over 4x4 pixels stays near 1-2
    region_margin: float = 0.03   # of the picture's width, added round a changed region before looking in it


def small_grey(grey: np.ndarray) -> np.ndarray:
    height, width = grey.shape[:2]
    return cv2.resize(grey, (width // SCALE, height // SCALE), interpolation=cv2.INTER_AREA)


class ChangeMap:
    """Where `grey` differs from the frame before (given as its `small_grey`)."""

    def __init__(self, grey: np.ndarray, before_small: np.ndarray | None, settings: ChangeSettings = ChangeSettings()):
        self.settings = settings
        self.size = (grey.shape[1], grey.shape[0])
        self.small = small_grey(grey)
        if before_small is None or before_small.shape != self.small.shape:
            self.mask = np.ones(self.small.shape, np.uint8)
        else:
            difference = cv2.blur(cv2.absdiff(self.small, before_small), (3, 3))
            self.mask = (difference >= settings.change_levels).astype(np.uint8)
        self._integral = cv2.integral(self.mask)

    @property
    def share(self) -> float:
        """The share of the picture that changed."""
        return float(self.mask.mean())

    def changed(self, points_px) -> bool:
        """Whether anything changed within the box round these picture points."""
        points = np.asarray(points_px, np.float64).reshape(-1, 2) / SCALE
        height, width = self.mask.shape
        x0, y0 = np.clip(np.floor(points.min(0)).astype(int), 0, [width, height])
        x1, y1 = np.clip(np.ceil(points.max(0)).astype(int) + 1, 0, [width, height])
        if x1 <= x0 or y1 <= y0:
            return False
        total = self._integral
        return bool(total[y1, x1] - total[y0, x1] - total[y1, x0] + total[y0, x0] > 0)

    def regions(self) -> list[tuple[int, int, int, int]]:
        """Boxes (x0, y0, x1, y1, picture px) round each changed area, with a margin so a
        marker half inside one is looked for whole; overlapping boxes are merged."""
        margin = int(self.settings.region_margin * self.size[0])
        count, _, stats, _ = cv2.connectedComponentsWithStats(self.mask)
        boxes = []
        for x, y, w, h, _ in stats[1:count]:
            boxes.append([max(0, x * SCALE - margin), max(0, y * SCALE - margin),
                          min(self.size[0], (x + w) * SCALE + margin), min(self.size[1], (y + h) * SCALE + margin)])
        merged = True
        while merged:
            merged = False
            for i in range(len(boxes)):
                for j in range(i + 1, len(boxes)):
                    a, b = boxes[i], boxes[j]
                    if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                        boxes[i] = [min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])]
                        del boxes[j]
                        merged = True
                        break
                if merged:
                    break
        return [tuple(int(v) for v in box) for box in boxes]
