"""A column of backs overlapping end to end, each laid on the last a little short of a card's length on: the
greedy split (touching.py) stands each card on the edge the card before it left, a card's length and the cut on,
so in such a column it drifts a card's overlap each card and leaves a strip past the last. Here the column is read
whole instead: its fitted rectangle one card wide, its length holding exactly one count of cards spread evenly from
end to end at a pitch between `row_least_pitch_share` of a card's length and a card's length. Each card must lie in
the shape (or under a face-up card it touches) and together they must leave only crumbs; any doubt (a width not one
card's, two counts or none fitting the length) leaves the shape unknown, never guessed into cards. A column whose
cards fall short of the shape only where its outline bites in (a back's light gloss band the mask cut from its edge)
is measured against its hull instead, when the shape is solid enough that a bite, not a missing card, explains it."""

from __future__ import annotations

import math

import cv2
import numpy as np

from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.camera.touching import SplitCard, blob_and_faces, card_on_box, cut_out
from companion.games.cannonades.kit import cards


def spread_row(contour: np.ndarray, settings: ReaderSettings, cover: np.ndarray | None = None) -> list[SplitCard] | None:
    """The cards of a column of overlapping cards in `contour` (the top view's px), evenly spread, or None.
    `cover`: where face-up cards lie; a card at the column's end may reach under one the shape touches."""
    scale = settings.top_px_per_mm
    card_px = cards.CARD_AREA_MM2 * scale ** 2
    if not settings.split_min_cards <= cv2.contourArea(contour) / card_px <= settings.split_max_cards:
        return None
    (cx, cy), (w, h), angle = cv2.minAreaRect(contour)
    length, width = max(w, h) / scale, min(w, h) / scale
    across, along = cards.CARD_MM
    if not across * (1 - settings.card_side_tolerance) <= width <= across * settings.row_width_share:
        return None
    count = _only_count(length, along, settings)
    if count is None:
        return None
    turn = math.radians(angle if w >= h else angle + 90)
    axis = np.array([math.cos(turn), math.sin(turn)])
    normal = np.array([-axis[1], axis[0]])
    pitch = (length - along) / (count - 1)
    centre = np.array([cx, cy]) / scale
    outlines = []
    for slot in range(count):
        middle = centre + axis * (-(length - along) / 2 + slot * pitch)
        half_along, half_across = axis * along / 2, normal * across / 2
        corners = [middle - half_along - half_across, middle + half_along - half_across,
                   middle + half_along + half_across, middle - half_along + half_across]
        outlines.append(np.array(corners) * scale)
    found = _explained(contour, outlines, settings, cover)
    if found is None and _solidity(contour) >= settings.row_bitten_solidity_least:
        found = _explained(cv2.convexHull(contour), outlines, settings, cover)
    return found


def _solidity(contour: np.ndarray) -> float:
    """The shape's area over its hull's: a bite out of one edge leaves it near 1, a card missing from a row not."""
    return cv2.contourArea(contour) / max(cv2.contourArea(cv2.convexHull(contour)), 1e-6)


def _only_count(length_mm: float, along_mm: float, settings: ReaderSettings) -> int | None:
    """The one count of cards (two or more) a column this long holds at a pitch between `row_least_pitch_share` of a
    card's length and a card's length, or None when none or more than one does."""
    span = length_mm - along_mm
    fitting = [count for count in range(2, int(settings.split_max_cards) + 2)
               if settings.row_least_pitch_share * along_mm <= span / (count - 1) <= along_mm]
    return fitting[0] if len(fitting) == 1 else None


def _explained(contour: np.ndarray, outlines: list[np.ndarray], settings: ReaderSettings,
               cover: np.ndarray | None) -> list[SplitCard] | None:
    """The cards, when each lies `split_inside` in the shape (with the face-up cards it touches; `covered_inside` when it
    reaches under one) and together they leave under `split_leftover_share` of a card; else None."""
    card_px = cards.CARD_AREA_MM2 * settings.top_px_per_mm ** 2
    blob, under, offset = blob_and_faces(contour, settings, cover)
    shown = cv2.bitwise_or(blob, under)
    remaining = blob.copy()
    found = []
    for outline in outlines:
        local = outline - offset
        card, box = card_on_box(local, 0, blob.shape)
        size = max(cv2.countNonZero(card), 1)
        inside = cv2.countNonZero(cv2.bitwise_and(card, shown[box])) / size
        reaches_under = cv2.countNonZero(cv2.bitwise_and(card, under[box])) / size >= settings.under_least
        # A card reaching under a face-up card may lie `covered_inside` in what shows, as the split's may: turned a
        # few degrees from the column's axis, a corner lies off the shape past the face (tuning view 5491: 0.92).
        if inside < (settings.covered_inside if reaches_under else settings.split_inside):
            return None
        found.append(SplitCard(outline, inside, reaches_under))
        remaining = cut_out(remaining, local, settings)
    if cv2.countNonZero(remaining) / card_px > settings.split_leftover_share:
        return None
    return [SplitCard(card.outline_px, card.inside, card.covered,
                      tuple(other.outline_px for other in found if other is not card)) for card in found]

