"""A hand's shadow on the table. The arm finder takes in what lies beside an arm a little off the table's
colour, and the arm's shadow is that: the table darkened, its colour kept. An arm's shape leaves unsure
every seat it covers enough of (a card may lie under a hand), so a long arm's shadow falling across the
next seat left that seat unsure though no hand lay over it. A shadow hides no card (a card in it shows,
darker), yet a card near the table's colour in it is no brighter than the shadow: only a part of the
shape darker than the table, its colour within `shadow_chroma` of the table's, and too narrow for a whole
card to lie in (its widest point under a card's short side) is taken for the shadow alone."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.kit import cards


def shadow_only(contour, lab_difference: np.ndarray, settings: ReaderSettings) -> np.ndarray:
    """Of a shape (a contour in the top view's px), the part that is only a shadow cast on the table, as a mask
    over the shape's bounding box (bool). `lab_difference`: each top-view pixel's Lab difference from the
    table's local colour (table_mask.TableDifference.lab)."""
    x, y, w, h = cv2.boundingRect(contour)
    inside = np.zeros((h, w), np.uint8)
    cv2.drawContours(inside, [contour - [x, y]], -1, 1, cv2.FILLED)
    patch = lab_difference[y:y + h, x:x + w]
    darker = ((patch[..., 0] < 0) & (np.hypot(patch[..., 1], patch[..., 2]) < settings.shadow_chroma)
              & (inside > 0)).astype(np.uint8)
    count, labels = cv2.connectedComponents(darker)
    # Each piece's widest point: twice the farthest any of it lies from its edge.
    widest = np.zeros(count, np.float32)
    framed = cv2.copyMakeBorder(darker, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)   # its box's edge is its edge too
    np.maximum.at(widest, labels.ravel(), cv2.distanceTransform(framed, cv2.DIST_L2, 5)[1:-1, 1:-1].ravel())
    too_narrow = 2 * widest < cards.CARD_MM[0] * settings.top_px_per_mm
    too_narrow[0] = False   # the rest of the shape, not darker
    return too_narrow[labels]
