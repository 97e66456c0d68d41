"""A ship forced off the table sinks: the players take it away, no hull goes on a mat, and the camera sees the bare
table where it stood. It leaves the game (it was kept afloat, stale, for good) and the players are told; a ship still
there whose tag is hidden is kept where it was."""

from __future__ import annotations

import numpy as np
import pytest

from companion.games.cannons_coastlines.camera.live import CoastCamera
from companion.games.cannons_coastlines.camera.reader import make_reader
from companion.games.cannons_coastlines.camera.ship_gone import last_ship_question, left_question, left_sentence
from companion.games.cannons_coastlines.observation import TableObservation
from companion.games.cannons_coastlines.record import RECORD
from companion.games.cannons_coastlines.render.clip import CLIP_OPTIONS, clip_start
from companion.games.cannons_coastlines.render.draw import render_coast_frame
from companion.games.cannons_coastlines.render.scene import compose_coast_scene
from companion.games.cannons_coastlines.tracking import TableCommitted
from companion.kit import ids

SHIP = "yellow/pinnace"
PINNACE_TAG = ids.ship_tag(2, 3)      # fleet 2 (yellow), its third card


def _picture(table):
    return render_coast_frame(compose_coast_scene(table, 7, CLIP_OPTIONS))


@pytest.fixture(scope="module")
def table_and_pictures():
    start = clip_start(7)
    gone = start.replace(ships={k: v for k, v in start.ships.items() if k != SHIP})
    return start, _picture(start), _picture(gone)


def test_a_ship_taken_off_the_table_leaves_the_reading_and_is_said(table_and_pictures):
    start, before, after = table_and_pictures
    reader = make_reader()
    first = reader.read_frame(before.image, 0.0, None)
    assert SHIP in first.table.ships
    then = reader.read_frame(after.image, 0.25, first)
    assert SHIP not in then.table.ships and then.left_ships == (SHIP,)
    assert left_sentence(SHIP) in then.problems
    assert not then.unseen_ships                      # accounted for: it left, it is not missing


def test_a_ship_whose_tag_a_crumb_covers_is_kept_where_it_was(table_and_pictures):
    start, before, _ = table_and_pictures
    covered = before.image.copy()
    rows, cols = np.nonzero(before.marker == PINNACE_TAG)
    assert len(rows), "the pinnace's tag shows in the picture"
    covered[rows.min() - 2:rows.max() + 3, cols.min() - 2:cols.max() + 3] = (70, 75, 80)   # a dark die on its deck
    reader = make_reader()
    first = reader.read_frame(before.image, 0.0, None)
    then = reader.read_frame(covered, 0.25, first)
    assert SHIP in then.table.ships and SHIP in then.stale_ships and not then.left_ships
    assert f"ship {SHIP} not seen (hidden?): its last known pose is kept" in then.problems


def _committing(camera, game_table, seen_table, left=()):
    snapshot = type("Snapshot", (), {"state": type("State", (), {"table": game_table})()})()
    camera.track(TableObservation(1.0, seen_table, left_ships=tuple(left)))
    return camera.commands(snapshot, TableCommitted(seen_table, frozenset()), None)


def _without(table, *ship_ids):
    return table.replace(ships={k: v for k, v in table.ships.items() if k not in ship_ids})


@pytest.fixture
def camera():
    camera = CoastCamera(RECORD)
    camera._first_commit_of_pass = False     # the game began from an earlier still table
    return camera


def test_the_players_are_told_once_when_the_table_without_it_is_committed(camera):
    start = clip_start(7)
    gone = _without(start, SHIP)
    commands = _committing(camera, start, gone, left=[SHIP])
    assert [c["type"] for c in commands] == ["observe", "question"]
    assert SHIP not in commands[0]["table"].ships
    assert commands[1] == left_question([SHIP]) and "forced off the table sinks" in commands[1]["message"]
    assert [c["type"] for c in _committing(camera, gone, gone)] == ["observe"]


def test_a_fleets_last_ship_seen_to_leave_is_kept_afloat_and_asked_about_no_game_ends(camera):
    start = clip_start(7)
    yellow = sorted(ship for ship, s in start.ships.items() if s.owner == "yellow")
    last_one = _without(start, *[ship for ship in yellow if ship != SHIP])       # the pinnace is yellow's last
    none_left = _without(last_one, SHIP)
    commands = _committing(camera, last_one, none_left, left=[SHIP])
    assert [c["type"] for c in commands] == ["observe", "question"]
    assert SHIP in commands[0]["table"].ships and SHIP in commands[0]["stale"]
    assert commands[1] == last_ship_question([SHIP]) and "its fleet's last ship" in commands[1]["message"]
    again = _committing(camera, last_one, none_left)           # still not seen: still kept, not asked again
    assert [c["type"] for c in again] == ["observe"] and SHIP in again[0]["table"].ships
    back = _committing(camera, last_one, last_one)             # its tag seen again: an ordinary ship
    assert SHIP in back[0]["table"].ships and SHIP not in back[0]["stale"]
