"""Find the island boards' corner markers surely and fast: a full search when nothing is known, a check of the last fix otherwise.

Webcam views of a whole island show its 20 mm markers 14-40 px wide, blurred and JPEG'd;
OpenCV's detector finds the contour of most of them but fails to read the smallest. So:

- a full search runs OpenCV's detector, then reads the candidates it rejected against the
  sixteen island markers only, then looks for every marker a located board should show
  where its pose puts it;
- every marker's corners are then refined by matching the marker's printed pattern
  (normalised cross-correlation in the marker's own frame), which stays accurate where a
  corner detector has too few pixels to work with;
- with a previous fix, only that matching runs, at the last positions: when the markers
  are where they were, the boards are too, and nothing else is searched. A fix that moved
  or lost a board falls back to the full search (camera or board moved: re-locate, carry on).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from companion.kit import ids
from companion.kit.layout import ISLAND_CELL_MM, ISLAND_CELLS, ISLAND_SHEET_MM, island_board_layout
from companion.vision.island import LocatedBoard, locate_boards
from companion.vision.markers import DetectedMarker

MODULES = 6  # a 4x4 marker with its one-module black border


@dataclass(frozen=True)
class FinderSettings:
    # OpenCV's detector: read candidates at 8 px per module, ignoring a quarter of each
    # module's edge, which on blurred 14-20 px markers found 350 of 371 against 317.
    px_per_module: int = 8
    ignored_margin: float = 0.25
    # Reading a rejected candidate against the 16 island markers (4 turns each): the best
    # correlation, and its lead over the next best, needed to accept it.
    open_min_score: float = 0.55
    open_min_lead: float = 0.10
    # A weaker read is kept when it agrees with another marker of its board (see _confirm_weak);
    # one marker's own square, extended over the sheet, places the others within this share.
    weak_min_score: float = 0.45
    weak_agreement: float = 0.35
    # Pattern matching: module size of the sampled patch, search reach in modules, and the
    # normalised correlation that counts as "this marker is here".
    match_px_per_module: int = 6
    match_reach_modules: float = 1.0
    predicted_reach_modules: float = 2.5
    polish_reach_modules: float = 0.5
    match_min_score: float = 0.6
    # A fix is kept when its markers moved less than this (px), and re-fitted below `moved_px`.
    still_px: float = 0.3
    moved_px: float = 6.0
    # Markers smaller than this (px across) are not looked for: too few pixels to be sure.
    min_marker_px: float = 9.0
    research_every: int = 30  # frames between full searches while tracking (new boards appear)
    # A marker's box whose mean absolute change (grey levels) stays under this has not moved:
    # noise and JPEG change a still marker by 2-4 levels, a third of a pixel's shift by 8 or more.
    still_difference: float = 6.0
    crop_margin_px: int = 2
    # Looking for a board beside a placed one: the gap people leave between sheets (mm), the
    # mean corner correlation of the best placement, and the match each marker then needs.
    beside_gap_mm: float = 2.75
    beside_min_read: float = 0.45
    beside_min_score: float = 0.5
    beside_paper_share: float = 0.75  # of the placed sheets' white, for a placement worth reading


@dataclass(frozen=True, eq=False)
class BoardFix:
    """The markers that place the boards in one frame, and the boards they place."""

    markers: tuple[DetectedMarker, ...]
    scores: dict[int, float]              # marker id -> pattern correlation
    located: dict[int, LocatedBoard]
    searched: bool                        # a full search (True) or a check of the last fix
    frames_since_search: int = 0
    problems: tuple[str, ...] = ()
    kept_boards: tuple[int, ...] = field(default=())  # boards placed from the last fix, markers hidden
    crops: dict | None = None                         # marker id -> (x, y, pixels) when it was placed


def find_boards(grey: np.ndarray, previous: BoardFix | None = None,
                settings: FinderSettings = FinderSettings()) -> BoardFix:
    """The boards in a grey frame; with `previous`, checked against it first."""
    if previous is not None and previous.located and previous.frames_since_search + 1 < settings.research_every:
        tracked = _track(grey, previous, settings)
        if tracked is not None:
            return tracked
    return search(grey, settings)


def search(grey: np.ndarray, settings: FinderSettings = FinderSettings()) -> BoardFix:
    """A full search of the frame: detector, rejected candidates, then each located board's missing markers."""
    corners, found_ids, rejected = _detector(settings.px_per_module, settings.ignored_margin).detectMarkers(grey)
    candidates: dict[int, np.ndarray] = {}
    if found_ids is not None:
        for marker_id, quad in zip(found_ids.ravel(), corners):
            if int(marker_id) in ids.ISLAND_BOARD_MARKERS.ids:
                candidates[int(marker_id)] = quad.reshape(4, 2).astype(np.float64)
    weak = []
    for quad in rejected:
        quad = quad.reshape(4, 2).astype(np.float64)
        table = _read_scores(grey, quad, settings)
        if table is None:
            continue
        order = np.argsort(table)[::-1]
        best, second = float(table[order[0]]), float(table[order[1]])
        marker_id = ids.ISLAND_BOARD_MARKERS.first + int(order[0]) // 4
        turned = np.roll(quad, int(order[0]) % 4, axis=0)
        if best >= settings.open_min_score and best - second >= settings.open_min_lead:
            candidates.setdefault(marker_id, turned)
        elif best >= settings.weak_min_score:
            weak.append((best, marker_id, turned))
    candidates.update(_confirm_weak(candidates, weak, settings))
    markers, scores = _refine_all(grey, candidates, settings)
    located = locate_boards(markers)
    for _ in range(2 * ids.ISLAND_BOARDS):
        # Each located board says where its other markers are: look there (a board placed
        # from one marker is a few pixels out at its far corners, hence the wider reach).
        wanted = {placement.id: _predicted_quad(located[board], placement) for board in located
                  for placement in island_board_layout(board).markers if placement.id not in scores}
        extra, extra_scores = _refine_all(grey, wanted, settings, reach=settings.predicted_reach_modules)
        if not extra:
            # A board none of whose markers could be read on its own is looked for beside
            # the boards already placed, where a person would have butted it.
            found = search_beside(grey, located, settings)
            extra, extra_scores = _refine_all(grey, found, settings, settings.beside_min_score,
                                              reach=settings.predicted_reach_modules)
            if not extra:
                break
        markers = sorted(markers + extra, key=lambda m: m.id)
        scores = {**scores, **extra_scores}
        located = locate_boards(markers)
    markers, scores, located = _polish(grey, markers, scores, located, settings)
    return BoardFix(tuple(markers), scores, located, True, 0, _problems(located, scores),
                    crops=_crops(grey, markers, settings))


