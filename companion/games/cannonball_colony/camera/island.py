"""Find Cannonball Colony's printed boards in a frame and assemble the island's logical grid.

Each board is located by its own corner markers (a homography from its sheet's millimetres to
image pixels). The island is then walked from the lowest-numbered board seen through sheets
that touch (butted, or with a small gap), each step removing the two frames between grids.
Every cell's outline in the image comes from the board it lies on, however it is turned.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from calibration.pose import SheetLayout as MarkerLayout
from calibration.pose import SheetNotFound, locate_sheet
from companion.kit import ids
from companion.games.cannonball_colony.kit.boards import ISLAND_CELL_MM, ISLAND_CELLS, ISLAND_FRAME_MM, island_board_layout
from companion.vision.markers import DetectedMarker

# Two butted boards put their grids two cells (the two frames) apart (the kit's sheets).
FRAMES_BETWEEN_BOARDS = 2


@dataclass(frozen=True)
class IslandSettings:
    # A webcam's lens bends straight lines: across a board filling half the picture a single
    # homography can be several pixels out at the corners. Markers this far from the fit are
    # misreads (they are tens of pixels out); nearer ones are the lens, and are kept.
    marker_outlier_px: float = 10.0
    # A board seen by all four markers keeps its own homography (it follows the lens locally)
    # when that fits them this well; otherwise it is placed on the common table plane.
    own_fit_px: float = 1.5
    # People leave small gaps between sheets; one wider than this share of a cell means the
    # sheets do not touch.
    gap_tolerance_cells: float = 0.85


class IslandNotFound(ValueError):
    """No island board could be located; the message says what was seen."""


@dataclass(frozen=True, eq=False)
class LocatedBoard:
    number: int                 # 1..4, the printed board (seat order)
    sheet_to_image: np.ndarray  # 3x3, board sheet mm -> image px
    markers_used: tuple[int, ...]
    rms_px: float
    # The sheet placed rigidly on the common table plane: where it lies among the others.
    # sheet_to_image may instead follow the board's own markers (closer under a bending lens).
    placed_to_image: np.ndarray | None = None

    @property
    def on_plane(self) -> np.ndarray:
        return self.sheet_to_image if self.placed_to_image is None else self.placed_to_image


@dataclass(frozen=True, eq=False)
class IslandGeometry:
    """Where every cell of the island grid is in the image."""

    boards: dict[int, tuple[int, int]]          # board number -> logical (col, row) of its top-left
    width: int
    height: int
    cell_board: dict[tuple[int, int], int]       # logical (col, row) -> board number
    cell_to_sheet: dict[int, np.ndarray]         # board -> 3x3 logical cell units -> its sheet mm
    located: dict[int, LocatedBoard]

    def cell_outline(self, col: int, row: int, inset: float = 0.0) -> np.ndarray:
        """The cell's four image corners (TL, TR, BR, BL), shrunk by `inset` cells on each side."""
        board = self.cell_board[(col, row)]
        corners = np.array([[col + inset, row + inset], [col + 1 - inset, row + inset],
                            [col + 1 - inset, row + 1 - inset], [col + inset, row + 1 - inset]], np.float64)
        matrix = self.located[board].sheet_to_image @ self.cell_to_sheet[board]
        return cv2.perspectiveTransform(corners.reshape(-1, 1, 2), matrix).reshape(4, 2)

    def grid_to_image(self, board: int) -> np.ndarray:
        """3x3: logical cell coordinates -> image px, through `board`'s own markers."""
        return self.located[board].sheet_to_image @ self.cell_to_sheet[board]


def _marker_layout(board: int) -> MarkerLayout:
    layout = island_board_layout(board)
    return MarkerLayout({m.id: m.corners for m in layout.markers})


MARKER_LAYOUTS = {board: _marker_layout(board) for board in range(1, ids.ISLAND_BOARDS + 1)}


