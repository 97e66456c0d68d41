"""The LED map (island cell -> pixel) and what the LEDs show for a game: legal landings and builds in
the player's colour, their ship, the camera's question, a verdict's cells; and the --leds file."""

from __future__ import annotations

import argparse
import json

import pytest

from companion.cli import UsageError
from companion.hardware.setup import read_settings
from companion.games.cannonball_colony.cells import Cell, Country
from companion.games.cannonball_colony.game import Game
from companion.games.cannonball_colony.text import parse_board
from companion.games.cannonball_colony.hardware.indicators import COUNTRY_COLOURS, QUESTION, REFUSED, cell_colours, led_frame
from companion.hardware.led_map import LedMap, load_led_map

LANDING = """players: france spain
boards: A1 G1
   A B C D E F G H I J K L
1  g g f m g g g l g f g g
2  g f f r m g g r r r g f
3  g g g g g g g g g g g g
4  g f g g l g g g g g g g
5  f g g g g g g g m g g g
6  g g f g g f g l g g g f
"""


def cell(text: str) -> Cell:
    return Cell.parse(text)


def place(text: str) -> tuple[int, int]:
    """A cell's (column, row) on the LED matrix."""
    return cell(text).col, cell(text).row


def test_the_default_map_snakes_row_by_row_from_a1():
    led_map = LedMap()
    indices = {name: led_map.index(*place(name), 12, 6) for name in ("A1", "L1", "L2", "A2", "A3", "L6")}
    assert indices == {"A1": 0, "L1": 11, "L2": 12, "A2": 23, "A3": 24, "L6": 60}
    assert led_map.index(*place("M1"), 12, 6) is None        # past the island's grid: no LED
    assert led_map.describe(12, 6, origin="A1") == "12x6 serpentine along rows, LED 0 under A1; 256 LEDs at 25%"


def test_a_matrix_wired_up_its_columns_from_the_bottom_right_with_leds_before_it():
    led_map = LedMap(columns=12, rows=6, start="bottom-right", along="columns", first=2, count=80, turn_leds=(0, 1))
    assert led_map.index(*place("L6"), 12, 6) == 2             # the start corner
    assert led_map.index(*place("L1"), 12, 6) == 7             # up the first column
    assert led_map.index(*place("K1"), 12, 6) == 8             # and back down the next
    assert led_map.fit_problem(12, 6) is None
    assert "needs LEDs 2..73, but the strip has 60" in LedMap(first=2, count=60).fit_problem(12, 6)


@pytest.mark.parametrize("text, reason", [
    ('{"colums": 12}', "unknown setting 'colums'; known: columns, rows"),
    ('{"start": "middle"}', "start must be one of top-left, top-right, bottom-left, bottom-right; got 'middle'"),
    ('{"count": 300}', "count must be 1..256 (the firmware's most), got 300"),
    ('{"brightness": 2}', "brightness must be a number 0..1, got 2"),
    ('{"turn_leds": [300]}', "turn_leds [300] are outside the strip's LEDs 0..255"),
    ('{"rows": 6,\n "serpentine": yes}', "not JSON (line 2, column 16"),
])
def test_a_bad_leds_file_names_the_file_and_the_setting(tmp_path, text, reason):
    path = tmp_path / "leds.json"
    path.write_text(text)
    with pytest.raises(ValueError) as error:
        load_led_map(path)
    assert str(path) in str(error.value) and reason in str(error.value)


def test_serve_refuses_a_bad_leds_file_before_opening_anything(tmp_path):
    (tmp_path / "leds.json").write_text(json.dumps({"count": 0}))
    args = argparse.Namespace(leds=tmp_path / "leds.json", hardware_config=None, cannon_calibration=None, cannon_pose=None,
                              game="cannonball-colony")
    with pytest.raises(UsageError, match="--leds: .*count must be 1..256"):
        read_settings(args, tmp_path)
    args.leds, args.cannon_pose = None, "1,2"
    with pytest.raises(UsageError, match="--cannon-pose: expected X,Y,HEADING"):
        read_settings(args, tmp_path)
    args.cannon_pose = "-150,150,0"
    config, led_map, aimer = read_settings(args, tmp_path)
    assert config.led_count == led_map.count == 256 and aimer.fix.pose.x == -150


def test_in_the_landing_phase_the_legal_landings_glow_in_the_players_colour():
    game = Game.from_position(parse_board(LANDING))
    lit = cell_colours(game, None, None)
    france_dim = tuple(round(c * 0.3) for c in COUNTRY_COLOURS[Country.FRANCE])
    assert lit and set(lit.values()) == {france_dim}
    assert cell("A1") in lit and cell("D1") not in lit      # grass on the edge; a mountain is no landing
    assert all(c.col < 6 for c in lit)                       # France lands on its own board


def test_the_question_and_a_refused_verdict_are_drawn_over_the_legal_spaces():
    game = Game.from_position(parse_board(LANDING))
    verdict = {"legal": False, "reasons": [{"rule": "CC-2", "message": "Too close", "cells": ["A1", "B1"]}]}
    lit = cell_colours(game, {"cells": ["A3"]}, verdict)
    assert (lit[cell("A1")], lit[cell("B1")], lit[cell("A3")]) == (REFUSED, REFUSED, QUESTION)
    frame, problem = led_frame(game, None, verdict, LedMap(brightness=1.0, turn_leds=(200,)))
    assert problem is None and frame[0] == REFUSED and frame[200] == COUNTRY_COLOURS[Country.FRANCE]


def test_an_island_too_big_for_the_strip_leaves_it_dark_and_says_why():
    game = Game.from_position(parse_board(LANDING))
    frame, problem = led_frame(game, None, None, LedMap(count=40))
    assert not any(any(c) for c in frame)
    assert problem.startswith("the 12x6 LED matrix needs LEDs 0..71, but the strip has 40")
