"""The position text: it parses and prints back the same, and a malformed one is refused with the
line, the column and what was expected."""

from __future__ import annotations

import pytest
from the_colony_boards import HEADER, board_text

from companion.games.the_colony.layout import default_layout
from companion.games.the_colony.position import Position
from companion.games.the_colony.text import BoardTextError, draw_evidence, parse_board, print_board

SETUP = "turn: red\ncollected: red=0 black=0\nants: optional\nlast-turn: black\n" + "".join(
    f"{space:<4}3\n" for space in default_layout().ids)


def test_the_rulebook_setup_prints_as_the_issue_writes_it_and_parses_back():
    assert print_board(Position.setup()) == SETUP
    assert parse_board(SETUP) == Position.setup()


def test_comments_any_spacing_and_the_optional_headers():
    text = board_text("L2   0   R   # red's ant\nL7 4 B",
                      "# a position\nturn : black\ncollected: black=2 red=4\nants: mandatory\n")
    position = parse_board(text)
    assert position.turn == "black" and position.last_turn == "red"   # last-turn: not `turn` by default
    assert position.collected == {"red": 4, "black": 2} and position.ants_mandatory
    assert position.ants == {"L2": "red", "L7": "black"} and position.ants_in_hand("red") == 5
    assert parse_board(print_board(position)) == position


def test_another_layout_loads_from_a_file(tmp_path):
    small = tmp_path / "small.json"
    small.write_text('{"name": "small", "spaces": ['
                     '{"id": "A", "kind": "single", "next": ["B"], "at": [0, 0]},'
                     '{"id": "B", "kind": "double", "next": ["A", "C"], "at": [40, 0]},'
                     '{"id": "C", "kind": "centre", "next": ["A"], "at": [20, 40]}],'
                     '"centre_through": {"B": "A"}, "touches": [["A", "B"], ["B", "C"]]}')
    text = f"turn: red\ncollected: red=0 black=0\nants: optional\nlayout: {small}\nA 1\nB 2 B\nC 0\n"
    position = parse_board(text)
    assert position.layout.name == "small" and position.layout.ids == ("A", "B", "C")
    assert print_board(position) == f"turn: red\ncollected: red=0 black=0\nants: optional\nlast-turn: black\n" \
                                    f"layout: {small}\nA 1\nB 2 B\nC 0\n"
    assert parse_board(print_board(position)) == position


LOGS = "".join(f"{space} 3\n" for space in default_layout().ids)


@pytest.mark.parametrize("text, line, column, expected", [
    ("turn: green\ncollected: red=0 black=0\nants: optional\n" + LOGS, 1, 7, "expected red or black, found 'green'"),
    ("turn: red\ncollected: red=0\nants: optional\n" + LOGS, 2, 11, "expected black=N as well"),
    ("turn: red\ncollected: red=x black=0\nants: optional\n" + LOGS, 2, 16, "red's collected eggs (a whole number)"),
    ("turn: red\ncollected: red=1 red=2 black=0\nants: optional\n" + LOGS, 2, 18, "red is given twice"),
    ("turn: red\ncollected: red=0 black=0\nants: sometimes\n" + LOGS, 3, 7, "expected optional or mandatory"),
    ("turn: red\ncollected: red=0 black=0\n" + LOGS, 1, 1, "expected a 'ants:' header"),
    ("turn: red\ncollected: red=0 black=0\nants: optional\nmood: calm\n" + LOGS, 4, 1, "unknown header 'mood'"),
    ("turn: red\ncollected: red=0 black=0\nants: optional\nturn: black\n" + LOGS, 4, 1, "'turn:' is given twice"),
    ("turn: red black\ncollected: red=0 black=0\nants: optional\n" + LOGS, 1, 11, "expected one value after 'turn:'"),
    (HEADER + LOGS + "L20 3\n", 23, 1, "expected a log space of the default layout (L1 to L19), found 'L20'"),
    (HEADER + LOGS + "L4 3\n", 23, 1, "L4 is given twice"),
    (HEADER + LOGS.replace("L5 3\n", "L5 three\n"), 8, 4, "expected the eggs on L5 (a whole number)"),
    (HEADER + LOGS.replace("L5 3\n", "L5 -1\n"), 8, 4, "found '-1'"),
    (HEADER + LOGS.replace("L5 3\n", "L5\n"), 8, 4, "expected the number of eggs on L5"),
    (HEADER + LOGS.replace("L5 3\n", "L5 3 G\n"), 8, 6, "expected R or B for an ant"),
    (HEADER + LOGS.replace("L5 3\n", "L5 3 R R\n"), 8, 8, "expected the end of the line"),
    (HEADER + LOGS.replace("L5 3\n", ""), 22, 1, "missing L5"),
    (HEADER + LOGS.replace("L19 3\n", "turn: red\nL19 3\n"), 22, 1, "after the log lines; headers come first"),
    (HEADER.replace("ants: optional\n", "ants: optional\nlayout: /no/such/file.json\n") + LOGS, 4, 9,
     "not a usable layout: /no/such/file.json: the file: cannot read it"),
    (HEADER + "".join(f"L{n} 1 R\n" for n in range(1, 8)) + "".join(f"L{n} 1\n" for n in range(8, 20)), 10, 6,
     "a seventh red ant; each player has 6"),
])
def test_a_malformed_text_is_refused_with_line_column_and_what_was_expected(text, line, column, expected):
    with pytest.raises(BoardTextError) as refused:
        parse_board(text)
    assert (refused.value.line, refused.value.column) == (line, column), str(refused.value)
    assert expected in refused.value.problem
    assert isinstance(refused.value, ValueError) and str(refused.value).startswith(f"line {line}, column {column}: ")


def test_the_picture_marks_the_path_and_the_ends():
    position = parse_board(board_text("L4 2\nL6 1 B"))
    picture = draw_evidence(position, ["L5", "L6"], ["L4"])
    assert picture.splitlines()[0].split() == ["L1:0", "L2:0", "L3:0", "{L4:2}", "[L5:0]", "[L6:1B]"]
    assert " L19:0 " in picture and len(picture.splitlines()) == 9
