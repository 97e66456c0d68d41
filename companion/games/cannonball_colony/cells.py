"""Cannonball Colony's vocabulary: cells (CC-1), countries, ground, pieces and earned pieces."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from companion.games.excerpt import excerpt

BOARD_SIZE = 6
FORTS_PER_PLAYER = 10
SUPPLY_BY_PLAYER_COUNT = {2: 50, 3: 70, 4: 90}
# No island has a thousand rows or columns: a longer name is a typo, not a cell.
NAME_PART_CHARS = 3


def column_name(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA: wide layouts of four boards in a row stay nameable."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def column_index(name: str) -> int:
    index = 0
    for letter in name:
        index = index * 26 + (ord(letter) - ord("A") + 1)
    return index - 1


class Cell(NamedTuple):
    """A square of the island's bounding grid, 0-based; printed as CC-1 says (A1 top-left)."""

    col: int
    row: int

    def __str__(self) -> str:
        return f"{column_name(self.col)}{self.row + 1}"

    def __repr__(self) -> str:
        return f"Cell.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "Cell":
        """'D4' or 'd4'; a letter outside A-Z (say 'É') is refused by name, not read as some other column."""
        for position, character in enumerate(text, start=1):
            if not (character.isascii() and character.isalnum()):
                raise ValueError(f"not a cell: {excerpt(text)}: {character!r} at character {position} is not a "
                                 "letter A-Z or a digit (cells are named like D4)")
        letters = text.rstrip("0123456789")
        digits = text[len(letters):]
        if not letters or not digits or not letters.isalpha() \
                or len(letters) > NAME_PART_CHARS or len(digits) > NAME_PART_CHARS:
            raise ValueError(f"not a cell: {excerpt(text)} (expected a column letter and a row number, like D4)")
        if int(digits) < 1:
            raise ValueError(f"not a cell: {excerpt(text)} (rows are numbered from 1)")
        return cls(column_index(letters.upper()), int(digits) - 1)

    def neighbours(self) -> tuple["Cell", "Cell", "Cell", "Cell"]:
        """Orthogonal neighbours in a fixed order, so shortest paths are reproducible."""
        col, row = self.col, self.row
        return (Cell(col, row - 1), Cell(col - 1, row), Cell(col + 1, row), Cell(col, row + 1))

    def steps_to(self, other: "Cell") -> int:
        return abs(self.col - other.col) + abs(self.row - other.row)


class Country(Enum):
    FRANCE = "france"
    SPAIN = "spain"
    PORTUGAL = "portugal"
    ENGLAND = "england"

    @property
    def initial(self) -> str:
        return self.value[0]

    def __str__(self) -> str:
        return self.value

    @property
    def title(self) -> str:
        return self.value.capitalize()

    @classmethod
    def parse(cls, text: str) -> "Country":
        try:
            return cls(text)
        except ValueError:
            names = ", ".join(c.value for c in cls)
            raise ValueError(f"unknown country {excerpt(text)} (expected one of {names})") from None


COUNTRY_BY_INITIAL = {country.initial: country for country in Country}


class Ground(Enum):
    """What a cell is made of. A road tile covers the grass or forest it was laid on."""

    SEA = "."
    GRASS = "g"
    FOREST = "f"
    LAKE = "l"
    MOUNTAIN = "m"
    ROAD = "r"

    @property
    def is_land(self) -> bool:
        return self is not Ground.SEA

    @property
    def label(self) -> str:
        return {".": "sea", "g": "grass", "f": "forest", "l": "lake", "m": "mountain", "r": "a road tile"}[self.value]


class PieceKind(Enum):
    FORT = "F"
    CANNON = "C"
    BLOCKADE = "B"

    @property
    def label(self) -> str:
        return self.name.lower()


class Piece(NamedTuple):
    """A fort, cannon or blockade; it always stands on a road tile."""

    kind: PieceKind
    owner: Country

    @property
    def token(self) -> str:
        return self.kind.value + self.owner.initial

    def __str__(self) -> str:
        return f"{self.owner}'s {self.kind.label}"


class Earned(Enum):
    """Pieces that leave the mat as forts uncover spaces 3, 6 and 8 (CC-8)."""

    CANNON1 = "cannon1"
    CANNON2 = "cannon2"
    BLOCKADE = "blockade"


EARNED_BY_FORT_SPACE = {3: Earned.CANNON1, 6: Earned.CANNON2, 8: Earned.BLOCKADE}


def earned_by_fort_count(forts: int) -> frozenset[Earned]:
    return frozenset(piece for space, piece in EARNED_BY_FORT_SPACE.items() if forts >= space)


def cells_text(cells) -> str:
    return "-".join(str(cell) for cell in cells)
