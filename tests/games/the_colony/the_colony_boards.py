"""Positions of The Colony as text for the scenario tests: the header and the logs a test is about,
every other log of the default layout empty."""

from __future__ import annotations

from companion.games.the_colony.layout import default_layout
from companion.games.the_colony.text import parse_board

HEADER = "turn: red\ncollected: red=0 black=0\nants: optional\n"


def board_text(logs: str = "", header: str = HEADER) -> str:
    """`header`, then `logs` ("L4 2" lines), then "Lx 0" for every log space the lines leave out."""
    given = {line.split()[0] for line in logs.splitlines() if line.strip()}
    rest = "".join(f"{space} 0\n" for space in default_layout().ids if space not in given)
    return header + "".join(line.strip() + "\n" for line in logs.splitlines() if line.strip()) + rest


def board(logs: str = "", header: str = HEADER):
    return parse_board(board_text(logs, header))
