"""The Cannonball Colony board text format (docs/formats.md): parse it, print it, draw evidence on it.

A malformed text raises BoardTextError naming the line, the column and what was expected.
"""

from __future__ import annotations

import re

from companion.games.cannonball_colony.cells import (
    BOARD_SIZE,
    COUNTRY_BY_INITIAL,
    FORTS_PER_PLAYER,
    Cell,
    Country,
    Earned,
    Ground,
    Piece,
    PieceKind,
    column_name,
)
from companion.games.excerpt import excerpt
from companion.games.text_words import BoardTextError, Word as _Word
from companion.games.cannonball_colony.position import Position

HEADER_KEYS = ("players", "boards", "landing", "earned", "supply", "turn")
PIECE_LIMITS = {PieceKind.FORT: FORTS_PER_PLAYER, PieceKind.CANNON: 2, PieceKind.BLOCKADE: 1}
# A supply or row number longer than this is a typo, and int() would refuse a few thousand digits anyway.
NUMBER_DIGITS = 6
_WORD = re.compile(r"\S+")
_HEADER = re.compile(r"\s*([A-Za-z_][\w-]*)\s*:")


def _is_number(text: str) -> bool:
    """A whole number in ASCII digits, short enough to be one ('²' and '٣' are digits to str.isdigit, not here)."""
    return text.isascii() and text.isdigit() and len(text) <= NUMBER_DIGITS


def _words(text: str, line: int, offset: int = 0) -> list[_Word]:
    return [_Word(m.group(), line, offset + m.start() + 1) for m in _WORD.finditer(text)]


def _cell(word: _Word, what: str) -> Cell:
    try:
        return Cell.parse(word.text)
    except ValueError:
        raise word.fail(f"expected {what} like D4, found {excerpt(word.text)}") from None


def _country(word: _Word, text: str, players=None) -> Country:
    try:
        country = Country.parse(text)
    except ValueError as error:
        raise word.fail(str(error)) from None
    if players is not None and country not in players:
        raise word.fail(f"{excerpt(text)} is not playing (players: {' '.join(map(str, players))})")
    return country


def _assignments(words: list[_Word], players) -> list[tuple[_Word, Country, str]]:
    out = []
    for word in words:
        name, equals, value = word.text.partition("=")
        if not equals:
            raise word.fail(f"expected country=value, found {excerpt(word.text)}")
        value_word = _Word(value, word.line, word.column + len(name) + 1)
        out.append((word, _country(word, name, players), value_word))
    return out


class _Parser:
    def __init__(self, text: str):
        self.headers: dict[str, tuple[_Word, list[_Word]]] = {}
        self.columns: list[_Word] | None = None
        self.rows: list[tuple[_Word, list[_Word]]] = []
        self.last_line = 1
        for number, raw in enumerate(text.splitlines(), start=1):
            self.last_line = number
            self._line(number, raw.split("#", 1)[0])

    def _line(self, number: int, line: str) -> None:
        if not line.strip():
            return
        header = _HEADER.match(line)
        if header:
            key = _Word(header.group(1), number, header.start(1) + 1)
            if self.columns is not None or self.rows:
                raise key.fail(f"header {excerpt(key.text + ':')} after the grid; headers come first")
            if key.text not in HEADER_KEYS:
                raise key.fail(f"unknown header {excerpt(key.text)} (expected one of {', '.join(HEADER_KEYS)})")
            if key.text in self.headers:
                raise key.fail(f"{key.text!r} is given twice (first on line {self.headers[key.text][0].line})")
            self.headers[key.text] = (key, _words(line[header.end():], number, header.end()))
            return
        words = _words(line, number)
        if not self.rows and self.columns is None and not _is_number(words[0].text):
            self.columns = words
            for index, word in enumerate(words):
                if word.text != column_name(index):
                    raise word.fail(f"expected column letter {column_name(index)!r}, found {excerpt(word.text)}")
            return
        expected = len(self.rows) + 1
        if words[0].text != str(expected):
            raise words[0].fail(f"expected row number {expected}, found {excerpt(words[0].text)}")
        self.rows.append((words[0], words[1:]))

    def header(self, key: str, required: bool = False):
        if key in self.headers:
            return self.headers[key]
        if required:
            raise BoardTextError(1, 1, f"missing the {key + ':'!r} header (headers come before the grid)")
        return None


