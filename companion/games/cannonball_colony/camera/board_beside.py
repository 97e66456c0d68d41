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
from companion.games.cannonball_colony.camera.marker_reading import (MODULES, MarkerSettings, best_read,
                                                                    many_pattern_scores, pattern_index, turned)

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
    # How many of a placement's four corners must show a marker's dark border ring to be read together. Was 3: a 12 px
    # marker blurred into the paper shows it at some placements only (tuning seed 6229: boards 1 and 2 found at 2).
    joint_least_like: int = 2


def search_beside(grey: np.ndarray, located: dict[int, LocatedBoard], settings: BesideSettings = BesideSettings(),
                  reading: MarkerSettings = MarkerSettings(), taken=(), reads: "BesideReads | None" = None
                  ) -> dict[int, np.ndarray]:
    """Corner markers of unplaced boards beside placed ones: the one surest read per board
    (its other markers follow from it). `taken` are the centres of markers already placed; `reads`, this picture's
    reads from earlier searches beside (a far island is searched again after each board it places: the sides of the
    boards placed before are read once)."""
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
    reads = (reads if reads is not None else BesideReads(grey, settings)).with_paper(paper)
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
            quads = quads.reshape(-1, 4, 2)      # every placement's four corners, corner = index % 4
            centres = quads.mean(axis=1)
            inside = (centres[:, 0] >= 0) & (centres[:, 0] < width) & (centres[:, 1] >= 0) & (centres[:, 1] < height)
            fresh = []
            for index, (key, shown) in enumerate(zip(map(tuple, np.round(centres / 2).tolist()), inside)):
                if shown and key not in seen:
                    seen.add(key)
                    fresh.append(index)
            fresh = np.array(fresh, int)
            fresh = fresh[~_near_taken(centres[fresh], quads[fresh], taken)]
            fresh = fresh[reads.like_markers(quads[fresh])]
            for corner, quad, table in zip(fresh % 4, quads[fresh], reads.many(quads[fresh], reading)):
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
        for board, found in _read_together(reads, placements, still_missing, taken, settings, reading).items():
            best[board] = found
    return {marker_id: quad for _, marker_id, quad in best.values()}


def _read_together(reads, placements, missing, taken, settings: BesideSettings, reading: MarkerSettings) -> dict:
    """board -> (score, marker id, quad) for missing boards whose four small corner markers,
    read together, say which board lies at a placement and how it is turned."""
    small = replace(reading, min_marker_px=settings.joint_min_px)
    found: dict[int, tuple[float, int, np.ndarray]] = {}
    corners = np.array(placements).reshape(-1, 4, 2)
    clear = ~_near_taken(corners.mean(axis=1), corners, taken).reshape(-1, 4).any(axis=1)
    kept = np.flatnonzero(clear)
    # Enough of a placement's four corners must look like markers (the others may be too blurred to show a dark ring).
    like = reads.like_markers(corners.reshape(-1, 4, 4, 2)[kept].reshape(-1, 4, 2)).reshape(-1, 4)
    readable = kept[like.sum(axis=1) >= settings.joint_least_like]
    tables = {index: [] for index in readable}
    for corner in range(4):   # one unreadable corner rules the placement out: corner by corner, the rest together
        readings = [(index, table) for index, table in
                    zip(readable, reads.many([placements[index][corner] for index in readable], small)) if table is not None]
        for index, table in readings:
            tables[index].append(table)
        readable = [index for index, _ in readings]
    for index in readable:
        quads = placements[index]
        hypotheses = []
        for board in missing:
            for turns in range(4):
                # On a sheet turned `turns` quarter turns, physical corner c shows marker (c - turns) mod 4.
                score = np.mean([tables[index][c][pattern_index(board, (c - turns) % 4, turns)] for c in range(4)])
                hypotheses.append((float(score), board, turns))
        hypotheses.sort(reverse=True)
        (score, board, turns), runner_up = hypotheses[0], hypotheses[1][0]
        if score < settings.joint_min_score or score - runner_up < settings.joint_min_lead:
            continue
        if board not in found or score > found[board][0]:
            corner = max(range(4), key=lambda c: tables[index][c][pattern_index(board, (c - turns) % 4, turns)])
            marker_id = ids.island_board_marker(board, (corner - turns) % 4)
            found[board] = (score, marker_id, turned(quads[corner], turns))
    return found


