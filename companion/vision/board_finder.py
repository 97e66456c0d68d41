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
    predicted_reach_modules: float = 4.0
    polish_reach_modules: float = 0.5
    match_min_score: float = 0.6
    # A fix is kept when its markers moved less than this (px), and re-fitted below `moved_px`.
    still_px: float = 0.3
    moved_px: float = 6.0
    # Markers smaller than this (px across) are not looked for: too few pixels to be sure.
    min_marker_px: float = 9.0
    research_every: int = 30  # frames between full searches while tracking (new boards appear)
    # A second, enlarged pass when markers are smaller than this (px per side) or a board is thin.
    small_marker_px: float = 22.0
    upscale: float = 2.0
    # A marker's box whose mean absolute change (grey levels) stays under this has not moved:
    # noise and JPEG change a still marker by 2-4 levels, a third of a pixel's shift by 8 or more.
    still_difference: float = 6.0
    crop_margin_px: int = 2
    # Looking for a board beside a placed one: the gap people leave between sheets (mm), the
    # mean corner correlation of the best placement, and the match each marker then needs.
    beside_gap_mm: float = 2.75
    beside_min_read: float = 0.45
    beside_min_score: float = 0.5
    beside_step_mm: float = 3.0       # placements slide along a side in steps of about a module
    beside_same_mm: float = 8.0       # readings closer than this are of one place
    beside_dark_share: float = 0.6    # a marker's border ring is darker than this share of the paper
    beside_paper_share: float = 0.45  # of the placed sheets' white (a lamp lights sheets unevenly)


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
    """A full search of the frame: detector, rejected candidates, then each located board's missing markers.

    Markers under about 22 px across defeat the detector's own contour search now and then;
    when the first pass leaves a board thinly placed (or none), the region round the boards
    is searched again at twice the size.
    """
    candidates, weak = _candidates(grey, grey, (0.0, 0.0), 1.0, settings)
    fix = _grow(grey, candidates, weak, settings)
    if _thin(fix, settings):
        region = _region(grey, fix.located)
        x0, y0, x1, y1 = region
        bigger = cv2.resize(grey[y0:y1, x0:x1], None, fx=settings.upscale, fy=settings.upscale,
                            interpolation=cv2.INTER_CUBIC)
        more, more_weak = _candidates(bigger, grey, (x0, y0), settings.upscale, settings)
        found = {m.id: np.array(m.corners) for m in fix.markers}
        merged = {**more, **candidates, **found}
        again = _grow(grey, merged, weak + more_weak, settings)
        if len(again.markers) > len(fix.markers) or len(again.located) > len(fix.located):
            fix = again
    return fix


def _thin(fix: BoardFix, settings: FinderSettings) -> bool:
    """Whether the first pass left doubt: no board, a board on fewer than three markers, or small markers."""
    if not fix.located:
        return True
    if min(len(board.markers_used) for board in fix.located.values()) < 3:
        return True
    sides = [np.linalg.norm(np.subtract(m.corners[0], m.corners[1])) for m in fix.markers]
    return float(np.median(sides)) < settings.small_marker_px


def _region(grey: np.ndarray, located: dict[int, LocatedBoard]) -> tuple[int, int, int, int]:
    """The placed sheets' box grown by a sheet on every side (where the others must lie), or the whole frame."""
    height, width = grey.shape[:2]
    if not located:
        return 0, 0, width, height
    sheet = np.array([[0, 0], [ISLAND_SHEET_MM, 0], [ISLAND_SHEET_MM, ISLAND_SHEET_MM], [0, ISLAND_SHEET_MM]], np.float64)
    corners = np.vstack([cv2.perspectiveTransform(sheet.reshape(-1, 1, 2), b.sheet_to_image).reshape(-1, 2)
                         for b in located.values()])
    low, high = corners.min(axis=0), corners.max(axis=0)
    grow = max(high - low) / max(1, len(located)) * 1.2
    x0, y0 = np.maximum(np.floor(low - grow), 0).astype(int)
    x1, y1 = np.minimum(np.ceil(high + grow), [width, height]).astype(int)
    return int(x0), int(y0), int(x1), int(y1)


def _candidates(image: np.ndarray, grey: np.ndarray, offset, scale: float, settings: FinderSettings):
    """Island markers the detector finds in `image` (a crop of `grey`, scaled), in `grey`'s
    pixels: those it read, those read from its rejected quads, and weak reads to confirm."""
    corners, found_ids, rejected = _detector(settings.px_per_module, settings.ignored_margin).detectMarkers(image)

    def back(quad):
        return quad.reshape(4, 2).astype(np.float64) / scale + offset
    candidates: dict[int, np.ndarray] = {}
    if found_ids is not None:
        for marker_id, quad in zip(found_ids.ravel(), corners):
            if int(marker_id) in ids.ISLAND_BOARD_MARKERS.ids:
                candidates[int(marker_id)] = back(quad)
    weak = []
    for quad in rejected:
        quad = back(quad)
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
    return candidates, weak


