"""`companion render the-colony`: the eggs drawn are the position's, inside their circles; the same seed
gives the same picture; a hand's spaces are marked hidden in the truth; bad input is refused."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest

from companion.cli import main
from companion.games.the_colony.kit.board import GEOMETRY, space_places
from companion.games.the_colony.render import random_position, render_colony
from companion.games.the_colony.render.pieces import HELD_OUT, LOOKS
from companion.games.the_colony.render.scene import compose_scene
from companion.games.the_colony.text import parse_board, print_board
from companion.render.options import RenderOptions

SMALL = RenderOptions(size=(320, 180), supersample=1)


@pytest.mark.parametrize("seed", range(6))
def test_random_positions_hold_57_eggs_and_at_most_12_a_space(seed):
    position = random_position(seed)
    assert position.eggs_in_all() == 57
    assert max(position.eggs.values()) <= 12
    assert all(len(position.ants_of(colour)) <= 6 for colour in ("red", "black"))


@pytest.mark.parametrize("look", [look.name for look in LOOKS])
def test_every_bead_lies_inside_its_circle_and_each_space_gets_its_count(look):
    position = random_position(11)
    scene = compose_scene(position, 11, SMALL, look=look)
    places = {place.id: place for place in space_places(position.layout)}
    for space, count in position.eggs.items():
        eggs = [egg for egg in scene.eggs if egg.space == space]
        assert len(eggs) == count
        for egg in eggs:
            assert np.hypot(egg.xy[0] - places[space].centre[0], egg.xy[1] - places[space].centre[1]) < GEOMETRY.egg_radius_mm


def test_one_bead_look_is_held_out_of_training():
    assert HELD_OUT in {look.name for look in LOOKS}
    assert len({look.name for look in LOOKS}) >= 4


@pytest.mark.slow
def test_same_seed_same_picture_and_the_truth_says_the_position(tmp_path):
    position = random_position(5)
    first = render_colony(position, 5, SMALL)
    second = render_colony(position, 5, SMALL)
    assert np.array_equal(first.image, second.image)
    assert parse_board(first.truth["board"]) == position
    assert {space: entry["eggs"] for space, entry in first.truth["spaces"].items()} == position.eggs


@pytest.mark.slow
def test_the_command_writes_a_picture_and_its_truth(tmp_path, capsys):
    out, truth = tmp_path / "view.jpg", tmp_path / "view.json"
    assert main(["render", "the-colony", "--seed", "3", "--tilt", "30", "--light", "warm", "--hand",
                 "--size", "320x180", "--out", str(out), "--truth", str(truth)]) == 0
    data = json.loads(truth.read_text())
    assert out.stat().st_size > 1000
    assert data["hand"] is not None and data["light"]["kind"] == "warm"
    assert sum(entry["hidden"] for entry in data["spaces"].values()) >= 1


def test_a_board_with_13_eggs_on_a_space_is_refused(tmp_path, capsys):
    crowded = random_position(1).replace(eggs={**random_position(1).eggs, "L1": 13})
    board = tmp_path / "crowded.txt"
    board.write_text(print_board(crowded))
    assert main(["render", "the-colony", str(board), "--out", str(tmp_path / "x.png")]) == 2
    assert "L1 has 13 eggs" in capsys.readouterr().err


def test_plastic_ants_stand_the_same_way_in_every_process():
    # Their yaw once came from hash((seed, space)), and a string's hash changes from one process to the next.
    import subprocess
    import sys

    script = ("import hashlib; from companion.games.the_colony.render import random_position; "
              "from companion.games.the_colony.render.draw import render_frame; "
              "from companion.games.the_colony.render.scene import compose_scene; "
              "from companion.render.options import RenderOptions; from dataclasses import replace; "
              "p = random_position(1); "
              "s = replace(compose_scene(p, 1, RenderOptions(size=(320, 180), supersample=1)), ant_kind='figure'); "
              "assert len(p.ants) == 5; print(hashlib.sha1(render_frame(s).image.tobytes()).hexdigest())")
    digests = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": str(hash_seed)}).stdout for hash_seed in (1, 2)}
    assert len(digests) == 1
