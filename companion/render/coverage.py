"""How much of a picture region something covers: a ground-truth measure every game's renderer uses."""

from __future__ import annotations

import cv2
import numpy as np


def share_inside(share: np.ndarray, polygon: np.ndarray) -> float:
    """Mean of `share` over a polygon of the picture (0 when it lies outside)."""
    height, width = share.shape
    x0, y0 = np.floor(polygon.min(axis=0)).astype(int)
    x1, y1 = np.ceil(polygon.max(axis=0)).astype(int) + 1
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, width), min(y1, height)
    if x1 <= x0 or y1 <= y0:
        return 0.0
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillPoly(mask, [np.round((polygon - [x0, y0]) * 16).astype(np.int32)], 1, cv2.LINE_8, 4)
    inside = mask.astype(bool)
    return float(share[y0:y1, x0:x1][inside].mean()) if inside.any() else 0.0