def _grow(grey: np.ndarray, candidates: dict, weak: list, settings: FinderSettings) -> BoardFix:
    """From candidate quads to placed boards: confirm, match, then follow each board's other markers."""
    candidates = dict(candidates)
    candidates.update(_confirm_weak(candidates, weak, settings))
    markers, scores = _refine_all(grey, candidates, settings)
    located = locate_boards(markers)
    beside: set[int] = set()
    for _ in range(2 * ids.ISLAND_BOARDS):
        # Each located board says where its other markers are: look there (a board placed
        # from one marker is a few pixels out at its far corners, hence the wider reach).
        wanted = {placement.id: _predicted_quad(located[board], placement) for board in located
                  for placement in island_board_layout(board).markers if placement.id not in scores}
        extra, extra_scores = _refine_all(grey, wanted, settings, reach=settings.predicted_reach_modules)
        extra = _free(extra, markers)
        if not extra:
            # A board none of whose markers could be read on its own is looked for beside
            # the boards already placed, where a person would have butted it.
            found = search_beside(grey, located, settings, [np.mean(m.corners, axis=0) for m in markers])
            extra, extra_scores = _refine_all(grey, found, settings, settings.beside_min_score,
                                              reach=settings.predicted_reach_modules)
            extra = _free(extra, markers)
            if not extra:
                break
            beside.update(ids.island_board_of(m.id)[0] for m in extra)
        markers = sorted(markers + extra, key=lambda m: m.id)
        scores = {**scores, **extra_scores}
        located = locate_boards(markers)
    # A board found beside another must show a second marker of its own: one read alone
    # could be chance, two where its sheet puts them are not.
    thin = {b for b in beside if b in located and len(located[b].markers_used) < 2}
    if thin:
        markers = [m for m in markers if ids.island_board_of(m.id)[0] not in thin]
        scores = {i: v for i, v in scores.items() if ids.island_board_of(i)[0] not in thin}
        located = locate_boards(markers)
    markers, scores, located = _polish(grey, markers, scores, located, settings)
    return BoardFix(tuple(markers), scores, located, True, 0, _problems(located, scores),
                    crops=_crops(grey, markers, settings))


def _free(new, placed) -> list:
    """The new markers not lying on a placed one (a marker turned can pass for another)."""
    def centre(marker):
        return np.mean(marker.corners, axis=0)

    def size(marker):
        return np.linalg.norm(np.subtract(marker.corners[0], marker.corners[2]))
    return [m for m in new if all(np.linalg.norm(centre(m) - centre(p)) >= 0.5 * size(p) for p in placed)]


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


