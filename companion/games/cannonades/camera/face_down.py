"""Cards without a readable marker, in a top-down view of the play area: whatever is not table
(table_mask.py) and not a card already read from its markers. A blob the
size and shape of one card is a face-down card, unless it looks like a face with unread markers;
anything else card-like (half hidden, two cards touching, under a hand) is unknown, never guessed."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np

from companion.games.cannonades.camera import (arm_cards, arms, beside_face, bitten_back, halo, hidden_face_paper,
                                               overlapping_row, refit, touching)
from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.camera.face_paper import (a_marker_shows, corners_in_paper_colour, margin_px,
                                                            mostly_paper, paper_between, paper_bright, paper_colour)
from companion.games.cannonades.camera.paper_colour import PAPER, UNSURE, DeckPaper, deck_paper
from companion.games.cannonades.camera.table_mask import PLAY_VIEW_MM, TableDifference, at_edge, card_sized, not_table
from companion.games.cannonades.kit import cards

PRINTED_CORNERS = "a card with printed corners"   # the start of the reason a face with unread markers is unknown
REACHING_IN = "a shape reaching in from beyond the play area"   # the start of an arm's (and what it touches) reason
NOT_ONE_CARD = "a card-like shape"   # the start of the reason a shape of touching or overlapping cards is unknown
CUT_BY_WINDOW = "a shape cut by the edge of the part of the table read"
# A card reaching under a face-up card, as bright as a face: face up, its markers hidden by the card on it.
HIDDEN_FACE = f"{PRINTED_CORNERS} under a face-up card, as bright as a face: face up, its markers hidden"
BESIDE_FACE = "a whole card's shape beside a face-up card, the table between them taken in, no marker"
REFITTED = "its outline found again at its own level: a faint back's pattern had made it ragged"
# A card found by its shape that shows a face's paper and ink (its corners hidden by its neighbours in a row): read again.
MOSTLY_PAPER = f"{PRINTED_CORNERS} hidden, what shows of it a face's paper and ink, not a back"
# The same by its grey, but the light part's colour neither plainly the deck's paper nor another's: asked, read again
# (not MOSTLY_PAPER: no ship under a cannonade is made of it, paper_under_cannonade.py).
PAPER_AND_INK_UNSURE = (f"{PRINTED_CORNERS} hidden?, what shows of it a face's paper and ink by its grey, its colour "
                        "neither plainly the deck's paper nor another's: face up or down not told")
# The same, but one of its marker corners lies clear of every card: its markers were not hidden, only unread. Under
# a cannonade it is still the ship the cannonade lies on; elsewhere it may be a cannonade lying on the face (reader.py).
MARKER_SHOWS = f"{HIDDEN_FACE}? a marker corner lies clear of the cards by it, yet unread"
PAPER_BETWEEN = ("a card reaching under a face-up card, what shows of it less a face's paper than a face shows, yet "
                 "paper inside its light border: face up or down not told")
PAPER_OF_A_BACK = ("a card reaching under a face-up card, as bright as a face's paper and of its colour, yet its paper "
                   "only a border or a pattern's ground: face up or down not told")
PAPER_AND_INK = {PAPER: MOSTLY_PAPER, UNSURE: PAPER_AND_INK_UNSURE}   # mostly_paper's verdicts that are no back
# Its colour not told, paper and ink is a doubt only with a face's blank stretch of paper (hidden_face_paper's bar, reused).
BLANK_LEAST_MM = hidden_face_paper.HIDDEN_FACE.blank_radius_least_mm
PAPER_COLOUR_UNSURE = ("a card reaching under a face-up card, as bright as a face's paper, its colour neither plainly the "
                       "paper's nor another's: face up or down not told")


@dataclass(frozen=True)
class Blob:
    face: str                       # "down", "unknown" or "up" (a face whose markers a card on it hides)
    centre_mm: tuple[float, float]
    axis_deg: float                 # the card's long axis, 0..180 clockwise from north
    area_mm2: float
    confidence: float
    why: str
    points_mm: tuple[tuple[float, float], ...] = ()   # an unknown blob's pixels (a sample): the areas it covers
    hides_mm: tuple[tuple[float, float], ...] | None = None   # an arm's: where a card wholly under it may lie (a sample)


def find_blobs(view: np.ndarray, view_to_table: np.ndarray, read_outlines_mm: list[np.ndarray],
               settings: ReaderSettings, table_mask: np.ndarray | None = None,
               armless_mask: np.ndarray | None = None, difference: TableDifference | None = None,
               masks: tuple[np.ndarray, np.ndarray] | None = None) -> list[Blob]:
    """`table_mask`: not_table(view) when already made (the reader cuts faces out of it more than once);
    `armless_mask`: the same without the arms (table_masks'): whole cards beside an arm are looked for in it;
    `difference`: table_mask.table_difference(view), when given a shape reaching in that is only the read
    faces' halo (halo.py) is table; `masks`: blob_mask(table_mask, ...) for these faces, when already made."""
    mask, cover = masks or blob_mask(table_mask if table_mask is not None else not_table(view, settings),
                                     view_to_table, read_outlines_mm, settings)
    armless = (None if armless_mask is None else mask if armless_mask is table_mask   # no arm: the same mask
               else blob_mask(armless_mask, view_to_table, read_outlines_mm, settings)[0])
    px_area = settings.top_px_per_mm ** 2
    card_area = cards.CARD_AREA_MM2
    grey = cv2.cvtColor(view, cv2.COLOR_BGR2GRAY) if difference is None else difference.grey
    deck = deck_paper(view, grey, cover, margin_px(settings))   # a hidden face's paper is the read faces' colour
    blobs = []
    play_edges = _play_edges(view_to_table, mask.shape)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    for contour in contours:
        area = cv2.contourArea(contour) / px_area
        if area < settings.partial_card_share * card_area:
            continue
        x, y, w, h = cv2.boundingRect(contour)
        touches = at_edge((x, y, w, h), mask.shape)
        if any(touch and edge for touch, edge in zip(touches, play_edges)):
            if difference is not None and halo.only_halo(contour, cover, difference, settings):
                continue
            # Cards lie inside the play area: a shape that comes in from beyond it is an arm (and what it touches):
            # whole cards beside it are cards, and its whole shape stays unknown (a card may lie under the arm).
            if armless is not None:
                blobs.extend(_cards_by_arm(contour, armless, grey, view_to_table, settings, cover, deck))
            shown = mask | cover if difference is None else mask | cover | difference.faint_mask
            hides = arms.hiding_places(contour, shown, tuple(not edge for edge in play_edges), settings)
            blobs.append(Blob("unknown", *centre_axis(contour, view_to_table), area, 0.0,
                              f"{REACHING_IN}: a hand or an arm", sample_points(contour, view_to_table),
                              sample_points(hides, view_to_table, mask=True)))
            continue
        if any(touches):
            blobs.append(Blob("unknown", *centre_axis(contour, view_to_table), area, 0.0, CUT_BY_WINDOW,
                              sample_points(contour, view_to_table)))
            continue
        # Only a blob not one card is ever refitted: what explains the view round the others is not worked out.
        faint = (None if difference is None or card_sized(contour, settings)
                 else (difference, _explained_around(contour, mask, cover, settings)))
        blobs.extend(_judge(contour, area, grey, view_to_table, settings, cover, faint, deck))
    return blobs


def _explained_around(contour, mask: np.ndarray, cover: np.ndarray, settings: ReaderSettings) -> np.ndarray:
    """What explains the view around a blob, for its refit (refit.py): the other blobs, grown by
    `unexplained_clear_mm` (their blurred rims), and the read faces with their cut margin (a back reaching under
    one comes up to it); only near the blob (as far as a refit looks), none elsewhere."""
    scale = settings.top_px_per_mm
    pad = int(round((max(settings.refit_reach_mm, max(settings.refit_ring_mm)) + settings.unexplained_clear_mm) * scale))
    x, y, w, h = cv2.boundingRect(contour)
    x0, y0, x1, y1 = max(x - pad, 0), max(y - pad, 0), min(x + w + pad, mask.shape[1]), min(y + h + pad, mask.shape[0])
    others = mask[y0:y1, x0:x1].copy()
    cv2.drawContours(others, [contour - [x0, y0]], -1, 0, cv2.FILLED)
    grow = int(round(settings.unexplained_clear_mm * scale)) | 1
    explained = np.zeros_like(mask)
    explained[y0:y1, x0:x1] = cv2.dilate(others, np.ones((grow, grow), np.uint8)) | cover[y0:y1, x0:x1]
    return explained


def _cards_by_arm(arm, armless: np.ndarray, grey: np.ndarray, view_to_table: np.ndarray, settings: ReaderSettings,
                  cover: np.ndarray, deck: DeckPaper | None = None) -> list[Blob]:
    """The whole cards an arm's shape took in: pieces of the mask without arms inside the shape that are a
    card's shape, or cards touching that card rectangles explain, and do not reach the view's edge (the
    arm itself). A piece not surely cards is left to the arm's shape, which stays unknown."""
    x, y, w, h = cv2.boundingRect(arm)
    inside = np.zeros((h, w), np.uint8)
    cv2.drawContours(inside, [arm - [x, y]], -1, 255, cv2.FILLED)
    inside &= armless[y:y + h, x:x + w]
    least = (1 - settings.card_area_tolerance) * cards.CARD_MM[0] * cards.CARD_MM[1] * settings.top_px_per_mm ** 2
    found = []
    for piece in cv2.findContours(inside, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]:
        px, py, pw, ph = cv2.boundingRect(piece)
        area = cv2.contourArea(piece)
        if area < least:
            continue
        beyond = at_edge((px + x, py + y, pw, ph), armless.shape)
        if any(beyond):
            shape = np.zeros((ph, pw), np.uint8)   # the arm: the whole cards touching it
            cv2.drawContours(shape, [piece - [px, py]], -1, 255, cv2.FILLED)
            found += [blob for part in arm_cards.cards_off_arm(shape, settings, beyond) for blob in
                      _split_card(replace(part, outline_px=part.outline_px + [px + x, py + y]), grey, view_to_table,
                                  settings, cover, deck)]
            continue
        found += [blob for blob in _judge(piece + [x, y], area / settings.top_px_per_mm ** 2, grey, view_to_table,
                                          settings, cover, deck=deck) if not blob.why.startswith(NOT_ONE_CARD)]
    return found


def blob_mask(table_mask: np.ndarray, view_to_table: np.ndarray, read_outlines_mm: list[np.ndarray],
              settings: ReaderSettings) -> tuple[np.ndarray, np.ndarray]:
    """What the blobs are looked for in (not table, the read faces cut out, thin lines opened away) and
    where the read faces lie (grown by `face_up_margin_mm`: a face-down card may reach under one)."""
    mask = table_mask.copy()
    table_to_view = np.linalg.inv(view_to_table)
    grow = margin_px(settings)
    cover = np.zeros_like(mask)
    for outline in read_outlines_mm:
        polygon = np.int32(np.round(cv2.perspectiveTransform(outline[None].astype(np.float64), table_to_view)[0]))
        cv2.fillPoly(mask, [polygon], 0)
        cv2.polylines(mask, [polygon], True, 0, 2 * grow + 1)
        cv2.fillPoly(cover, [polygon], 255)
        cv2.polylines(cover, [polygon], True, 255, 2 * grow + 1)
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((7, 7), np.uint8)), cover


