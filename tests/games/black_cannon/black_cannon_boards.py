"""Black Cannon positions and boards for the scenario tests: a position as text (three players by
default), and small boards drawn as rows of ~ = # for the cases the default board does not show."""

from __future__ import annotations

from companion.games.black_cannon.board import Board, board_from_data
from companion.games.black_cannon.moves import sailing
from companion.games.black_cannon.rules import sail
from companion.games.black_cannon.text import parse_board

THREE = "players: anna=red bob=blue cleo=green\n"
TWO = "players: anna=red,green bob=blue,yellow\n"


def board_data(*rows: str, treasure=("B5",), black_cannon=("C5",), edges=None) -> dict:
    """A board in the schema from its rows; the ports at the corners, edges along the last row unless given."""
    columns, height = len(rows[0]), len(rows)
    last_column, last_row = chr(ord("A") + columns - 1), height
    pairs = [[f"{chr(ord('A') + c)}{height}", f"{chr(ord('A') + c + 1)}{height}"] for c in range(4)]
    return {"columns": columns, "rows": height, "squares": list(rows), "treasure": list(treasure),
            "black_cannon": list(black_cannon),
            "ports": {"red": "A1", "blue": f"{last_column}1", "green": f"A{last_row}", "yellow": f"{last_column}{last_row}"},
            "edges": edges or {letter: [pair] for letter, pair in zip("ABCD", pairs)}}


def small_board(*rows: str, **extras) -> Board:
    return board_from_data(board_data(*rows, **extras), source="small.json")


def position(lines: str = "", players: str = THREE, board: Board | None = None):
    """The position of `players` and `lines` (ships:, carrying:, ...), on `board` when given."""
    text = players + "".join(line.strip() + "\n" for line in lines.splitlines() if line.strip())
    if board is None:
        return parse_board(text)
    return parse_board(text + "board: small.json\n", boards=lambda name: board)


def destinations(place, fleet: str, *dice: int) -> list[str]:
    return [move.to for move in sailing(place, fleet, dice).moves]


def land(place, fleet: str, dice: tuple[int, ...], to: str, take_chest: bool = True):
    """What follows `fleet`'s legal move to `to` for `dice`: the Landing."""
    move = sailing(place, fleet, dice).move_to(to)
    assert move is not None, f"{fleet} cannot move to {to} for {dice}"
    return sail(place, move, take_chest)
