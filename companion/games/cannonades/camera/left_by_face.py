"""A card's strip by a face that a blob's cards leave out of its outline found again. A blob that is not one card is
also looked at on its outline found at its own level (refit.py), which may take in more than the mask did; a shape
no card rectangles explain is tried again shrunk by its halo (touching.split_blob), its cards judged with no face
near. Tuning view 6102 (classic, burgundy cloth): S13 under a cannonade, then three backs in a column, the first
showing only a strip between the cannonade and the second. The mask's blob (2.2 cards) left most of that strip out
and split into two backs; the refit's outline (2.5 cards) took the strip in, and shrunk by its halo split into the
same two backs, the strip's last 0.11 of a card by the cannonade left over: two backs read, sure, three there. What
the cards leave of the outline, in one piece touching a face-up card, as much as a card's strip: a card may lie
under that face, and the cards do not explain the blob, which stays unknown (its seat asked)."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.kit import cards


@dataclass(frozen=True)
class LeftByFaceSettings:
    """Tuning views 6100-6399 (seeds below 6400): on 6102 the piece left by the cannonade was 0.15 of a card (the mask's
    split against the refit's outline) and 0.11 (the halo split against it); where the rule looked at a shape of
    backs read right, 6235 and 6343 (columns by a face-up ship), the largest such piece was 0.035 and 0.055; on 6133 and
    6201 (the deck's back by the discard's faces: only that back placed a few mm otherwise) 0.10 and 0.115."""
    strip_cards: float = 0.1


LEFT_BY_FACE_SETTINGS = LeftByFaceSettings()


def strip_left(contour: np.ndarray, kept_px: list[np.ndarray], cover: np.ndarray | None, settings: ReaderSettings,
               grow_mm: float, left: LeftByFaceSettings = LEFT_BY_FACE_SETTINGS) -> bool:
    """Whether what is kept of the blob `contour` (`kept_px`: polygons in the top view's px, each grown by `grow_mm`
    and the split's cut, `split_cut_px`) leaves a piece of it at least `strip_cards` of a card that touches a face-up
    card (`cover`: the faces with their cut margin, the view's px; None: no face, nothing is told)."""
    if cover is None:
        return False
    scale = settings.top_px_per_mm
    x, y, w, h = cv2.boundingRect(contour)
    pad = int(np.ceil(grow_mm * scale)) + 2 * settings.split_cut_px
    offset = np.array([x - pad, y - pad])
    shape = np.zeros((h + 2 * pad, w + 2 * pad), np.uint8)
    cv2.drawContours(shape, [contour - offset], -1, 255, cv2.FILLED)
    for polygon in kept_px:
        corners = np.int32(np.round(polygon.reshape(-1, 2) - offset))
        cv2.fillPoly(shape, [corners], 0)
        cv2.polylines(shape, [corners], True, 0, 2 * int(round(grow_mm * scale)) + settings.split_cut_px)
    shape = cv2.morphologyEx(shape, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    faces = np.zeros_like(shape)
    x0, y0 = max(offset[0], 0), max(offset[1], 0)
    x1, y1 = min(offset[0] + shape.shape[1], cover.shape[1]), min(offset[1] + shape.shape[0], cover.shape[0])
    if x1 > x0 and y1 > y0:
        faces[y0 - offset[1]:y1 - offset[1], x0 - offset[0]:x1 - offset[0]] = cover[y0:y1, x0:x1]
    near = cv2.dilate(faces, np.ones((2 * settings.split_cut_px + 1,) * 2, np.uint8)) > 0
    least = left.strip_cards * cards.CARD_AREA_MM2 * scale ** 2
    count, labels, stats, _ = cv2.connectedComponentsWithStats(shape)
    return any(stats[label, cv2.CC_STAT_AREA] >= least and near[labels == label].any() for label in range(1, count))
