"""Cards that touch: a blob of two to four cards' area is split into whole cards when card-sized
rectangles explain all of it. Each rectangle stands on a straight stretch of the blob's outline (a
card's own edge, where nothing touches it) and must lie inside the blob; what the rectangles leave
must be crumbs, or one card reaching under a face-up card (a row's ship under a cannonade). A blob
they cannot explain (a hand, a card half under another) is not split: it stays unknown, never guessed
into cards. (Whole cards touching an arm are found in arm_cards.py, a card beside a read face whose shape took in
the table gap between them in beside_face.py, with the rectangles made here.)"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

import cv2
import numpy as np

from companion.games.cannonades.camera import counted_twice, left_by_face
from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.kit import cards


@dataclass(frozen=True)
class SplitCard:
    outline_px: np.ndarray          # the card's four corners in the top view's px
    inside: float                   # the share of the card's rectangle inside the blob
    covered: bool = False           # it reaches under a face-up card
    others_px: tuple[np.ndarray, ...] = ()   # the other cards split from the same shape (any may lie on it)


def split_blob(contour: np.ndarray, settings: ReaderSettings, cover: np.ndarray | None = None,
               border_missed: bool = False, found_again: np.ndarray | None = None,
               hidden_face: Callable[[SplitCard], bool] | None = None) -> list[SplitCard] | None:
    """The cards a blob is made of, or None when card rectangles do not explain it. `cover`: where
    face-up cards lie (the top view's px); a card may reach under one that touches the blob, so a
    face-down ship under a cannonade is a card: a blob so covered is one card or nothing (a hand
    touching a card is never made into cards). A blob of more cards touching a face-up card that
    the rectangles inside it do not explain is tried again with every card free to reach under it, and so is a
    blob of one card's area or less that no one card can hold (longer than a card): backs overlapping in a row,
    a cannonade laid across them. `border_missed`: a blob the mask found (not a faint shape) may be cards whose light
    border it missed: tried last grown by the border (`split_border_mm`). `found_again`: the blob's outline found at
    its own level (refit.py), which the cards must explain by the faces too (left_by_face). `hidden_face`: whether a
    row's last card shows a face's paper (counted_twice.py: such a card is no back read twice)."""
    found = _split(contour, settings, cover, reach_under=False, hidden_face=hidden_face)
    if found is None and cover is not None:
        found = _split(contour, settings, cover, reach_under=True, hidden_face=hidden_face)
    if found is not None and found_again is not None and left_by_face.strip_left(
            found_again, [card.outline_px for card in found], cover, settings, 0.0):
        return None   # the blob found again holds a card's strip by a face the cards leave: a card may lie under it
    if found is None and border_missed:
        # Judged as cards apart from the faces: a strip under one, grown, is no border missed.
        grown = grown_outline(contour, settings.split_border_mm * settings.top_px_per_mm)
        found = _split(grown, settings, None, reach_under=False)
        if found is None and cover is not None:
            found = rim_missed_under_face(contour, grown, settings, cover)
    if found is None and border_missed:
        # Or cards a faint shape took in with its halo (the distance's smoothing and closing reach past a card, and
        # join two cards a little apart): tried shrunk by that halo.
        shrunk = grown_outline(contour, -settings.split_halo_mm * settings.top_px_per_mm)
        found = None if shrunk is None else _split(shrunk, settings, None, reach_under=False)
        if found is not None and left_by_face.strip_left(contour, [card.outline_px for card in found], cover, settings,
                                                          settings.split_halo_mm):
            found = None   # a card's strip by a face left over: a card may lie under it
    return found


def rim_missed_under_face(contour: np.ndarray, grown: np.ndarray, settings: ReaderSettings,
                          cover: np.ndarray) -> list[SplitCard] | None:
    """A dim back whose rim the mask missed, its end under a face-up card: the blob (`contour`) grown by that border
    (`grown`, `split_border_mm`) is one card reaching under the face, or None (tuning views 11219 s4, 11427 s4: 0.6-0.7
    of a card shown, each rectangle short of `covered_inside` in what shows and the face until grown). What shows is
    at least `fit_min_cards` of a card, as for a rim missed beside no face (fitted_card): a sliver by a face, grown,
    would be a card's rectangle resting mostly on the face (11200's, 11386's: 0.2 of a card)."""
    card_px = cards.CARD_AREA_MM2 * settings.top_px_per_mm ** 2
    if cv2.contourArea(contour) / card_px < settings.fit_min_cards:
        return None
    if not settings.covered_min_cards <= cv2.contourArea(grown) / card_px <= settings.covered_max_cards:
        return None   # cards touching are split_blob's own tries
    return _split(grown, settings, cover, reach_under=False)


def split_in_halo(contour: np.ndarray, settings: ReaderSettings) -> list[SplitCard] | None:
    """The cards a faint shape is made of once shrunk by its halo (`split_halo_mm`: a dim row of backs comes out
    wider than a card), judged apart from any face; None when card rectangles do not explain it."""
    shrunk = grown_outline(contour, -settings.split_halo_mm * settings.top_px_per_mm)
    return None if shrunk is None else _split(shrunk, settings, None, reach_under=False)


def grown_outline(contour: np.ndarray, by_px: float) -> np.ndarray | None:
    """The shape's outline grown by `by_px` all round (a back's light border the mask missed, put back), or shrunk
    when `by_px` is negative (its largest piece then; None when nothing is left)."""
    x, y, w, h = cv2.boundingRect(contour)
    pad = int(np.ceil(abs(by_px))) + 2
    shape = np.zeros((h + 2 * pad, w + 2 * pad), np.uint8)
    cv2.drawContours(shape, [contour - [x - pad, y - pad]], -1, 255, cv2.FILLED)
    size = 2 * int(round(abs(by_px))) + 1
    element = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    shape = cv2.dilate(shape, element) if by_px >= 0 else cv2.erode(shape, element)
    outlines = cv2.findContours(shape, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)[0]
    return max(outlines, key=cv2.contourArea) + [x - pad, y - pad] if outlines else None


def _split(contour: np.ndarray, settings: ReaderSettings, cover: np.ndarray | None,
           reach_under: bool, hidden_face: Callable[[SplitCard], bool] | None = None) -> list[SplitCard] | None:
    scale = settings.top_px_per_mm
    card_px = cards.CARD_AREA_MM2 * scale ** 2
    count = cv2.contourArea(contour) / card_px
    x, y, w, h = cv2.boundingRect(contour)
    pad = int(cards.CARD_MM[1] * scale)   # a hypothesis may reach out of the blob's box
    remaining = np.zeros((h + 2 * pad, w + 2 * pad), np.uint8)
    offset = np.array([x - pad, y - pad])
    cv2.drawContours(remaining, [contour - offset], -1, 255, cv2.FILLED)
    blob = remaining.copy()
    covered = touches_cover = False
    if cover is not None:
        under = seen_through(cover, offset, blob.shape)
        touches_cover = touches(blob, under, settings)
        covered = touches_cover and settings.covered_min_cards <= count <= settings.covered_max_cards
        if covered or (reach_under and touches_cover):
            blob = cv2.bitwise_or(blob, under)
    if reach_under:
        # A card beside one reaching under the face-up card shows less than two cards' area: tried from one card's.
        # A blob of one card's area or less longer than a card is a row of cards overlapping, a face-up card on it.
        row = covered and _longer_than_a_card(contour, settings)
        beside = not covered and settings.covered_max_cards <= count <= settings.split_max_cards
        if not touches_cover or not (row or beside):
            return None
        covered = False   # each card found may reach under it, and a row is two cards or more
    elif not covered and not settings.split_min_cards <= count <= settings.split_max_cards:
        return None
    found: list[SplitCard] = []
    for _ in range(int(round(count)) + 1):
        if cv2.countNonZero(remaining) < settings.partial_card_share * card_px:
            break
        best = best_card(blob, remaining, settings, settings.covered_claim if covered else settings.split_claim)
        left = None if best is None or not covered else _left_by(remaining, best, settings)
        if covered and (left is None or left > settings.split_leftover_share):
            # A faint back's rim, or a strip the face's cut margin parts off, missed: a card lying so much inside
            # may hold what shows (one card's rectangle turned across it, reaching under the face, leaves some).
            looser = best_card(blob, remaining, settings, settings.covered_claim, settings.covered_inside)
            if left is None or (looser is not None and _left_by(remaining, looser, settings) < left):
                best = looser
        if best is None and reach_under and not found:
            # Beside a face-up card, a faint back whose rim the mask missed holds no rectangle `split_inside` in
            # what shows: the first card may lie `covered_inside` in it (the rest is still to be explained).
            best = best_card(blob, remaining, settings, settings.split_claim, settings.covered_inside)
        if best is None:
            break
        reaches_under = reach_under and inside_share(np.zeros_like(blob), under, best.outline_px) >= settings.under_least
        found.append(SplitCard(best.outline_px + offset, best.inside, covered or reaches_under))
        remaining = cut_out(remaining, best.outline_px, settings)
    leftover = cv2.countNonZero(remaining) / card_px
    if not covered and found and leftover > settings.split_leftover_share and cover is not None:
        rest = _covered_rest(remaining, offset, settings, cover, found)   # the row's last cards, under a cannonade
        found_px = [card.outline_px for card in found]
        backs = [card.outline_px for card in rest
                 if hidden_face is None or not hidden_face(replace(card, others_px=tuple(found_px)))]
        if counted_twice.read_twice(backs, found_px):
            return None   # a card found read again as the row's last: how many not told
        if rest:
            found += rest
            leftover = 0.0
    explained = len(found) == 1 if covered else len(found) >= 2
    if not explained or leftover > settings.split_leftover_share:
        return None
    return [replace(card, others_px=tuple(other.outline_px for other in found if other is not card)) for card in found]


def _left_by(remaining: np.ndarray, card: SplitCard, settings: ReaderSettings) -> float:
    """What is left of `remaining` (in cards) once the card is cut out."""
    card_px = cards.CARD_AREA_MM2 * settings.top_px_per_mm ** 2
    return cv2.countNonZero(cut_out(remaining.copy(), card.outline_px, settings)) / card_px


def _longer_than_a_card(contour: np.ndarray, settings: ReaderSettings) -> bool:
    """Whether no one card can hold the blob: its fitted rectangle's long side is longer than a card's by more
    than `card_side_tolerance`."""
    _, sides, _ = cv2.minAreaRect(contour)
    return max(sides) / settings.top_px_per_mm > cards.CARD_MM[1] * (1 + settings.card_side_tolerance)


def fitted_card(contour: np.ndarray, settings: ReaderSettings, cover: np.ndarray | None = None) -> SplitCard | None:
    """One card rectangle holding all of a blob short of a card's shape (a faint back whose rim or a corner the
    mask missed), or None. The rectangle stands on a straight stretch of the outline (a card's own edge),
    centred along it on the blob; the blob, at least `fit_min_cards` of a card, must lie inside it but for
    crumbs (`fit_holds`): two cards or a hand leave more outside. A blob touching a face-up card (`cover`) may be a card
    half under it, face up or down: never fitted."""
    scale = settings.top_px_per_mm
    short, long = (side * scale for side in cards.CARD_MM)
    count = cv2.contourArea(contour) / (short * long)
    if not settings.fit_min_cards <= count <= 1 + settings.card_area_tolerance:
        return None
    x, y, w, h = cv2.boundingRect(contour)
    pad = int(long)
    blob = np.zeros((h + 2 * pad, w + 2 * pad), np.uint8)
    offset = np.array([x - pad, y - pad])
    cv2.drawContours(blob, [contour - offset], -1, 255, cv2.FILLED)
    if cover is not None and touches(blob, seen_through(cover, offset, blob.shape), settings):
        return None
    blob_px = max(cv2.countNonZero(blob), 1)
    points = np.column_stack(np.nonzero(blob)[::-1]).astype(np.float64)
    canvas = np.zeros_like(blob)
    best, best_score = None, 0.0
    polygon = cv2.approxPolyDP(contour - offset, settings.split_outline_px, True).reshape(-1, 2).astype(np.float64)
    for start, _, along, normal, side, depth in _card_sides(polygon, settings):
        if ((points - start) @ normal).mean() < 0:
            normal = -normal   # into the blob
        reach = (points - start) @ along
        corner = start + along * ((reach.min() + reach.max() - side) / 2)
        outline = np.array([corner, corner + along * side, corner + along * side + normal * depth, corner + normal * depth])
        fill = inside_share(canvas, blob, outline)
        holds = fill * cv2.countNonZero(canvas) / blob_px
        if holds >= settings.fit_holds and holds + fill > best_score:
            best, best_score = SplitCard(outline + offset, fill), holds + fill
    return best


def fitted_in_halo(contour: np.ndarray, settings: ReaderSettings, cover: np.ndarray | None = None) -> SplitCard | None:
    """One card rectangle holding a faint shape shrunk by its halo (`split_halo_mm`): the faint mask (the distance
    smoothed and closed) reaches a few mm past a back all round, and may take in a speck beside it; shrunk, the back
    alone is left, short of a card's shape (fitted_card). None when it is not (two cards, a card and another's strip
    wider than the halo, a hand), or the shape touches a face-up card. Tried again shrunk by `split_shadow_halo_mm`:
    a back's shadow on a cloth of nearly its colour widens its halo on two sides."""
    for halo_mm in (settings.split_halo_mm, settings.split_shadow_halo_mm):
        shrunk = grown_outline(contour, -halo_mm * settings.top_px_per_mm)
        if shrunk is not None and cv2.contourArea(shrunk) < settings.fit_holds * _shrunk_area(contour, halo_mm, settings):
            continue   # shrunk, it fell apart: two cards touching by their halos, the largest alone no answer (10804)
        fitted = None if shrunk is None else fitted_card(shrunk, settings, cover)
        if fitted is not None:
            return fitted
    return None


def _shrunk_area(contour: np.ndarray, halo_mm: float, settings: ReaderSettings) -> float:
    """The area of every piece left of a shape shrunk by `halo_mm` (grown_outline keeps the largest only), px."""
    x, y, w, h = cv2.boundingRect(contour)
    size = 2 * int(round(halo_mm * settings.top_px_per_mm)) + 1
    shape = np.zeros((h + 2, w + 2), np.uint8)
    cv2.drawContours(shape, [contour - [x - 1, y - 1]], -1, 255, cv2.FILLED)
    shrunk = cv2.erode(shape, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    return float(sum(cv2.contourArea(piece) for piece in
                     cv2.findContours(shrunk, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)[0]))


def blob_and_faces(contour: np.ndarray, settings: ReaderSettings, cover: np.ndarray | None):
    """The blob filled on a window round it (padded by a card's length) and the faces' footprints (`cover`; None:
    none) seen through that window, with the window's offset in the top view."""
    x, y, w, h = cv2.boundingRect(contour)
    pad = int(cards.CARD_MM[1] * settings.top_px_per_mm)
    blob = np.zeros((h + 2 * pad, w + 2 * pad), np.uint8)
    offset = np.array([x - pad, y - pad])
    cv2.drawContours(blob, [contour - offset], -1, 255, cv2.FILLED)
    return blob, np.zeros_like(blob) if cover is None else seen_through(cover, offset, blob.shape), offset


def rectangles_on(polygon: np.ndarray, settings: ReaderSettings):
    """Each card rectangle (its corners) standing on a straight stretch of an outline, from either end, to either side."""
    for start, end, along, normal, side, depth in _card_sides(polygon, settings):
        for anchor, direction in ((start, along), (end, -along)):
            for inward in (normal, -normal):
                yield np.array([anchor, anchor + direction * side, anchor + direction * side + inward * depth,
                                anchor + inward * depth])


def _card_sides(polygon: np.ndarray, settings: ReaderSettings):
    """Each straight stretch of an outline that may be a card's side, as (start, end, its direction and a normal,
    the card's side along it and its depth across), once with the card's short side along it, once its long."""
    short, long = (side * settings.top_px_per_mm for side in cards.CARD_MM)
    for start, end in zip(polygon, np.roll(polygon, -1, axis=0)):
        along = end - start
        length = float(np.hypot(*along))
        if length < settings.split_min_edge_share * short:
            continue
        along = along / length
        normal = np.array([-along[1], along[0]])
        for side, depth in ((short, long), (long, short)):
            if length <= side * (1 + settings.card_side_tolerance):   # a longer stretch is not this side
                yield start, end, along, normal, side, depth


def cut_out(remaining: np.ndarray, outline_px: np.ndarray, settings: ReaderSettings) -> np.ndarray:
    """What remains once a card found is cut out (its outline too, `split_cut_px` wide), crumbs opened away."""
    cv2.fillPoly(remaining, [np.int32(np.round(outline_px))], 0)
    cv2.polylines(remaining, [np.int32(np.round(outline_px))], True, 0, settings.split_cut_px)
    return cv2.morphologyEx(remaining, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))


def touches(blob: np.ndarray, under: np.ndarray, settings: ReaderSettings) -> bool:
    """Whether a blob lies within `split_cut_px` of a face-up card (`under`, the same window's px)."""
    near = cv2.dilate(blob, np.ones((2 * settings.split_cut_px + 1,) * 2, np.uint8))
    return cv2.countNonZero(cv2.bitwise_and(near, under)) > 0


def _covered_rest(remaining: np.ndarray, offset: np.ndarray, settings: ReaderSettings, cover: np.ndarray,
                  found: list[SplitCard]) -> list[SplitCard]:
    """What the cards found leave, when it is one piece: the row's last cards, one of them reaching under a
    face-up one (a row's cards overlap: each may reach under the cards found as well), or none."""
    card_px = cards.CARD_AREA_MM2 * settings.top_px_per_mm ** 2
    pieces = [piece for piece in cv2.findContours(remaining, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]
              if cv2.contourArea(piece) >= settings.partial_card_share * card_px]
    if len(pieces) != 1:
        return []
    row = cover.copy()
    cv2.fillPoly(row, [np.int32(np.round(card.outline_px)) for card in found], 255)
    stricter = replace(settings, covered_min_cards=settings.covered_rest_cards, covered_claim=settings.covered_rest_cards)
    parts = split_blob(pieces[0] + offset.astype(pieces[0].dtype), stricter, row) or []
    # Reaching under a face-up card is what the paper beside it is compared with (face_paper.paper_bright):
    # judged against the faces alone, never the row's cards found.
    canvas = np.zeros_like(cover)
    parts = [replace(part, covered=inside_share(canvas, cover, part.outline_px) >= settings.under_least)
             for part in parts]
    return parts if any(part.covered for part in parts) else []


def seen_through(mask: np.ndarray, offset: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """`mask` seen through a window of `shape` at `offset` (zeros beyond its edges)."""
    out = np.zeros(shape, mask.dtype)
    x0, y0 = int(offset[0]), int(offset[1])
    xs, ys = max(0, x0), max(0, y0)
    xe, ye = min(mask.shape[1], x0 + shape[1]), min(mask.shape[0], y0 + shape[0])
    if xe > xs and ye > ys:
        out[ys - y0:ye - y0, xs - x0:xe - x0] = mask[ys:ye, xs:xe]
    return out


def best_card(blob: np.ndarray, remaining: np.ndarray, settings: ReaderSettings, least_claim: float,
               least_inside: float | None = None, accept=None) -> SplitCard | None:
    """The card rectangle standing on one of the remaining outline's straight stretches that lies
    inside the blob (a card found before may cover part of it), claims enough of what remains, and
    whose sides best follow the blob's edge or the cards found (a card's own outline, where nothing
    touches it: a rectangle turned across a row of cards lies inside it too, but its sides do not).
    `accept`: a further test each rectangle must pass (a card beside an arm stands apart from it)."""
    contours, _ = cv2.findContours(remaining, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    best: SplitCard | None = None
    best_score = 0.0
    rest = cv2.countNonZero(remaining)
    ring = np.ones((2 * settings.split_edge_px + 1,) * 2, np.uint8)
    for contour in sorted(contours, key=cv2.contourArea, reverse=True)[:2]:
        polygon = cv2.approxPolyDP(contour, settings.split_outline_px, True).reshape(-1, 2).astype(np.float64)
        for outline in rectangles_on(polygon, settings):
            card, box = card_on_box(outline, settings.split_edge_px + 1, blob.shape)
            size = cv2.countNonZero(card)
            inside = cv2.countNonZero(cv2.bitwise_and(card, blob[box])) / size if size else 0.0
            if inside < (least_inside or settings.split_inside):
                continue
            left = remaining[box]
            claimed_px = cv2.countNonZero(cv2.bitwise_and(card, left))
            claimed = claimed_px / size
            # The last card of an overlapping row shows only a strip between the cards found on it (found whole,
            # they cover it): it takes nearly all that remains of the blob.
            explains_the_rest = rest > 0 and claimed_px >= settings.split_rest_share * rest
            if claimed < least_claim and not (claimed >= settings.split_last_claim and explains_the_rest):
                continue
            around = cv2.dilate(card, ring) - card   # just outside the rectangle
            support = 1 - cv2.countNonZero(cv2.bitwise_and(around, left)) / max(cv2.countNonZero(around), 1)
            score = support + claimed
            if (best is None or score > best_score) and (accept is None or accept(outline)):
                best, best_score = SplitCard(outline, inside), score
    return best


def card_on_box(outline: np.ndarray, pad: int, shape: tuple[int, ...]) -> tuple[np.ndarray, tuple[slice, slice]]:
    """A card rectangle (its corners rounded) filled on its own box grown by `pad` within a window of `shape`, and
    that box's slices: the same px as filling it on the whole window (tried many times, it is drawn small)."""
    corners = np.int32(np.round(outline))
    x0, y0, x1, y1 = box_around(corners, pad, shape)
    card = np.zeros((max(y1 - y0, 0), max(x1 - x0, 0)), np.uint8)
    if card.size:
        cv2.fillPoly(card, [corners - [x0, y0]], 255)
    return card, np.s_[y0:max(y1, y0), x0:max(x1, x0)]


def box_around(points: np.ndarray, pad: int, shape: tuple[int, ...]) -> tuple[int, int, int, int]:
    """The px box (left, top, right, bottom: exclusive) of points grown by `pad`, within a picture of `shape`."""
    (x0, y0), (x1, y1) = points.reshape(-1, 2).min(axis=0) - pad, points.reshape(-1, 2).max(axis=0) + pad + 1
    return max(int(x0), 0), max(int(y0), 0), max(min(int(x1), shape[1]), 0), max(min(int(y1), shape[0]), 0)


def inside_share(canvas: np.ndarray, mask: np.ndarray, outline: np.ndarray) -> float:
    """The share of the rectangle (filled into `canvas`, which it leaves drawn) that `mask` covers."""
    canvas[:] = 0
    cv2.fillPoly(canvas, [np.int32(np.round(outline))], 255)
    total = cv2.countNonZero(canvas)
    if total == 0:
        return 0.0
    return cv2.countNonZero(cv2.bitwise_and(canvas, mask)) / total