def _play_edges(view_to_table: np.ndarray, shape: tuple[int, ...]) -> tuple[bool, bool, bool, bool]:
    """Which of the view's edges (left, top, right, bottom) lie beyond the play area, not inside it
    (a window read of the table, stream.py, has edges inside it)."""
    left, top = view_to_table[0, 2], view_to_table[1, 2]
    right, bottom = left + shape[1] * view_to_table[0, 0], top + shape[0] * view_to_table[1, 1]
    return (left <= PLAY_VIEW_MM[0] + 1, top <= PLAY_VIEW_MM[1] + 1, right >= PLAY_VIEW_MM[2] - 1,
            bottom >= PLAY_VIEW_MM[3] - 1)


def _judge(contour, area: float, grey: np.ndarray, view_to_table: np.ndarray, settings: ReaderSettings,
           cover: np.ndarray | None = None, faint: tuple[TableDifference, np.ndarray] | None = None,
           deck: DeckPaper | None = None, refitted_from: tuple[TableDifference, np.ndarray] | None = None) -> list[Blob]:
    """One blob judged: a card (face down, or unknown when it looks like a face), cards touching, or unknown.
    `faint`: the view's difference from the table and what explains the view around the blob, when a blob not one
    card may be refitted (refit.py): a faint back whose outline its pattern made ragged is one card's shape again,
    or cards touching; judged so when it is (once: the refitted shape is not refitted: `refitted_from`, the first's
    `faint`, is what a card fitted to it is still judged against, bitten_back.py)."""
    card_area = cards.CARD_AREA_MM2
    (cx, cy), (w, h), angle = cv2.minAreaRect(contour)
    w, h = w / settings.top_px_per_mm, h / settings.top_px_per_mm
    centre = tuple(float(v) for v in (view_to_table @ [cx, cy, 1])[:2])
    # minAreaRect's angle is of its first side; the long axis, clockwise from north (y down)
    axis = (angle + (90.0 if w >= h else 0.0)) % 180.0
    fill = area / max(w * h, 1e-6)
    refitted = None if card_sized(contour, settings) or faint is None else refit.refit(contour, *faint, settings)
    again = None if refitted is None else [
        replace(blob, why=f"{blob.why} ({REFITTED})") for blob in
        _judge(refitted, cv2.contourArea(refitted) / settings.top_px_per_mm ** 2, grey, view_to_table, settings, cover,
               deck=deck, refitted_from=faint)]
    if again and card_sized(refitted, settings):
        return again
    if not card_sized(contour, settings):
        parts = touching.split_blob(contour, settings, cover, border_missed=True, found_again=refitted,
                                    hidden_face=lambda part: any(blob.face == "up" for blob in _split_card(
                                        part, grey, view_to_table, settings, cover, deck)))
        beside = None if cover is None or (parts is not None and len(parts) < 2) else beside_face.card_beside_face(
            contour, settings, cover)
        if beside is not None and faint is not None and not beside_face.gap_is_table(contour, settings, cover, beside,
                                                                                     faint[0].squared):
            beside = None   # what it leaves is card, not the table gap: the split's cards explain it
        if beside is not None:
            parts = None   # one card and the gap to a face explain it: a second card there is the first's pixels read twice
        if parts is None and (fitted := (touching.fitted_card(contour, settings, cover)
                                         or touching.fitted_in_halo(contour, settings, cover))) is not None:
            # What the rectangle leaves uncovered may be the back's own patches near the cloth's colour (bitten_back.py).
            table = faint or refitted_from
            parts = [fitted if table is None else bitten_back.as_bitten_back(fitted, table[0].squared, table[1])]
            if parts[0] is not fitted:   # told by what of it is not the cloth: said so (reader.py asks one found twice)
                return [replace(blob, why=bitten_back.BITTEN_BACK) if blob.face == "down" else blob
                        for blob in _split_card(parts[0], grey, view_to_table, settings, cover, deck)]
        if parts is None and beside is None and cover is not None and faint is not None:
            beside = beside_face.card_beside_face_in_halo(contour, settings, cover, faint[0].squared)
        if parts is None and beside is None:
            parts = overlapping_row.spread_row(contour, settings, cover)   # a column of backs the split drifted in
        if parts is not None:
            return [blob for part in parts for blob in _split_card(part, grey, view_to_table, settings, cover, deck)]
        if beside is not None:
            return [replace(blob, why=BESIDE_FACE) if blob.face == "down" else blob
                    for blob in _split_card(beside, grey, view_to_table, settings, cover, deck)]
        if again and not all(blob.why.startswith(NOT_ONE_CARD) for blob in again):
            return again
        count = area / card_area
        why = (f"{NOT_ONE_CARD} of {area:.0f} mm2 ({count:.1f} cards' area) that is not one whole card: "
               f"half hidden, cards touching, or a hand")
        return [Blob("unknown", centre, axis, area, 0.0, why, sample_points(contour, view_to_table))]
    if _looks_like_a_face(grey, contour, settings, deck):
        return [Blob("unknown", centre, axis, area, 0.0, f"{PRINTED_CORNERS} whose markers could not be read")]
    told = mostly_paper(grey, cv2.boxPoints(cv2.minAreaRect(contour)), settings, (), cover, deck, BLANK_LEAST_MM)
    if told in PAPER_AND_INK:
        return [Blob("unknown", centre, axis, area, 0.0, PAPER_AND_INK[told])]
    closeness = 1 - abs(area / card_area - 1) / settings.card_area_tolerance
    confidence = settings.face_down_confidence * (0.8 + 0.2 * closeness) * min(1.0, fill / 0.95)
    return [Blob("down", centre, axis, area, confidence, "a whole card's shape with no marker")]