def locate_boards(markers: list[DetectedMarker], rounds: int = 3,
                  settings: IslandSettings = IslandSettings()) -> dict[int, LocatedBoard]:
    """Every board seen, as poses on one table plane.

    A board seen by two markers on one edge has a poorly conditioned homography of its own,
    so the boards are fitted together: one plane homography (reference sheet mm -> image)
    and a rigid placement of each sheet on that plane, refined in turns.
    """
    own = {}
    for board, layout in MARKER_LAYOUTS.items():
        if any(m.id in layout.markers for m in markers):
            try:
                own[board] = locate_sheet(markers, layout, outlier_px=settings.marker_outlier_px)
            except SheetNotFound:
                continue
    if not own:
        return {}
    by_id = {m.id: m for m in markers}
    points = {board: (np.array([MARKER_LAYOUTS[board].markers[i] for i in found.markers_used], np.float64).reshape(-1, 2),
                      np.array([by_id[i].corners for i in found.markers_used], np.float64).reshape(-1, 2))
              for board, found in own.items()}
    reference = max(own, key=lambda b: (len(own[b].markers_used), -b))
    plane = own[reference].matrix
    placements = {board: np.eye(3) for board in own}
    for _ in range(rounds):
        to_plane = np.linalg.inv(plane)
        for board, (sheet_mm, image_px) in points.items():
            if board != reference:
                on_plane = cv2.perspectiveTransform(image_px.reshape(-1, 1, 2), to_plane).reshape(-1, 2)
                placements[board] = _rigid_fit(sheet_mm, on_plane)
        source = np.vstack([_apply(placements[b], sheet_mm) for b, (sheet_mm, _) in points.items()])
        target = np.vstack([image_px for _, image_px in points.values()])
        plane, _ = cv2.findHomography(source, target, 0)
    located = {}
    for board, (sheet_mm, image_px) in points.items():
        placed = plane @ placements[board]
        placed = placed / placed[2, 2]
        matrix = placed
        if len(own[board].markers_used) == 4 and own[board].rms_px <= settings.own_fit_px:
            matrix = own[board].matrix / own[board].matrix[2, 2]
        residual = _apply(matrix, sheet_mm) - image_px
        rms = float(np.sqrt((residual ** 2).sum(axis=1).mean()))
        located[board] = LocatedBoard(board, matrix, own[board].markers_used, rms, placed)
    return located


