"""A face's strip beside a cannonade laid on a card found, joined to another card's shape. A cannonade is laid
on the ship nearest under it; when that is a back beside it, the face-up ship it really lies on may show only as
a strip that runs into the next card's shape (tuning view 7305: S25 under C22, its L-shaped strip joined to the
back below it, found again as that back; C22 said on the back above it, the seat counted a ship short, sure).
Cut from what shows every card rectangle found by its shape (grown a few mm: a fit is placed within them), a piece
of `least_cards` to under `most_cards` touching a laid cannonade's footprint, mostly as bright as that cannonade's
paper, is a face's last strip: its seat is asked. A back's strip shows paper only in its thin light border; an arm
reaching in over the cannonade (tuning view 6979, 13.6 cards) is no strip."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.cannonades.camera import table_mask
from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.camera.unexplained import grown
from companion.games.cannonades.kit import cards


@dataclass(frozen=True)
class PaperStripSettings:
    least_cards: float = 0.08     # smaller pieces: a fit's rim past its grown rectangle
    most_cards: float = 1.0       # a strip is part of one card; a bigger piece is an arm's or a shape's already asked
    found_grow_mm: float = 4.0    # a card rectangle found by its shape is placed within this (sliver_found_grow_mm)
    reach_mm: float = 4.0         # touching: within this of the cannonade's cut margin (sliver_reach_mm)
    paper_share: float = 0.5      # this share of the piece as bright as the cannonade's paper (table_mask.paper_level)


PAPER_STRIP = PaperStripSettings()


def strips_beside_laid(judged: np.ndarray, grey: np.ndarray, laid_px: list[np.ndarray], found_px: list[np.ndarray],
                       settings: ReaderSettings, strip: PaperStripSettings = PAPER_STRIP) -> list[np.ndarray]:
    """Contours (top view px) of the faces' strips beside the laid cannonades `laid_px` (outlines in the top view's
    px) that the card rectangles found (`found_px`) leave: the pieces described above."""
    if not laid_px:
        return []
    scale = settings.top_px_per_mm
    card_px = cards.CARD_AREA_MM2 * scale ** 2
    rest = cv2.bitwise_and(judged, cv2.bitwise_not(grown(judged.shape, found_px, strip.found_grow_mm * scale)))
    # The pieces a card's strip can be, each looked at once whichever cannonade it touches.
    shapes = []
    for contour in cv2.findContours(rest, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]:
        if strip.least_cards <= cv2.contourArea(contour) / card_px < strip.most_cards:
            shape = np.zeros_like(judged)
            cv2.drawContours(shape, [contour], -1, 255, cv2.FILLED)
            shapes.append((contour, cv2.bitwise_and(shape, rest)))
    pieces = []
    for cannonade in laid_px if shapes else []:
        own = grown(judged.shape, [cannonade], 0)
        if not cv2.countNonZero(own):
            continue
        level = table_mask.paper_level(grey[own > 0], settings)
        near = grown(judged.shape, [cannonade], (settings.face_up_margin_mm + strip.reach_mm) * scale)
        for contour, inside in shapes:
            if not cv2.countNonZero(cv2.bitwise_and(inside, near)):
                continue
            share = float(np.mean(grey[inside > 0] >= level))
            if share >= strip.paper_share:
                pieces.append(contour)
    return pieces
