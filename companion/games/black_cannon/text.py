"""Black Cannon's position text: parse it, print it, draw the board with a path marked.

    players: anna=red bob=blue cleo=green   # seat order; two players own two fleets: anna=red,green bob=blue,yellow
    turn: anna                   # optional: the first player otherwise
    ships: red=galleon@C3 blue=frigate@H9   # optional per fleet: a galleon in its own port otherwise
    carrying: red                # fleets whose ship carries a chest
    home: red=1 blue=0           # chests stored in each port (0 when left out)
    chests: D4=4 J4=3 D9=3 J9=4  # chests on the treasure squares (0 when left out; the setup's without the line)
    board: FILE                  # optional: the default board otherwise

A malformed text raises BoardTextError naming the line, the column and what was expected.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Sequence

from companion.games.black_cannon.board import FLEETS, Board, BoardError, default_board, load_board
from companion.games.black_cannon.position import CHESTS_TO_WIN, FLEETS_PER_PLAYER, KINDS, Position, Ship, setup_chests
from companion.games.excerpt import excerpt
from companion.games.text_words import BoardTextError, Word as _Word

HEADER_KEYS = ("players", "turn", "ships", "carrying", "home", "chests", "board")
NUMBER_DIGITS = 2   # no port or square holds more than the 14 chests; a longer number is a typo
_WORD = re.compile(r"\S+")
_HEADER = re.compile(r"\s*([A-Za-z][\w-]*)\s*:")
_NAME = re.compile(r"[A-Za-z][\w-]*")


@dataclass(frozen=True)
class _Header:
    words: list[_Word]
    line: int
    column: int

    def one(self, key: str) -> _Word:
        if not self.words:
            raise BoardTextError(self.line, self.column, f"expected a value after '{key}:'")
        if len(self.words) > 1:
            raise self.words[1].fail(f"expected one value after '{key}:', found more: {excerpt(self.words[1].text)}")
        return self.words[0]


def _pairs(header: _Header, what: str) -> list[tuple[_Word, _Word]]:
    """Each word split at its '=' into (name, value), or a line-and-column error naming `what` was expected."""
    found = []
    for word in header.words:
        name, equals, value = word.text.partition("=")
        if not equals or not name or not value:
            raise word.fail(f"expected {what}, found {excerpt(word.text)}")
        found.append((_Word(name, word.line, word.column), word.part(len(name) + 1)))
    return found


def _count(word: _Word, what: str) -> int:
    if not (word.text.isascii() and word.text.isdigit() and len(word.text) <= NUMBER_DIGITS):
        raise word.fail(f"expected {what} (a whole number), found {excerpt(word.text)}")
    return int(word.text)


def _fleet(word: _Word, fleets: Sequence[str]) -> str:
    if word.text not in fleets:
        listed = f"one of the fleets in play ({', '.join(fleets)})" if fleets != FLEETS else "red, blue, green or yellow"
        raise word.fail(f"expected {listed}, found {excerpt(word.text)}")
    return word.text


def _headers(text: str) -> dict[str, _Header]:
    headers: dict[str, _Header] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0]
        if not line.strip():
            continue
        header = _HEADER.match(line)
        if not header:
            start = len(line) - len(line.lstrip()) + 1
            raise BoardTextError(number, start, f"expected a header like 'players:' ({', '.join(HEADER_KEYS)}), "
                                 f"found {excerpt(line.strip())}")
        key = header.group(1)
        if key not in HEADER_KEYS:
            raise BoardTextError(number, header.start(1) + 1,
                                 f"unknown header {excerpt(key)}; expected one of {', '.join(HEADER_KEYS)}")
        if key in headers:
            raise BoardTextError(number, header.start(1) + 1, f"'{key}:' is given twice")
        words = [_Word(m.group(), number, header.end() + m.start() + 1) for m in _WORD.finditer(line[header.end():])]
        headers[key] = _Header(words, number, header.end() + 1)
    return headers


def parse_board(text: str, boards: Callable[[str], Board] = load_board) -> Position:
    """The position `text` describes. `boards` loads a `board:` file (by its name as written)."""
    headers = _headers(text)
    if "players" not in headers:
        raise BoardTextError(1, 1, "expected a 'players:' header")
    board = default_board()
    if "board" in headers:
        where = headers["board"].one("board")
        try:
            board = boards(where.text)
        except BoardError as error:
            raise where.fail(f"not a usable board: {error}") from None
    players = _players(headers["players"])
    names = [name for name, _ in players]
    fleets = tuple(fleet for fleet in FLEETS if any(fleet in owned for _, owned in players))
    turn = names[0]
    if "turn" in headers:
        word = headers["turn"].one("turn")
        if word.text not in names:
            raise word.fail(f"expected a player ({', '.join(names)}), found {excerpt(word.text)}")
        turn = word.text
    ships = _ships(headers.get("ships"), board, fleets)
    carrying = _carrying(headers.get("carrying"), fleets, ships)
    home = {fleet: 0 for fleet in fleets}
    if "home" in headers:
        home.update(_numbers(headers["home"], fleets, "fleet", lambda w: _fleet(w, fleets)))
    chests = setup_chests(board)
    if "chests" in headers:
        chests = {square: 0 for square in board.treasure}
        chests.update(_numbers(headers["chests"], board.treasure, "treasure square", lambda w: _treasure(w, board)))
    position = Position(board, tuple(players), turn, ships, frozenset(carrying), home, chests)
    winners = [name for name in names if position.chests_home(name) >= CHESTS_TO_WIN]
    if len(winners) > 1:
        raise BoardTextError(headers["home"].line, headers["home"].column,
                             f"{' and '.join(winners)} both have {CHESTS_TO_WIN} chests home; the first to do so won")
    return position


def _players(header: _Header) -> list[tuple[str, tuple[str, ...]]]:
    players: list[tuple[str, tuple[str, ...]]] = []
    named: list[_Word] = []
    owned: set[str] = set()
    for name, value in _pairs(header, "PLAYER=FLEET like anna=red (two fleets each for two players: anna=red,green)"):
        if not _NAME.fullmatch(name.text):
            raise name.fail(f"expected a player's name (a letter, then letters, digits, - or _), found "
                            f"{excerpt(name.text)}")
        if any(name.text == n for n, _ in players):
            raise name.fail(f"{name.text} is given twice")
        fleets, offset = [], 0
        for part in value.text.split(","):
            fleet = _fleet(_Word(part, value.line, value.column + offset), FLEETS)
            if fleet in owned:
                raise BoardTextError(value.line, value.column + offset, f"{fleet} already belongs to another player")
            owned.add(fleet)
            fleets.append(fleet)
            offset += len(part) + 1
        players.append((name.text, tuple(fleets)))
        named.append(name)
    if len(players) not in FLEETS_PER_PLAYER:
        raise BoardTextError(header.line, header.column, f"expected 2 to 4 players, found {len(players)}")
    wanted = FLEETS_PER_PLAYER[len(players)]
    for (name, fleets), word in zip(players, named):
        if len(fleets) != wanted:
            rule = "each of two players owns two fleets and two ports (BC-4)" if wanted == 2 else \
                f"each of {len(players)} players owns one fleet"
            raise word.fail(f"{name} has {len(fleets)} fleet{'s' if len(fleets) > 1 else ''}; {rule}")
    return players


def _ships(header: _Header | None, board: Board, fleets: tuple[str, ...]) -> dict[str, Ship]:
    ships = {fleet: Ship("galleon", board.port(fleet)) for fleet in fleets}
    given: dict[str, str] = {}
    for name, value in _pairs(header, "FLEET=KIND@SQUARE like red=galleon@C3") if header else []:
        fleet = _fleet(name, fleets)
        if fleet in given:
            raise name.fail(f"{fleet}'s ship is given twice")
        kind, at, square = value.text.partition("@")
        if kind not in KINDS or not at:
            raise value.fail(f"expected KIND@SQUARE with a kind of galleon, frigate or raft, found "
                             f"{excerpt(value.text)}")
        where = value.part(len(kind) + 1)
        if square not in board:
            raise where.fail(f"expected a square of the board (A1 to {board.names[-1]}), found {excerpt(square)}")
        if not board.is_sea(square):
            raise where.fail(f"{square} is land: a ship stands on a square wholly or partly sea")
        port_of = board.port_of(square)
        if port_of is not None and port_of != fleet and port_of in fleets:
            raise where.fail(f"{square} is {port_of}'s port: no other fleet's ship stops there (BC-7)")
        taken = next((other for other, at in given.items() if at == square), None)
        if taken is not None:
            raise where.fail(f"{taken} is on {square} already; two ships cannot share a square")
        given[fleet] = square
        ships[fleet] = Ship(kind, square)
    return ships


def _carrying(header: _Header | None, fleets: tuple[str, ...], ships: dict[str, Ship]) -> set[str]:
    carrying: set[str] = set()
    for word in header.words if header else []:
        fleet = _fleet(word, fleets)
        if fleet in carrying:
            raise word.fail(f"{fleet} is given twice")
        if ships[fleet].kind == "raft":
            raise word.fail(f"{fleet}'s ship is a raft, and a raft may never carry treasure")
        carrying.add(fleet)
    return carrying


def _treasure(word: _Word, board: Board) -> str:
    if word.text not in board.treasure:
        raise word.fail(f"expected a treasure square ({', '.join(board.treasure)}), found {excerpt(word.text)}")
    return word.text


def _numbers(header: _Header, names: Sequence[str], what: str, check: Callable[[_Word], str]) -> dict[str, int]:
    found: dict[str, int] = {}
    for name, value in _pairs(header, f"{what}=N like {names[0]}=1"):
        key = check(name)
        if key in found:
            raise name.fail(f"{key} is given twice")
        found[key] = _count(value, f"the chests at {key}")
    return found


def print_board(position: Position) -> str:
    lines = ["players: " + " ".join(f"{name}={','.join(fleets)}" for name, fleets in position.players),
             f"turn: {position.turn}",
             "ships: " + " ".join(f"{fleet}={position.ships[fleet]}" for fleet in position.fleets),
             "carrying:" + "".join(f" {fleet}" for fleet in position.fleets if fleet in position.carrying),
             "home: " + " ".join(f"{fleet}={position.home[fleet]}" for fleet in position.fleets),
             "chests: " + " ".join(f"{square}={position.chests[square]}" for square in position.board.treasure)]
    if position.board.source is not None:
        lines.append(f"board: {position.board.source}")
    return "\n".join(lines) + "\n"


# Two characters a square, between the marks: [..] on the path, {..} the squares asked about.
LOOKS = {"~": "..", "=": "::", "#": "##"}
KEY = ("Rg red galleon (f frigate, r raft; R B G Y the fleets), $4 chests on a treasure square, "
       "() Black Cannon, rp red's port, :: part sea, ## land")


def square_look(position: Position, square: str) -> str:
    board = position.board
    fleet = position.fleet_at(square)
    if fleet is not None:
        return fleet[0].upper() + position.ships[fleet].kind[0]
    if square in position.chests:
        return f"${min(position.chests[square], 9)}"
    if square in board.black_cannon:
        return "()"
    port_of = board.port_of(square)
    if port_of is not None:
        return port_of[0] + "p"
    return LOOKS[board.kind(square)]


def draw_evidence(position: Position, path: Sequence[str], ends: Sequence[str]) -> str:
    """The board, row 1 at the top, with `path` in [..] and `ends` in {..}; then who carries a chest."""
    board = position.board
    lines = ["    " + "".join(f" {chr(ord('A') + c)}  " for c in range(board.columns)).rstrip()]
    for row in range(board.rows):
        cells = []
        for column in range(board.columns):
            square = board.at(column, row)
            marks = "{}" if square in ends else "[]" if square in path else "  "
            cells.append(f"{marks[0]}{square_look(position, square)}{marks[1]}")
        lines.append(f"{row + 1:>3} " + "".join(cells).rstrip())
    carried = [fleet for fleet in position.fleets if fleet in position.carrying]
    lines.append(KEY)
    if carried:
        lines.append("carrying a chest: " + ", ".join(f"{f} at {position.ships[f].square}" for f in carried))
    return "\n".join(lines) + "\n"
