"""Whole cards touching an arm: card rectangles in the shape of an arm and what touches it, found where the
shape's outline follows a card's sides all round but where the arm lies (an arm or a hand is curved, and a
rectangle inside it has the arm on both sides). The rectangles are touching.py's."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from companion.games.cannonades.camera import touching
from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.camera.touching import SplitCard


def cards_off_arm(shape: np.ndarray, settings: ReaderSettings, beyond: tuple[bool, bool, bool, bool]) -> list[SplitCard]:
    """Whole cards touching an arm, in `shape` (the arm and what touches it, the arms' own growth left out):
    card rectangles standing on the shape's straight stretches, inside it, whose sides the shape's outline
    follows all round but for `arm_card_free` of the ring just outside them (where the arm touches). An arm
    or a hand is curved: a rectangle inside it has the arm on both sides. `beyond`: which sides of the shape's
    box (left, top, right, bottom) are the view's edge, where the arm goes on (never free). Each card found is
    cut out, and frees its side of the next card's ring: a row touching the arm, end to end, is peeled off card by
    card from its far end (tuning view 3085: a column of backs a hand touches, only its end back found before)."""
    pad = max(settings.arm_card_ring_px)
    shape = cv2.copyMakeBorder(shape, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    taken = shape.copy()   # what a card's ring may not cross: the shape, and beyond the view's edge
    height, width = taken.shape
    for side, strip in zip(beyond, (np.s_[:, :pad], np.s_[:pad, :], np.s_[:, width - pad:], np.s_[height - pad:, :])):
        if side:
            taken[strip] = 255
    remaining = shape.copy()
    found: list[SplitCard] = []
    def apart(outline_px: np.ndarray) -> bool:   # not a piece of a straight arm: free along its two long sides only
        near, outline_px = _around(taken, outline_px, max(settings.arm_card_ring_px) + 2)
        return (_free_around(near, outline_px, settings) >= settings.arm_card_free
                and sum(free >= settings.arm_card_side_free for free in _free_sides(near, outline_px, settings)) >= 3)

    for _ in range(settings.arm_cards_most):
        # The best rectangle standing apart: a card beside one that the arm lies on is found too (the best of
        # all is often a rectangle inside the arm itself).
        best = touching.best_card(shape, remaining, settings, settings.split_claim, accept=apart)
        if best is None:
            break
        found.append(replace(best, outline_px=best.outline_px - pad))
        remaining = touching.cut_out(remaining, best.outline_px, settings)
        cv2.fillPoly(taken, [np.int32(np.round(best.outline_px))], 0)   # a card found is no arm beside the next
    return found


def _around(mask: np.ndarray, outline_px: np.ndarray, reach: int) -> tuple[np.ndarray, np.ndarray]:
    """The part of `mask` within `reach` px of a rectangle's box, and the rectangle in that part's px (cheap:
    many rectangles inside an arm are tried)."""
    (x0, y0), (x1, y1) = np.floor(outline_px.min(axis=0)) - reach, np.ceil(outline_px.max(axis=0)) + reach
    x0, y0 = max(int(x0), 0), max(int(y0), 0)
    return mask[y0:max(int(y1), y0), x0:max(int(x1), x0)], outline_px - [x0, y0]


def _free_around(taken: np.ndarray, outline_px: np.ndarray, settings: ReaderSettings) -> float:
    """The share of a ring `arm_card_ring_px` outside a card rectangle (past its shadow) that `taken` leaves free."""
    card = np.zeros_like(taken)
    cv2.fillPoly(card, [np.int32(np.round(outline_px))], 255)
    near, far = (cv2.dilate(card, np.ones((2 * px + 1,) * 2, np.uint8)) for px in settings.arm_card_ring_px)
    ring = cv2.subtract(far, near)
    return 1 - cv2.countNonZero(cv2.bitwise_and(ring, taken)) / max(cv2.countNonZero(ring), 1)


def _free_sides(taken: np.ndarray, outline_px: np.ndarray, settings: ReaderSettings) -> list[float]:
    """The share of a strip `arm_card_ring_px` outside each side of a card rectangle that `taken` leaves free."""
    centre = outline_px.mean(axis=0)
    near, far = settings.arm_card_ring_px
    strip = np.zeros_like(taken)
    shares = []
    for start, end in zip(outline_px, np.roll(outline_px, -1, axis=0)):
        middle = (start + end) / 2
        outward = (middle - centre) / max(float(np.hypot(*(middle - centre))), 1e-6)
        strip[:] = 0
        cv2.fillPoly(strip, [np.int32(np.round([start + outward * near, end + outward * near,
                                                end + outward * far, start + outward * far]))], 255)
        total = max(cv2.countNonZero(strip), 1)
        shares.append(1 - cv2.countNonZero(cv2.bitwise_and(strip, taken)) / total)
    return shares
