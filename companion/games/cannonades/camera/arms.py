"""An arm over the table whose colour is close to the table's (a grey sleeve on walnut, a tanned arm
on dark felt): it differs from the table's local colour by less than a card does, so the card mask
misses it, and a card under it would go uncounted with confidence. Smoothed, the colour difference
of an arm stays above the table's own grain and lines over a whole arm's width, and an arm always
reaches in from beyond the play area: what is found so is returned as a mask of the top view. When none
is found so, an arm nearly the wood's own colour (a tanned arm over teak: 4-7 units off it, its grain 2-4)
is looked for at a lower level among what is faint only (the cards, far off the table's colour, left out: a card near the
edge joined to grain is no arm), opened by an arm's width: grain and a card's blurred rim are narrow.
Read faces lying over the play area's edge reach in too: a shape is an arm only when, the read faces and their
blurred rims cut out, enough of it still reaches in (a real arm is long and goes on past any card it lies by).
An arm found only by the shadow band beside it hides no card in its shape, yet a seat's row may run on under its body:
row_runs_under measures the arm in the row's next card's place; where no arm is found at all, paper_past_row
looks there for a speck of a face's paper."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.kit import cards, table


def arm_mask(squared_distance: np.ndarray, settings: ReaderSettings,
             faces_px: list[np.ndarray] | None = None) -> np.ndarray:
    """`squared_distance`: each top-view pixel's squared colour distance from the table's local colour;
    `faces_px`: the read faces' outlines (top-view px): a shape they explain is no arm."""
    shrink = settings.background_px_per_mm / settings.top_px_per_mm
    small = _smoothed_distance(squared_distance, settings)
    faint = cv2.compare(small, settings.arm_colour_distance, cv2.CMP_GT)
    faint = cv2.morphologyEx(faint, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    card_px = cards.CARD_AREA_MM2 * settings.background_px_per_mm ** 2
    faces = _faces_grown(faint.shape, faces_px or [], shrink, settings)
    arms = _reaching_in(faint, settings.arm_min_cards * card_px, faces)
    if not arms.any():   # none at the usual level: one nearly the wood's colour (its faint shadow would widen a found one)
        wide = int(round(settings.arm_low_width_mm * settings.background_px_per_mm)) | 1
        low = cv2.inRange(small, settings.arm_low_colour_distance, settings.colour_distance)
        low = cv2.morphologyEx(low, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (wide, wide)))
        arms = _reaching_in(low, settings.arm_low_min_cards * card_px, faces)
    if not arms.any():
        return np.zeros(squared_distance.shape, np.uint8)
    grow = int(round(settings.arm_grow_mm * settings.background_px_per_mm)) * 2 + 1
    arms = cv2.dilate(arms, np.ones((grow, grow), np.uint8))
    return cv2.resize(arms, (squared_distance.shape[1], squared_distance.shape[0]), interpolation=cv2.INTER_NEAREST)


def _smoothed_distance(squared_distance: np.ndarray, settings: ReaderSettings) -> np.ndarray:
    """The colour distance at the arm finder's scale (`background_px_per_mm`), smoothed over `arm_smooth_mm`."""
    shrink = settings.background_px_per_mm / settings.top_px_per_mm
    small = np.sqrt(cv2.resize(squared_distance, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA))
    return cv2.GaussianBlur(small, (0, 0), settings.arm_smooth_mm * settings.background_px_per_mm)


def faint_arm_pieces(squared_distance: np.ndarray, cards_found: np.ndarray, settings: ReaderSettings) -> np.ndarray:
    """The pieces (labels, at the arm finder's scale; 0 none) of what, smoothed as the arm finder does, lies
    `arm_low_colour_distance` to `colour_distance` off the table: an arm nearly the wood's colour (hand_at_arms_end).
    Not opened as arm_mask's low level is: the arm's body may be only a few units off the wood, its shaded side
    alone passing. `cards_found` (the cards judged and the read faces, top view px) and their blurred rims
    (`arm_face_rim_mm`) are left out: a card's rim is in that band, and a row of cards reaches the edge."""
    small = _smoothed_distance(squared_distance, settings)
    low = cv2.inRange(small, settings.arm_low_colour_distance, settings.colour_distance)
    rim = int(round(settings.arm_face_rim_mm * settings.background_px_per_mm)) * 2 + 1
    found = cv2.resize(cards_found, (small.shape[1], small.shape[0]), interpolation=cv2.INTER_NEAREST)
    low[cv2.dilate(found, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (rim, rim))) > 0] = 0
    return cv2.connectedComponents(low)[1]


