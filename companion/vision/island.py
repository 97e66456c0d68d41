"""Find Cannonball Colony's printed boards in a frame and assemble the island's logical grid.

Each board is located by its own corner markers (a homography from its sheet's millimetres to
image pixels). Boards are then placed relative to the lowest-numbered board seen: on the table
plane the map between two flat sheets is rigid, so each cell of the island grid gets its
outline in the image from the board it lies on, whatever the boards' rotation or spacing.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from calibration.pose import SheetLayout as MarkerLayout
from calibration.pose import SheetNotFound, locate_sheet
from companion.kit import ids
from companion.kit.layout import ISLAND_CELL_MM, ISLAND_CELLS, ISLAND_FRAME_MM, island_board_layout
from companion.vision.markers import DetectedMarker

# Two butted boards put their grids two cells (the two frames) apart. A gap narrower than
# this share of a cell still counts as butted; a wider one adds a column of sea.
GAP_TOLERANCE_CELLS = 0.85
FRAMES_BETWEEN_BOARDS = 2


class IslandNotFound(ValueError):
    """No island board could be located; the message says what was seen."""


@dataclass(frozen=True, eq=False)
class LocatedBoard:
    number: int                 # 1..4, the printed board (seat order)
    sheet_to_image: np.ndarray  # 3x3, board sheet mm -> image px
    markers_used: tuple[int, ...]
    rms_px: float


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


def locate_boards(markers: list[DetectedMarker]) -> dict[int, LocatedBoard]:
    located = {}
    for board, layout in MARKER_LAYOUTS.items():
        if not any(m.id in layout.markers for m in markers):
            continue
        try:
            found = locate_sheet(markers, layout)
        except SheetNotFound:
            continue
        located[board] = LocatedBoard(board, found.matrix, found.markers_used, found.rms_px)
    return located


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


def _logical_offset(cells: float) -> int:
    """Printed-grid offset between two boards -> island-grid offset along one axis.

    Boards that overlap along this axis (offset under 7 cells) keep it as it is; boards
    apart along it lose the two frames between them, and a gap counts as sea only when it
    is wider than GAP_TOLERANCE_CELLS.
    """
    size = abs(cells)
    if size < ISLAND_CELLS + 1:
        return int(round(cells))
    gap = size - FRAMES_BETWEEN_BOARDS - ISLAND_CELLS
    sea = max(0, int(np.ceil(gap - GAP_TOLERANCE_CELLS)))
    logical = ISLAND_CELLS + sea
    return logical if cells > 0 else -logical


def assemble_island(located: dict[int, LocatedBoard]) -> IslandGeometry:
    if not located:
        raise IslandNotFound("no island board located: none of markers 0-15 seen")
    reference = min(located)
    to_ref_sheet = np.linalg.inv(located[reference].sheet_to_image)
    printed, turns = {}, {}
    for board, found in located.items():
        origin, x_axis, y_axis = _sheet_grid(to_ref_sheet @ found.sheet_to_image)
        turns[board] = _quarter_turns(x_axis)
        # The grid corner nearest the reference's top-left, whichever way the board is turned.
        grid_corners = [origin + x_axis * a + y_axis * b for a in (0, ISLAND_CELLS) for b in (0, ISLAND_CELLS)]
        corner_mm = np.minimum.reduce(grid_corners)
        printed[board] = (corner_mm - ISLAND_FRAME_MM) / ISLAND_CELL_MM
    logical = {board: (_logical_offset(dx), _logical_offset(dy)) for board, (dx, dy) in printed.items()}
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