def _split_card(part: touching.SplitCard, grey: np.ndarray, view_to_table: np.ndarray,
                settings: ReaderSettings, cover: np.ndarray | None = None, deck: DeckPaper | None = None) -> list[Blob]:
    """One card of a touching group: face down unless its corners look printed or what shows of it is a face's
    paper (its corners under its neighbours: unknown, read again). One reaching under a face-up card may be a face
    whose markers that card hides: face up (no name) when what shows is paper-bright. One reaching only into a
    face's cut margin, none of its paper near (a faint back beside the face), lies beside it: judged as any card."""
    contour = np.float32(part.outline_px).reshape(-1, 1, 2)
    (cx, cy), (w, h), angle = cv2.minAreaRect(contour)
    centre = tuple(float(v) for v in (view_to_table @ [cx, cy, 1])[:2])
    axis = (angle + (90.0 if w >= h else 0.0)) % 180.0
    area = cards.CARD_AREA_MM2
    bright = part.covered and cover is not None and paper_bright(grey, part.outline_px, cover, settings, part.others_px)
    # Short of a face's share yet paper inside, past a back's light border: a face's strip its marker darkens (7135).
    between = bool(part.covered and cover is not None and bright is False
                   and paper_between(grey, part.outline_px, cover, settings, part.others_px))
    # Paper only in the deck's paper colour: a light back is as bright (varied decks, tuning 9403, 9419, 9530).
    colour = paper_colour(grey, part.outline_px, cover, settings, part.others_px, deck) if (bright or between) and deck \
        else PAPER
    if colour == UNSURE:
        return [Blob("unknown", centre, axis, area, 0.0, PAPER_COLOUR_UNSURE)]
    # A face reaching under a face-up card shows printed corners where its markers peep out: paper-bright, it is
    # the hidden face; a back's rectangle reaching under the card on it shows that card's markers, never its paper.
    # Not told (None: no paper of the face near, only its cut margin reached), it lies beside the face (tuning 3525).
    if bright and colour == PAPER and not hidden_face_paper.face_paper_shows(grey, part.outline_px, cover, settings,
                                                                            part.others_px):
        return [Blob("unknown", centre, axis, area, 0.0, PAPER_OF_A_BACK)]
    if bright and colour == PAPER:
        why = MARKER_SHOWS if a_marker_shows(part.outline_px, cover, part.others_px, settings) else HIDDEN_FACE
        return [Blob("up", centre, axis, area, settings.split_confidence * part.inside, why)]
    if between and colour == PAPER:
        return [Blob("unknown", centre, axis, area, 0.0, PAPER_BETWEEN)]
    if _looks_like_a_face(grey, contour, settings, deck):
        return [Blob("unknown", centre, axis, area, 0.0, f"{PRINTED_CORNERS} whose markers could not be read")]
    if (told := mostly_paper(grey, part.outline_px, settings, part.others_px, cover, deck, BLANK_LEAST_MM)) \
            in PAPER_AND_INK:
        return [Blob("unknown", centre, axis, area, 0.0, PAPER_AND_INK[told])]
    return [Blob("down", centre, axis, area, settings.split_confidence * part.inside,
                 "a whole card's shape among cards touching, no marker")]