def _polish(grey, markers, scores, located, settings: FinderSettings):
    """Each marker matched again where its whole board puts it: a quad read off one small
    marker can be a pixel out in size or turn, which matching its pattern (a shift) cannot
    mend, while the board's fit over all its markers can."""
    predicted = {m.id: _predicted_quad(located[ids.island_board_of(m.id)[0]],
                                       _placement(m.id)) for m in markers if ids.island_board_of(m.id)[0] in located}
    again, again_scores = _refine_all(grey, predicted, settings, reach=settings.polish_reach_modules)
    if not again:
        return markers, scores, located
    better = {m.id: m for m in again}
    markers = [better.get(m.id, m) for m in markers]
    scores = {**scores, **again_scores}
    return markers, scores, locate_boards(markers)


def _placement(marker_id: int):
    board, corner = ids.island_board_of(marker_id)
    return island_board_layout(board).markers[corner]


def search_beside(grey: np.ndarray, located: dict[int, LocatedBoard],
                  settings: FinderSettings = FinderSettings()) -> dict[int, np.ndarray]:
    """Marker quads of unplaced boards found butted against placed ones, by reading all four
    corners of each possible placement together (16 ids x 4 turns per corner)."""
    missing = [b for b in range(1, ids.ISLAND_BOARDS + 1) if b not in located]
    if not located or not missing:
        return {}
    height, width = grey.shape[:2]
    corner_scores: dict[tuple, np.ndarray | None] = {}
    best: dict[int, tuple[float, float, np.ndarray]] = {}   # board -> (score, runner-up, quads)
    sheet = ISLAND_SHEET_MM
    layout_corners = [np.array(p.corners, np.float64) for p in island_board_layout(1).markers]
    paper = np.median([_paper_samples(grey, fix.sheet_to_image, (0.0, 0.0)) for fix in located.values()])
    for board, fix in located.items():
        for side in range(4):
            for step in range(-ISLAND_CELLS + 1, ISLAND_CELLS):
                along = step * ISLAND_CELL_MM
                origin = [(sheet + settings.beside_gap_mm, along), (along, sheet + settings.beside_gap_mm),
                          (-sheet - settings.beside_gap_mm, along), (along, -sheet - settings.beside_gap_mm)][side]
                if _overlaps(origin, board, located):
                    continue
                quads = [cv2.perspectiveTransform((c + origin).reshape(-1, 1, 2), fix.sheet_to_image).reshape(4, 2)
                         for c in layout_corners]
                centres = np.array([q.mean(axis=0) for q in quads])
                if not ((centres >= 0) & (centres < [width, height])).all():
                    continue
                if not _looks_like_paper(grey, fix.sheet_to_image, origin, paper, settings):
                    continue
                tables = []
                for quad in quads:
                    key = tuple(np.round(quad.mean(axis=0), 1))
                    if key not in corner_scores:
                        corner_scores[key] = _read_scores(grey, quad, settings)
                    tables.append(corner_scores[key])
                if any(t is None for t in tables):
                    continue
                for turns in range(4):
                    for candidate in missing:
                        # The sheet's physical corner c shows marker (c - turns) mod 4, turned.
                        per_corner = [tables[c][_pattern_index(candidate, (c - turns) % 4, turns)] for c in range(4)]
                        score = float(np.mean(per_corner))
                        quads_turned = {ids.island_board_marker(candidate, (c - turns) % 4): np.roll(quads[c], turns, axis=0)
                                        for c in range(4)}
                        previous = best.get(candidate)
                        if previous is None or score > previous[0]:
                            runner = previous[0] if previous else -1.0
                            best[candidate] = (score, runner, quads_turned)
                        elif score > previous[1]:
                            best[candidate] = (previous[0], score, previous[2])
    found = {}
    for candidate, (score, runner, quads) in best.items():
        if score >= settings.beside_min_read and score - runner >= settings.open_min_lead:
            found.update(quads)
    return found


