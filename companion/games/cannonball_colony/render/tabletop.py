"""The physical island: where each printed board lies on the table and what terrain it shows.

The one place that maps the logical grid of a Position to table millimetres.

Table frame: x to the right, y down (away from the camera's top edge when seen straight
on), z into the table, so heights above the table are negative z. This is OpenCV's camera
frame for a camera looking straight down, which keeps the projections simple.

Logical -> physical (see the comment at ISLAND_FRAME_MM in companion/kit/layout.py): every
sheet has a one-cell frame, so two butted boards show their grids two cells further apart
than their logical corners, and a reader recovers the layout as round(distance / cell) - 2
along the butted axis and round(distance / cell) along the other. Board 0 is put down first;
then, in seat order, each next board is butted against the board it touches logically (or,
across a gap of sea, set further along the separating axis). Its grid origin is

    (col * 24 mm + 48 mm * frames_x + gap_x,  row * 24 mm + 48 mm * frames_y + gap_y)

where frames_x/y count the frame pairs crossed on that chain of boards and gap_x/y sum the
small gaps a person leaves between sheets. A logical layout with a cycle of touching boards
cannot always keep every pair butted; the chain's pairs are, and the truth records each
sheet's pose, so nothing is guessed.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from companion.games.cannonball_colony.cells import BOARD_SIZE, Cell, Ground
from companion.games.cannonball_colony.position import Position
from companion.games.cannonball_colony.kit.boards import ISLAND_CELL_MM, ISLAND_FRAME_MM, ISLAND_SHEET_MM
from companion.games.cannonball_colony.kit.terrain import Terrain

CELL_MM = ISLAND_CELL_MM
FRAME_PAIR_MM = 2 * ISLAND_FRAME_MM
SHEET_MM = ISLAND_SHEET_MM
# A road covers grass more often than forest: grass roads come two to a turn.
ROAD_UNDERLAY_WEIGHTS = {"g": 13, "f": 7}
PRINTED_TOKENS = {Ground.GRASS: "g", Ground.FOREST: "f", Ground.LAKE: "l", Ground.MOUNTAIN: "m"}


@dataclass(frozen=True)
class SheetPose:
    """One printed island board lying on the table: which board, where, turned how far."""

    seat: int  # index in Position.boards; the printed board number is seat + 1
    corner: Cell  # the board's logical top-left cell
    centre_mm: tuple[float, float]  # table position of the sheet's centre
    angle_deg: float  # clockwise turn about the centre, as seen from above

    @property
    def board_number(self) -> int:
        return self.seat + 1

    def to_table(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        """A point of the sheet's own frame (mm from its cut top-left corner) on the table."""
        angle = math.radians(self.angle_deg)
        dx, dy = x_mm - SHEET_MM / 2, y_mm - SHEET_MM / 2
        return (self.centre_mm[0] + dx * math.cos(angle) - dy * math.sin(angle),
                self.centre_mm[1] + dx * math.sin(angle) + dy * math.cos(angle))

    def cell_centre(self, cell: Cell) -> tuple[float, float]:
        column, row = cell.col - self.corner.col, cell.row - self.corner.row
        return self.to_table(ISLAND_FRAME_MM + (column + 0.5) * CELL_MM,
                             ISLAND_FRAME_MM + (row + 0.5) * CELL_MM)

    def holds(self, cell: Cell) -> bool:
        return (0 <= cell.col - self.corner.col < BOARD_SIZE
                and 0 <= cell.row - self.corner.row < BOARD_SIZE)

    def to_json(self) -> dict:
        return {"board": self.board_number, "corner": str(self.corner),
                "centre_mm": [round(v, 3) for v in self.centre_mm],
                "angle_deg": round(self.angle_deg, 4)}


@dataclass(frozen=True)
class Tabletop:
    """The sheets as laid, and the terrain each one has printed on it (seat order)."""

    sheets: tuple[SheetPose, ...]
    printed: tuple[Terrain, ...]

    def sheet_of(self, cell: Cell) -> SheetPose | None:
        return next((sheet for sheet in self.sheets if sheet.holds(cell)), None)

    def cell_centre(self, cell: Cell) -> tuple[float, float]:
        sheet = self.sheet_of(cell)
        if sheet is None:
            raise ValueError(f"cell {cell} is not on any board, so it has no place on the table")
        return sheet.cell_centre(cell)

    def cell_corners(self, cell: Cell) -> list[tuple[float, float]]:
        """The cell's four corners on the table, clockwise from its top-left."""
        sheet = self.sheet_of(cell)
        if sheet is None:
            raise ValueError(f"cell {cell} is not on any board")
        left = ISLAND_FRAME_MM + (cell.col - sheet.corner.col) * CELL_MM
        top = ISLAND_FRAME_MM + (cell.row - sheet.corner.row) * CELL_MM
        return [sheet.to_table(left + dx, top + dy)
                for dx, dy in ((0, 0), (CELL_MM, 0), (CELL_MM, CELL_MM), (0, CELL_MM))]

    def extent(self) -> tuple[float, float, float, float]:
        """Bounding box of every sheet's corners on the table: x0, y0, x1, y1."""
        points = [sheet.to_table(x, y) for sheet in self.sheets
                  for x, y in ((0, 0), (SHEET_MM, 0), (SHEET_MM, SHEET_MM), (0, SHEET_MM))]
        xs, ys = zip(*points)
        return min(xs), min(ys), max(xs), max(ys)


