"""The position text: the issue's example reads, a position prints and reads back, left-out lines
take the setup's values, and every malformed text is refused with its line, column and what was expected."""

from __future__ import annotations

import pytest
from black_cannon_boards import board_data

from companion.games.black_cannon.board import BoardError, load_board
from companion.games.black_cannon.position import Ship
from companion.games.black_cannon.text import BoardTextError, parse_board, print_board

ISSUE_EXAMPLE = """\
players: anna=red bob=blue cleo=green  # seat order
turn: anna
ships: red=galleon@C3 blue=frigate@H9
carrying: red                    # fleets whose ship carries a chest
home: red=1 blue=0               # chests stored in each port
chests: D4=4 J4=3 D9=3 J9=4      # chests on the treasure squares
"""


def test_the_issues_example_reads_and_prints_back():
    position = parse_board(ISSUE_EXAMPLE)
    assert position.players == (("anna", ("red",)), ("bob", ("blue",)), ("cleo", ("green",)))
    assert position.ships == {"red": Ship("galleon", "C3"), "blue": Ship("frigate", "H9"), "green": Ship("galleon", "A12")}
    assert position.carrying == {"red"} and position.home == {"red": 1, "blue": 0, "green": 0}
    assert print_board(position) == ("players: anna=red bob=blue cleo=green\nturn: anna\n"
                                     "ships: red=galleon@C3 blue=frigate@H9 green=galleon@A12\ncarrying: red\n"
                                     "home: red=1 blue=0 green=0\nchests: D4=4 J4=3 D9=3 J9=4\n")
    assert parse_board(print_board(position)) == position


def test_players_alone_is_the_setup_every_galleon_in_its_port_and_14_chests_4_3_3_4():
    position = parse_board("players: anna=red,green bob=blue,yellow")
    assert position.turn == "anna" and position.chests == {"D4": 4, "J4": 3, "D9": 3, "J9": 4}
    assert {fleet: str(ship) for fleet, ship in position.ships.items()} == {
        "red": "galleon@A1", "blue": "galleon@L1", "green": "galleon@A12", "yellow": "galleon@L12"}


def test_a_board_file_is_read_named_and_printed(tmp_path):
    import json
    path = tmp_path / "lagoon.json"
    path.write_text(json.dumps(board_data("~~~~~", "~~#~~", "~~~~~", "~~~~~", "~~~~~")))
    position = parse_board(f"players: a=red b=blue\nboard: {path}\n".replace("a=red b=blue", "a=red,green b=blue,yellow"))
    assert position.board.columns == 5 and position.board.source == str(path)
    assert print_board(position).endswith(f"board: {path}\n") and parse_board(print_board(position)) == position




# text                                                          line col  the message says
ERRORS = [
    ("turn: anna",                                                    1, 1,  "expected a 'players:' header"),
    ("players: anna=red\n",                                           1, 9,  "expected 2 to 4 players, found 1"),
    ("players: anna=red bob",                                         1, 19, "expected PLAYER=FLEET"),
    ("players: anna=red bob=purple",                                  1, 23, "expected red, blue, green or yellow, found 'purple'"),
    ("players: anna=red bob=red",                                     1, 23, "red already belongs to another player"),
    ("players: anna=red bob=blue,green",                              1, 10, "anna has 1 fleet; each of two players owns two fleets"),
    ("players: anna=red bob=blue anna=green",                         1, 28, "anna is given twice"),
    ("players: anna=red,green bob=blue",                              1, 25, "bob has 1 fleet; each of two players owns two fleets and two ports (BC-4)"),
    ("players: anna=red bob=blue cleo=green\nturn: dan",                         2, 7,  "expected a player (anna, bob, cleo), found 'dan'"),
    ("players: anna=red bob=blue cleo=green\nturn: anna bob",                    2, 12, "expected one value after 'turn:'"),
    ("players: anna=red bob=blue cleo=green\nships: yellow=galleon@C3",           2, 8,  "expected one of the fleets in play (red, blue, green), found 'yellow'"),
    ("players: anna=red bob=blue cleo=green\nships: red=boat@C3",                2, 12, "expected KIND@SQUARE"),
    ("players: anna=red bob=blue cleo=green\nships: red=galleon@Z9",             2, 20, "expected a square of the board (A1 to L12), found 'Z9'"),
    ("players: anna=red bob=blue cleo=green\nships: red=galleon@E4",             2, 20, "E4 is land"),
    ("players: anna=red bob=blue cleo=green\nships: red=galleon@L1",             2, 20, "L1 is blue's port: no other fleet's ship stops there (BC-7)"),
    ("players: anna=red bob=blue cleo=green\nships: red=galleon@C3 blue=raft@C3", 2, 33, "red is on C3 already; two ships cannot share a square"),
    ("players: anna=red bob=blue cleo=green\nships: red=galleon@C3 red=raft@D3", 2, 23, "red's ship is given twice"),
    ("players: anna=red bob=blue cleo=green\nships: red=raft@C3\ncarrying: red", 3, 11, "a raft may never carry treasure"),
    ("players: anna=red bob=blue cleo=green\nhome: red=x",                       2, 11, "expected the chests at red (a whole number), found 'x'"),
    ("players: anna=red bob=blue cleo=green\nhome: red=100",                     2, 11, "(a whole number), found '100'"),
    ("players: anna=red bob=blue cleo=green\nchests: C3=2",                      2, 9,  "expected a treasure square (D4, J4, D9, J9), found 'C3'"),
    ("players: anna=red bob=blue cleo=green\nhome: red=3 blue=3",                2, 6,  "anna and bob both have 3 chests home"),
    ("players: anna=red bob=blue cleo=green\nwind: north",                       2, 1,  "unknown header 'wind'"),
    ("players: anna=red bob=blue cleo=green\nplayers: cleo=green",               2, 1,  "'players:' is given twice"),
    ("players: anna=red bob=blue cleo=green\n  D4 3",                            2, 3,  "expected a header like 'players:'"),
    ("players: anna=red bob=blue cleo=green\nboard: nowhere.json",               2, 8,  "not a usable board: nowhere.json: the file: cannot read it"),
]