# Points of a sheet's white frame (mm from its top-left) clear of the markers and the text.
PAPER_POINTS_MM = ((12.0, 60.0), (12.0, 132.0), (180.0, 60.0), (180.0, 132.0), (60.0, 176.0), (132.0, 176.0))


def _paper_samples(grey: np.ndarray, sheet_to_image: np.ndarray, origin) -> np.ndarray:
    points = (np.array(PAPER_POINTS_MM) + origin).reshape(-1, 1, 2)
    pixels = cv2.perspectiveTransform(points, sheet_to_image).reshape(-1, 2)
    height, width = grey.shape[:2]
    values = []
    for x, y in np.round(pixels).astype(int):
        if 1 <= x < width - 1 and 1 <= y < height - 1:
            values.append(float(np.median(grey[y - 1:y + 2, x - 1:x + 2])))
        else:
            values.append(0.0)
    return np.array(values)


def _looks_like_paper(grey, sheet_to_image, origin, paper: float, settings: FinderSettings) -> bool:
    """Whether the frame of a sheet placed at `origin` is as white as the placed sheets' frames."""
    samples = _paper_samples(grey, sheet_to_image, origin)
    return float(np.mean(samples > settings.beside_paper_share * paper)) >= 0.5


def _confirm_weak(strong: dict[int, np.ndarray], weak: list, settings: FinderSettings) -> dict[int, np.ndarray]:
    """Weakly read candidates that sit where a surely read marker of the same board puts
    them (or, for a board with none, where another weak one does): a blurred 14 px marker
    reads no better than that, but two agreeing corners of one sheet are not chance."""
    confirmed: dict[int, np.ndarray] = {}
    weak = sorted((w for w in weak if w[1] not in strong), key=lambda w: -w[0])
    for score, marker_id, quad in weak:
        if marker_id in confirmed:
            continue
        board = ids.island_board_of(marker_id)[0]
        sure = {i: q for i, q in {**strong, **confirmed}.items() if ids.island_board_of(i)[0] == board}
        if any(_agree(i, q, marker_id, quad, settings) for i, q in sure.items()):
            confirmed[marker_id] = quad
            continue
        if sure:
            continue
        partners = [(s2, i, q) for s2, i, q in weak if i != marker_id and ids.island_board_of(i)[0] == board
                    and i not in confirmed and _agree(marker_id, quad, i, q, settings)
                    and _agree(i, q, marker_id, quad, settings)]
        if partners:
            _, partner, partner_quad = max(partners, key=lambda p: p[0])
            confirmed[marker_id], confirmed[partner] = quad, partner_quad
    return confirmed


