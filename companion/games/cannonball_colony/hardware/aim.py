"""Aiming the cannon at an island cell: where the cell is on the table.

The table frame is the one the camera measures the island in: millimetres on the sheet of an
island board (board 1 when the camera sees it), x along the sheet's top edge, y down its left
edge, origin at its top-left corner; a printed board's cell grid starts 24 mm in from there.
A cell's place comes from the same camera frame that located the cannon's base marker, board
by board; when the cannon's pose was given by hand (`serve --cannon-pose`) it comes from the
printed boards' plan instead, laid edge to edge as the board text's `boards:` line says.
`companion.hardware.aim.Aimer` then turns the point into pan and tilt.
"""

from __future__ import annotations

from typing import Callable

from companion.games.cannonball_colony.cells import BOARD_SIZE, Cell
from companion.games.cannonball_colony.kit.boards import ISLAND_CELL_MM, ISLAND_FRAME_MM
from companion.games.cannonball_colony.position import Position
from companion.hardware.aim import CANNON_MARKER_ID, AimSolution, Aimer, Matrix, NothingToAim, TableFrame, apply

ISLAND_FRAME = TableFrame(
    "on board {board}'s sheet",
    f"the camera has not seen its base marker (id {CANNON_MARKER_ID}) beside the island",
    f"Place the cannon with its base marker (id {CANNON_MARKER_ID}) beside the island, where the camera sees both, "
    "or start `companion serve` with --cannon-pose X,Y,HEADING (mm on board 1's sheet, x along its top edge, "
    "y down its left edge; HEADING in degrees from +x).")


class CellNotAimable(ValueError):
    """A cell that has no place on the table to aim at (off the boards, or not seen)."""


def plan_matrices(position: Position) -> dict[int, Matrix]:
    """Each board's cell grid in board 1's sheet mm, for printed boards laid edge to edge."""
    def sheet_origin(corner: Cell) -> tuple[float, float]:
        # Each board edge crossed adds the two frames between the neighbouring cell grids.
        return (corner.col * ISLAND_CELL_MM + 2 * ISLAND_FRAME_MM * (corner.col // BOARD_SIZE),
                corner.row * ISLAND_CELL_MM + 2 * ISLAND_FRAME_MM * (corner.row // BOARD_SIZE))

    base_x, base_y = sheet_origin(position.boards[0])
    out = {}
    for number, corner in enumerate(position.boards, start=1):
        x, y = sheet_origin(corner)
        out[number] = ((ISLAND_CELL_MM, 0.0, x - base_x + ISLAND_FRAME_MM),
                       (0.0, ISLAND_CELL_MM, y - base_y + ISLAND_FRAME_MM), (0.0, 0.0, 1.0))
    return out


def aim_at_cell(aimer: Aimer, position: Position, cell: Cell) -> AimSolution:
    """Pan and tilt for `cell`; CannonNotLocated, CellNotAimable or AimingError say why not."""
    fix = aimer.located_fix(str(cell))
    if not position.in_grid(cell):
        raise CellNotAimable(f"{cell} is outside the island's grid ({position.width} columns, {position.height} rows).")
    index = position.board_of(cell)
    if index is None:
        raise CellNotAimable(f"{cell} is sea off the printed boards: there is no place on the table to aim at.")
    number, corner = index + 1, position.boards[index]
    boards = fix.boards or plan_matrices(position)
    if number not in boards:
        raise CellNotAimable(f"Cannot aim at {cell}: board {number} was out of view when the camera located the "
                             "cannon. Let the camera see the whole island and the cannon's marker together.")
    x, y = apply(boards[number], cell.col - corner.col + 0.5, cell.row - corner.row + 0.5)
    return aimer.solve_point(fix, str(cell), x, y, measured=bool(fix.boards))


class CellTargets:
    """Cannonball Colony's targets: a cell's name ("D4") -> its AimSolution on the game now."""

    kind = "cell"

    def __init__(self, aimer: Aimer, position: Callable[[], Position | None]):
        self.aimer, self.position = aimer, position

    def __call__(self, text: str) -> AimSolution:
        position = self.position()
        if position is None:
            raise NothingToAim("No game is running, so there are no cells to aim at: start one first.")
        return aim_at_cell(self.aimer, position, Cell.parse(text.strip()))
