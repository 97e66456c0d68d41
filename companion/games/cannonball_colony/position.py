"""The island as it stands: ground, pieces, landings, earned pieces, supply, and its geometry.

Geometry follows the rulings: island edge (CC-3), connections (CC-5), fort distance (CC-6)
and cannon range (CC-7). A Position is never changed in place; `replace` makes a new one.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field, replace as dataclass_replace
from typing import Mapping, NamedTuple

from companion.games.cannonball_colony.cells import (
    BOARD_SIZE,
    Cell,
    Country,
    Earned,
    Ground,
    Piece,
    PieceKind,
    earned_by_fort_count,
)


class CannonLine(NamedTuple):
    """Whether a cannon on `cannon` hits `target`, and the cells the shot crosses (CC-7)."""

    cannon: Cell
    target: Cell
    in_range: bool
    blocked_by: Cell | None
    between: tuple[Cell, ...]


@dataclass(frozen=True)
class Position:
    players: tuple[Country, ...]
    boards: tuple[Cell, ...]
    width: int
    height: int
    ground: Mapping[Cell, Ground]
    pieces: Mapping[Cell, Piece] = field(default_factory=dict)
    landing: Mapping[Country, Cell] = field(default_factory=dict)
    # Only the players whose `earned:` is stated; the others get CC-8's default.
    earned_stated: Mapping[Country, frozenset[Earned]] = field(default_factory=dict)
    supply: int | None = None
    turn: Country | None = None
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    def replace(self, **changes) -> "Position":
        return dataclass_replace(self, _cache={}, **changes)

    # --- cells and boards -------------------------------------------------------------

    def cells(self):
        for row in range(self.height):
            for col in range(self.width):
                yield Cell(col, row)

    def in_grid(self, cell: Cell) -> bool:
        return 0 <= cell.col < self.width and 0 <= cell.row < self.height

    def ground_at(self, cell: Cell) -> Ground:
        return self.ground.get(cell, Ground.SEA)

    def is_land(self, cell: Cell) -> bool:
        return self.ground.get(cell, Ground.SEA) is not Ground.SEA

    def board_of(self, cell: Cell) -> int | None:
        """Index of the 6x6 board that holds the cell, in seat order, or None off the boards."""
        for index, corner in enumerate(self.boards):
            if corner.col <= cell.col < corner.col + BOARD_SIZE and corner.row <= cell.row < corner.row + BOARD_SIZE:
                return index
        return None

    def is_on_edge(self, cell: Cell) -> bool:
        """CC-3: a land cell with a neighbour off the grid or in the sea."""
        return self.is_land(cell) and any(not self.is_land(n) for n in cell.neighbours())

    def landing_owner(self, cell: Cell) -> Country | None:
        for country, landed in self.landing.items():
            if landed == cell:
                return country
        return None

    # --- pieces and mats --------------------------------------------------------------

    def pieces_of(self, country: Country, kind: PieceKind) -> list[Cell]:
        return [cell for cell, piece in self.pieces.items() if piece.owner is country and piece.kind is kind]

    def fort_count(self, country: Country) -> int:
        return len(self.pieces_of(country, PieceKind.FORT))

    def earned(self, country: Country) -> frozenset[Earned]:
        """CC-8: as stated, or else what the fort count uncovered plus what already stands."""
        if country in self.earned_stated:
            return self.earned_stated[country]
        standing = set(earned_by_fort_count(self.fort_count(country)))
        cannons = len(self.pieces_of(country, PieceKind.CANNON))
        standing.update([Earned.CANNON1, Earned.CANNON2][:cannons])
        if self.pieces_of(country, PieceKind.BLOCKADE):
            standing.add(Earned.BLOCKADE)
        return frozenset(standing)

    def cannons_in_hand(self, country: Country) -> int:
        earned = self.earned(country)
        owned = (Earned.CANNON1 in earned) + (Earned.CANNON2 in earned)
        return max(0, owned - len(self.pieces_of(country, PieceKind.CANNON)))

    def blockade_in_hand(self, country: Country) -> bool:
        return Earned.BLOCKADE in self.earned(country) and not self.pieces_of(country, PieceKind.BLOCKADE)

    def road_cell_count(self) -> int:
        return sum(1 for g in self.ground.values() if g is Ground.ROAD)

    # --- connections (CC-5) -----------------------------------------------------------

    def _enterable_for(self, country: Country, cell: Cell) -> bool:
        if self.ground.get(cell) is not Ground.ROAD:
            return False
        piece = self.pieces.get(cell)
        if piece is None or piece.kind is PieceKind.CANNON:
            return True
        return piece.kind is PieceKind.FORT and piece.owner is country

    def network(self, country: Country) -> frozenset[Cell]:
        """Road cells joined to the player's landing road or forts through enterable roads."""
        key = ("network", country)
        if key in self._cache:
            return self._cache[key]
        starts = self.pieces_of(country, PieceKind.FORT)
        landed = self.landing.get(country)
        if landed is not None and self._enterable_for(country, landed):
            starts.append(landed)
        reached = set(starts)
        queue = deque(starts)
        while queue:
            for n in queue.popleft().neighbours():
                if n not in reached and self._enterable_for(country, n):
                    reached.add(n)
                    queue.append(n)
        result = frozenset(reached)
        self._cache[key] = result
        return result

    def touches_network(self, country: Country, cell: Cell) -> bool:
        network = self.network(country)
        return any(n in network for n in cell.neighbours())

    # --- fort distance (CC-6) ---------------------------------------------------------

    def _passable_for_distance(self, cell: Cell) -> bool:
        ground = self.ground.get(cell)
        if ground is Ground.FOREST:
            return True
        if ground is Ground.ROAD:
            piece = self.pieces.get(cell)
            return piece is None or piece.kind is not PieceKind.BLOCKADE
        return False

    def fort_path(self, start: Cell, goal: Cell) -> list[Cell] | None:
        """Shortest path from start to goal, both included, or None when there is none."""
        if start == goal:
            return [start]
        parents = {start: start}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            for n in cell.neighbours():
                if n in parents:
                    continue
                if n == goal:
                    path = [n, cell]
                    while path[-1] != start:
                        path.append(parents[path[-1]])
                    return path[::-1]
                if self._passable_for_distance(n):
                    parents[n] = cell
                    queue.append(n)
        return None

    def fort_distances_within(self, start: Cell, limit: int) -> dict[Cell, int]:
        """Fort distance from start to every passable cell at most `limit` steps away."""
        distances = {start: 0}
        frontier = [start]
        for step in range(1, limit + 1):
            next_frontier = []
            for cell in frontier:
                for n in cell.neighbours():
                    if n not in distances and self._passable_for_distance(n):
                        distances[n] = step
                        next_frontier.append(n)
            frontier = next_frontier
        return distances

    # --- cannon range (CC-7) ----------------------------------------------------------

    def _blocks_shot(self, cell: Cell) -> bool:
        if self.ground.get(cell) is Ground.MOUNTAIN:
            return True
        piece = self.pieces.get(cell)
        return piece is not None and piece.kind is PieceKind.BLOCKADE

    def cannon_line(self, cannon: Cell, target: Cell) -> CannonLine:
        if cannon == target or (cannon.col != target.col and cannon.row != target.row):
            return CannonLine(cannon, target, False, None, ())
        d_col = (target.col > cannon.col) - (target.col < cannon.col)
        d_row = (target.row > cannon.row) - (target.row < cannon.row)
        between = []
        cell = Cell(cannon.col + d_col, cannon.row + d_row)
        while cell != target:
            between.append(cell)
            cell = Cell(cell.col + d_col, cell.row + d_row)
        blocked_by = next((c for c in between if self._blocks_shot(c)), None)
        return CannonLine(cannon, target, blocked_by is None, blocked_by, tuple(between))

    def cells_hit_by(self, cannon: Cell) -> list[Cell]:
        """Every grid cell the cannon hits: along its row and column up to and including a blocker."""
        hit = []
        for d_col, d_row in ((0, -1), (-1, 0), (1, 0), (0, 1)):
            cell = Cell(cannon.col + d_col, cannon.row + d_row)
            while self.in_grid(cell):
                hit.append(cell)
                if self._blocks_shot(cell):
                    break
                cell = Cell(cell.col + d_col, cell.row + d_row)
        return hit

    def opponent_cannon_hitting(self, country: Country, cell: Cell) -> CannonLine | None:
        """The nearest opponent's cannon whose shot reaches the cell, if any."""
        lines = [
            self.cannon_line(cannon_cell, cell)
            for cannon_cell, piece in self.pieces.items()
            if piece.kind is PieceKind.CANNON and piece.owner is not country
        ]
        hits = [line for line in lines if line.in_range]
        return min(hits, key=lambda line: (len(line.between), line.cannon)) if hits else None

    def cells_under_opponent_fire(self, country: Country) -> frozenset[Cell]:
        key = ("under_fire", country)
        if key not in self._cache:
            cells: set[Cell] = set()
            for cannon_cell, piece in self.pieces.items():
                if piece.kind is PieceKind.CANNON and piece.owner is not country:
                    cells.update(self.cells_hit_by(cannon_cell))
            self._cache[key] = frozenset(cells)
        return self._cache[key]
