"""How much of the boards changed since the last frame: the share of their pixels that moved.

Compared on the rectified boards (so the share is of the board, not of the picture),
shrunk to a few pixels per cell and blurred, so that sensor noise and JPEG blocks do not
count as movement while a hand, a piece being set down, or a nudged board do.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class MotionSettings:
    px_per_cell: int = 4           # the compared pictures' resolution
    changed_level: float = 18.0    # grey levels (0-255) a pixel must change by to count as moved


def motion_signature(views: dict, settings: MotionSettings = MotionSettings()) -> dict:
    """Small grey pictures of each board, to compare with the next frame's."""
    signature = {}
    for board, view in views.items():
        cells = view.image.shape[0] // view.settings.px_per_cell
        size = cells * settings.px_per_cell
        grey = cv2.cvtColor(view.image, cv2.COLOR_BGR2GRAY)
        small = cv2.resize(grey, (size, size), interpolation=cv2.INTER_AREA)
        signature[board] = (view.origin, cv2.GaussianBlur(small, (3, 3), 0).astype(np.int16))
    return signature


def board_motion(signature: dict, previous: dict | None, settings: MotionSettings = MotionSettings()) -> float:
    """Share (0..1) of the boards' pixels that changed; 0 with nothing to compare, 1 when the
    boards themselves changed (one appeared, went, or moved on the grid)."""
    if not previous:
        return 0.0
    if set(signature) != set(previous) or any(signature[b][0] != previous[b][0] for b in signature):
        return 1.0
    changed = total = 0
    for board, (_, now) in signature.items():
        before = previous[board][1]
        moved = np.abs(now - before) > settings.changed_level
        changed += int(moved.sum())
        total += moved.size
    return changed / total if total else 0.0