def search_beside(grey: np.ndarray, located: dict[int, LocatedBoard], settings: FinderSettings = FinderSettings(),
                  taken: list[np.ndarray] = ()) -> dict[int, np.ndarray]:
    """Corner markers of unplaced boards, looked for where a sheet butted against a placed one
    would have its corners; the one surest read per board (the rest follow from it).

    Placements slide along each side in steps of about a module: chains of boards add up
    their small gaps, so a neighbour is not always a whole number of cells along. Only
    corners where the frame looks like paper and the corner like a marker are read, a read
    counts only for the corner of the sheet that marker is printed at, and never where a
    placed marker already is (some markers turned look much like others).
    """
    missing = [b for b in range(1, ids.ISLAND_BOARDS + 1) if b not in located]
    if not located or not missing:
        return {}
    height, width = grey.shape[:2]
    paper = np.median([_paper_samples(grey, fix.sheet_to_image, (0.0, 0.0)) for fix in located.values()])
    far = ISLAND_SHEET_MM + settings.beside_gap_mm
    reach = (ISLAND_CELLS - 0.5) * ISLAND_CELL_MM
    steps = np.arange(-reach, reach + 1e-6, settings.beside_step_mm)
    printed = np.array([p.corners for p in island_board_layout(1).markers], np.float64)        # (4 corners, 4, 2)
    paper_points = np.array(PAPER_POINTS_MM)
    best: dict[int, tuple[float, int, np.ndarray]] = {}   # board -> (score, marker id, quad)
    seen: set = set()
    for board, fix in located.items():
        for side in range(4):
            origins = np.array([[(far, a), (a, far), (-far, a), (a, -far)][side] for a in steps])
            origins = origins[[not _overlaps(o, board, located) for o in origins]]
            if not len(origins):
                continue
            white = _sample(grey, (origins[:, None, :] + paper_points[None]).reshape(-1, 2), fix.sheet_to_image)
            papery = (white.reshape(len(origins), -1) > settings.beside_paper_share * paper).mean(axis=1) >= 0.5
            origins = origins[papery]
            if not len(origins):
                continue
            quads = cv2.perspectiveTransform((origins[:, None, None, :] + printed[None]).reshape(-1, 1, 2),
                                             fix.sheet_to_image).reshape(len(origins), 4, 4, 2)
            for origin_quads in quads:
                for corner, quad in enumerate(origin_quads):
                    centre = quad.mean(axis=0)
                    key = tuple(np.round(centre / 2))
                    if key in seen or not (0 <= centre[0] < width and 0 <= centre[1] < height):
                        continue
                    seen.add(key)
                    size = np.linalg.norm(quad[0] - quad[2])
                    if any(np.linalg.norm(centre - other) < 0.5 * size for other in taken):
                        continue
                    if not _looks_like_marker(grey, quad, paper, settings):
                        continue
                    table = _read_scores(grey, quad, settings)
                    if table is None:
                        continue
                    order = np.argsort(table)[::-1]
                    score, lead = float(table[order[0]]), float(table[order[0]] - table[order[1]])
                    marker_id = ids.ISLAND_BOARD_MARKERS.first + int(order[0]) // 4
                    turns = int(order[0]) % 4
                    found_board, found_corner = ids.island_board_of(marker_id)
                    # On a sheet turned `turns` quarter turns, physical corner c shows marker (c - turns) mod 4.
                    if found_board not in missing or found_corner != (corner - turns) % 4:
                        continue
                    if score < settings.open_min_score or lead < settings.open_min_lead:
                        continue
                    if found_board not in best or score > best[found_board][0]:
                        best[found_board] = (score, marker_id, np.roll(quad, turns, axis=0))
    return {marker_id: quad for _, marker_id, quad in best.values()}


def _sample(grey: np.ndarray, points_mm: np.ndarray, sheet_to_image: np.ndarray) -> np.ndarray:
    """Grey levels at sheet points (3x3 mean round each), 0 off the picture."""
    pixels = cv2.perspectiveTransform(points_mm.reshape(-1, 1, 2), sheet_to_image).reshape(-1, 2)
    height, width = grey.shape[:2]
    xs, ys = np.rint(pixels[:, 0]).astype(int), np.rint(pixels[:, 1]).astype(int)
    inside = (xs >= 1) & (xs < width - 1) & (ys >= 1) & (ys < height - 1)
    xs, ys = np.clip(xs, 1, width - 2), np.clip(ys, 1, height - 2)
    total = sum(grey[ys + dy, xs + dx].astype(np.float64) for dy in (-1, 0, 1) for dx in (-1, 0, 1)) / 9
    return np.where(inside, total, 0.0)


def _looks_like_marker(grey: np.ndarray, quad: np.ndarray, paper: float, settings: FinderSettings) -> bool:
    """Whether a marker's black border could be at `quad`: its ring of border modules is dark."""
    unit = np.array([[0, 0], [MODULES, 0], [MODULES, MODULES], [0, MODULES]], np.float32)
    to_image = cv2.getPerspectiveTransform(unit, quad.astype(np.float32))
    ring = np.array([[0.5, 0.5], [3.0, 0.5], [5.5, 0.5], [5.5, 3.0], [5.5, 5.5], [3.0, 5.5], [0.5, 5.5], [0.5, 3.0]])
    points = cv2.perspectiveTransform(ring.reshape(-1, 1, 2), to_image).reshape(-1, 2)
    height, width = grey.shape[:2]
    xs = np.clip(np.rint(points[:, 0]).astype(int), 0, width - 1)
    ys = np.clip(np.rint(points[:, 1]).astype(int), 0, height - 1)
    return float(grey[ys, xs].mean()) < settings.beside_dark_share * paper


# Points of a sheet's white frame (mm from its top-left) clear of the markers and the text.
PAPER_POINTS_MM = ((12.0, 60.0), (12.0, 132.0), (180.0, 60.0), (180.0, 132.0), (60.0, 176.0), (132.0, 176.0))


def _paper_samples(grey: np.ndarray, sheet_to_image: np.ndarray, origin) -> np.ndarray:
    return _sample(grey, np.array(PAPER_POINTS_MM) + origin, sheet_to_image)


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
