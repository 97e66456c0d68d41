"""What the reader may have missed: a dark back on a cloth of nearly its colour can go unfound
entirely (its body within a few Lab units of the cloth, its printed frame too thin to close), and
its seat would be counted short with confidence. What differs from the table's colour (even faintly),
yet lies outside every card found and every shape judged, is gathered (edges are not used: wood grain
shows them everywhere); a card-sized
piece of it says a card may lie there, so the seat is unsure rather than counted. A back whose colour,
smoothed, lies just under the faint level a card is found at (table_mask.faint_level) counts so too: on
a noisy view the level follows the sensor's noise up to the back's own contrast; that distance is taken from
the cloth's own colour, the cards left out (table_mask.table_colour: a pile of paper lifts the local median beside
it, and a faint mottle of the cloth there was found as a back). So does a strip too
small to be judged as a card that touches a face-up cannonade: the last of a ship the cannonade hides
(unless it is the rim of a card found there). A piece with one card's size and shape, solid, is a card
the mask missed (a card's size is known; a face shows bright paper and markers, a faint piece is a back):
face down (whole_back); so is each of several such a few mm apart, their halos joining them (backs_apart).
A smaller piece that, found again at its own level, is card-sized counts too: a back on a cloth of nearly its
colour may cross the fixed level only in a patch (_card_sized_refitted).
A piece whose difference runs one way (along_grain) is a plank's grain, never a card, unless it is faint all through
(a back's body: streaks show past the fixed level) and no narrow strip longer than a card (a plank's streak by its
seam, faint all through too). A smaller piece beside a cannonade laid on a card found may be a
faint back's strip under that cannonade: its seat is asked (faint_strips_by_cannonades)."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.cannonades.camera import refit, table_mask, touching
from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.kit import cards


def unexplained_pieces(difference: table_mask.TableDifference, judged: np.ndarray, covered: np.ndarray,
                       settings: ReaderSettings, explained: np.ndarray | None = None,
                       fixed: np.ndarray | None = None) -> list[np.ndarray]:
    """Card-sized pieces (contours in the top view's px) of foreground no card found explains.
    `difference`: how the view differs from the table (table_mask.table_difference);
    `judged`: the mask the blobs were made from; `covered`: where the read faces lie;
    `explained`: explained_mask(judged, covered), when already made; `fixed`: fixed_level_pieces', when made."""
    scale = settings.top_px_per_mm
    card_px = cards.CARD_AREA_MM2 * scale ** 2
    explained = explained_mask(judged, covered, settings) if explained is None else explained
    pieces = fixed_level_pieces(difference, explained, settings) if fixed is None else fixed.copy()
    near_level = settings.unexplained_faint_share * difference.faint
    near = _filled(table_mask.faint_shapes(cv2.compare(difference.smooth_cloth, near_level ** 2, cv2.CMP_GT)), explained,
                   settings.unexplained_faint_open_mm, settings)
    # Smoothing spread each piece by half its window: shrunk back, it reaches no farther than the card would.
    near = cv2.erode(near, np.ones((_odd(settings.faint_smooth_mm * settings.top_px_per_mm),) * 2, np.uint8))
    for contour in cv2.findContours(near, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]:
        if _card_like(contour, settings):
            cv2.drawContours(pieces, [contour], -1, 255, cv2.FILLED)
    return [contour for contour in cv2.findContours(pieces, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]
            if (cv2.contourArea(contour) >= settings.unexplained_min_cards * card_px
                or _card_sized_refitted(contour, difference, explained, settings))
            and not along_grain(contour, difference.squared, settings)]


def fixed_level_pieces(difference: table_mask.TableDifference, explained: np.ndarray,
                       settings: ReaderSettings) -> np.ndarray:
    """A mask of what lies `unexplained_colour_distance` off the table's colour, no card found or shape judged
    explaining it, joined, filled and opened (_filled): the pieces a missed card would make, of any size."""
    foreground = cv2.compare(difference.squared, settings.unexplained_colour_distance ** 2, cv2.CMP_GT)
    return _filled(foreground, explained, settings.unexplained_open_mm, settings)


def faint_strips_by_cannonades(fixed: np.ndarray, difference: table_mask.TableDifference,
                               cannonades_px: list[np.ndarray], settings: ReaderSettings) -> list[np.ndarray]:
    """Pieces of the fixed level's (fixed_level_pieces) too small to be a missed card (under
    `unexplained_min_cards`), at least `faint_strip_least_cards`, reaching within `faint_strip_reach_mm` of a face-up
    cannonade's footprint (its cut margin and the clearing round it taken in: what is cleared round the faces parts a
    strip from it): the part of a dark back showing between a cannonade and the card beside it, on a cloth of nearly
    its colour (tuning view 4899: an ember back on the burgundy cloth under C25, a strip 9 units off the table between
    S24 and C25, never found, its seat counted a ship short; C25 lay on S23, so no cannonade was lonely there).
    A plank's grain is no strip (along_grain)."""
    if not cannonades_px:
        return []
    scale = settings.top_px_per_mm
    card_px = cards.CARD_AREA_MM2 * scale ** 2
    reach = (settings.face_up_margin_mm + settings.unexplained_clear_mm + settings.faint_strip_reach_mm) * scale
    near = grown(fixed.shape, cannonades_px, reach)
    return [contour for contour, shape, (x, y, w, h) in _sized_pieces(
                fixed, settings.faint_strip_least_cards * card_px, settings.unexplained_min_cards * card_px)
            if cv2.countNonZero(cv2.bitwise_and(shape, near[y:y + h, x:x + w]))
            and not along_grain(contour, difference.squared, settings)]


def _sized_pieces(mask: np.ndarray, least_px: float, under_px: float):
    """Each piece of a mask from `least_px` in area and under `under_px`: its contour, its shape filled on its own
    box, and that box (x, y, w, h)."""
    for contour in cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]:
        if not least_px <= cv2.contourArea(contour) < under_px:
            continue
        x, y, w, h = cv2.boundingRect(contour)
        shape = np.zeros((h, w), np.uint8)
        cv2.drawContours(shape, [contour - [x, y]], -1, 255, cv2.FILLED)
        yield contour, shape, (x, y, w, h)


