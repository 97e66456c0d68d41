"""The board as data (BC-1): sea, part-sea and land squares, the treasure and Black Cannon squares, the
four corner ports and the lettered edges.

The schema (tools outside the project rely on it):
  {"columns": 12, "rows": 12, "squares": ["~~~=#...", ...],          one string a row, row 1 first
   "treasure": ["D4", ...], "black_cannon": ["F2", ...],
   "ports": {"red": "A1", "blue": "L1", "green": "A12", "yellow": "L12"},
   "edges": {"A": [["F1", "G1"], ...], "B": [...], "C": [...], "D": [...]}}
Squares are named as in Cannonball Colony: column letters from A at the left, row numbers from 1 at
the top. A bad board is refused with BoardError saying what is wrong and where (a JSON path).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from companion.games.excerpt import excerpt

DEFAULT_BOARD_FILE = Path(__file__).with_name("default-board.json")
FLEETS = ("red", "blue", "green", "yellow")
EDGE_LETTERS = ("A", "B", "C", "D")
SEA, PART_SEA, LAND = "~", "=", "#"
SQUARE_KINDS = {SEA: "sea", PART_SEA: "part sea", LAND: "land"}
BOARD_KEYS = ("columns", "rows", "squares", "treasure", "black_cannon", "ports", "edges")
MAX_COLUMNS, MAX_ROWS = 26, 99   # one column letter, row numbers of at most two digits
_SQUARE = re.compile(r"([A-Z])([1-9][0-9]?)")
# The eight straight directions a ship may sail, as (columns, rows) steps; rows grow downwards.
DIRECTIONS = {"north": (0, -1), "north-east": (1, -1), "east": (1, 0), "south-east": (1, 1),
              "south": (0, 1), "south-west": (-1, 1), "west": (-1, 0), "north-west": (-1, -1)}


class BoardError(ValueError):
    """A board file that is not a board: the message names the place (a JSON path) and the problem."""

    def __init__(self, where: str, message: str, source: str | None = None):
        origin = f"{source}: " if source else ""
        super().__init__(f"{origin}{where}: {message}")
        self.where, self.problem, self.source = where, message, source


def square_name(column: int, row: int) -> str:
    """'C4' for column 2, row 3 (both from 0)."""
    return f"{chr(ord('A') + column)}{row + 1}"


@dataclass(frozen=True)
class Board:
    columns: int
    rows: int
    squares: tuple[str, ...]               # one string a row: ~ sea, = part sea, # land
    treasure: tuple[str, ...]
    black_cannon: tuple[str, ...]
    ports: tuple[tuple[str, str], ...]     # (fleet, square) in FLEETS order
    edges: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]   # (letter, pairs) in letter order
    source: str | None = None              # the file it came from; None for the default board

    def xy(self, square: str) -> tuple[int, int]:
        """(column, row) from 0 of a square named on this board; KeyError otherwise."""
        return self._xy[square]

    def __contains__(self, square: object) -> bool:
        return square in self._xy

    def at(self, column: int, row: int) -> str | None:
        """The square's name, or None off the board."""
        if 0 <= column < self.columns and 0 <= row < self.rows:
            return square_name(column, row)
        return None

    def kind(self, square: str) -> str:
        column, row = self.xy(square)
        return self.squares[row][column]

    def is_sea(self, square: str) -> bool:
        """Wholly or partly sea: a ship may sail over it and stop on it."""
        return self.kind(square) != LAND

    def port(self, fleet: str) -> str:
        return dict(self.ports)[fleet]

    def port_of(self, square: str) -> str | None:
        """The fleet whose port `square` is, or None."""
        return next((fleet for fleet, port in self.ports if port == square), None)

    @property
    def names(self) -> tuple[str, ...]:
        """Every square, row by row from the top."""
        return tuple(square_name(c, r) for r in range(self.rows) for c in range(self.columns))

    def facing(self, square: str) -> tuple[tuple[str, str], ...]:
        """(edge letter, square) of each square facing `square` across a lettered edge (BC-2)."""
        return self._facing.get(square, ())

    @cached_property
    def _xy(self) -> dict[str, tuple[int, int]]:
        return {square_name(c, r): (c, r) for r in range(self.rows) for c in range(self.columns)}

    @cached_property
    def _facing(self) -> dict[str, tuple[tuple[str, str], ...]]:
        found: dict[str, list[tuple[str, str]]] = {}
        for letter, pairs in self.edges:
            for a, b in pairs:
                found.setdefault(a, []).append((letter, b))
                found.setdefault(b, []).append((letter, a))
        return {square: tuple(faces) for square, faces in found.items()}

    def to_json(self) -> dict:
        return {"columns": self.columns, "rows": self.rows, "squares": list(self.squares),
                "treasure": list(self.treasure), "black_cannon": list(self.black_cannon),
                "ports": dict(self.ports), "edges": {letter: [list(pair) for pair in pairs] for letter, pairs in self.edges}}


