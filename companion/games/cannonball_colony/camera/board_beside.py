"""Boards whose markers could not be read on their own, looked for where a person would have butted them against a placed one.

Placements slide along each side of a placed sheet in steps of about a module: chains of
boards add up their small gaps, so a neighbour is not always a whole number of cells
along. Only corners where the new sheet's frame looks like paper and the corner like a
marker are read; a read counts only for the corner of the sheet that marker is printed at,
and never where a placed marker already is (some markers turned look much like others).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from companion.kit import ids
from companion.games.cannonball_colony.kit.boards import ISLAND_CELL_MM, ISLAND_CELLS, ISLAND_SHEET_MM, island_board_layout
from companion.games.cannonball_colony.camera.island import LocatedBoard
from companion.games.cannonball_colony.camera.marker_reading import MODULES, MarkerSettings, best_read, pattern_index, read_scores, turned

# Points of a sheet's white frame (mm from its top-left) clear of the markers and the text.
PAPER_POINTS_MM = ((12.0, 60.0), (12.0, 132.0), (180.0, 60.0), (180.0, 132.0), (60.0, 176.0), (132.0, 176.0))


@dataclass(frozen=True)
class BesideSettings:
    gap_mm: float = 2.75          # the gap people leave between sheets
    step_mm: float = 3.0          # placements slide along a side in steps of about a module
    dark_share: float = 0.6       # a marker's border ring is darker than this share of the paper
    paper_share: float = 0.45     # of the placed sheets' white (a lamp lights sheets unevenly)
    min_match: float = 0.5        # pattern match a marker found this way then needs
    # Markers too small to read one by one (a far board at a steep tilt) are read together:
    # the four corners of a placement against each missing board in each quarter turn; the
    # mean correlation and its lead over the next hypothesis needed to accept one.
    joint_min_px: float = 5.0
    joint_min_score: float = 0.38
    joint_min_lead: float = 0.15


def search_beside(grey: np.ndarray, located: dict[int, LocatedBoard], settings: BesideSettings = BesideSettings(),
                  reading: MarkerSettings = MarkerSettings(), taken=()) -> dict[int, np.ndarray]:
    """Corner markers of unplaced boards beside placed ones: the one surest read per board
    (its other markers follow from it). `taken` are the centres of markers already placed."""
    missing = [b for b in range(1, ids.ISLAND_BOARDS + 1) if b not in located]
    if not located or not missing:
        return {}
    height, width = grey.shape[:2]
    paper = np.median([paper_samples(grey, fix.sheet_to_image, (0.0, 0.0)) for fix in located.values()])
    far = ISLAND_SHEET_MM + settings.gap_mm
    reach = (ISLAND_CELLS - 0.5) * ISLAND_CELL_MM
    steps = np.arange(-reach, reach + 1e-6, settings.step_mm)
    printed = np.array([p.corners for p in island_board_layout(1).markers], np.float64)        # (4 corners, 4, 2)
    best: dict[int, tuple[float, int, np.ndarray]] = {}   # board -> (score, marker id, quad)
    seen: set = set()
    placements = []   # every placement whose frame looks like paper: its four marker quads
    taken = np.array(taken, np.float64).reshape(-1, 2)
    to_sheets = [np.linalg.inv(other.sheet_to_image) for other in located.values()]
    for board, fix in located.items():
        for side in range(4):
            origins = np.array([[(far, a), (a, far), (-far, a), (a, -far)][side] for a in steps])
            origins = origins[~_overlapping(origins, fix.sheet_to_image, to_sheets)]
            if not len(origins):
                continue
            white = sample_grey(grey, (origins[:, None, :] + np.array(PAPER_POINTS_MM)[None]).reshape(-1, 2),
                                fix.sheet_to_image)
            origins = origins[(white.reshape(len(origins), -1) > settings.paper_share * paper).mean(axis=1) >= 0.5]
            if not len(origins):
                continue
            quads = cv2.perspectiveTransform((origins[:, None, None, :] + printed[None]).reshape(-1, 1, 2),
                                             fix.sheet_to_image).reshape(len(origins), 4, 4, 2)
            placements += list(quads)
            for origin_quads in quads:
                for corner, quad in enumerate(origin_quads):
                    centre = quad.mean(axis=0)
                    key = tuple(np.round(centre / 2))
                    if key in seen or not (0 <= centre[0] < width and 0 <= centre[1] < height):
                        continue
                    seen.add(key)
                    size = np.linalg.norm(quad[0] - quad[2])
                    if _near_taken(centre, size, taken):
                        continue
                    if not _looks_like_marker(grey, quad, paper, settings):
                        continue
                    table = read_scores(grey, quad, reading)
                    if table is None:
                        continue
                    marker_id, turns, score, lead = best_read(table)
                    found_board, found_corner = ids.island_board_of(marker_id)
                    # On a sheet turned `turns` quarter turns, physical corner c shows marker (c - turns) mod 4.
                    if found_board not in missing or found_corner != (corner - turns) % 4:
                        continue
                    if score < reading.open_min_score or lead < reading.open_min_lead:
                        continue
                    if found_board not in best or score > best[found_board][0]:
                        best[found_board] = (score, marker_id, turned(quad, turns))
    still_missing = [b for b in missing if b not in best]
    if still_missing and placements:
        for board, found in _read_together(grey, placements, still_missing, paper, taken, settings, reading).items():
            best[board] = found
    return {marker_id: quad for _, marker_id, quad in best.values()}


def _read_together(grey, placements, missing, paper, taken, settings: BesideSettings, reading: MarkerSettings) -> dict:
    """board -> (score, marker id, quad) for missing boards whose four small corner markers,
    read together, say which board lies at a placement and how it is turned."""
    small = replace(reading, min_marker_px=settings.joint_min_px)
    found: dict[int, tuple[float, int, np.ndarray]] = {}
    for quads in placements:
        centres = quads.mean(axis=1)
        if any(_near_taken(c, np.linalg.norm(q[0] - q[2]), taken) for c, q in zip(centres, quads)):
            continue
        if not _most_like_markers(grey, quads, paper, settings):
            continue
        tables = []
        for quad in quads:   # one unreadable corner rules the placement out
            tables.append(read_scores(grey, quad, small))
            if tables[-1] is None:
                break
        if tables[-1] is None:
            continue
        hypotheses = []
        for board in missing:
            for turns in range(4):
                # On a sheet turned `turns` quarter turns, physical corner c shows marker (c - turns) mod 4.
                score = np.mean([tables[c][pattern_index(board, (c - turns) % 4, turns)] for c in range(4)])
                hypotheses.append((float(score), board, turns))
        hypotheses.sort(reverse=True)
        (score, board, turns), runner_up = hypotheses[0], hypotheses[1][0]
        if score < settings.joint_min_score or score - runner_up < settings.joint_min_lead:
            continue
        if board not in found or score > found[board][0]:
            corner = max(range(4), key=lambda c: tables[c][pattern_index(board, (c - turns) % 4, turns)])
            marker_id = ids.island_board_marker(board, (corner - turns) % 4)
            found[board] = (score, marker_id, turned(quads[corner], turns))
    return found


def sample_grey(grey: np.ndarray, points_mm: np.ndarray, sheet_to_image: np.ndarray) -> np.ndarray:
    """Grey levels at sheet points (3x3 mean round each), 0 off the picture."""
    pixels = cv2.perspectiveTransform(points_mm.reshape(-1, 1, 2), sheet_to_image).reshape(-1, 2)
    height, width = grey.shape[:2]
    xs, ys = np.rint(pixels[:, 0]).astype(int), np.rint(pixels[:, 1]).astype(int)
    inside = (xs >= 1) & (xs < width - 1) & (ys >= 1) & (ys < height - 1)
    xs, ys = np.clip(xs, 1, width - 2), np.clip(ys, 1, height - 2)
    total = sum(grey[ys + dy, xs + dx].astype(np.float64) for dy in (-1, 0, 1) for dx in (-1, 0, 1)) / 9
    return np.where(inside, total, 0.0)


def paper_samples(grey: np.ndarray, sheet_to_image: np.ndarray, origin) -> np.ndarray:
    return sample_grey(grey, np.array(PAPER_POINTS_MM) + origin, sheet_to_image)


def _most_like_markers(grey: np.ndarray, quads: np.ndarray, paper: float, settings: BesideSettings) -> bool:
    """Whether at least three of a placement's four corner quads look like markers (two that do not rule it out)."""
    unlike = 0
    for quad in quads:
        unlike += not _looks_like_marker(grey, quad, paper, settings)
        if unlike == 2:
            return False
    return True


