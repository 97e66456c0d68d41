"""An arm over the table whose colour is close to the table's (a grey sleeve on walnut, a tanned arm
on dark felt): it differs from the table's local colour by less than a card does, so the card mask
misses it, and a card under it would go uncounted with confidence. Smoothed, the colour difference
of an arm stays above the table's own grain and lines over a whole arm's width, and an arm always
reaches in from beyond the play area: what is found so is returned as a mask of the top view."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.kit import cards


def arm_mask(squared_distance: np.ndarray, settings: ReaderSettings) -> np.ndarray:
    """`squared_distance`: each top-view pixel's squared colour distance from the table's local colour."""
    shrink = settings.background_px_per_mm / settings.top_px_per_mm
    small = np.sqrt(cv2.resize(squared_distance, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA))
    small = cv2.GaussianBlur(small, (0, 0), settings.arm_smooth_mm * settings.background_px_per_mm)
    faint = cv2.compare(small, settings.arm_colour_distance, cv2.CMP_GT)
    faint = cv2.morphologyEx(faint, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(faint)
    height, width = faint.shape
    least = settings.arm_min_cards * cards.CARD_MM[0] * cards.CARD_MM[1] * settings.background_px_per_mm ** 2
    arms = np.zeros_like(faint)
    for label in range(1, count):
        x, y, w, h, area = stats[label]
        if area >= least and (x <= 0 or y <= 0 or x + w >= width or y + h >= height):
            arms[labels == label] = 255
    if not arms.any():
        return np.zeros(squared_distance.shape, np.uint8)
    grow = int(round(settings.arm_grow_mm * settings.background_px_per_mm)) * 2 + 1
    arms = cv2.dilate(arms, np.ones((grow, grow), np.uint8))
    return cv2.resize(arms, (squared_distance.shape[1], squared_distance.shape[0]), interpolation=cv2.INTER_NEAREST)
