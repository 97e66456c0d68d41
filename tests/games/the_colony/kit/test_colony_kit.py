"""`companion print colony`: the board's two pages and the ant tokens, on A4 and Letter; the printed
board carries the table-corner markers where the reader expects them, and every space where the layout says."""

from __future__ import annotations

import numpy as np
import pytest

from companion.cli import main
from companion.games.the_colony.kit.board import GEOMETRY, board_markers, board_picture, space_places
from companion.games.the_colony.layout import default_layout
from companion.vision.markers import detect_markers


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_print_colony_writes_both_board_halves_and_the_ant_tokens(tmp_path, paper, capsys):
    assert main(["print", "colony", "--paper", paper, "--dpi", "72", "--out", str(tmp_path)]) == 0
    names = sorted(path.name for path in tmp_path.iterdir())
    assert names == sorted([f"colony-board-left-{paper}.png", f"colony-board-right-{paper}.png",
                            f"colony-ant-tokens-{paper}.png", f"colony-{paper}.pdf"])
    assert "butt" in capsys.readouterr().out


def test_the_printed_board_shows_markers_20_to_23_in_its_corners():
    picture = board_picture(default_layout(), 4.0)
    found = {marker.id: np.array(marker.corners) / 4.0 for marker in detect_markers(picture)}
    assert sorted(found) == [20, 21, 22, 23]
    for placement in board_markers():
        assert np.abs(found[placement.id] - np.array(placement.corners)).max() < 1.0   # mm


def test_every_space_is_a_white_circle_at_its_layout_place_with_its_ant_spot_beside_it():
    layout = default_layout()
    picture = board_picture(layout, 4.0)
    for place in space_places(layout):
        assert place.centre == layout.space(place.id).at
        x, y = (int(v * 4.0) for v in place.centre)
        # Inside the circle: blank paper, but for the pages' grey cut line where the halves butt (through L19).
        assert picture[y - 20:y + 20, x - 20:x + 20].min() >= 150
        gap = np.hypot(place.ant[0] - place.centre[0], place.ant[1] - place.centre[1])
        assert gap >= GEOMETRY.egg_radius_mm + GEOMETRY.ant_radius_mm
        assert 0 <= place.ant[0] - GEOMETRY.ant_radius_mm and place.ant[0] + GEOMETRY.ant_radius_mm <= GEOMETRY.size_mm[0]
        assert 0 <= place.ant[1] - GEOMETRY.ant_radius_mm and place.ant[1] + GEOMETRY.ant_radius_mm <= GEOMETRY.size_mm[1]


def test_no_two_spaces_or_ant_spots_overlap():
    places = space_places(default_layout())
    circles = [(p.centre, GEOMETRY.egg_radius_mm) for p in places] + [(p.ant, GEOMETRY.ant_radius_mm) for p in places]
    for index, (a, ra) in enumerate(circles):
        for b, rb in circles[index + 1:]:
            assert np.hypot(a[0] - b[0], a[1] - b[1]) > ra + rb