def _card_sized_refitted(piece, difference: table_mask.TableDifference, explained: np.ndarray,
                         settings: ReaderSettings) -> bool:
    """Whether a piece short of `unexplained_min_cards` is the ragged patch of a back on a cloth of nearly its
    colour: at least `unexplained_patch_least_cards`, and found again at its own level (refit) it holds at least
    `unexplained_min_cards`, a card wide and no longer than one (`unexplained_faint_sides`). Only the fixed level's
    pieces are so looked at: patches of the faint level's (cloth mottling, the lamp's pool) refitted card-sized too."""
    card_px = cards.CARD_AREA_MM2 * settings.top_px_per_mm ** 2
    if cv2.contourArea(piece) < settings.unexplained_patch_least_cards * card_px:
        return False
    refitted = refit.refit(piece, difference, explained, settings)
    if refitted is None or cv2.contourArea(refitted) < settings.unexplained_min_cards * card_px:
        return False
    _, sides, _ = cv2.minAreaRect(refitted)
    short, long = sorted(side / settings.top_px_per_mm for side in sides)
    least, most = settings.unexplained_faint_sides
    return least * cards.CARD_MM[0] <= short and long <= most * cards.CARD_MM[1]


def along_grain(contour, squared: np.ndarray, settings: ReaderSettings) -> bool:
    """Whether a piece is a plank's streaks of grain: the colour difference within it changes across one way only
    (the structure tensor's coherence, summed over the piece, at least `unexplained_grain_coherence`: the streaks run
    along the plank, where a back's frame and pattern have edges both ways and a cloth's weave none), and most of
    it is the table's colour (under `unexplained_grain_share` off it by `unexplained_colour_distance`: streaks
    joined leave wood between them, where an arm, its long edges one way too, differs all through)."""
    x, y, w, h = cv2.boundingRect(contour)
    inside = np.zeros((h, w), np.uint8)
    cv2.drawContours(inside, [contour - [x, y]], -1, 255, cv2.FILLED)
    inside = inside > 0
    patch = squared[y:y + h, x:x + w]
    off = float(np.mean(patch[inside] > settings.unexplained_colour_distance ** 2))
    if off >= settings.unexplained_grain_share:
        return False
    streak = _streak_shaped(contour, settings)
    if streak and _solidity(contour) < settings.unexplained_streak_solidity:
        return True    # ragged along a seam: no card's part shows so, whichever way its difference changes
    if off < settings.unexplained_grain_least_share and not streak:
        return False   # faint all through and card-shaped: a back's body, not grain
    distance = np.sqrt(patch)
    across = cv2.Sobel(distance, cv2.CV_32F, 1, 0, ksize=3)[inside]
    down = cv2.Sobel(distance, cv2.CV_32F, 0, 1, ksize=3)[inside]
    xx, yy, xy = float(np.dot(across, across)), float(np.dot(down, down)), float(np.dot(across, down))
    coherence = np.hypot(xx - yy, 2 * xy) / max(xx + yy, 1e-6)
    return coherence >= settings.unexplained_grain_coherence