def parse_board(text: str) -> Position:
    parser = _Parser(text)
    players_key, player_words = parser.header("players", required=True)
    players = tuple(_country(w, w.text) for w in player_words)
    if not 2 <= len(players) <= 4:
        raise players_key.fail(f"expected 2 to 4 players, found {len(players)}")
    for index, word in enumerate(player_words):
        if players.index(players[index]) != index:
            raise word.fail(f"{word.text!r} is seated twice")

    boards_key, board_words = parser.header("boards", required=True)
    boards = tuple(_cell(w, "the top-left cell of a board") for w in board_words)
    if len(boards) != len(players):
        raise boards_key.fail(f"expected {len(players)} boards, one per player, found {len(boards)}")

    width, height, ground, pieces = _read_grid(parser, players)
    _check_boards(board_words, boards, width, height, ground, parser)

    landing = {}
    if parser.header("landing"):
        for word, country, value in _assignments(parser.header("landing")[1], players):
            cell = _cell(value, f"{country}'s landing cell after '='")
            if not (cell.col < width and cell.row < height):
                raise value.fail(f"landing {value.text} is outside the {width}x{height} grid")
            landing[country] = cell

    earned = {}
    if parser.header("earned"):
        for word, country, value in _assignments(parser.header("earned")[1], players):
            names = [name for name in value.text.split(",") if name]
            try:
                earned[country] = frozenset(Earned(name) for name in names)
            except ValueError:
                raise value.fail(f"expected earned pieces from cannon1, cannon2, blockade (comma-separated), "
                                 f"found {excerpt(value.text)}") from None
    supply = None
    if parser.header("supply"):
        key, words = parser.header("supply")
        if len(words) != 1 or not _is_number(words[0].text):
            raise (words[0] if words else key).fail(f"expected the road tiles left as a whole number, found "
                                                    f"{excerpt(' '.join(w.text for w in words))}")
        supply = int(words[0].text)
    turn = None
    if parser.header("turn"):
        key, words = parser.header("turn")
        if len(words) != 1:
            raise key.fail("expected one country after 'turn:'")
        turn = _country(words[0], words[0].text, players)

    position = Position(players, boards, width, height, ground, pieces, landing, earned, supply, turn)
    _check_piece_counts(position, parser)
    return position


def _read_grid(parser: _Parser, players):
    if not parser.rows:
        raise BoardTextError(parser.last_line, 1, "expected the grid: rows that start with their row number")
    width = len(parser.columns) if parser.columns is not None else len(parser.rows[0][1])
    ground, pieces = {}, {}
    for row, (label, tokens) in enumerate(parser.rows):
        if len(tokens) != width:
            at = tokens[width] if len(tokens) > width else label
            raise at.fail(f"row {label.text} has {len(tokens)} cells; expected {width}")
        for col, token in enumerate(tokens):
            cell = Cell(col, row)
            ground[cell], piece = _token(token, players)
            if piece is not None:
                pieces[cell] = piece
    return width, len(parser.rows), ground, pieces


def _token(word: _Word, players) -> tuple[Ground, Piece | None]:
    text = word.text
    if len(text) == 1:
        try:
            return Ground(text), None
        except ValueError:
            pass
    elif len(text) == 2 and text[0] in "FCB" and text[1] in COUNTRY_BY_INITIAL:
        owner = COUNTRY_BY_INITIAL[text[1]]
        if owner not in players:
            raise word.fail(f"{text!r} belongs to {owner}, who is not playing (players: {' '.join(map(str, players))})")
        return Ground.ROAD, Piece(PieceKind(text[0]), owner)
    raise word.fail(f"expected a cell token (. g f l m r, or F/C/B followed by f, s, p or e), found {excerpt(text)}")


