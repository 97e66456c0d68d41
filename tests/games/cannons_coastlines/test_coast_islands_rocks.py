"""Islands, their holders and rocks read from rendered tables (the exact truth beside each)."""

import cv2
import numpy as np
import pytest

from companion.games.cannons_coastlines.camera.reader import Seat, make_reader
from companion.games.cannons_coastlines.render import random_coast_table, render_coast_table
from companion.render.options import RenderOptions

read_frame = make_reader().read_frame   # one reader, as one camera stream reads its frames

ROCK_TOLERANCE_MM = 10.0


def _render(seed, players, tilt, light):
    options = RenderOptions(size=(1280, 720), tilt_deg=tilt, light=light, jpeg_quality=85)
    rendered = render_coast_table(random_coast_table(seed, players), seed, options)
    truth = rendered.truth
    seats = [Seat(player, truth["table"]["factions"][player]) for player in truth["table"]["players"]]
    return rendered.image, truth, seats


@pytest.fixture(scope="module")
def held_islands_and_rocks():
    # Four fleets at 37 degrees of tilt on green felt: islands held by anna (twice) and dev,
    # one nobody's; three rocks.
    return _render(7009, 4, 37.38, "even")


@pytest.fixture(scope="module")
def three_islands():
    return _render(7042, 3, 23.46, "warm")


@pytest.mark.slow   # 3 s: renders four fleets at 37 degrees
def test_every_island_holder_is_read_from_the_flag_base(held_islands_and_rocks):
    image, truth, seats = held_islands_and_rocks
    table = read_frame(image, 1.0, None, seats=seats).table
    assert {island["id"]: island["holder"] for island in truth["islands"]} == \
        {island_id: island.holder for island_id, island in table.islands.items()}


@pytest.mark.slow   # 3 s: renders four fleets at 37 degrees
def test_every_rock_is_read_where_it_lies(held_islands_and_rocks):
    image, truth, seats = held_islands_and_rocks
    read = [np.mean(outline, axis=0) for outline in read_frame(image, 1.0, None, seats=seats).table.rocks.values()]
    assert len(read) == len(truth["rocks"]) == 3
    for rock in truth["rocks"]:
        centre = np.mean(rock["outline_in"], axis=0)
        assert min(np.linalg.norm(centre - seen) for seen in read) * 25.4 < ROCK_TOLERANCE_MM, rock["name"]


def _cover_tag(image, truth, island_id):
    """A thumb (skin-coloured blob) pressed over the island's flag tag."""
    island = next(island for island in truth["islands"] if island["id"] == island_id)
    corners = np.array(next(m for m in truth["markers"] if m["id"] == island["marker"])["corners"])
    covered = image.copy()
    centre = tuple(int(v) for v in corners.mean(0))
    size = int(np.ptp(corners, axis=0).max() * 0.8)
    cv2.ellipse(covered, centre, (size, int(size * 0.7)), 30, 0, 360, (120, 150, 205), -1)
    return covered, island


def test_an_island_whose_tag_is_hidden_is_still_reported_with_its_holder(three_islands):
    image, truth, seats = three_islands
    covered, island = _cover_tag(image, truth, "island-2")
    observation = read_frame(covered, 2.0, None, seats=seats)
    assert "island-2" not in observation.table.islands
    placed = [found for island_id, found in observation.table.islands.items() if island_id.startswith("island-at-")]
    assert len(placed) == 1 and placed[0].holder == island["holder"] == "ben"
    centre = np.mean(placed[0].outline, axis=0)
    assert cv2.pointPolygonTest(np.float32(island["outline_in"]).reshape(-1, 1, 2), tuple(map(float, centre)), False) > 0
    assert any("flag tag was not read" in problem for problem in observation.problems)


def test_a_hidden_tag_keeps_the_name_the_island_had_in_the_last_frame(three_islands):
    image, truth, seats = three_islands
    first = read_frame(image, 1.0, None, seats=seats)
    covered, island = _cover_tag(image, truth, "island-2")
    second = read_frame(covered, 2.0, first, seats=seats)
    assert second.table.islands["island-2"].holder == "ben"
    assert set(second.table.islands) == set(first.table.islands)