def _expect(condition: bool, where: str, message: str) -> None:
    if not condition:
        raise BoardError(where, message)


def _whole(value, low: int, high: int, where: str) -> int:
    _expect(isinstance(value, int) and not isinstance(value, bool) and low <= value <= high, where,
            f"expected a whole number from {low} to {high}, found {excerpt(value)}")
    return value


def _squares(raw, columns: int, rows: int) -> tuple[str, ...]:
    _expect(isinstance(raw, list) and all(isinstance(line, str) for line in raw), "squares",
            f"expected a list of {rows} strings, one a row, found {excerpt(raw)}")
    _expect(len(raw) == rows, "squares", f"expected {rows} rows (the 'rows' value), found {len(raw)}")
    for row, line in enumerate(raw):
        _expect(len(line) == columns, f"squares[{row}] (row {row + 1})",
                f"expected {columns} squares (the 'columns' value), found {len(line)}")
        for column, char in enumerate(line):
            _expect(char in SQUARE_KINDS, f"squares[{row}] (row {row + 1}), column {column + 1} "
                    f"({square_name(column, row)})", f"expected ~ sea, = part sea or # land, found {char!r}")
    return tuple(raw)


def _square(value, where: str, columns: int, rows: int, squares: tuple[str, ...], what: str) -> str:
    match = _SQUARE.fullmatch(value) if isinstance(value, str) else None
    _expect(match is not None, where, f"expected a square like 'D4', found {excerpt(value)}")
    column, row = ord(match.group(1)) - ord("A"), int(match.group(2)) - 1
    _expect(column < columns and row < rows, where,
            f"{value} is off the board ({square_name(0, 0)} to {square_name(columns - 1, rows - 1)})")
    _expect(squares[row][column] != LAND, where, f"{what} {value} is land; it must be wholly or partly sea")
    return value


def _square_list(raw, key: str, columns: int, rows: int, squares: tuple[str, ...], what: str) -> tuple[str, ...]:
    _expect(isinstance(raw, list) and bool(raw), key, f"expected a list of squares, found {excerpt(raw)}")
    found = [_square(value, f"{key}[{i}]", columns, rows, squares, what) for i, value in enumerate(raw)]
    for index, square in enumerate(found):
        _expect(square not in found[:index], f"{key}[{index}]", f"{square} is listed twice")
    return tuple(found)