def centre_axis(contour, view_to_table: np.ndarray) -> tuple[tuple[float, float], float]:
    (cx, cy), (w, h), angle = cv2.minAreaRect(contour)
    return tuple(float(v) for v in (view_to_table @ [cx, cy, 1])[:2]), (angle + (90.0 if w >= h else 0.0)) % 180.0


SAMPLE_STEP_PX = 8   # an unknown shape's pixels are sampled every this many top-view px each way


def sample_points(contour, view_to_table: np.ndarray, step: int = SAMPLE_STEP_PX,
                  mask: bool = False) -> tuple[tuple[float, float], ...]:
    """A shape's pixels every `step` px each way, in table mm; the shape a contour or (`mask`) a mask of the view."""
    if mask:
        x, y, inside = 0, 0, contour
    else:
        x, y, w, h = cv2.boundingRect(contour)
        inside = np.zeros((h, w), np.uint8)
        cv2.drawContours(inside, [contour - [x, y]], -1, 1, cv2.FILLED)
    rows, cols = np.nonzero(inside[::step, ::step])
    points = np.column_stack([cols * step + x, rows * step + y, np.ones(len(rows))]) @ view_to_table.T
    return tuple(map(tuple, points[:, :2].tolist()))   # tolist: the many points made Python floats at once


