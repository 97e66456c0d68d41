"""What the camera saw in one frame, in the rules' own types, ready for tracking.

Readers (games/<game>/reader.py) produce these; the tracker votes over them; the dashboard
draws on the frame through `cell_outlines`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from companion.games.cannonball_colony.cells import COUNTRY_BY_INITIAL, Cell, Country, Ground, Piece, PieceKind
from companion.games.cannonball_colony.position import Position


@dataclass(frozen=True)
class BoardObservation:
    timestamp: float
    position: Position | None                          # None when no board could be located
    confidence: Mapping[Cell, float] = field(default_factory=dict)
    hidden: frozenset[Cell] = frozenset()              # cells under a hand, an arm or its shadow
    motion: float = 0.0                                # share of the board that changed since the last frame
    cell_outlines: Mapping[Cell, tuple[tuple[float, float], ...]] = field(default_factory=dict)  # image px
    problems: tuple[str, ...] = ()                     # e.g. "board 3 not seen: its markers are hidden"

    @property
    def located(self) -> bool:
        return self.position is not None

    def tokens(self) -> dict:
        """The reading as the tracker votes on it: a token per cell and per landed ship."""
        if self.position is None:
            return {}
        position = self.position
        tokens = {}
        for cell in position.cells():
            piece = position.pieces.get(cell)
            tokens[cell] = piece.token if piece else position.ground_at(cell).value
        for country, cell in position.landing.items():
            tokens[("ship", country.value)] = str(cell)
        return tokens


def position_from_tokens(template: Position, tokens: Mapping) -> Position:
    """The island the tracker committed, on the template's players, boards and supply."""
    ground, pieces, landing = {}, {}, {}
    for key, token in tokens.items():
        if isinstance(key, tuple) and key[0] == "ship":
            landing[Country(key[1])] = Cell.parse(token)
        elif len(token) == 2:
            ground[key] = Ground.ROAD
            pieces[key] = Piece(PieceKind(token[0]), COUNTRY_BY_INITIAL[token[1]])
        else:
            ground[key] = Ground(token)
    return template.replace(ground={**template.ground, **ground}, pieces=pieces, landing=landing)