def _streak_shaped(contour, settings: ReaderSettings) -> bool:
    """Whether a piece is narrower than a card and longer than one (`unexplained_streak_sides`): no part of one
    card showing makes that shape (what shows of a card fits in its 63 x 88 mm), a plank's streak along a seam does."""
    _, sides, _ = cv2.minAreaRect(contour)
    short, long = sorted(side / settings.top_px_per_mm for side in sides)
    narrowest, longest = settings.unexplained_streak_sides
    return short < narrowest * cards.CARD_MM[0] and long > longest * cards.CARD_MM[1]


def _solidity(contour) -> float:
    """The contour's area over its convex hull's: a card's outline is near 1, a seam's or mottling's ragged."""
    return cv2.contourArea(contour) / max(cv2.contourArea(cv2.convexHull(contour)), 1e-6)


def explained_mask(judged: np.ndarray, covered: np.ndarray, settings: ReaderSettings) -> np.ndarray:
    """What a card found or a shape judged explains: both, grown by `unexplained_clear_mm` (their blurred rims)."""
    return cv2.dilate(cv2.bitwise_or(judged, covered),
                      np.ones((_odd(settings.unexplained_clear_mm * settings.top_px_per_mm),) * 2, np.uint8))


def _filled(foreground: np.ndarray, explained: np.ndarray, open_mm: float, settings: ReaderSettings) -> np.ndarray:
    """A back's frame and pattern are thin lines: joined, their outline is the card's; filled, then
    opened, thin joined lines of grain or noise go and a card's shape stays. Nothing near a card found."""
    scale = settings.top_px_per_mm
    free = cv2.compare(explained, 0, cv2.CMP_EQ)   # 255 where nothing explains the view, 0 elsewhere
    joined = cv2.morphologyEx(cv2.bitwise_and(foreground, free), cv2.MORPH_CLOSE,
                              np.ones((_odd(settings.unexplained_join_mm * scale),) * 2, np.uint8))
    filled = np.zeros_like(joined)
    cv2.drawContours(filled, cv2.findContours(joined, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0], -1, 255, cv2.FILLED)
    filled = cv2.bitwise_and(filled, free)   # a faint halo around a card found, filled, is that card again
    return cv2.morphologyEx(filled, cv2.MORPH_OPEN, np.ones((_odd(open_mm * scale),) * 2, np.uint8))


def _card_like(contour, settings: ReaderSettings) -> bool:
    """Whether a piece found just under the faint level is shaped like a card (solid, its fitted rectangle's
    sides near a card's), or like a row of cards overlapping (a card wide, up to `unexplained_faint_row_cards` long):
    a cloth's mottling and the lamp's pool are ragged, a plank's seam is a line."""
    _, sides, _ = cv2.minAreaRect(contour)
    short, long = sorted(side / settings.top_px_per_mm for side in sides)
    least, most = settings.unexplained_faint_sides
    solidity = _solidity(contour)
    if long > most * cards.CARD_MM[1]:   # a row of faint backs overlapping: a card wide, a few long, less solid
        return (solidity >= settings.unexplained_faint_row_solidity and least * cards.CARD_MM[0] <= short
                <= most * cards.CARD_MM[0] and long <= settings.unexplained_faint_row_cards * cards.CARD_MM[1])
    return (solidity >= settings.unexplained_faint_solidity and short >= least * cards.CARD_MM[0]
            and long <= most * cards.CARD_MM[1])


