"""The moves a player makes in a turn, with a short text notation ("fort D4", "road A3 A4")."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.excerpt import excerpt
from companion.games.cannonball_colony.cells import Cell, PieceKind


@dataclass(frozen=True)
class Land:
    cell: Cell

    def __str__(self) -> str:
        return f"land {self.cell}"


@dataclass(frozen=True)
class Fire:
    target: Cell

    def __str__(self) -> str:
        return f"fire {self.target}"


@dataclass(frozen=True)
class Roads:
    cells: tuple[Cell, ...]

    def __str__(self) -> str:
        return "road " + " ".join(str(cell) for cell in self.cells)


@dataclass(frozen=True)
class Build:
    kind: PieceKind
    cell: Cell

    def __str__(self) -> str:
        return f"{self.kind.label} {self.cell}"


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


Move = Land | Fire | Roads | Build | Pass

_ONE_CELL = {"land": Land, "fire": Fire}


def parse_move(text: str) -> Move:
    """Read the notation back; a bad move raises ValueError quoting it."""
    words = text.split()
    if not words:
        raise ValueError("empty move (expected e.g. 'fort D4', 'road A3 A4', 'fire H2', 'land A3', 'pass')")
    verb, args = words[0].lower(), words[1:]
    try:
        cells = tuple(Cell.parse(word) for word in args)
    except ValueError as error:
        raise ValueError(f"bad move {excerpt(text)}: {error}") from None
    if verb == "pass" and not cells:
        return Pass()
    if verb == "road" and 1 <= len(cells) <= 2:
        return Roads(cells)
    if verb in _ONE_CELL and len(cells) == 1:
        return _ONE_CELL[verb](cells[0])
    if verb.upper() in PieceKind.__members__ and len(cells) == 1:
        return Build(PieceKind[verb.upper()], cells[0])
    raise ValueError(f"bad move {excerpt(text)} (expected 'land CELL', 'fire CELL', 'road CELL [CELL]', "
                     "'fort|cannon|blockade CELL' or 'pass')")