def _check_boards(board_words, boards, width, height, ground, parser) -> None:
    covered: dict[Cell, int] = {}
    for index, (word, corner) in enumerate(zip(board_words, boards)):
        if corner.col + BOARD_SIZE > width or corner.row + BOARD_SIZE > height:
            raise word.fail(f"the 6x6 board at {word.text} does not fit in the {width}x{height} grid")
        for row in range(corner.row, corner.row + BOARD_SIZE):
            for col in range(corner.col, corner.col + BOARD_SIZE):
                if Cell(col, row) in covered:
                    other = board_words[covered[Cell(col, row)]].text
                    raise word.fail(f"the board at {word.text} overlaps the board at {other} on {Cell(col, row)}")
                covered[Cell(col, row)] = index
    for row, (label, tokens) in enumerate(parser.rows):
        for col, token in enumerate(tokens):
            if Cell(col, row) not in covered and ground[Cell(col, row)] is not Ground.SEA:
                raise token.fail(f"{Cell(col, row)} lies outside every board, so only '.' may stand there, "
                                 f"found {excerpt(token.text)}")


def _check_piece_counts(position: Position, parser: _Parser) -> None:
    for country in position.players:
        for kind, limit in PIECE_LIMITS.items():
            cells = sorted(position.pieces_of(country, kind), key=lambda c: (c.row, c.col))
            if len(cells) > limit:
                extra = cells[limit]
                token = parser.rows[extra.row][1][extra.col]
                raise token.fail(f"{country} has more than {limit} {kind.label}{'s' if limit > 1 else ''}: "
                                 f"one too many at {extra}")
        if country in position.earned_stated:
            earned = position.earned_stated[country]
            cannons = len(position.pieces_of(country, PieceKind.CANNON))
            blockade = len(position.pieces_of(country, PieceKind.BLOCKADE))
            if cannons > (Earned.CANNON1 in earned) + (Earned.CANNON2 in earned) or (blockade and Earned.BLOCKADE not in earned):
                value = next(v for _, c, v in _assignments(parser.header("earned")[1], position.players) if c is country)
                raise value.fail(f"{country} has {cannons} cannon(s) and {blockade} blockade(s) on the island "
                                 f"but earned only {excerpt(value.text or 'nothing')}")


# --- printing ----------------------------------------------------------------------------


def _token_at(position: Position, cell: Cell) -> str:
    piece = position.pieces.get(cell)
    return piece.token if piece is not None else position.ground[cell].value


def print_board(position: Position) -> str:
    """The aligned form; parse_board(print_board(p)) == p, and printing parsed canonical text
    gives the text back exactly."""
    lines = [f"players: {' '.join(map(str, position.players))}",
             f"boards: {' '.join(map(str, position.boards))}"]
    if position.landing:
        lines.append("landing: " + " ".join(f"{c}={position.landing[c]}" for c in position.players if c in position.landing))
    if position.earned_stated:
        order = [e for e in Earned]
        lines.append("earned: " + " ".join(
            f"{c}=" + ",".join(e.value for e in order if e in position.earned_stated[c])
            for c in position.players if c in position.earned_stated))
    if position.supply is not None:
        lines.append(f"supply: {position.supply}")
    if position.turn is not None:
        lines.append(f"turn: {position.turn}")
    lines.extend(_grid_lines(position, lambda cell, token: token.ljust(2), gap=" "))
    return "\n".join(lines) + "\n"


def _grid_lines(position: Position, draw, gap: str) -> list[str]:
    label = max(2, len(str(position.height)))
    cell_width = len(draw(Cell(0, 0), "r"))
    header = " " * label + gap + gap.join(column_name(c).center(cell_width) if cell_width > 2 else
                                          column_name(c).ljust(2) for c in range(position.width))
    lines = [header.rstrip()]
    for row in range(position.height):
        cells = [draw(Cell(col, row), _token_at(position, Cell(col, row))) for col in range(position.width)]
        lines.append((str(row + 1).ljust(label) + gap + gap.join(cells)).rstrip())
    return lines


def draw_evidence(position: Position, path=(), ends=()) -> str:
    """A text picture of the island with evidence marked: [..] on a path or line of fire,
    {..} on the cells asked about or a blocking square."""
    path, ends = set(path), set(ends)

    def draw(cell: Cell, token: str) -> str:
        if cell in ends:
            return "{" + token.ljust(2) + "}"
        if cell in path:
            return "[" + token.ljust(2) + "]"
        return " " + token.ljust(2) + " "

    return "\n".join(_grid_lines(position, draw, gap="")) + "\n"
