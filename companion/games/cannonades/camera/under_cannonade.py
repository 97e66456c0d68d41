"""The ship under a face-up cannonade when no card found lies under it. A cannonade is laid onto a ship
(the rules), so a ship lies there; what shows of it beside the cannonade may tell its face. A piece
touching the cannonade's edge, outside every other card found and every shape said unknown, big enough
not to be a shadow, is that ship's last strip. Dark all through (no paper: a face is printed on paper,
with a paper margin round its markers, and the part of a card that sticks out from under another always
takes in its edge), or dark all through its inside (a back's light border and the cannonade's blurred rim beside
it are bright), it is a back: face down. As bright as the cannonade's paper well inside its own edges
(past the light border a back may have, 3-4 mm; next to the cannonade a back shows its print), it is a
face: face up, its markers hidden. A strip big enough to be judged alone as a half-hidden card
(said unknown) is still that strip. A ship wholly hidden shows nothing, and a piece that is neither is unsure: unknown, asked.
So is what shows beside a cannonade a card found by its shape reaches under, laid over another card found: that
card may be its ship, placed off along a row (placed_off_under); when it is the one such card and nothing shows beside
the cannonade, it is (placed_off_under). A face-up ship found reaching under a face-up card, its markers hidden, whose
rectangle reaches under a lonely cannonade with nothing beside it is its ship (ship_placed_off)."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.cannonades.camera import table_mask
from companion.games.cannonades.camera.face_down import SAMPLE_STEP_PX
from companion.games.cannonades.camera.paper_colour import (OTHER, PAPER, PAPER_COLOUR_SETTINGS, brightest_channel,
                                                            chromaticity, told_by_colour)
from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.camera.touching import box_around
from companion.games.cannonades.camera.unexplained import grown
from companion.games.cannonades.kit import cards


def ships_beside(view: np.ndarray, difference: table_mask.TableDifference, judged: np.ndarray,
                 unknown_points_mm: list[tuple[tuple[float, float], ...]], view_to_table: np.ndarray,
                 faces_px: list[np.ndarray], lonely: list[int], found_px: list[np.ndarray],
                 settings: ReaderSettings) -> tuple[dict[int, str], set[int], dict[int, int]]:
    """Of the cannonades `lonely` (indices into `faces_px`, every face's outline in the top view's px: no card
    found under them), those whose ship shows beside them, with its face ("down" or "up": ship_beside), the
    unknown shapes that were that ship's strip (strips_of), and those whose ship is the one card found placed off
    under them with nothing showing beside them (placed_off_under, _nothing_beside), with that card's index in
    `found_px`. What shows: the blob mask (`judged`) or the faint one;
    `unknown_points_mm`: each unknown shape's sampled points; `found_px`: the cards found by shape."""
    if not lonely:
        return {}, set(), {}
    shown = judged | difference.faint_mask
    table_to_view = np.linalg.inv(view_to_table)
    grey = difference.grey
    faces, strips, placed = {}, set(), {}
    for number in lonely:
        if not _in_picture(faces_px[number], shown.shape):
            continue   # a picture part read again around a move: this cannonade lies outside it, its ship unseen here
        reaching = placed_off_under(found_px, faces_px[number], shown.shape, settings)
        if reaching:   # its ship may be that card, placed off along a row: a strip beside it is no second ship
            others = [px for other, px in enumerate(faces_px) if other != number] + found_px
            if len(reaching) == 1 and _nothing_beside(shown, faces_px[number], others, settings):
                placed[number] = reaching[0]   # nothing else shows where its ship could be: that card is its ship
            continue
        own = strips_of(unknown_points_mm, table_to_view, faces_px[number], shown.shape, settings)
        unsure = _unknown_mask([point for shape, points in enumerate(unknown_points_mm) if shape not in own
                                for point in points], table_to_view, shown.shape)
        others = [px for other, px in enumerate(faces_px) if other != number] + found_px
        face = ship_beside(grey, shown, faces_px[number], others, unsure, settings, view)
        if face is not None and one_card_both_sides(shown, faces_px[number], others, faces_px, found_px, settings):
            continue   # what shows beside it may be the card found's other end: counted once, or twice? asked
        if face is not None:
            faces[number] = face
            strips |= own
    return faces, strips, placed