def _looks_like_a_face(grey: np.ndarray, contour, settings: ReaderSettings, deck: DeckPaper | None = None) -> bool:
    """The four corner squares of the card's rectangle: a face has markers on one diagonal (dark,
    contrasty) and mostly paper on the other (much brighter, and of the `deck`'s paper colour: a back's gloss band or
    light blotch across two corners is not, varied 11152, 11183); a back looks the same on both diagonals."""
    box = cv2.boxPoints(cv2.minAreaRect(contour)).astype(np.float32)
    side = int(round(cards.MARKER_MM * settings.top_px_per_mm))
    # Order the box so its first side is the short one, then warp the card upright.
    if np.linalg.norm(box[1] - box[0]) > np.linalg.norm(box[2] - box[1]):
        box = np.roll(box, 1, axis=0)
    width, height = (int(round(mm * settings.top_px_per_mm)) for mm in cards.CARD_MM)
    to_upright = cv2.getPerspectiveTransform(box, np.float32([[0, 0], [width, 0], [width, height], [0, height]]))
    upright = cv2.warpPerspective(grey, to_upright, (width, height))
    inset = int(round(cards.MARKER_INSET_MM * settings.top_px_per_mm))
    corners = [(inset, inset), (width - inset - side, inset), (width - inset - side, height - inset - side),
               (inset, height - inset - side)]
    spots = [upright[y:y + side, x:x + side] for x, y in corners]
    contrast = [float(spot.std()) for spot in spots]
    bright = [float(np.percentile(spot, 50)) for spot in spots]
    for marked, plain in (((0, 2), (1, 3)), ((1, 3), (0, 2))):
        if (min(contrast[i] for i in marked) >= settings.corner_contrast
                and min(bright[i] for i in plain) - max(bright[i] for i in marked) >= settings.corner_gap):
            if deck is None:
                return True
            to_view = np.linalg.inv(to_upright)
            squares = [cv2.perspectiveTransform(np.float32([[[x, y], [x + side, y], [x + side, y + side], [x, y + side]]]),
                                                to_view)[0] for x, y in (corners[i] for i in plain)]
            if corners_in_paper_colour(grey, squares, settings, deck):
                return True
    return False


def axis_between(a: float, b: float) -> float:
    """Smallest angle between two axes (mod 180)."""
    difference = abs(a - b) % 180.0
    return min(difference, 180.0 - difference)


def distance(a, b) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])