def hand_at_arms_end(outline_px: np.ndarray, arm_pieces: np.ndarray, view_shape: tuple[int, ...],
                     settings: ReaderSettings) -> bool:
    """Whether a card's shape found faintly where no card explains the view (unexplained.backs_in: a back the mask
    missed; `outline_px` in the top view, of `view_shape`) is the hand at the end of an arm nearly the wood's colour:
    a piece of `arm_pieces` (faint_arm_pieces) that holds the shape goes on to the view's edge (beyond the play area),
    at least `hand_arm_beyond_cards` of it past the shape grown by `hand_arm_clear_mm`."""
    size = (arm_pieces.shape[1], arm_pieces.shape[0])
    shape = np.zeros(view_shape[:2], np.uint8)
    cv2.drawContours(shape, [np.int32(np.round(np.asarray(outline_px).reshape(-1, 1, 2)))], -1, 255, cv2.FILLED)
    shape = cv2.resize(shape, size, interpolation=cv2.INTER_NEAREST)
    clear = int(round(settings.hand_arm_clear_mm * settings.background_px_per_mm)) * 2 + 1
    past = cv2.dilate(shape, np.ones((clear, clear), np.uint8)) == 0
    least = settings.hand_arm_beyond_cards * cards.CARD_AREA_MM2 * settings.background_px_per_mm ** 2
    for label in np.unique(arm_pieces[(shape > 0) & (arm_pieces > 0)]):
        if _edge_pieces(np.where((arm_pieces == label) & past, 255, 0).astype(np.uint8), least).any():
            return True
    return False


def _faces_grown(shape: tuple[int, ...], faces_px: list[np.ndarray], shrink: float,
                 settings: ReaderSettings) -> np.ndarray:
    """The read faces at the arm finder's scale, grown by their blurred rim (`arm_face_rim_mm`)."""
    faces = np.zeros(shape, np.uint8)
    for outline in faces_px:
        cv2.fillPoly(faces, [np.int32(np.round(np.asarray(outline, np.float64).reshape(-1, 2) * shrink))], 255)
    if not faces_px:
        return faces
    grow = int(round(settings.arm_face_rim_mm * settings.background_px_per_mm)) * 2 + 1
    return cv2.dilate(faces, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (grow, grow)))


def _reaching_in(mask: np.ndarray, least_px: float, faces: np.ndarray) -> np.ndarray:
    """The pieces of `mask` that touch its edge (beyond the play area) with at least `least_px` of them
    doing so outside `faces` (read faces grown by their rims): the whole piece is returned."""
    out = np.zeros_like(mask)
    arms = _edge_pieces(cv2.bitwise_and(mask, cv2.bitwise_not(faces)), least_px)
    if not arms.any():
        return out
    _, labels = cv2.connectedComponents(mask)
    out[np.isin(labels, np.unique(labels[arms > 0]))] = 255
    return out


