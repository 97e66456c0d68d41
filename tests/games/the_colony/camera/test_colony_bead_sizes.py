"""Two details of the reader seen in its misses: the ant spots next to the board's edge (their ring
reaches past the printed paper, which is table, not a hand), and the rules' egg total trusted for one
bead's size only where the picture's own lone beads agree with it."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.games.the_colony.camera.board_frame import patch_grid
from companion.games.the_colony.camera.reader import ColonyReader, measure
from companion.games.the_colony.kit.board import GEOMETRY, space_places
from companion.games.the_colony.layout import default_layout

SAMPLES = Path(__file__).resolve().parents[4] / "samples" / "colony"
PHOTOS = sorted(SAMPLES.glob("colony-*.jpg"))


def on_board(photo: Path) -> int:
    return 57 - sum(json.loads(photo.with_suffix(".json").read_text())["collected"].values())


def test_an_ant_spot_at_the_boards_edge_leaves_the_table_past_it_out_of_its_paper():
    layout = default_layout()
    grid = patch_grid(layout)
    width, _ = GEOMETRY.size_mm
    place = max(space_places(layout), key=lambda p: p.ant[0])      # the ant spot nearest the right edge
    index = layout.ids.index(place.id)
    side = grid.ant_side
    columns_mm = place.ant[0] + (np.arange(side) + 0.5) / grid.px_per_mm - side / grid.px_per_mm / 2
    past_edge = np.broadcast_to(columns_mm > width, (side, side))
    assert past_edge.any()
    assert grid.ant_ink[grid.ant_rows(index)][past_edge].all()


@pytest.mark.slow
@pytest.mark.parametrize("photo", PHOTOS, ids=lambda p: p.stem)
def test_no_space_by_the_boards_edge_is_taken_for_one_under_a_hand(photo):
    truth = json.loads(photo.with_suffix(".json").read_text())
    observation = ColonyReader().read(cv2.imread(str(photo)))
    width, _ = GEOMETRY.size_mm
    by_edge = [place.id for place in space_places(default_layout())
               if width - place.ant[0] < 9.0 and not truth["spaces"][place.id]["hidden"]]
    assert by_edge
    assert not [space for space in by_edge if observation.reading(space).hidden]


@pytest.mark.slow
def test_a_total_that_agrees_with_the_lone_beads_is_trusted_for_the_bead_size_alone():
    photo = SAMPLES / "colony-even-straight.jpg"
    _, measured = measure(cv2.imread(str(photo)), default_layout(), eggs_on_board=on_board(photo))
    assert abs(measured.unit / measured.own_unit - 1) <= 0.15
    assert measured.own_rows is None


@pytest.mark.slow
def test_a_total_that_disagrees_with_the_lone_beads_brings_the_counter_on_their_size_in():
    # Eight eggs more than the board holds: the total's bead size shrinks away from the lone beads'.
    photo = SAMPLES / "colony-even-straight.jpg"
    image = cv2.imread(str(photo))
    _, measured = measure(image, default_layout(), eggs_on_board=on_board(photo) + 8)
    _, alone = measure(image, default_layout())
    assert measured.unit / measured.own_unit < 0.85
    assert measured.own_unit == alone.unit
    assert np.allclose(measured.own_rows, alone.rows)