def _apply(matrix: np.ndarray, points: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(points.reshape(-1, 1, 2), matrix).reshape(-1, 2)


def _rigid_fit(source: np.ndarray, target: np.ndarray) -> np.ndarray:
    """3x3 rotation + translation (no scale: paper does not stretch) taking source to target."""
    source_mean, target_mean = source.mean(axis=0), target.mean(axis=0)
    covariance = (source - source_mean).T @ (target - target_mean)
    u, _, vt = np.linalg.svd(covariance)
    rotation = (u @ vt).T
    if np.linalg.det(rotation) < 0:
        vt[-1] *= -1
        rotation = (u @ vt).T
    matrix = np.eye(3)
    matrix[:2, :2] = rotation
    matrix[:2, 2] = target_mean - rotation @ source_mean
    return matrix


def _sheet_grid(board_to_ref: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The board's grid origin and axes in the reference sheet's mm."""
    points = np.array([[ISLAND_FRAME_MM, ISLAND_FRAME_MM],
                       [ISLAND_FRAME_MM + ISLAND_CELL_MM, ISLAND_FRAME_MM],
                       [ISLAND_FRAME_MM, ISLAND_FRAME_MM + ISLAND_CELL_MM]], np.float64)
    mapped = cv2.perspectiveTransform(points.reshape(-1, 1, 2), board_to_ref).reshape(3, 2)
    return mapped[0], mapped[1] - mapped[0], mapped[2] - mapped[0]


def _quarter_turns(x_axis: np.ndarray) -> int:
    """How the board is turned on the table relative to the reference, in quarter turns."""
    angle = np.degrees(np.arctan2(x_axis[1], x_axis[0]))
    return int(round(angle / 90.0)) % 4


def _offset_between(a: np.ndarray, b: np.ndarray, gap_tolerance_cells: float) -> tuple[int, int] | None:
    """Island-grid offset from board a to board b when their sheets touch, else None.

    Printed grids of touching sheets are one frame pair (two cells) further apart than on the
    island along the axis that separates them, plus whatever small gap a person left.
    """
    d = b - a
    apart = [abs(v) >= ISLAND_CELLS + 1 for v in d]
    if apart[0] == apart[1]:
        return None  # overlapping on both axes (impossible) or apart on both: corners only
    axis = 0 if apart[0] else 1
    gap = abs(d[axis]) - FRAMES_BETWEEN_BOARDS - ISLAND_CELLS
    if gap > gap_tolerance_cells or abs(d[1 - axis]) > ISLAND_CELLS + FRAMES_BETWEEN_BOARDS - 1:
        return None
    offset = [int(round(v)) for v in d]
    offset[axis] = ISLAND_CELLS if d[axis] > 0 else -ISLAND_CELLS
    return offset[0], offset[1]


def _place_boards(printed: dict[int, np.ndarray], reference: int, gap_tolerance_cells: float) -> dict[int, tuple[int, int]]:
    """Walk from the reference board to every board it reaches through touching sheets."""
    logical = {reference: (0, 0)}
    queue = [reference]
    while queue:
        here = queue.pop(0)
        for board in sorted(printed):
            if board in logical:
                continue
            step = _offset_between(printed[here], printed[board], gap_tolerance_cells)
            if step is not None:
                logical[board] = (logical[here][0] + step[0], logical[here][1] + step[1])
                queue.append(board)
    return logical


def assemble_island(located: dict[int, LocatedBoard], settings: IslandSettings = IslandSettings()) -> IslandGeometry:
    if not located:
        raise IslandNotFound("no island board located: none of markers 0-15 seen")
    reference = min(located)
    # Where the boards lie relative to each other comes from the one table plane: each
    # board's own homography can tilt a little differently, and far from the reference
    # that would put a board a cell off.
    to_ref_sheet = np.linalg.inv(located[reference].on_plane)
    printed, turns = {}, {}
    for board, found in located.items():
        origin, x_axis, y_axis = _sheet_grid(to_ref_sheet @ found.on_plane)
        turns[board] = _quarter_turns(x_axis)
        # The grid corner nearest the reference's top-left, whichever way the board is turned.
        grid_corners = [origin + x_axis * a + y_axis * b for a in (0, ISLAND_CELLS) for b in (0, ISLAND_CELLS)]
        corner_mm = np.minimum.reduce(grid_corners)
        printed[board] = (corner_mm - ISLAND_FRAME_MM) / ISLAND_CELL_MM
    logical = _place_boards(printed, reference, settings.gap_tolerance_cells)
    stranded = sorted(set(printed) - set(logical))
    if stranded:
        raise IslandNotFound(f"board {', '.join(map(str, stranded))} does not touch the rest of the island; "
                             "push the boards together")
    left = min(c for c, _ in logical.values())
    top = min(r for _, r in logical.values())
    boards = {board: (c - left, r - top) for board, (c, r) in logical.items()}
    cell_to_sheet = {board: _cell_to_sheet(col, row, turns[board]) for board, (col, row) in boards.items()}
    width = max(c for c, _ in boards.values()) + ISLAND_CELLS
    height = max(r for _, r in boards.values()) + ISLAND_CELLS
    cell_board = {(col + dc, row + dr): board for board, (col, row) in boards.items()
                  for dr in range(ISLAND_CELLS) for dc in range(ISLAND_CELLS)}
    return IslandGeometry(boards, width, height, cell_board, cell_to_sheet, located)


def _cell_to_sheet(col: int, row: int, turns: int) -> np.ndarray:
    """3x3 from logical cell units to the board's own sheet mm, for a board turned `turns` times."""
    n = ISLAND_CELLS
    # Board-local cell coordinates (u, v) of logical (x, y), per quarter turn of the board.
    local = {0: [[1, 0, -col], [0, 1, -row]],
             1: [[0, 1, -row], [-1, 0, col + n]],
             2: [[-1, 0, col + n], [0, -1, row + n]],
             3: [[0, -1, row + n], [1, 0, -col]]}[turns]
    to_local = np.array(local + [[0, 0, 1]], np.float64)
    to_mm = np.array([[ISLAND_CELL_MM, 0, ISLAND_FRAME_MM], [0, ISLAND_CELL_MM, ISLAND_FRAME_MM], [0, 0, 1]])
    return to_mm @ to_local