def _in_picture(outline_px: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Whether any of the outline's box lies inside the picture (part) of `shape`."""
    x0, y0, x1, y1 = box_around(np.int32(np.round(outline_px)), 0, shape)
    return x1 > x0 and y1 > y0


def placed_off_under(found_px: list[np.ndarray], cannonade_px: np.ndarray, shape: tuple[int, ...],
                     settings: ReaderSettings) -> list[int]:
    """The cards found by their shape (indices; beyond `cannonade_reach_mm`: the cannonade is lonely) reaching under
    the cannonade, `beside_under_least` of its rectangle in the cannonade's footprint and cut margin, while lying
    `beside_over_found` over another card found: a row's last card, whose strip shows beside the card found next to
    it, placed where its rectangle fits, over that neighbour, off the cannonade it lies under. That card may be the
    cannonade's ship: what shows beside the cannonade is then not told from it (unknown, asked), never counted as
    a second ship. (A card reaching under a cannonade over no other card lies where it shows: not its ship.)"""
    margin = settings.face_up_margin_mm * settings.top_px_per_mm
    x0, y0, x1, y1 = box_around(np.int32(np.round(cannonade_px)), int(np.ceil(margin)) + 1, shape)
    own = grown((y1 - y0, x1 - x0), [cannonade_px - [x0, y0]], margin)
    reaching = []
    for number, card in enumerate(found_px):
        if _share_in(card, own, (x0, y0)) < settings.beside_under_least:
            continue
        cx0, cy0, cx1, cy1 = box_around(np.int32(np.round(card)), 1, shape)
        others = np.zeros((cy1 - cy0, cx1 - cx0), np.uint8)
        cv2.fillPoly(others, [np.int32(np.round(other - [cx0, cy0])) for index, other in enumerate(found_px)
                              if index != number], 255)
        if _share_in(card, others, (cx0, cy0)) >= settings.beside_over_found:
            reaching.append(number)
    return reaching


def _nothing_beside(shown: np.ndarray, cannonade_px: np.ndarray, others_px: list[np.ndarray],
                    settings: ReaderSettings) -> bool:
    """Whether under `under_least_cards` shows beside a cannonade outside every other card (_shown_beside): no strip
    of another ship that could be the one it lies on (tuning view 2449's real ship showed beside its cannonade)."""
    card_px = cards.CARD_AREA_MM2 * settings.top_px_per_mm ** 2
    return float(_shown_beside(shown, cannonade_px, others_px, settings).sum()) / card_px < settings.under_least_cards


def paper_beside(grey: np.ndarray, shown: np.ndarray, cannonade_px: np.ndarray, others_px: list[np.ndarray],
                 settings: ReaderSettings) -> bool:
    """Whether what shows beside a lonely cannonade off every card (_shown_beside; `others_px` with the card that may
    be its ship) is `under_least_cards` or more, more than `under_back_paper_share` of it as bright as the cannonade's
    paper: no back's strip (ship_beside's bars), maybe a face's, the ship the cannonade lies on. Tuning views: 10329 s2,
    S23's strip (its markers cut) by C06 with a back slid under it, 0.11 of a card, 0.27 paper; 9450 s2, a back's own
    strip its fitted rectangle left out, 0.22, 0.04 paper."""
    kept = _shown_beside(shown, cannonade_px, others_px, settings)
    card_px = cards.CARD_AREA_MM2 * settings.top_px_per_mm ** 2
    if float(kept.sum()) / card_px < settings.under_least_cards:
        return False
    margin = settings.face_up_margin_mm * settings.top_px_per_mm
    own = grown(shown.shape, [cannonade_px], margin)
    face = cv2.erode(own, np.ones((2 * int(round(margin)) + 1,) * 2, np.uint8)) > 0   # the cannonade, as ship_beside's
    return float((grey[kept] >= table_mask.paper_level(grey[face], settings)).mean()) > settings.under_back_paper_share


def ship_placed_off(cannonade_mm: np.ndarray, hidden_mm: list[np.ndarray], settings: ReaderSettings) -> int | None:
    """Of the hidden faces in a lonely cannonade's seat (face-up ships found reaching under a face-up card, their
    markers hidden; rectangles in table mm, none near a cannonade), the one whose rectangle reaches
    `placed_off_under_least` under the cannonade, nothing beside it its ship: that cannonade's ship. What shows of
    it is joined to the card beside it, and the rectangle fitted to that shape lies off toward that card. None when
    no one such face (two: not told)."""
    least = settings.placed_off_under_least * cards.CARD_AREA_MM2
    reaching = [number for number, outline in enumerate(hidden_mm)
                if cv2.intersectConvexConvex(np.float32(outline), np.float32(cannonade_mm))[0] >= least]
    return reaching[0] if len(reaching) == 1 else None


def _share_in(card_px: np.ndarray, mask: np.ndarray, corner: tuple[int, int]) -> float:
    """The share of a card's rectangle (view px) lying in `mask`, a window of the view at `corner` (x, y)."""
    inside = np.zeros_like(mask)
    cv2.fillPoly(inside, [np.int32(np.round(card_px - corner))], 255)
    area = max(cv2.contourArea(np.float32(card_px).reshape(-1, 1, 2)), 1.0)
    return cv2.countNonZero(cv2.bitwise_and(inside, mask)) / area


def strips_of(unknown_points_mm: list[tuple[tuple[float, float], ...]], table_to_view: np.ndarray,
              cannonade_px: np.ndarray, shape: tuple[int, ...], settings: ReaderSettings) -> set[int]:
    """The unknown shapes (indices) lying wholly beside a cannonade (within `cannonade_reach_mm` of its outline and
    cut margin: the ship's centre lies that near the cannonade's, so its strip may stick out that far, past the
    `under_reach_mm` its face is judged in), under `under_strip_most_cards` in area: the ship's strip, judged alone
    as a half-hidden card. A hand reaches in from beyond the play area; a strip no bigger than this cannot hide a
    second ship."""
    scale = settings.top_px_per_mm
    beside = grown(shape, [cannonade_px], (settings.face_up_margin_mm + settings.cannonade_reach_mm) * scale)
    point_cards = (SAMPLE_STEP_PX / scale) ** 2 / cards.CARD_AREA_MM2   # one sampled point's share of a card
    own = set()
    for number, points in enumerate(unknown_points_mm):
        if not points or len(points) * point_cards >= settings.under_strip_most_cards:
            continue
        px = np.int32(np.round(cv2.perspectiveTransform(np.array([points], np.float64), table_to_view)[0]))
        px = np.clip(px, 0, np.array(shape[1::-1]) - 1)
        if beside[px[:, 1], px[:, 0]].all():
            own.add(number)
    return own


def one_card_both_sides(shown: np.ndarray, cannonade_px: np.ndarray, others_px: list[np.ndarray],
                        faces_px: list[np.ndarray], found_px: list[np.ndarray], settings: ReaderSettings) -> bool:
    """Whether what shows beside a lonely cannonade (_shown_beside) and what shows of a card found by its shape
    reaching `both_sides_least` under it (off every read face, `faces_px`) fit together in one card: the smallest
    rectangle round both within `both_sides_tolerance` of a card's sides (blurred rims, under `under_rim_mm`, opened
    away; the faint mask's halo left on). One card laid under a cannonade may show on both sides of it, its rectangle
    placed off the other way (tuning view 3073: a back under C05 placed 0.49 over S26, its other end beside C05
    counted a second ship, sure; 3502: a back's strip placed off toward face S35, a tenth of it under C20).
    Two cards' strips on two sides of a cannonade lie farther apart than one card holds (1930)."""
    beside = _shown_beside(shown, cannonade_px, others_px, settings)
    if not beside.any():
        return False
    margin = settings.face_up_margin_mm * settings.top_px_per_mm
    x0, y0, x1, y1 = box_around(np.int32(np.round(cannonade_px)), int(np.ceil(margin)) + 1, shown.shape)
    own = grown((y1 - y0, x1 - x0), [cannonade_px - [x0, y0]], margin)
    out_of_faces = grown(shown.shape, faces_px, margin) == 0   # what shows of a card found: its paper off the faces
    rim = np.ones((2 * int(round(settings.under_rim_mm * settings.top_px_per_mm)) + 1,) * 2, np.uint8)   # slivers
    longest = np.array(cards.CARD_MM) * (1 + settings.both_sides_tolerance) * settings.top_px_per_mm
    for card in found_px:
        if _share_in(card, own, (x0, y0)) < settings.both_sides_least:
            continue
        strip = np.zeros_like(shown)
        cv2.fillPoly(strip, [np.int32(np.round(card))], 255)
        both = cv2.morphologyEx(np.uint8(((strip & shown) > 0) & out_of_faces | beside), cv2.MORPH_OPEN, rim)
        if both.any() and (np.sort(cv2.minAreaRect(cv2.findNonZero(both))[1]) <= longest).all():
            return True
    return False


def _shown_beside(shown: np.ndarray, cannonade_px: np.ndarray, others_px: list[np.ndarray],
                 settings: ReaderSettings) -> np.ndarray:
    """What shows (`shown`) within `under_reach_mm` of a cannonade's outline and cut margin, outside every other
    card's (`others_px`, with theirs), in pieces touching it (within `sliver_reach_mm`): its ship's strip, if any."""
    scale = settings.top_px_per_mm
    margin = settings.face_up_margin_mm * scale
    own = grown(shown.shape, [cannonade_px], margin)
    beside = grown(shown.shape, [cannonade_px], margin + settings.under_reach_mm * scale)
    beside[own > 0] = 0
    beside[grown(shown.shape, others_px, margin) > 0] = 0
    piece = cv2.bitwise_and(shown, beside)
    touching = grown(shown.shape, [cannonade_px], margin + settings.sliver_reach_mm * scale)
    _, labels = cv2.connectedComponents(piece)
    return np.isin(labels, [label for label in np.unique(labels[(touching > 0) & (piece > 0)]) if label])


def ship_beside(grey: np.ndarray, shown: np.ndarray, cannonade_px: np.ndarray, others_px: list[np.ndarray],
                unsure: np.ndarray, settings: ReaderSettings, colour: np.ndarray | None = None) -> str | None:
    """The face of the ship showing beside a cannonade: "down" when what shows is dark all through, "up" when
    it is as bright as the cannonade's paper well inside its outline, or None when too little shows, it is
    neither (a dark piece counts only as far as it is wider than `under_rim_mm`: a thin ring round the cannonade is
    its blurred rim), or it touches a shape said unknown (an arm: a hand is neither). `shown`: what differs from the
    table (the blob mask or the faint one), `cannonade_px` its outline and `others_px` every other card's
    found (top view px), `unsure` where unknown shapes lie. `colour`: the top view in colour, where paper-bright
    plainly not of the cannonade's paper's colour is no face's paper (light_back_beside): unsure."""
    scale = settings.top_px_per_mm
    margin = settings.face_up_margin_mm * scale
    own = grown(shown.shape, [cannonade_px], margin)
    kept = _shown_beside(shown, cannonade_px, others_px, settings)
    card_px = cards.CARD_AREA_MM2 * scale ** 2
    near_unknown = unsure[cv2.dilate(kept.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0].any()
    if float(kept.sum()) / card_px < settings.under_least_cards or near_unknown:
        return None
    # A back's strip is wider than the cannonade's blurred rim (a dark ring round it on a plain cloth); a face's paper
    # may show in thinner strips, and a ring is no paper.
    rim = 2 * int(round(settings.under_rim_mm * scale)) + 1
    substance = cv2.morphologyEx(kept.astype(np.uint8), cv2.MORPH_OPEN, np.ones((rim, rim), np.uint8))
    dark = "down" if float(substance.sum()) / card_px >= settings.under_least_cards else None
    face = cv2.erode(own, np.ones((2 * int(round(margin)) + 1,) * 2, np.uint8)) > 0   # the cannonade, no margin
    paper = grey >= table_mask.paper_level(grey[face], settings)
    if float(paper[kept].mean()) <= settings.under_back_paper_share:
        return dark
    border = 2 * int(round(settings.under_face_inset_mm * scale)) + 1
    # Its inside: away from its own edges (a back's border, the halo round them), yet up to the cannonade on it.
    inner = (cv2.erode((kept | (own > 0)).astype(np.uint8), np.ones((border, border), np.uint8)) > 0) & kept
    if float(inner.sum()) / card_px < settings.under_face_inner_cards:
        return None
    inner_paper = float(paper[inner].mean())
    if inner_paper >= settings.under_face_paper_share:
        # Only plainly another colour is a back: a face's strip lay up to 0.018 off its cannonade's paper (tuning view
        # 9752: S13 by its cannonade, read right by its grey), between paper_colour's bars, so not asked for that.
        # Plainly another colour is asked, not read a back: what shows may be a face's strip and a light back's beside
        # it in one (tuning view 10082: S35's strip by C18 with the pink back below it, 0.046 off).
        if colour is not None and light_back_beside(colour, paper & face, paper & inner) == OTHER:
            return None
        return "up"
    # A back's light border and the cannonade's blurred rim beside it are bright; its inside is not.
    return dark if inner_paper <= settings.under_back_paper_share else None


def light_back_beside(colour: np.ndarray, cannonade_paper: np.ndarray, strip_paper: np.ndarray) -> str:
    """What shows beside a cannonade as bright as its paper, told by its colour beside that paper's (paper_colour:
    PAPER, OTHER: a light back, or UNSURE): a bright back's grey reaches a face's paper's (tuning view 9976: a green
    back 0.40 showing beside C23 read a face, sure). Pixels the camera clipped are left out, as the reader's others."""
    unclipped = brightest_channel(colour) < PAPER_COLOUR_SETTINGS.clipped
    paper = colour[cannonade_paper & unclipped]
    if len(paper) < PAPER_COLOUR_SETTINGS.least_pixels:
        return PAPER   # nothing to compare with: judged by its grey, as before
    return told_by_colour(colour[strip_paper & unclipped], chromaticity(paper))


def _unknown_mask(points_mm: list[tuple[float, float]], table_to_view: np.ndarray,
                  shape: tuple[int, ...]) -> np.ndarray:
    """Where the shapes said unknown lie (top view px): each sampled point's square filled."""
    mask = np.zeros(shape[:2], np.uint8)
    if points_mm:
        half = SAMPLE_STEP_PX // 2
        for x, y in np.int32(np.round(cv2.perspectiveTransform(np.array([points_mm], np.float64), table_to_view)[0])):
            mask[max(y - half, 0):y + half + 1, max(x - half, 0):x + half + 1] = 255
    return mask