def whole_back(contour, settings: ReaderSettings) -> bool:
    """Whether a piece of what no card explains is one whole card: its fitted rectangle's sides within
    `card_side_tolerance` of a card's, at least `unexplained_back_least_cards` of a card's area
    (a faint back's rim fades into the cloth: the piece comes out a little small), and solid. Cloth mottling,
    the lamp's pool, a plank's seam and a back half under another card are not one card's shape."""
    _, sides, _ = cv2.minAreaRect(contour)
    short, long = sorted(side / settings.top_px_per_mm for side in sides)
    area = cv2.contourArea(contour) / settings.top_px_per_mm ** 2
    solidity = _solidity(contour)
    return (abs(short / cards.CARD_MM[0] - 1) <= settings.card_side_tolerance
            and abs(long / cards.CARD_MM[1] - 1) <= settings.card_side_tolerance
            and area >= settings.unexplained_back_least_cards * cards.CARD_MM[0] * cards.CARD_MM[1]
            and solidity >= settings.unexplained_back_solidity)


def backs_in_row(contour, settings: ReaderSettings, covered: np.ndarray | None = None) -> list[np.ndarray]:
    """The whole cards a piece of what no card explains is made of, when it is as solid as a whole back and card
    rectangles explain all of its hull (touching.split_blob: two to four backs the mask missed, lying in a row; a
    faint outline is ragged, its hull straight), as outlines (the top view's px, contours); none when they do not
    (a plank's strip is ragged where its grain fades, the lamp's pool and a hand's edge are not cards).
    `covered`: where faces found lie, when the row's last back may reach under one (touching.split_blob)."""
    hull = cv2.convexHull(contour)
    if cv2.contourArea(contour) < settings.unexplained_back_solidity * cv2.contourArea(hull):
        return []
    parts = touching.split_blob(hull, settings, covered) or []
    if not parts:   # a dim row's halo widens it past a card's width (6790: three slate backs 73 mm wide)
        parts = touching.split_in_halo(hull, settings) or []
    return [np.float32(part.outline_px).reshape(-1, 1, 2) for part in parts]


def backs_in(piece, difference: table_mask.TableDifference, explained: np.ndarray, covered: np.ndarray,
             settings: ReaderSettings) -> list[np.ndarray]:
    """The whole backs a piece of what no card explains is (one, or a row: whole_back, backs_in_row), as it was
    found or, failing that, refitted (refit; its row's last back may reach under a face found, `covered`):
    none when neither is backs."""
    if whole_back(piece, settings):
        return [piece]
    row = backs_in_row(piece, settings)
    refitted = None if row else refit.refit(piece, difference, explained, settings)
    if refitted is None:
        return row or backs_apart(piece, difference, settings)
    if whole_back(refitted, settings):
        return [refitted]
    return backs_in_row(refitted, settings, covered) or backs_apart(piece, difference, settings)


def backs_apart(piece, difference: table_mask.TableDifference, settings: ReaderSettings) -> list[np.ndarray]:
    """The whole backs a piece is, lying apart: backs a few mm apart come out one piece once joined across
    `unexplained_join_mm` (their halos bridge the gap); at the fixed level joined only across
    `unexplained_apart_join_mm`, each part a whole back, and what is left of the piece under
    `unexplained_apart_left_cards` of a card (a halo, not a card more). None when the parts are not that."""
    scale = settings.top_px_per_mm
    x, y, w, h = cv2.boundingRect(piece)
    inside = np.zeros((h, w), np.uint8)
    cv2.drawContours(inside, [piece - [x, y]], -1, 255, cv2.FILLED)
    foreground = cv2.compare(difference.squared[y:y + h, x:x + w], settings.unexplained_colour_distance ** 2, cv2.CMP_GT)
    joined = cv2.morphologyEx(cv2.bitwise_and(foreground, inside), cv2.MORPH_CLOSE,
                              np.ones((_odd(settings.unexplained_apart_join_mm * scale),) * 2, np.uint8))
    filled = np.zeros_like(joined)
    cv2.drawContours(filled, cv2.findContours(joined, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0], -1, 255, cv2.FILLED)
    filled = cv2.morphologyEx(filled, cv2.MORPH_OPEN, np.ones((_odd(settings.unexplained_open_mm * scale),) * 2, np.uint8))
    parts = [part for part in cv2.findContours(filled, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]
             if cv2.contourArea(part) >= settings.unexplained_min_cards * cards.CARD_AREA_MM2 * scale ** 2]
    if len(parts) < 2 or not all(whole_back(part, settings) for part in parts):
        return []
    left = cv2.countNonZero(inside) - sum(cv2.contourArea(part) for part in parts)
    if left >= settings.unexplained_apart_left_cards * cards.CARD_AREA_MM2 * scale ** 2:
        return []
    return [np.int32(part + [x, y]) for part in parts]