def _agree(known_id: int, known_quad: np.ndarray, other_id: int, other_quad: np.ndarray,
           settings: FinderSettings) -> bool:
    """Whether `other` lies where `known`'s own square (extended over the sheet) puts it."""
    board = ids.island_board_of(known_id)[0]
    layout = {p.id: np.array(p.corners, np.float64) for p in island_board_layout(board).markers}
    square_to_image = cv2.getPerspectiveTransform(layout[known_id].astype(np.float32), known_quad.astype(np.float32))
    seen = cv2.perspectiveTransform(other_quad.mean(axis=0).reshape(1, 1, 2), np.linalg.inv(square_to_image)).reshape(2)
    expected = layout[other_id].mean(axis=0)
    distance = np.linalg.norm(expected - layout[known_id].mean(axis=0))
    return bool(np.linalg.norm(seen - expected) <= settings.weak_agreement * distance)


def _overlaps(origin, board: int, located: dict[int, LocatedBoard]) -> bool:
    """Whether a sheet at `origin` (mm in `board`'s sheet frame) would lie on a placed sheet."""
    centre = np.array([[origin[0] + ISLAND_SHEET_MM / 2, origin[1] + ISLAND_SHEET_MM / 2]])
    to_image = located[board].sheet_to_image
    at = cv2.perspectiveTransform(centre.reshape(-1, 1, 2), to_image)
    for other in located.values():
        inside = cv2.perspectiveTransform(at, np.linalg.inv(other.sheet_to_image)).reshape(2)
        if (-0.25 * ISLAND_SHEET_MM < inside).all() and (inside < 1.25 * ISLAND_SHEET_MM).all():
            return True
    return False


