"""Every ship accounted for: a ship sunk and its hull laid on the shooter's mat leaves the table (it was kept
afloat, stale, for ever); a ship the camera never saw is named to the players as the game starts, not left out
silently."""

from __future__ import annotations

import pytest

from companion.games.cannons_coastlines.camera.fleet_count import Unseen, sunk_ships, unseen_ships, unseen_question
from companion.games.cannons_coastlines.camera.live import CoastCamera
from companion.games.cannons_coastlines.camera.reader import default_seats, make_reader
from companion.games.cannons_coastlines.factions import load_rulebook
from companion.games.cannons_coastlines.observation import TableObservation
from companion.games.cannons_coastlines.record import RECORD
from companion.games.cannons_coastlines.render.clip import CLIP_OPTIONS, clip_start
from companion.games.cannons_coastlines.render.draw import render_coast_frame
from companion.games.cannons_coastlines.render.scene import compose_coast_scene
from companion.games.cannons_coastlines.tracking import TableCommitted
from companion.kit import ids

RULEBOOK = load_rulebook()
SEATS = default_seats(RULEBOOK)[:2]     # blue sails the navy, yellow the merchants


@pytest.fixture(scope="module")
def before_and_after_a_sinking():
    """The bundled clip's table, then the same table after blue sank yellow's pinnace and laid its hull on its
    mat; both read in one stream."""
    start = clip_start(7)
    sunk = start.replace(ships={k: v for k, v in start.ships.items() if k != "yellow/pinnace"})
    sunk = sunk.with_mat("blue", sunk.mat("blue").with_prize("merchants", "hull"))
    reader = make_reader()
    before = reader.read_frame(render_coast_frame(compose_coast_scene(start, 7, CLIP_OPTIONS)).image, 0.0, None)
    after = reader.read_frame(render_coast_frame(compose_coast_scene(sunk, 7, CLIP_OPTIONS)).image, 0.25, before)
    return before, after


def test_a_sunk_ship_whose_hull_lies_on_a_mat_is_no_longer_kept_afloat(before_and_after_a_sinking):
    before, after = before_and_after_a_sinking
    assert "yellow/pinnace" in before.table.ships
    assert "yellow/pinnace" not in after.table.ships
    assert "ship yellow/pinnace sunk: its hull lies on blue's mat" in after.problems
    assert after.table.mats["blue"].prizes.get(("merchants", "hull")) == 1
    assert not after.unseen_ships and not before.unseen_ships


def test_a_hull_tag_on_a_mat_names_the_ship_and_the_mat_it_lies_on():
    pinnace_tag = ids.ship_tag(2, 3)     # fleet 2 (yellow), its third card
    assert sunk_ships({pinnace_tag: 1}, SEATS, RULEBOOK) == {"yellow/pinnace": "blue"}


@pytest.mark.parametrize("afloat, sunk, hulls, expected", [
    # every ship afloat or sunk: nothing to say
    ({"blue/man-o-war", "blue/frigate", "blue/cutter", "yellow/galleon", "yellow/fluyt"}, {"yellow/pinnace"},
     {2: 1}, {}),
    # the fluyt's tag under its own sail: named
    ({"blue/man-o-war", "blue/frigate", "blue/cutter", "yellow/galleon", "yellow/pinnace"}, set(), {},
     {"yellow": Unseen(1, ("yellow/fluyt",))}),
    # a yellow hull on blue's mat told by its colour alone, two yellow ships not seen: one of the two is missing
    ({"blue/man-o-war", "blue/frigate", "blue/cutter", "yellow/galleon"}, set(), {2: 1},
     {"yellow": Unseen(1, ("yellow/fluyt", "yellow/pinnace"))}),
])
def test_ships_neither_afloat_nor_sunk_are_named(afloat, sunk, hulls, expected):
    assert unseen_ships({1, 2}, afloat, sunk, hulls, SEATS, RULEBOOK) == expected


def test_one_of_two_candidates_is_said_so():
    assert Unseen(1, ("yellow/fluyt", "yellow/pinnace")).said() == "1 of yellow/fluyt, yellow/pinnace"
    assert Unseen(2, ("yellow/fluyt", "yellow/pinnace")).said() == "yellow/fluyt, yellow/pinnace"


def test_the_game_starts_with_the_players_told_which_ships_the_camera_does_not_see():
    table = clip_start(7)
    observation = TableObservation(1.0, table, unseen_ships={"yellow": "yellow/fluyt"})
    camera = CoastCamera(RECORD)
    commands = camera.commands(type("Snapshot", (), {"state": None})(), TableCommitted(table, frozenset()), observation)
    assert [c["type"] for c in commands] == ["start", "question"]
    assert commands[1]["message"] == unseen_question({"yellow": "yellow/fluyt"})
    assert "yellow/fluyt" in commands[1]["message"] and "turn the ship a little" in commands[1]["message"]