def slivers_beside(judged: np.ndarray, outlines_px: list[np.ndarray], settings: ReaderSettings,
                   found_px: list[np.ndarray] = ()) -> list[np.ndarray]:
    """Pieces of what is not table, too small to be judged as a card (under `partial_card_share` of one),
    yet at least `sliver_min_cards`, touching one of the outlines (a face-up cannonade's, in the top
    view's px): the last strip of a ship the cannonade hides, between it and the next card of an
    overlapping row. The cannonade may lie on that ship and not on the nearest card found. A piece
    lying mostly (`sliver_found_share`) within a card rectangle found by its shape (`found_px`, grown by
    `sliver_found_grow_mm`: such a rectangle is placed within a few mm) is that card's rim, not a ship."""
    scale = settings.top_px_per_mm
    card_px = cards.CARD_AREA_MM2 * scale ** 2
    near = grown(judged.shape, outlines_px, (settings.face_up_margin_mm + settings.sliver_reach_mm) * scale)
    found = grown(judged.shape, found_px, settings.sliver_found_grow_mm * scale)
    pieces = []
    for contour, shape, (x, y, w, h) in _sized_pieces(judged, settings.sliver_min_cards * card_px,
                                                      settings.partial_card_share * card_px):
        rim = cv2.countNonZero(cv2.bitwise_and(shape, found[y:y + h, x:x + w])) / max(cv2.countNonZero(shape), 1)
        if cv2.countNonZero(cv2.bitwise_and(shape, near[y:y + h, x:x + w])) and rim < settings.sliver_found_share:
            pieces.append(contour)
    return pieces


def _odd(px: float) -> int:
    return int(round(px)) | 1


def grown(shape: tuple[int, ...], outlines_px, reach_px: float) -> np.ndarray:
    """A mask of the outlines (px), each filled and grown by `reach_px` all round."""
    mask = np.zeros(shape, np.uint8)
    width = 2 * int(round(reach_px)) + 1
    for outline in outlines_px:
        cv2.fillPoly(mask, [np.int32(np.round(outline))], 255)
        cv2.polylines(mask, [np.int32(np.round(outline))], True, 255, width)
    return mask


SPECK_BRIGHTEST = 90   # a speck's brightest tenth: its paper, its blurred rim below


def paper_specks(not_table: np.ndarray, explained: np.ndarray, grey: np.ndarray, faces_px: list[np.ndarray],
                 settings: ReaderSettings) -> list[tuple[float, float]]:
    """The centres (top view px) of specks of a face's paper no card explains: pieces of what is not table from
    `row_paper_least_mm2` to under `partial_card_share` of a card, whose brightest tenth is as bright as the read
    faces' paper (their upper quarter, less `covered_paper_gap`) and `row_paper_over_table` lighter than the table
    within `row_paper_ring_mm` (on pine or linen a shadow or a rim is near the paper's grey, yet darker than the
    table). None when no read face lies in `grey` (no paper to match)."""
    faces = grown(grey.shape, faces_px, 0) if faces_px else None
    if faces is None or not faces.any():   # a moved frame's window may hold none of the faces read
        return []
    paper = table_mask.paper_level(grey[faces > 0], settings)
    alone = cv2.bitwise_and(not_table, cv2.bitwise_not(explained))
    least_px = settings.row_paper_least_mm2 * settings.top_px_per_mm ** 2
    under_px = settings.partial_card_share * cards.CARD_AREA_MM2 * settings.top_px_per_mm ** 2
    ring = int(round(settings.row_paper_ring_mm * settings.top_px_per_mm))
    count, labels, stats, centres = cv2.connectedComponentsWithStats(alone)
    specks = []
    for label in range(1, count):
        x, y, w, h, area = stats[label]
        if not least_px <= area < under_px:
            continue
        shows = float(np.percentile(grey[y:y + h, x:x + w][labels[y:y + h, x:x + w] == label], SPECK_BRIGHTEST))
        y0, x0 = max(y - ring, 0), max(x - ring, 0)
        around = grey[y0:y + h + ring, x0:x + w + ring][not_table[y0:y + h + ring, x0:x + w + ring] == 0]
        if shows >= paper and around.size and shows >= float(np.median(around)) + settings.row_paper_over_table:
            specks.append((float(centres[label][0]), float(centres[label][1])))
    return specks
