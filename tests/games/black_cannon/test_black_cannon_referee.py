"""`companion referee black-cannon POSITION QUESTION [--json]`, through the real command line: each
position as text beside the JSON answer the issue asks for; bad input exits 2 and names the problem."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.games.black_cannon.board import DEFAULT_BOARD_FILE

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "samples" / "boards" / "black-cannon-start.txt"
PLAYERS = "players: anna=red bob=blue cleo=green\n"


@pytest.fixture
def ask(tmp_path, capsys):
    def ask(lines: str, *question: str, json_out: bool = True, players: str = PLAYERS):
        path = tmp_path / "position.txt"
        path.write_text(players + lines + "\n")
        status = main(["referee", "black-cannon", str(path), *question, *(["--json"] if json_out else [])])
        out, err = capsys.readouterr()
        if status:
            return status, err
        return status, json.loads(out) if json_out else out
    return ask


def test_board_prints_the_board_in_use_in_its_schema(ask):
    assert ask("", "board") == (0, json.loads(DEFAULT_BOARD_FILE.read_text()))


def test_moves_gives_each_destination_with_its_path(ask):
    status, reply = ask("ships: red=frigate@D4", "moves", "--fleet", "red", "--dice", "5")
    assert status == 0 and set(reply) == {"moves", "forced", "reasons"} and reply["forced"] is False
    assert {"to": "A1", "squares": 3, "path": ["C3", "B2", "A1"]} in reply["moves"]
    assert [r["rule"] for r in reply["reasons"]] == ["rules:move", "BC-6"]


def test_moves_when_forced_says_so(ask):
    status, reply = ask("ships: blue=galleon@E5", "moves", "--fleet=blue", "--dice=6,6")
    assert reply["forced"] is True and [m["to"] for m in reply["moves"]] == ["A9", "A5"]
    assert reply["reasons"][-1]["rule"] == "BC-5" and reply["reasons"][-1]["cells"] == ["A9", "A5"]


def test_check_gives_legal_and_the_rule_and_blocking_square(ask):
    assert ask("ships: red=galleon@A1", "check", "--fleet", "red", "--dice", "4,2", "--to", "E5") == \
        (0, {"legal": True, "reasons": []})
    status, reply = ask("ships: red=galleon@C4", "check", "--fleet", "red", "--dice", "4,2", "--to", "G4")
    assert reply["legal"] is False and reply["reasons"] == [
        {"rule": "rules:move", "cells": ["D4", "E4"],
         "message": "E4 is land, on the way from C4 to G4: a ship may not land on or pass over an island."}]


def test_battles_lists_the_ships_facing_each_other(ask):
    assert ask("ships: red=galleon@F3 blue=galleon@G3", "battles") == (0, {"battles": [
        {"edge": "A", "squares": ["F3", "G3"], "fleets": ["red", "blue"]}]})


def test_score_per_player_and_the_winner(ask):
    two = "players: anna=red,green bob=blue,yellow\n"
    assert ask("home: red=1 green=2\ncarrying: blue", "score", players=two) == (0, {
        "players": {"anna": {"home": 3, "carried": 0}, "bob": {"home": 0, "carried": 1}}, "winner": "anna"})


def test_without_json_a_sentence_and_the_board_with_the_path_marked(ask):
    status, out = ask("ships: red=galleon@A1", "check", "--fleet", "red", "--dice", "4,2", "--to", "E5",
                      json_out=False)
    lines = out.splitlines()
    assert lines[0] == "Legal: Red sails 4 squares south-east from A1 to E5. [rules:move]"
    assert "  1 {Rg} ..  ..  ..  ..  ..  ..  ..  ..  ..  ..  Bg" in lines
    assert "  4  ..  ..  .. [$4] ##  ##  ##  ##  ##  $3  ..  .." in lines
    assert "  5  ..  ..  ..  .. {::} ##  ##  ##  ::  ..  ..  .." in lines


@pytest.mark.parametrize("question, message", [
    (["sail"], "bad question: unknown question 'sail'; ask one of: board;"),
    (["moves", "--fleet", "red"], "bad question: moves needs --dice"),
    (["moves", "--fleet", "yellow", "--dice", "4,2"], "--fleet 'yellow' is not a fleet in play (red, blue, green)"),
    (["moves", "--fleet", "red", "--dice", "4;2"], "--dice '4;2' is not a roll"),
    (["moves", "--fleet", "red", "--dice", "4"], "--dice: red's ship rolls both dice, as it is a galleon"),
    (["check", "--fleet", "red", "--dice", "4,2", "--to", "Q99"], "--to 'Q99' is not a square of the board"),
    (["check", "--fleet", "red", "--dice", "4,2"], "check needs --to"),
    (["moves", "--fleet", "red", "--dice", "4,2", "--wind", "north"], "(at '--wind')"),
    (["score", "--fleet", "red"], "does not match 'score'"),
])
def test_a_bad_question_exits_2_and_names_the_problem(ask, question, message):
    status, err = ask("", *question)
    assert status == 2 and message in err, err


def test_a_bad_position_exits_2_with_line_and_column(ask):
    status, err = ask("ships: red=galleon@E4", "board")
    assert status == 2 and "line 2, column 20: E4 is land" in err


def test_other_commands_still_refuse_options_they_do_not_know(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["markers", "photo.png", "--wind"])
    assert exited.value.code == 2 and "unrecognized arguments: --wind" in capsys.readouterr().err


def test_the_bundled_sample_as_another_tool_calls_it():
    done = subprocess.run([sys.executable, "-m", "companion", "referee", "black-cannon", str(SAMPLE), "moves",
                           "--fleet", "red", "--dice", "4,2", "--json"], capture_output=True, text=True, cwd=ROOT,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert [m["to"] for m in json.loads(done.stdout)["moves"]] == ["C1", "E1", "G1", "C3", "E5", "G7", "A3", "A5", "A7"]