class BesideReads:
    """One picture's quads read (marker_reading.read_scores) and their border rings' grey measured (_ring_greys), each
    once: many placements' corners are read one by one and then again together, under a lower size limit that does
    not change the table, and again by the next search beside the boards of the same picture. Only the paper's grey
    (which a ring's is held against) changes from search to search."""

    def __init__(self, grey: np.ndarray, settings: BesideSettings = BesideSettings(), paper: float = 255.0,
                 tables: dict | None = None, rings: dict | None = None):
        self.grey, self.paper, self.settings = grey, paper, settings
        self.tables: dict[tuple, np.ndarray | None] = {} if tables is None else tables
        self.rings: dict[bytes, float] = {} if rings is None else rings

    def with_paper(self, paper: float) -> "BesideReads":
        """The same remembered reads, rings now held against `paper`."""
        return type(self)(self.grey, self.settings, paper, self.tables, self.rings)

    def many(self, quads, settings: MarkerSettings) -> list:
        """Each quad's table, None for one too small or flat; those not read before are read together."""
        quads = np.asarray(quads, np.float64).reshape(-1, 4, 2)
        big = (_diagonal_sizes(quads) >= settings.min_marker_px).tolist()
        keys = [(quad.tobytes(), settings.px_per_module, settings.min_contrast) if read else None
                for quad, read in zip(quads, big)]
        new = {key: quad for key, quad in zip(keys, quads) if key is not None and key not in self.tables}
        self.tables.update(zip(new, many_pattern_scores(self.grey, list(new.values()), settings)))
        return [None if key is None else self.tables[key] for key in keys]

    def like_markers(self, quads: np.ndarray) -> np.ndarray:
        """_like_markers of each quad (N, 4, 2), the rings not measured before measured together."""
        keys = [quad.tobytes() for quad in quads]
        new = {key: quad for key, quad in zip(keys, quads) if key not in self.rings}
        if new:
            self.rings.update(zip(new, _ring_greys(self.grey, np.array(list(new.values()))).tolist()))
        return np.array([self.rings[key] for key in keys], np.float64) < self.settings.dark_share * self.paper


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


MARKER_UNIT = np.array([[0, 0], [MODULES, 0], [MODULES, MODULES], [0, MODULES]], np.float32)
# The middles of a marker's border modules, in modules.
BORDER_RING = np.array([[0.5, 0.5], [3.0, 0.5], [5.5, 0.5], [5.5, 3.0], [5.5, 5.5], [3.0, 5.5], [0.5, 5.5], [0.5, 3.0]])


def _like_markers(grey: np.ndarray, quads: np.ndarray, paper: float, settings: BesideSettings) -> np.ndarray:
    """Whether a marker's black border could be at each quad (N, 4, 2): its ring of border modules is dark."""
    if not len(quads):
        return np.zeros(0, bool)
    return _ring_greys(grey, quads) < settings.dark_share * paper


def _ring_greys(grey: np.ndarray, quads: np.ndarray) -> np.ndarray:
    """The mean grey of each quad's (N, 4, 2) ring of border modules. Each ring is placed by OpenCV quad by quad (the
    same points to the bit as one at a time); the rest at once (a ring's eight whole grey levels sum exactly)."""
    if not len(quads):
        return np.zeros(0, np.float64)
    points = np.array([cv2.perspectiveTransform(BORDER_RING.reshape(-1, 1, 2),
                                                cv2.getPerspectiveTransform(MARKER_UNIT, quad.astype(np.float32)))
                       for quad in quads]).reshape(len(quads), -1, 2)
    height, width = grey.shape[:2]
    xs = np.clip(np.rint(points[..., 0]).astype(int), 0, width - 1)
    ys = np.clip(np.rint(points[..., 1]).astype(int), 0, height - 1)
    return grey[ys, xs].mean(axis=1)


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


def _near_taken(centres: np.ndarray, quads: np.ndarray, taken: np.ndarray) -> np.ndarray:
    """Whether markers at `quads` (N, 4, 2), centred at `centres` (N, 2), would lie on one already placed
    (`taken`: placed markers' centres); a marker's size is its diagonal (a matrix product: np.linalg.norm's sum)."""
    sizes = _diagonal_sizes(quads)
    distances = np.sqrt(((centres[:, None, :] - taken[None]) ** 2).sum(axis=2))
    return (distances < 0.5 * sizes[:, None]).any(axis=1)


def _diagonal_sizes(quads: np.ndarray) -> np.ndarray:
    """Each quad's (N, 4, 2) size, its first diagonal: a matrix product gives np.linalg.norm's sum, quad by quad."""
    diagonals = quads[:, 0] - quads[:, 2]
    return np.sqrt((diagonals[:, None, :] @ diagonals[:, :, None]).reshape(-1))