def _ports(raw, columns: int, rows: int, squares: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    _expect(isinstance(raw, dict), "ports", f"expected an object {{fleet: square}}, found {excerpt(raw)}")
    unknown = [key for key in raw if key not in FLEETS]
    _expect(not unknown, "ports", f"unknown fleet {excerpt(unknown[0]) if unknown else ''}; the fleets are "
            f"{', '.join(FLEETS)}")
    missing = [fleet for fleet in FLEETS if fleet not in raw]
    _expect(not missing, "ports", f"missing {', '.join(missing)}")
    corners = {square_name(c, r) for c in (0, columns - 1) for r in (0, rows - 1)}
    ports = tuple((fleet, _square(raw[fleet], f"ports.{fleet}", columns, rows, squares, "the port")) for fleet in FLEETS)
    for index, (fleet, square) in enumerate(ports):
        _expect(square in corners, f"ports.{fleet}", f"{square} is not a corner square ({', '.join(sorted(corners))})")
        other = next((f for f, s in ports[:index] if s == square), None)
        _expect(other is None, f"ports.{fleet}", f"{square} is already {other}'s port")
    return ports


def _edges(raw, columns: int, rows: int, squares: tuple[str, ...]):
    _expect(isinstance(raw, dict), "edges", f"expected an object {{letter: [[square, square], ...]}}, "
            f"found {excerpt(raw)}")
    unknown = [key for key in raw if key not in EDGE_LETTERS]
    _expect(not unknown, "edges", f"unknown edge {excerpt(unknown[0]) if unknown else ''}; the edges are "
            f"{', '.join(EDGE_LETTERS)}")
    missing = [letter for letter in EDGE_LETTERS if letter not in raw]
    _expect(not missing, "edges", f"missing {', '.join(missing)}")
    seen: dict[frozenset, str] = {}
    edges = []
    for letter in EDGE_LETTERS:
        pairs = raw[letter]
        _expect(isinstance(pairs, list) and bool(pairs), f"edges.{letter}",
                f"expected a list of pairs of squares, found {excerpt(pairs)}")
        found = []
        for index, pair in enumerate(pairs):
            where = f"edges.{letter}[{index}]"
            _expect(isinstance(pair, list) and len(pair) == 2, where, f"expected a pair of squares, found {excerpt(pair)}")
            a, b = (_square(value, where, columns, rows, squares, "the edge square") for value in pair)
            (ax, ay), (bx, by) = ((ord(s[0]) - ord("A"), int(s[1:]) - 1) for s in (a, b))
            _expect(abs(ax - bx) + abs(ay - by) == 1, where,
                    f"{a} and {b} are not side by side; squares face each other across an edge (BC-2)")
            _expect(frozenset((a, b)) not in seen, where, f"{a} and {b} are already paired on edge "
                    f"{seen.get(frozenset((a, b)))}")
            seen[frozenset((a, b))] = letter
            found.append((a, b))
        edges.append((letter, tuple(found)))
    return tuple(edges)


def board_from_data(data, source: str | None = None) -> Board:
    """The board `data` (parsed JSON) describes; BoardError for anything the schema does not allow."""
    try:
        return _board(data, source)
    except BoardError as error:
        raise BoardError(error.where, error.problem, source) from None


def _board(data, source: str | None) -> Board:
    _expect(isinstance(data, dict), "the file", f"expected a JSON object with {', '.join(BOARD_KEYS)}")
    missing = [key for key in BOARD_KEYS if key not in data]
    _expect(not missing, "the file", f"missing {', '.join(missing)}")
    unknown = sorted(str(key) for key in set(data) - set(BOARD_KEYS))
    _expect(not unknown, "the file", f"unknown key {excerpt(unknown[0]) if unknown else ''}")
    columns = _whole(data["columns"], 2, MAX_COLUMNS, "columns")
    rows = _whole(data["rows"], 2, MAX_ROWS, "rows")
    squares = _squares(data["squares"], columns, rows)
    treasure = _square_list(data["treasure"], "treasure", columns, rows, squares, "the treasure square")
    cannons = _square_list(data["black_cannon"], "black_cannon", columns, rows, squares, "the Black Cannon square")
    for index, square in enumerate(cannons):
        _expect(square not in treasure, f"black_cannon[{index}]", f"{square} is a treasure square too")
    ports = _ports(data["ports"], columns, rows, squares)
    for fleet, square in ports:
        _expect(square not in treasure and square not in cannons, f"ports.{fleet}",
                f"{square} is a treasure or Black Cannon square too")
    edges = _edges(data["edges"], columns, rows, squares)
    return Board(columns, rows, squares, treasure, cannons, ports, edges, source)


def parse_board_json(text: str, source: str | None = None) -> Board:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise BoardError(f"line {error.lineno}, column {error.colno}", f"not JSON: {error.msg}", source) from None
    return board_from_data(data, source)


def load_board(path: str | Path) -> Board:
    """A board from a file; BoardError when it cannot be read or is not a board."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BoardError("the file", f"cannot read it ({error})", str(path)) from None
    return parse_board_json(text, str(path))


@lru_cache(maxsize=1)
def default_board() -> Board:
    """The project's default board: 12 x 12, two islands, four treasure and four Black Cannon squares."""
    return parse_board_json(DEFAULT_BOARD_FILE.read_text(encoding="utf-8"))
