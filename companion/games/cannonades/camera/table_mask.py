"""What is not table in a top view of the play area: the view itself (the picture seen from above), how it
differs from the table's own local colour, and the mask of what is not table: far in colour, inside a card's
closed outline, an arm (arms.py), or faint but card-like (a dark back on a dark cloth). face_down.py finds the
cards in it."""

from __future__ import annotations

import math
from typing import NamedTuple

import cv2
import numpy as np

from companion.games.cannonades.camera import arm_cards, arms, touching
from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.kit import cards, table

MARGIN_MM = 10.0   # the top view reaches this far past the play area
PLAY_VIEW_MM = (-MARGIN_MM, -MARGIN_MM, table.PLAY_MM[0] + MARGIN_MM, table.PLAY_MM[1] + MARGIN_MM)


def top_view(image: np.ndarray, to_image: np.ndarray, settings: ReaderSettings,
             window_mm: tuple[float, float, float, float] = PLAY_VIEW_MM) -> tuple[np.ndarray, np.ndarray]:
    """The play area (or a window of the table: left, top, right, bottom mm) seen from above (BGR)
    and the matrix from its px to table mm."""
    scale = settings.top_px_per_mm
    left, top, right, bottom = window_mm
    view_to_table = np.array([[1 / scale, 0, left], [0, 1 / scale, top], [0, 0, 1]])
    size = (int((right - left) * scale), int((bottom - top) * scale))
    view = cv2.warpPerspective(image, to_image @ view_to_table, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)
    return view, view_to_table


class TableDifference(NamedTuple):
    """How a top view differs from the table, made once a read (table_difference)."""
    squared: np.ndarray   # each pixel's squared colour distance from the table's local colour
    edges: np.ndarray     # the view's edges
    smooth: np.ndarray    # `squared` smoothed (smoothed())
    faint: float          # the faint level a card is found at (faint_level(smooth))
    faint_mask: np.ndarray   # what lies above that level, as faint_shapes() cleans it
    grey: np.ndarray         # the view in grey (the blobs are judged on it)
    smooth_cloth: np.ndarray   # `smooth` from the cloth's colour, cards left out (table_colour): what nothing explains