def _edge_pieces(mask: np.ndarray, least_px: float) -> np.ndarray:
    """The pieces of `mask` at least `least_px` big that touch its edge."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    height, width = mask.shape
    out = np.zeros_like(mask)
    for label in range(1, count):
        x, y, w, h, area = stats[label]
        if area >= least_px and (x <= 0 or y <= 0 or x + w >= width or y + h >= height):
            out[labels == label] = 255
    return out


def hiding_places(contour: np.ndarray, shown: np.ndarray, open_sides: tuple[bool, bool, bool, bool],
                  settings: ReaderSettings) -> np.ndarray:
    """Where, inside an arm's shape (`contour`, top view px), the centre of a card wholly hidden may lie: a card is
    hidden only where what is not table (`shown`: the arm, the cards, the faint shapes and the read faces) holds it
    all, and a card holds a disc of half its short side round its centre; so its centre lies at least `arm_hides_mm`
    (that half-width, less a rim the mask may miss) inside `shown`. A shape's edge (a shadow cast beside the arm, the
    arm's grown rim) hides no card. `open_sides` (left, top, right, bottom): the view's edges inside the play area (a
    window's), beyond which `shown` may go on. A mask of the view's shape."""
    reach = int(np.ceil(settings.arm_hides_mm * settings.top_px_per_mm)) + 1
    x, y, w, h = cv2.boundingRect(contour)
    x0, y0 = max(x - reach, 0), max(y - reach, 0)
    x1, y1 = min(x + w + reach, shown.shape[1]), min(y + h + reach, shown.shape[0])
    near = (shown[y0:y1, x0:x1] > 0).astype(np.uint8)
    edges = (x0 == 0, y0 == 0, x1 == shown.shape[1], y1 == shown.shape[0])
    left, top, right, bottom = (reach if edge and side else 0 for edge, side in zip(edges, open_sides))
    near = cv2.copyMakeBorder(near, top, bottom, left, right, cv2.BORDER_REPLICATE)   # it goes on past a window's edge
    near = np.pad(near, 1)   # elsewhere nothing shown lies past the box or the play area's edge
    inside = cv2.distanceTransform(near, cv2.DIST_L2, 5)[1 + top:-1 - bottom or None, 1 + left:-1 - right or None]
    out = np.zeros(shown.shape[:2], np.uint8)
    shape = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.drawContours(shape, [contour - [x0, y0]], -1, 255, cv2.FILLED)
    out[y0:y1, x0:x1] = np.where((shape > 0) & (inside >= settings.arm_hides_mm * settings.top_px_per_mm), 255, 0)
    return out


def row_runs_under(arm_mm: np.ndarray, point_mm2: float, row_mm: list[tuple[tuple[float, float], float]],
                   settings: ReaderSettings) -> float:
    """How much of an arm's shape (`arm_mm`: its sampled points, table mm, each standing for `point_mm2`) lies where a
    seat's row would go on: one card's step past an end card (`row_mm`: the seat's cards found, centre and long axis),
    the step the one from its nearest neighbour (within `arm_row_step_most_mm`), in cards' area; the most of any end.
    An arm found only by the shadow band beside it (tuning view 5221: a tanned arm on oak, its body 3-6 units off the
    wood) hides no card anywhere in its shape, yet the row it lies across goes on under its body: what shows of the
    next card joins the end card's shape, and a count made of what shows is a card short."""
    most = 0.0
    for past, _, along, across in next_places(row_mm, settings):
        relative = arm_mm - past
        inside = ((np.abs(relative @ along) <= cards.CARD_MM[1] / 2)
                  & (np.abs(relative @ across) <= cards.CARD_MM[0] / 2))
        most = max(most, float(inside.sum()) * point_mm2 / cards.CARD_AREA_MM2)
    return most


def next_places(row_mm: list[tuple[tuple[float, float], float]],
                settings: ReaderSettings) -> list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
    """Where a seat's row would go on (`row_mm`: its cards found, centre and long axis): one card's step past each end
    card, the step the one from its nearest neighbour (within `arm_row_step_most_mm`); a place that holds a card found
    is no end. Each as its centre, the step and the card's long and short axes (unit vectors), table mm."""
    places = []
    for number, (centre, axis) in enumerate(row_mm):
        others = [other for place, (other, _) in enumerate(row_mm) if place != number]
        if not others:
            continue
        nearest = min(others, key=lambda other: np.hypot(other[0] - centre[0], other[1] - centre[1]))
        step = np.subtract(centre, nearest)
        past = np.asarray(centre) + step
        if (np.hypot(*step) > settings.arm_row_step_most_mm or any(   # the row goes on in cards found: no end
                np.hypot(*(past - other)) < np.hypot(*step) / 2 for other in others)):
            continue
        along = np.array(table.direction_vector(axis))
        places.append((past, step, along, np.array([-along[1], along[0]])))
    return places


def paper_past_row(specks_mm: list[tuple[float, float]], row_mm: list[tuple[tuple[float, float], float]],
                   settings: ReaderSettings) -> bool:
    """Whether a speck of a face's paper (`specks_mm`: centres, table mm) lies where a seat's row goes on (next_places):
    along the row's step, from the next card's near side to `row_paper_beyond_mm` past its far side, and within its
    width across; not in the gap beside the end card, where its own rim shows. The last strip of a face whose rest an
    arm the arm finder missed hides (tuning view 4113: a brown sleeve on walnut, 1-1.5 units off the wood's local
    colour, across seat 2's column; S40 under it shows a strip of paper 13 x 5 mm, 20 mm past the next card's place)."""
    for past, step, along, across in next_places(row_mm, settings):
        ahead = step / np.hypot(*step)
        side = np.array([-ahead[1], ahead[0]])
        long_ahead = abs(ahead @ along) * cards.CARD_MM[1] / 2 + abs(ahead @ across) * cards.CARD_MM[0] / 2
        long_side = abs(side @ along) * cards.CARD_MM[1] / 2 + abs(side @ across) * cards.CARD_MM[0] / 2
        for speck in specks_mm:
            relative = np.subtract(speck, past)
            if (-long_ahead <= relative @ ahead <= long_ahead + settings.row_paper_beyond_mm
                    and abs(relative @ side) <= long_side):
                return True
    return False