MARKER_UNIT = np.array([[0, 0], [MODULES, 0], [MODULES, MODULES], [0, MODULES]], np.float32)
# The middles of a marker's border modules, in modules.
BORDER_RING = np.array([[0.5, 0.5], [3.0, 0.5], [5.5, 0.5], [5.5, 3.0], [5.5, 5.5], [3.0, 5.5], [0.5, 5.5], [0.5, 3.0]])


def _looks_like_marker(grey: np.ndarray, quad: np.ndarray, paper: float, settings: BesideSettings) -> bool:
    """Whether a marker's black border could be at `quad`: its ring of border modules is dark."""
    to_image = cv2.getPerspectiveTransform(MARKER_UNIT, quad.astype(np.float32))
    points = cv2.perspectiveTransform(BORDER_RING.reshape(-1, 1, 2), to_image).reshape(-1, 2)
    height, width = grey.shape[:2]
    xs = np.clip(np.rint(points[:, 0]).astype(int), 0, width - 1)
    ys = np.clip(np.rint(points[:, 1]).astype(int), 0, height - 1)
    return float(grey[ys, xs].mean()) < settings.dark_share * paper


def _overlapping(origins: np.ndarray, sheet_to_image: np.ndarray, to_sheets: list[np.ndarray]) -> np.ndarray:
    """Which sheets at `origins` (N, 2: mm in the frame of the sheet `sheet_to_image` places) would lie on
    a placed sheet (`to_sheets`: picture -> each placed sheet's mm)."""
    centres = origins + ISLAND_SHEET_MM / 2
    at = cv2.perspectiveTransform(centres.reshape(-1, 1, 2), sheet_to_image)
    lying = np.zeros(len(origins), bool)
    for to_sheet in to_sheets:
        inside = cv2.perspectiveTransform(at, to_sheet).reshape(-1, 2)
        lying |= ((-0.25 * ISLAND_SHEET_MM < inside) & (inside < 1.25 * ISLAND_SHEET_MM)).all(axis=1)
    return lying


def _near_taken(centre: np.ndarray, size: float, taken: np.ndarray) -> bool:
    """Whether a marker `size` px across centred at `centre` would lie on one already placed."""
    return bool((np.sqrt(((centre - taken) ** 2).sum(axis=1)) < 0.5 * size).any())