def table_difference(view: np.ndarray, settings: ReaderSettings) -> TableDifference:
    """Each pixel's squared colour distance from the table's local colour (a median over a window wider
    than a card row; lightness halved: a shadow or the lamp's pool is not a card), the view's edges, and
    the distance smoothed with its faint level and what lies above it; and the distance from the cloth's own colour
    (the cards left out, table_colour) smoothed."""
    lab = cv2.cvtColor(view, cv2.COLOR_BGR2LAB)
    shrink = settings.background_px_per_mm / settings.top_px_per_mm
    small = cv2.resize(lab, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
    size = (view.shape[1], view.shape[0])
    local, cloth = table_colour(small, settings)
    squared = squared_distance(lab, cv2.resize(local, size, interpolation=cv2.INTER_LINEAR))
    grey = cv2.cvtColor(view, cv2.COLOR_BGR2GRAY)
    smooth = smoothed(squared, settings)
    level = faint_level(smooth, settings)
    smooth_cloth = smooth if cloth is local else smoothed(
        squared_distance(lab, cv2.resize(cloth, size, interpolation=cv2.INTER_LINEAR)), settings)
    return TableDifference(squared, cv2.Canny(cv2.GaussianBlur(grey, (0, 0), 1.2), *settings.edge_thresholds), smooth,
                           level, faint_shapes(cv2.compare(smooth, level ** 2, cv2.CMP_GT)), grey, smooth_cloth)


def table_colour(small: np.ndarray, settings: ReaderSettings) -> tuple[np.ndarray, np.ndarray]:
    """The table's local colour in a small Lab view, twice: the median over `background_window_mm` (what every
    mask is made from), and the cloth's own colour, the same median with what the first found far off it left out
    (`background_out_distance`: cards, an arm; grown by `background_out_grow_mm`, their blurred rims): those
    pixels are set alternately darkest and brightest, which cancel in a median. A pile of white paper lifts the
    first beside it (tuning seed 618: a darker mottle of grey linen there then differed by the level
    unexplained.py finds a missed back at); it does not lift the second. A pile wider than half the window is
    still the table's colour in its own middle, in both."""
    window = int(settings.background_window_mm * settings.background_px_per_mm) | 1
    first = cv2.medianBlur(small, window)
    far = cv2.compare(squared_distance(small, first), settings.background_out_distance ** 2, cv2.CMP_GT)
    grow = 2 * int(round(settings.background_out_grow_mm * settings.background_px_per_mm)) + 1
    far = cv2.dilate(far, np.ones((grow, grow), np.uint8)) > 0
    if not far.any():
        return first, first
    rows, cols = np.indices(far.shape)
    cancelled = small.copy()
    cancelled[far] = np.where(((rows + cols)[far] % 2 == 0)[:, None], 0, 255).astype(np.uint8)
    return first, cv2.medianBlur(cancelled, window)


SQUARED_ROWS = 32   # the squared distance is worked this many rows at a time: its float steps stay in the cache
LAB_WEIGHTS = np.array([[0.25, 1.0, 1.0]], np.float32)   # lightness halved (its square a quarter): a shadow is not a card


def squared_distance(lab: np.ndarray, background: np.ndarray) -> np.ndarray:
    """Each pixel's squared colour distance between two Lab pictures, lightness's weighed a quarter; made a band of
    rows at a time (each pixel alone: the same figures as the whole picture at once, about three times faster)."""
    squared = np.empty(lab.shape[:2], np.float32)
    for top in range(0, lab.shape[0], SQUARED_ROWS):
        rows = slice(top, top + SQUARED_ROWS)
        difference = cv2.subtract(lab[rows], background[rows], dtype=cv2.CV_32F)
        squared[rows] = cv2.transform(cv2.multiply(difference, difference), LAB_WEIGHTS)
    return squared


def not_table(view: np.ndarray, settings: ReaderSettings,
              difference: TableDifference | None = None) -> np.ndarray:
    """Pixels far in colour from the table's local colour, or inside a card's closed outline.
    `difference`: table_difference(view) when already made."""
    return table_masks(view, settings, difference)[0]


def table_masks(view: np.ndarray, settings: ReaderSettings, difference: TableDifference | None = None,
                faces_px: list[np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """not_table(view), and the same without the arms found (arms.py): an arm's shape is grown and takes
    in the cards it touches, where without it a card's own outline stands apart. `faces_px`: the read
    faces' outlines (view px), which the arm finder does not take for arms."""
    squared, edges, _, _, faint, _, _ = difference or table_difference(view, settings)
    mask = cv2.compare(squared, settings.colour_distance ** 2, cv2.CMP_GT)
    # A card's straight edge (its border, its shadow) even where its back is the table's colour.
    mask |= cv2.morphologyEx(edges, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8))
    plain = fill_outlines(mask)
    arm = arms.arm_mask(squared, settings, faces_px)
    mask = plain | arm
    mask |= _faint_cards(faint, mask, settings)
    if not arm.any():
        return mask, mask
    # A faint arm (near the table's colour) and the faint backs it touches are one faint shape: their cards peeled off.
    return mask, plain | _faint_cards(faint, plain, settings) | _cards_off_faint_arms(faint, settings)


def faint_shapes(faint: np.ndarray) -> np.ndarray:
    """The faint mask with noise opened away and a back's pattern closed."""
    faint = cv2.morphologyEx(faint, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    return cv2.morphologyEx(faint, cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8))


def _cards_off_faint_arms(faint: np.ndarray, settings: ReaderSettings) -> np.ndarray:
    """The whole card rectangles touching a faint shape that reaches the view's edge (arm_cards.cards_off_arm)."""
    out = np.zeros_like(faint)
    for contour in cv2.findContours(faint, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]:
        x, y, w, h = cv2.boundingRect(contour)
        beyond = at_edge((x, y, w, h), faint.shape)
        if not any(beyond):
            continue
        shape = np.zeros((h, w), np.uint8)
        cv2.drawContours(shape, [contour - [x, y]], -1, 255, cv2.FILLED)
        for card in arm_cards.cards_off_arm(shape, settings, beyond):
            cv2.fillPoly(out, [np.int32(np.round(card.outline_px + [x, y]))], 255)
    return out


def smoothed(squared: np.ndarray, settings: ReaderSettings) -> np.ndarray:
    """The squared colour distance averaged over about `faint_smooth_mm` (halved, box-blurred, enlarged
    back: cheap): a cloth's weave and the sensor's noise average out, a card's body does not."""
    shrink = 0.5
    box = max(1, int(round(settings.faint_smooth_mm * settings.top_px_per_mm * shrink))) | 1
    small = cv2.blur(cv2.resize(squared, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA), (box, box))
    return cv2.resize(small, (squared.shape[1], squared.shape[0]), interpolation=cv2.INTER_LINEAR)


def faint_level(smooth: np.ndarray, settings: ReaderSettings) -> float:
    """How far from the table's colour a faint card must be: `faint_colour_distance`, or less on a plain
    table (a cloth): a few times the table's own spread (the upper quartile of the smoothed distance over a
    sample of the view, mostly table), never below `faint_least`. A dark back near a dark cloth's colour
    differs from it by 6-10 Lab units where the cloth's weave, smoothed, differs by 2."""
    spread = math.sqrt(float(np.percentile(smooth[::4, ::4], 75)))
    return min(settings.faint_colour_distance, max(settings.faint_least, settings.faint_spread_factor * spread))


def _faint_cards(faint: np.ndarray, mask: np.ndarray, settings: ReaderSettings) -> np.ndarray:
    """A dark back on a dark table differs from it by less than `colour_distance`: what differs by
    `faint_colour_distance` counts where it is card-like: one whole card's shape apart from everything
    found, cards touching that card rectangles explain, or a card's worth of it beside a card found
    (a dark back touching a bright one; the blob they make is then split or said unknown, never
    dropped). A shadow along a card's edge is far narrower than a card's worth, the lamp's pool wider
    than a row of cards. `faint`: faint_shapes'. Specks of the mask (under `partial_card_share` of a card: a faint
    back's own pattern crossing the fixed level here and there) are no card found beside it."""
    card_px = cards.CARD_AREA_MM2 * settings.top_px_per_mm ** 2
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, ltype=cv2.CV_16U)   # 16 bits: faster
    if count >= np.iinfo(np.uint16).max:
        count, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    kept = np.where(stats[:, cv2.CC_STAT_AREA] >= settings.partial_card_share * card_px, 255, 0).astype(np.uint8)
    kept[0] = 0   # the background
    out = np.zeros_like(mask)
    for contour in cv2.findContours(faint, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]:
        x, y, w, h = cv2.boundingRect(contour)
        near_found = _found_near(labels, kept, (x, y, w, h))
        touching_found = cv2.countNonZero(near_found) > 0
        if not touching_found:
            count = cv2.contourArea(contour) / card_px
            if count < 1 - settings.card_area_tolerance or count > settings.split_max_cards:
                continue
            if card_sized(contour, settings) or touching.split_blob(contour, settings) is not None:
                cv2.drawContours(out, [contour], -1, 255, cv2.FILLED)
            continue
        shape = np.zeros((h, w), np.uint8)
        cv2.drawContours(shape, [contour - [x, y]], -1, 255, cv2.FILLED)
        beside = cv2.morphologyEx(cv2.subtract(shape, near_found), cv2.MORPH_OPEN,
                                  np.ones((settings.faint_beside_width_px,) * 2, np.uint8))
        if settings.faint_beside_cards <= cv2.countNonZero(beside) / card_px <= settings.split_max_cards:
            out[y:y + h, x:x + w] |= shape
    return out


def _found_near(labels: np.ndarray, kept: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    """In a box (x, y, w, h) of the view, the pieces of the mask kept (`kept`: 255 or 0 by label) grown by 2 px: made
    on the box grown by those 2 px, the same as on the whole view (worked on boxes only: the view is read often)."""
    x, y, w, h = box
    x0, y0 = max(x - 2, 0), max(y - 2, 0)
    x1, y1 = min(x + w + 2, labels.shape[1]), min(y + h + 2, labels.shape[0])
    grown = cv2.dilate(kept[labels[y0:y1, x0:x1]], np.ones((5, 5), np.uint8))
    return grown[y - y0:y - y0 + h, x - x0:x - x0 + w]


PAPER_PERCENTILE = 75   # a face's paper: the upper quarter of its grey (its ink and shade below)


def paper_level(face_grey: np.ndarray, settings: ReaderSettings) -> float:
    """The grey a face's paper reaches (`face_grey`: the face's pixels), less `covered_paper_gap`: what is at least
    this bright is paper."""
    return float(np.percentile(face_grey, PAPER_PERCENTILE)) - settings.covered_paper_gap


def card_sized(contour, settings: ReaderSettings) -> bool:
    """Whether a shape's area and sides are one card's (within the tolerances) and it fills its rectangle."""
    card_area = cards.CARD_AREA_MM2
    area = cv2.contourArea(contour) / settings.top_px_per_mm ** 2
    _, (w, h), _ = cv2.minAreaRect(contour)
    short, long = sorted((w / settings.top_px_per_mm, h / settings.top_px_per_mm))
    return (abs(area / card_area - 1) <= settings.card_area_tolerance
            and abs(short / cards.CARD_MM[0] - 1) <= settings.card_side_tolerance
            and abs(long / cards.CARD_MM[1] - 1) <= settings.card_side_tolerance
            and area / max(short * long, 1e-6) >= settings.card_fill)


def fill_outlines(mask: np.ndarray) -> np.ndarray:
    """Closed outlines filled in: a back with the table's colour inside a border is still a card."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(mask)
    cv2.drawContours(filled, contours, -1, 255, cv2.FILLED)
    return cv2.morphologyEx(filled, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))


def at_edge(box: tuple[int, int, int, int], shape: tuple[int, ...]) -> tuple[bool, bool, bool, bool]:
    """Which sides of a box (x, y, w, h) lie on the view's edge: left, top, right, bottom."""
    x, y, w, h = box
    return x <= 0, y <= 0, x + w >= shape[1], y + h >= shape[0]