def printed_terrain(position: Position, seed: int) -> tuple[Terrain, ...]:
    """The terrain printed on each board: the Position's ground, with each road cell's
    underlying grass or forest drawn from `seed` (the Position no longer knows it)."""
    chooser = random.Random(f"printed terrain {seed}")
    tokens, weights = zip(*ROAD_UNDERLAY_WEIGHTS.items())
    boards = []
    for corner in position.boards:
        rows = []
        for row in range(BOARD_SIZE):
            line = []
            for col in range(BOARD_SIZE):
                ground = position.ground_at(Cell(corner.col + col, corner.row + row))
                line.append(chooser.choices(tokens, weights)[0] if ground is Ground.ROAD
                            else PRINTED_TOKENS.get(ground, "g"))
            rows.append(tuple(line))
        boards.append(tuple(rows))
    return tuple(boards)


def check_printed(position: Position, printed: tuple[Terrain, ...]) -> None:
    """ValueError naming the first cell where the printed terrain contradicts the Position."""
    if len(printed) != len(position.boards):
        raise ValueError(f"printed terrain for {len(printed)} boards, but the position has "
                         f"{len(position.boards)} ({' '.join(map(str, position.boards))})")
    for seat, (corner, terrain) in enumerate(zip(position.boards, printed)):
        for row in range(BOARD_SIZE):
            for col in range(BOARD_SIZE):
                cell = Cell(corner.col + col, corner.row + row)
                token = terrain[row][col]
                ground = position.ground_at(cell)
                allowed = ROAD_UNDERLAY_WEIGHTS.keys() if ground is Ground.ROAD else {PRINTED_TOKENS.get(ground)}
                if token not in allowed:
                    raise ValueError(f"board {seat + 1} prints {token!r} at {cell}, but the position has "
                                     f"{ground.label} there (expected {' or '.join(sorted(allowed))})")


def lay_out_sheets(position: Position, rng: random.Random | None = None,
                   gap_mm: tuple[float, float] = (2.0, 3.5), max_turn_deg: float = 0.4) -> tuple[SheetPose, ...]:
    """Put the boards down as a person would; rng None means exactly butted and square.

    The gap keeps slightly turned sheets from overlapping: at 0.4 degrees a sheet's corner
    moves about 1 mm, so two neighbours need at least 2 mm between them.
    """
    boards = position.boards
    frames = {0: (0, 0)}
    gaps = {0: (0.0, 0.0)}
    while len(frames) < len(boards):
        placed, new = min(((p, q) for p in frames for q in range(len(boards)) if q not in frames),
                          key=lambda pair: _closeness(boards[pair[0]], boards[pair[1]]) + pair)
        d_col, d_row = boards[new].col - boards[placed].col, boards[new].row - boards[placed].row
        step_x = _sign(d_col) if abs(d_col) >= BOARD_SIZE else 0
        step_y = _sign(d_row) if abs(d_row) >= BOARD_SIZE else 0
        gap = rng.uniform(*gap_mm) if rng is not None else 0.0
        frames[new] = (frames[placed][0] + step_x, frames[placed][1] + step_y)
        gaps[new] = (gaps[placed][0] + step_x * gap, gaps[placed][1] + step_y * gap)
    origins = {i: (corner.col * CELL_MM + FRAME_PAIR_MM * frames[i][0] + gaps[i][0],
                   corner.row * CELL_MM + FRAME_PAIR_MM * frames[i][1] + gaps[i][1])
               for i, corner in enumerate(boards)}
    _check_no_overlap(boards, origins)
    # Grid origin -> sheet centre; then centre the island on the table's origin.
    centres = {i: (x - ISLAND_FRAME_MM + SHEET_MM / 2, y - ISLAND_FRAME_MM + SHEET_MM / 2)
               for i, (x, y) in origins.items()}
    middle_x = (min(x for x, _ in centres.values()) + max(x for x, _ in centres.values())) / 2
    middle_y = (min(y for _, y in centres.values()) + max(y for _, y in centres.values())) / 2
    sheets = []
    for i, corner in enumerate(boards):
        turn = rng.uniform(-max_turn_deg, max_turn_deg) if rng is not None else 0.0
        sheets.append(SheetPose(i, corner, (centres[i][0] - middle_x, centres[i][1] - middle_y), turn))
    return tuple(sheets)


def _closeness(a: Cell, b: Cell) -> tuple[int, int]:
    """Touching boards first (0), then the nearest across the sea."""
    d_col, d_row = abs(a.col - b.col), abs(a.row - b.row)
    touching = (d_col == BOARD_SIZE and d_row < BOARD_SIZE) or (d_row == BOARD_SIZE and d_col < BOARD_SIZE)
    return (0 if touching else 1, max(d_col, d_row))


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def _check_no_overlap(boards, origins) -> None:
    for a in range(len(boards)):
        for b in range(a + 1, len(boards)):
            dx = abs(origins[a][0] - origins[b][0])
            dy = abs(origins[a][1] - origins[b][1])
            if dx < SHEET_MM - 1e-6 and dy < SHEET_MM - 1e-6:
                raise ValueError(f"boards {boards[a]} and {boards[b]} cannot both lie flat: their "
                                 f"printed sheets would overlap on the table")
