"""`companion referee the-colony BOARD QUESTION [--json]`, through the real command line: each
position as text beside the JSON answer the issue asks for; bad input exits 2 and names the problem."""

from __future__ import annotations

import json

import pytest
from the_colony_boards import board_text

from companion.cli import main
from companion.games.the_colony.layout import DEFAULT_LAYOUT_FILE
from companion.games.the_colony.text import parse_board


@pytest.fixture
def ask(tmp_path, capsys):
    def ask(logs: str, *question: str, header: str | None = None, json_out: bool = True):
        path = tmp_path / "board.txt"
        path.write_text(board_text(logs, header) if header else board_text(logs))
        status = main(["referee", "the-colony", str(path), *question, *(["--json"] if json_out else [])])
        out, err = capsys.readouterr()
        if status:
            return status, err
        return status, json.loads(out) if json_out else out
    return ask


def test_layout_prints_the_layout_in_use_in_its_schema(ask):
    assert ask("", "layout") == (0, json.loads(DEFAULT_LAYOUT_FILE.read_text()))


def test_legal_lists_the_spaces_and_says_when_there_are_none(ask):
    assert ask("L1 2\nL2 3 B\nL19 1", "legal") == (0, {"spaces": ["L1", "L19"], "over": False})
    assert ask("L2 3 B", "legal") == (0, {"spaces": [], "over": True})


def test_sow_when_done_gives_the_path_the_eggs_collected_the_ant_and_the_board_after(ask):
    status, reply = ask("L4 2\nL6 3", "sow", "L4")
    assert status == 0 and reply["done"] is True
    assert (reply["path"], reply["collected"], reply["ant_placed"]) == (["L5", "L6"], 1, "L6")
    assert reply["board"].startswith("turn: red\ncollected: red=1 black=0\nants: optional\nlast-turn: black\nL1  0\n")
    assert parse_board(reply["board"]) == parse_board(board_text("L5 1\nL6 3 R", "turn: red\ncollected: red=1 "
                                                                 "black=0\nants: optional\n"))
    assert reply["reasons"] == [{"rule": "rules:action", "cells": ["L6"], "message": "The last egg reached L6, "
                                 "which held 3 eggs and no ant: you collect it and place an ant there."}]
    assert set(reply) == {"done", "path", "collected", "ant_placed", "board", "reasons"}


def test_sow_with_a_choice_still_needed_says_where_and_which_ways(ask):
    assert ask("L2 3", "sow", "L2") == (0, {"done": False, "choice_at": "L3", "options": ["L4", "L19"],
                                            "path": ["L3"]})
    status, reply = ask("L2 3", "sow", "L2", "--via", "L19")
    assert reply["path"] == ["L3", "L19", "L12"] and reply["ant_placed"] is None
    status, relayed = ask("L2 2\nL19 1", "sow", "L2", "--via", "L19,L8,L9")   # TC-5 at the centre
    assert relayed["path"] == ["L3", "L19", "L8", "L9"] and [r["rule"] for r in relayed["reasons"]] == \
        ["rules:action", "rules:action"]


def test_sow_from_an_illegal_start_says_why(ask):
    assert ask("L7 4 B", "sow", "L7") == (0, {"legal": False, "reasons": [
        {"rule": "rules:select", "message": "Not legal: a black ant protects L7.", "cells": ["L7"]}]})


def test_ant_moves_lists_the_steps_and_whether_one_is_mandatory(ask):
    header = "turn: red\ncollected: red=0 black=0\nants: mandatory\n"
    assert ask("L3 1 R\nL4 2 B", "ant-moves", header=header) == \
        (0, {"moves": [["L3", "L2"], ["L3", "L19"]], "mandatory": True})
    assert ask("L4 2 B", "ant-moves", header=header) == (0, {"moves": [], "mandatory": False})   # no ant out


def test_score_counts_and_names_the_winners(ask):
    header = "turn: red\ncollected: red=5 black=3\nants: optional\nlast-turn: black\n"
    assert ask("L1 0 B\nL2 2 B", "score", header=header) == \
        (0, {"scores": {"red": 5, "black": 5}, "over": True, "winners": ["black"]})
    assert ask("L1 0 B\nL2 2 B\nL3 1", "score", header=header) == \
        (0, {"scores": {"red": 5, "black": 5}, "over": False, "winners": []})   # red can still sow L3


@pytest.mark.parametrize("logs, question, message", [
    ("L2 3", ("sow", "L2", "--via", "L12"), "bad question: --via L12: eggs leaving L3 go to L4 or L19, not 'L12'"),
    ("L2 3", ("sow", "L20"), "bad question: 'L20' is not a log space of the default layout (L1 to L19)"),
    ("L2 3", ("sow",), "does not match 'sow SPACE [--via ID,ID,...]'"),
    ("L2 3", ("fly",), "bad question: unknown question 'fly'"),
    ("L2 3", ("legal", "L2"), "does not match 'legal'"),
])
def test_a_bad_question_exits_2_and_names_the_problem(ask, logs, question, message):
    status, err = ask(logs, *question)
    assert status == 2 and message in err


def test_a_malformed_board_exits_2_with_its_line_and_column(tmp_path, capsys):
    path = tmp_path / "board.txt"
    path.write_text(board_text("", "turn: purple\ncollected: red=0 black=0\nants: optional\n"))
    assert main(["referee", "the-colony", str(path), "legal", "--json"]) == 2
    assert "line 1, column 7: expected red or black, found 'purple'" in capsys.readouterr().err


def test_without_json_a_sentence_and_the_logs_with_the_path_marked(ask):
    status, out = ask("L4 2\nL6 3", "sow", "L4", json_out=False)
    lines = out.splitlines()
    assert lines[0] == ("Red sows the 2 eggs on L4 over 2 drops. The last egg reached L6, which held 3 eggs and no "
                        "ant: you collect it and place an ant there. [rules:action]")
    assert "  path: L5 L6" in lines
    assert any(line.split()[:6] == ["L1:0", "L2:0", "L3:0", "{L4:2}", "[L5:0]", "{L6:3}"] for line in lines)