@pytest.mark.parametrize("text, line, column, message", ERRORS, ids=[e[3][:40] for e in ERRORS])
def test_a_malformed_text_is_refused_with_its_line_and_column(text, line, column, message):
    with pytest.raises(BoardTextError) as refused:
        parse_board(text)
    assert (refused.value.line, refused.value.column) == (line, column), str(refused.value)
    assert message in str(refused.value)
    assert str(refused.value).startswith(f"line {line}, column {column}: ")


# --- the board file (BC-1) ------------------------------------------------------------------------

def _with(**changes) -> dict:
    data = board_data("~~~~~", "~~#~~", "~~~~~", "~~~~~", "~~~~~")
    data.update(changes)
    return data


# what is changed                                                   where                 the message says
BOARD_ERRORS = [
    ({"columns": 30},                                                 "columns",            "from 2 to 26"),
    ({"squares": ["~~~~~"] * 4},                                      "squares",            "expected 5 rows"),
    ({"squares": ["~~~~~", "~~x~~", "~~~~~", "~~~~~", "~~~~~"]},      "squares[1] (row 2), column 3 (C2)", "found 'x'"),
    ({"squares": ["~~~~", "~~~~~", "~~~~~", "~~~~~", "~~~~~"]},       "squares[0] (row 1)", "expected 5 squares"),
    ({"treasure": ["C2"]},                                            "treasure[0]",        "C2 is land"),
    ({"treasure": ["B5", "B5"]},                                      "treasure[1]",        "B5 is listed twice"),
    ({"treasure": ["F1"]},                                            "treasure[0]",        "F1 is off the board"),
    ({"black_cannon": ["B5"]},                                        "black_cannon[0]",    "B5 is a treasure square too"),
    ({"ports": {"red": "A1", "blue": "E1", "green": "A5"}},          "ports",              "missing yellow"),
    ({"ports": {"red": "B1", "blue": "E1", "green": "A5", "yellow": "E5"}}, "ports.red",   "B1 is not a corner square"),
    ({"ports": {"red": "A1", "blue": "A1", "green": "A5", "yellow": "E5"}}, "ports.blue",  "A1 is already red's port"),
    ({"edges": {"A": [["A1", "B1"]], "B": [["B1", "C2"]], "C": [], "D": []}}, "edges.B[0]", "C2 is land"),
    ({"edges": {"A": [["A1", "C1"]], "B": [], "C": [], "D": []}},    "edges.A[0]",         "not side by side"),
    ({"edges": {"A": [["A1", "B1"]], "B": [["B1", "A1"]], "C": [["C1", "D1"]], "D": [["D1", "E1"]]}}, "edges.B[0]",
     "already paired on edge A"),
    ({"edges": {"A": [["A1", "B1"]], "E": []}},                       "edges",              "unknown edge 'E'"),
    ({"name": "x"},                                                   "the file",           "unknown key 'name'"),
]


@pytest.mark.parametrize("changes, where, message", BOARD_ERRORS, ids=[b[1] + " " + b[2] for b in BOARD_ERRORS])
def test_a_bad_board_is_refused_with_what_is_wrong_and_where(tmp_path, changes, where, message):
    import json
    path = tmp_path / "board.json"
    path.write_text(json.dumps(_with(**changes)))
    with pytest.raises(BoardError) as refused:
        load_board(path)
    assert refused.value.where == where and message in refused.value.problem, str(refused.value)
    assert str(refused.value).startswith(f"{path}: {where}: ")


def test_a_board_that_is_not_json_says_line_and_column(tmp_path):
    path = tmp_path / "board.json"
    path.write_text('{"columns": 12,\n "rows": }')
    with pytest.raises(BoardError, match=r"board.json: line 2, column 10: not JSON"):
        load_board(path)