def _read_scores(grey: np.ndarray, quad: np.ndarray, settings: FinderSettings) -> np.ndarray | None:
    """Correlation of the patch at `quad` with every island pattern (id x turn), best over
    small shifts: a placement guessed from another board is a millimetre or two out."""
    k = settings.px_per_module
    pad = k // 2
    size = MODULES * k + 2 * pad
    target = np.array([[pad, pad], [size - pad, pad], [size - pad, size - pad], [pad, size - pad]], np.float32)
    if np.linalg.norm(quad[0] - quad[2]) < settings.min_marker_px:
        return None
    warp = cv2.getPerspectiveTransform(quad.astype(np.float32), target)
    patch = cv2.warpPerspective(grey, warp, (size, size), flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    # Every module's mean at every shift at once, from one integral image.
    total = cv2.integral(patch)
    step = max(1, pad // 2)
    shifts = np.arange(0, 2 * pad + 1, step)
    starts = (shifts[:, None] + np.arange(MODULES)[None, :] * k + k // 4).ravel()   # (shifts * modules)
    span = k - 2 * (k // 4)
    y0, x0 = starts[:, None], starts[None, :]
    sums = total[y0 + span, x0 + span] - total[y0, x0 + span] - total[y0 + span, x0] + total[y0, x0]
    count = len(shifts)
    modules = sums.reshape(count, MODULES, count, MODULES).transpose(0, 2, 1, 3).reshape(count * count, -1) / span ** 2
    ordered = np.sort(modules, axis=1)
    # About the 10th and 90th percentiles of the 36 modules: the marker's black and white.
    low, high = ordered[:, 3:4], ordered[:, -4:-3]
    contrast = (high - low)[:, 0]
    keep = contrast >= 12
    if not keep.any():
        return None
    signed = np.clip((modules[keep] - (low[keep] + high[keep]) / 2) / ((high[keep] - low[keep]) / 2), -1, 1)
    scores = signed @ _pattern_matrix().T / signed.shape[1]
    return scores.max(axis=0)


def _pattern_index(board: int, corner: int, turns: int) -> int:
    return (ids.island_board_marker(board, corner) - ids.ISLAND_BOARD_MARKERS.first) * 4 + turns


@lru_cache(maxsize=1)
def _pattern_matrix() -> np.ndarray:
    return np.array([pattern.ravel() for _, _, pattern in _island_patterns()], np.float32)


def _track(grey: np.ndarray, previous: BoardFix, settings: FinderSettings) -> BoardFix | None:
    """The last fix checked against this frame; None when the boards must be searched for again."""
    quads = {m.id: np.array(m.corners, np.float64) for m in previous.markers}
    crops = previous.crops or {}
    # A marker whose pixels are as they were has not moved: the costly match is skipped.
    unchanged = {i for i, quad in quads.items() if i in crops and _same_pixels(grey, crops[i], settings)}
    changed = {i: q for i, q in quads.items() if i not in unchanged}
    markers, scores = _refine_all(grey, changed, settings)
    scores = {**{i: previous.scores.get(i, 1.0) for i in unchanged}, **scores}
    shifts = {m.id: float(np.abs(np.array(m.corners) - quads[m.id]).max()) for m in markers}
    shifts.update({i: 0.0 for i in unchanged})
    if not shifts:
        return None
    if max(shifts.values()) > settings.moved_px:
        return None
    seen = set(shifts)
    seen_boards = {ids.island_board_of(i)[0] for i in seen}
    frames = previous.frames_since_search + 1
    if max(shifts.values()) <= settings.still_px:
        # Nothing moved: the last placement stands, boards whose markers are hidden included.
        kept = tuple(sorted(set(previous.located) - seen_boards))
        return BoardFix(previous.markers, scores, previous.located, False, frames,
                        _problems(previous.located, scores, kept), kept, previous.crops)
    if seen_boards != set(previous.located):
        return None  # something moved and a board cannot be followed: search again
    moved = {m.id: m for m in markers}
    kept_markers = [moved.get(m.id, m) for m in previous.markers if m.id in seen]
    located = locate_boards(kept_markers)
    if set(located) != set(previous.located):
        return None
    return BoardFix(tuple(kept_markers), scores, located, False, frames, _problems(located, scores),
                    crops=_crops(grey, kept_markers, settings))


def _crops(grey: np.ndarray, markers, settings: FinderSettings) -> dict:
    """Each marker's pixels (a box round its corners), to tell next frame whether it moved."""
    crops = {}
    height, width = grey.shape[:2]
    for marker in markers:
        corners = np.array(marker.corners)
        x0, y0 = np.floor(corners.min(axis=0)).astype(int) - settings.crop_margin_px
        x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + settings.crop_margin_px
        if x0 < 0 or y0 < 0 or x1 > width or y1 > height:
            continue
        crops[marker.id] = (x0, y0, grey[y0:y1, x0:x1].astype(np.int16))
    return crops


def _same_pixels(grey: np.ndarray, crop, settings: FinderSettings) -> bool:
    x0, y0, pixels = crop
    height, width = pixels.shape
    now = grey[y0:y0 + height, x0:x0 + width].astype(np.int16)
    return float(np.abs(now - pixels).mean()) <= settings.still_difference


def _problems(located: dict[int, LocatedBoard], scores: dict[int, float], kept=()) -> tuple[str, ...]:
    problems = []
    for board in sorted(located):
        marker_ids = [p.id for p in island_board_layout(board).markers]
        if board in kept:
            problems.append(f"board {board}: markers {marker_ids[0]}-{marker_ids[-1]} hidden; "
                            "using where it was")
    return tuple(problems)


# --- reading one marker ---------------------------------------------------------------

def read_candidate(grey: np.ndarray, quad: np.ndarray, settings: FinderSettings = FinderSettings()):
    """(id, corners in OpenCV order) of an island marker in a candidate quad, or None."""
    quad = np.asarray(quad, np.float64)
    if np.linalg.norm(quad[0] - quad[2]) < settings.min_marker_px * 1.2:
        return None
    size = MODULES * settings.px_per_module
    target = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float32)
    warp = cv2.getPerspectiveTransform(quad.astype(np.float32), target)
    patch = cv2.warpPerspective(grey, warp, (size, size), flags=cv2.INTER_LINEAR).astype(np.float32)
    step = settings.px_per_module
    inner = slice(step // 4, step - step // 4)
    modules = patch.reshape(MODULES, step, MODULES, step)[:, inner, :, inner].mean(axis=(1, 3))
    low, high = np.percentile(modules, 10), np.percentile(modules, 90)
    if high - low < 12:   # no contrast: not a printed marker
        return None
    signed = np.clip((modules - (low + high) / 2) / ((high - low) / 2), -1, 1)
    ranked = sorted(((float((signed * pattern).mean()), marker_id, turns)
                     for marker_id, turns, pattern in _island_patterns()), reverse=True)
    (best, marker_id, turns), (second, _, _) = ranked[0], ranked[1]
    if best < settings.open_min_score or best - second < settings.open_min_lead:
        return None
    # The patch shows the marker turned `turns` quarter turns anticlockwise (np.rot90), so
    # the printed top-left is that many corners round the quad.
    return marker_id, np.roll(quad, turns, axis=0)


def match_marker(grey: np.ndarray, marker_id: int, quad: np.ndarray,
                 settings: FinderSettings = FinderSettings(), reach: float | None = None) -> tuple[np.ndarray, float] | None:
    """Refined corners of marker `marker_id` near `quad` (OpenCV corner order), and the match score."""
    quad = np.asarray(quad, np.float64)
    if np.linalg.norm(quad[0] - quad[2]) < settings.min_marker_px * 1.4:
        return None
    k = settings.match_px_per_module
    reach = settings.match_reach_modules if reach is None else reach
    margin = 0.5 + reach  # the template carries half a module of white round the marker
    side = int(round((MODULES + 2 * margin) * k))
    # Module coordinates (0..6 across the marker) -> the sampled patch's pixels, whose
    # centres sit half a pixel in from the edges of the template's squares.
    offset = margin * k - 0.5
    module_to_patch = np.array([[k, 0, offset], [0, k, offset], [0, 0, 1]], np.float64)
    unit = np.array([[0, 0], [MODULES, 0], [MODULES, MODULES], [0, MODULES]], np.float64)
    module_to_image = cv2.getPerspectiveTransform(unit.astype(np.float32), quad.astype(np.float32))
    patch_to_image = module_to_image @ np.linalg.inv(module_to_patch)
    height, width = grey.shape[:2]
    centre = quad.mean(axis=0)
    if not (0 <= centre[0] < width and 0 <= centre[1] < height):
        return None
    patch = cv2.warpPerspective(grey, patch_to_image, (side, side),
                                flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)
    patch = patch.astype(np.float32)
    template = _template(marker_id, k)
    result = cv2.matchTemplate(patch, template, cv2.TM_CCOEFF_NORMED)
    _, score, _, (x, y) = cv2.minMaxLoc(result)
    dx, dy = _subpixel(result, x, y)
    # The template's top-left sits at (reach * k) px when the quad was exact.
    shift = np.array([(x + dx) / k - reach, (y + dy) / k - reach])
    refined = cv2.perspectiveTransform((unit + shift).reshape(-1, 1, 2), module_to_image).reshape(4, 2)
    return refined, float(score)


def _refine_all(grey, quads: dict[int, np.ndarray], settings: FinderSettings, min_score: float | None = None,
                reach: float | None = None):
    markers, scores = [], {}
    min_score = settings.match_min_score if min_score is None else min_score
    for marker_id, quad in sorted(quads.items()):
        matched = match_marker(grey, marker_id, quad, settings, reach)
        if matched is None or matched[1] < min_score:
            continue
        corners, score = matched
        markers.append(DetectedMarker(marker_id, tuple((float(x), float(y)) for x, y in corners)))
        scores[marker_id] = score
    return markers, scores


def _predicted_quad(board: LocatedBoard, placement) -> np.ndarray:
    corners = np.array(placement.corners, np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(corners, board.sheet_to_image).reshape(4, 2)


def _subpixel(result: np.ndarray, x: int, y: int) -> tuple[float, float]:
    """Parabola through the peak and its neighbours, along each axis."""
    def offset(minus, centre, plus):
        denominator = minus - 2 * centre + plus
        return 0.0 if denominator >= 0 else float(np.clip(0.5 * (minus - plus) / denominator, -0.5, 0.5))
    height, width = result.shape
    dx = offset(result[y, x - 1], result[y, x], result[y, x + 1]) if 0 < x < width - 1 else 0.0
    dy = offset(result[y - 1, x], result[y, x], result[y + 1, x]) if 0 < y < height - 1 else 0.0
    return dx, dy


@lru_cache(maxsize=None)
def _bits(marker_id: int) -> np.ndarray:
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, ids.DICTIONARY))
    return (dictionary.generateImageMarker(marker_id, MODULES) > 127).astype(np.float32)


@lru_cache(maxsize=1)
def _island_patterns() -> tuple:
    return tuple((marker_id, turns, np.rot90(_bits(marker_id) * 2 - 1, turns))
                 for marker_id in ids.ISLAND_BOARD_MARKERS.ids for turns in range(4))


@lru_cache(maxsize=None)
def _template(marker_id: int, k: int) -> np.ndarray:
    """The printed marker at k px per module with half a module of white paper round it."""
    padded = np.pad(_bits(marker_id), 1, constant_values=1.0)
    big = np.kron(padded, np.ones((k, k), np.float32))
    trim = k // 2
    return np.ascontiguousarray(big[trim:-trim, trim:-trim] * 255.0)


@lru_cache(maxsize=4)
def _detector(px_per_module: int, ignored_margin: float) -> cv2.aruco.ArucoDetector:
    parameters = cv2.aruco.DetectorParameters()
    parameters.perspectiveRemovePixelPerCell = px_per_module
    parameters.perspectiveRemoveIgnoredMarginPerCell = ignored_margin
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, ids.DICTIONARY))
    return cv2.aruco.ArucoDetector(dictionary, parameters)
