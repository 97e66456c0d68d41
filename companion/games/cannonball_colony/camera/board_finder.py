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

from dataclasses import dataclass, field, replace
from functools import lru_cache

import cv2
import numpy as np

from companion.kit import ids
from companion.games.cannonball_colony.kit.boards import ISLAND_SHEET_MM, island_board_layout
from companion.games.cannonball_colony.camera.board_beside import BesideReads, BesideSettings, search_beside
from companion.games.cannonball_colony.camera.island import IslandSettings, LocatedBoard, locate_boards
from companion.games.cannonball_colony.camera.marker_prediction import agree, placement, predicted_quad, prediction_maps
from companion.games.cannonball_colony.camera.marker_reading import MarkerSettings, best_read, match_marker, read_many, turned
from companion.vision.markers import DetectedMarker


@dataclass(frozen=True)
class FinderSettings:
    marker: MarkerSettings = MarkerSettings()
    beside: BesideSettings = BesideSettings()
    island: IslandSettings = IslandSettings()
    # OpenCV's detector ignores this share of each module's edge when reading a candidate.
    ignored_margin: float = 0.25
    # A weaker read is kept when it agrees with another marker of its board (see _confirm_weak);
    # one marker's own square, extended over the sheet, places the others within this share.
    weak_min_score: float = 0.45
    weak_agreement: float = 0.35
    # Pattern matching: the normalised correlation that counts as "this marker is here", and
    # how far (modules) to look round a marker's predicted place, and round a polished one.
    match_min_score: float = 0.6
    predicted_reach_modules: float = 4.0
    # While every placed board stands on one marker its others are predicted by that marker's affine square, which a
    # 12 px marker's corners a pixel out turn 13-17 px away at the far corners (tuning seed 6205): looked for this far.
    lone_reach_modules: float = 9.0
    polish_reach_modules: float = 0.5
    # A fix is kept when its markers moved less than this (px), and re-fitted below `moved_px`.
    still_px: float = 0.3
    moved_px: float = 6.0
    research_every: int = 30  # frames between full searches while tracking (new boards appear)
    # A second, enlarged pass when markers are smaller than this (px per side) or a board is thin.
    small_marker_px: float = 22.0
    upscale: float = 2.0
    placed_markers: int = 3   # a board on fewer markers than this is thinly placed: searched again, enlarged
    # Still a board on fewer than three markers (or none): once more at this size. Tuning seed 6022 of the taught
    # benchmark (a camera 1.35 m away, markers 10 px across): 6 of 16 markers at twice the size, all 16 at three times.
    last_upscale: float | None = 3.0
    # A marker's box whose mean absolute change (grey levels) stays under this has not moved:
    # noise and JPEG change a still marker by 2-4 levels, a third of a pixel's shift by 8 or more.
    still_difference: float = 6.0
    crop_margin_px: int = 2
    # A fix standing on fewer markers than this in all places no board: one 14 px marker's own homography bends the
    # sheet hundreds of pixels away (tuning seed 7702: board 1 on marker 1 alone, its outline 408 px out, ten cells
    # sure and wrong), and its affine square is 8-26 px out at the other corners, a cell and more. Of the 764 tuning
    # views 7100-7899 every other placed board stands on three markers or more.
    least_markers_placing: int = 2


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
    is searched again at twice the size, and at three times if a board is still on fewer than three markers.
    """
    reads = BesideReads(grey, settings.beside)   # every pass's searches beside placed boards share their reads
    candidates, weak = _candidates(grey, grey, (0.0, 0.0), 1.0, settings)
    fix = _grow(grey, candidates, weak, settings, reads)
    # A fix with every island marker on every board can only be kept by the enlarged passes: skip them.
    if _thin(fix, settings) and not _complete(fix):
        fix, candidates, weak = _enlarged(grey, fix, candidates, weak, settings.upscale, settings, reads)
        if _sparse(fix, settings) and settings.last_upscale:
            fix, candidates, weak = _enlarged(grey, fix, candidates, weak, settings.last_upscale, settings, reads)
    return _unplaced_if_alone(fix, settings)


def _unplaced_if_alone(fix: BoardFix, settings: FinderSettings) -> BoardFix:
    """The fix without its boards when they stand on too few markers to place a sheet: the players are asked
    (every cell unread) rather than shown a board bent out of place."""
    used = {marker for board in fix.located.values() for marker in board.markers_used}
    if not fix.located or len(used) >= settings.least_markers_placing:
        return fix
    alone = [f"board {board}: on marker {', '.join(map(str, b.markers_used))} alone, too few to place its sheet"
             for board, b in sorted(fix.located.items())]
    return replace(fix, located={}, problems=fix.problems + tuple(alone))


def _enlarged(grey: np.ndarray, fix: BoardFix, candidates: dict, weak: list, scale: float, settings: FinderSettings,
              reads: BesideReads):
    """The region round the boards searched again at `scale` times the size: (the fix, if it places more, the
    candidates and weak reads so far)."""
    x0, y0, x1, y1 = _region(grey, fix.located)
    bigger = cv2.resize(grey[y0:y1, x0:x1], None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
    more, more_weak = _candidates(bigger, grey, (x0, y0), scale, settings)
    found = {m.id: np.array(m.corners) for m in fix.markers}
    merged, weak = {**more, **candidates, **found}, weak + more_weak
    again = _grow(grey, merged, weak, settings, reads)
    if len(again.markers) > len(fix.markers) or len(again.located) > len(fix.located):
        fix = again
    return fix, merged, weak


def _thin(fix: BoardFix, settings: FinderSettings) -> bool:
    """Whether the first pass left doubt: no board, a board on fewer than three markers, or small markers."""
    if _sparse(fix, settings):
        return True
    sides = [np.linalg.norm(np.subtract(m.corners[0], m.corners[1])) for m in fix.markers]
    return float(np.median(sides)) < settings.small_marker_px


def _complete(fix: BoardFix) -> bool:
    """Whether every island marker and every board is placed: no further search could place more."""
    return (len(fix.located) == ids.ISLAND_BOARDS
            and {m.id for m in fix.markers} == set(ids.ISLAND_BOARD_MARKERS.ids))


def _sparse(fix: BoardFix, settings: FinderSettings) -> bool:
    """No board placed, or a board placed on fewer than `placed_markers` markers."""
    return not fix.located or min(len(board.markers_used) for board in fix.located.values()) < settings.placed_markers


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
    corners, found_ids, rejected = _detector(settings.marker.px_per_module, settings.ignored_margin).detectMarkers(image)

    def back(quad):
        return quad.reshape(4, 2).astype(np.float64) / scale + offset
    candidates: dict[int, np.ndarray] = {}
    if found_ids is not None:
        for marker_id, quad in zip(found_ids.ravel(), corners):
            if int(marker_id) in ids.ISLAND_BOARD_MARKERS.ids:
                candidates[int(marker_id)] = back(quad)
    weak = []
    quads = [back(quad) for quad in rejected]
    for quad, table in zip(quads, read_many(grey, quads, settings.marker)):
        if table is None:
            continue
        marker_id, turns, best, lead = best_read(table)
        if best >= settings.marker.open_min_score and lead >= settings.marker.open_min_lead:
            candidates.setdefault(marker_id, turned(quad, turns))
        elif best >= settings.weak_min_score:
            weak.append((best, marker_id, turned(quad, turns)))
    return candidates, weak


def _grow(grey: np.ndarray, candidates: dict, weak: list, settings: FinderSettings, reads: BesideReads) -> BoardFix:
    """From candidate quads to placed boards: confirm, match, then follow each board's other markers."""
    candidates = dict(candidates)
    candidates.update(_confirm_weak(candidates, weak, settings))
    markers, scores = _refine_all(grey, candidates, settings)
    located = locate_boards(markers, settings=settings.island)
    beside: set[int] = set()
    for _ in range(2 * ids.ISLAND_BOARDS):
        # Each located board says where its other markers are: look there (a board placed
        # from one marker is a few pixels out at its far corners, hence the wider reach).
        maps, lone = prediction_maps(located, markers)
        wanted = {printed.id: predicted_quad(maps[board], printed) for board in located
                  for printed in island_board_layout(board).markers if printed.id not in scores}
        reach = settings.lone_reach_modules if lone else settings.predicted_reach_modules
        extra, extra_scores = _refine_all(grey, wanted, settings, reach=reach)
        extra = _free(extra, markers)
        if not extra:
            # A board none of whose markers could be read on its own is looked for beside
            # the boards already placed, where a person would have butted it.
            found = search_beside(grey, located, settings.beside, settings.marker,
                                  [np.mean(m.corners, axis=0) for m in markers], reads)
            extra, extra_scores = _refine_all(grey, found, settings, settings.beside.min_match,
                                              reach=settings.predicted_reach_modules)
            extra = _free(extra, markers)
            if not extra:
                break
            beside.update(ids.island_board_of(m.id)[0] for m in extra)
        markers = sorted(markers + extra, key=lambda m: m.id)
        scores = {**scores, **extra_scores}
        located = locate_boards(markers, settings=settings.island)
    # A board found beside another must show a second marker of its own: one read alone
    # could be chance, two where its sheet puts them are not.
    thin = {b for b in beside if b in located and len(located[b].markers_used) < 2}
    if thin:
        markers = [m for m in markers if ids.island_board_of(m.id)[0] not in thin]
        scores = {i: v for i, v in scores.items() if ids.island_board_of(i)[0] not in thin}
        located = locate_boards(markers, settings=settings.island)
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
    predicted = {m.id: predicted_quad(located[ids.island_board_of(m.id)[0]].sheet_to_image,
                                       placement(m.id)) for m in markers if ids.island_board_of(m.id)[0] in located}
    again, again_scores = _refine_all(grey, predicted, settings, reach=settings.polish_reach_modules)
    if not again:
        return markers, scores, located
    better = {m.id: m for m in again}
    markers = [better.get(m.id, m) for m in markers]
    scores = {**scores, **again_scores}
    return markers, scores, locate_boards(markers, settings=settings.island)


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
        if any(agree(i, q, marker_id, quad, settings.weak_agreement) for i, q in sure.items()):
            confirmed[marker_id] = quad
            continue
        if sure:
            continue
        partners = [(s2, i, q) for s2, i, q in weak if i != marker_id and ids.island_board_of(i)[0] == board
                    and i not in confirmed and agree(marker_id, quad, i, q, settings.weak_agreement)
                    and agree(i, q, marker_id, quad, settings.weak_agreement)]
        if partners:
            _, partner, partner_quad = max(partners, key=lambda p: p[0])
            confirmed[marker_id], confirmed[partner] = quad, partner_quad
    return confirmed


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
    located = locate_boards(kept_markers, settings=settings.island)
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


def _refine_all(grey, quads: dict[int, np.ndarray], settings: FinderSettings, min_score: float | None = None,
                reach: float | None = None):
    markers, scores = [], {}
    min_score = settings.match_min_score if min_score is None else min_score
    for marker_id, quad in sorted(quads.items()):
        matched = match_marker(grey, marker_id, quad, settings.marker, reach)
        if matched is None or matched[1] < min_score:
            continue
        corners, score = matched
        markers.append(DetectedMarker(marker_id, tuple((float(x), float(y)) for x, y in corners)))
        scores[marker_id] = score
    return markers, scores


@lru_cache(maxsize=4)
def _detector(px_per_module: int, ignored_margin: float) -> cv2.aruco.ArucoDetector:
    parameters = cv2.aruco.DetectorParameters()
    parameters.perspectiveRemovePixelPerCell = px_per_module
    parameters.perspectiveRemoveIgnoredMarginPerCell = ignored_margin
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, ids.DICTIONARY))
    return cv2.aruco.ArucoDetector(dictionary, parameters)
