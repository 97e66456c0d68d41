"""A teaching square whose piece stood mostly hidden behind the one in front of it says little of its kind's size: its
solid covers what showed of it poorly, and the kind's solid is taken from the squares fitted well. Taught benchmark
tuning seed 6963: its 21 by 28 mm cylinder cannons stand in one column of the sheet, the camera looking along it, and
three of the four were fitted 0.52 or worse (26 by 0, 7 by 1 and 9 by 10 mm), so the kind's median solid was a 16 by
6 mm disc, near the blockades' 17 by 10 mm wedges; the front one, seen whole, 22 by 34 mm."""

from __future__ import annotations

from dataclasses import replace

import cv2
import pytest

from benchmarks.taught_accuracy import render_pair
from calibration.pieces import PieceLooks, teach
from companion.games.cannonball_colony.camera.taught import TaughtPieces
from companion.games.cannonball_colony.camera.taught_settings import TaughtSettings
from companion.games.cannonball_colony.render.teaching import sheet_record
from tests.calibration.test_piece_heights_file import looks_file, square

TRUE_CANNON = (21.0, 27.7)   # the render's cylinder cannons of seed 6963, width and height in mm


@pytest.mark.slow   # 12 s: the benchmark's tuning seed 6963 rendered and its sheet taught
def test_a_kinds_solid_comes_from_its_squares_fitted_well_not_from_the_hidden_ones(tmp_path):
    _, _, sheet = render_pair(6963, False, tmp_path)
    looks = teach([("sheet.png", cv2.imread(str(sheet)))], sheet_record())
    bar = TaughtSettings().least_solid_fit
    fits = {s.label: s.solid_fit for s in looks.squares if s.label[0] == "C" and s.solid is not None}
    assert len(fits) == 4 and sum(fit < bar for fit in fits.values()) == 3   # three cannons mostly hidden

    every = TaughtPieces(looks, replace(TaughtSettings(), least_solid_fit=0.0)).kind_solids["C"]
    assert every.width_mm < TRUE_CANNON[0] - 4 and every.height_mm < 10   # the median of all four: a disc
    cannon = TaughtPieces(looks).kind_solids["C"]
    assert abs(cannon.width_mm - TRUE_CANNON[0]) < 2 and cannon.height_mm > 20   # the one seen whole


def test_the_file_keeps_how_well_each_solid_fitted_and_an_older_file_trusts_every_solid():
    looks = PieceLooks.from_json(looks_file(square("Cs", "side.jpg", solid_fit=0.21), square("Ce", "side.jpg")))
    assert [s.solid_fit for s in looks.squares] == [0.21, None]
    assert PieceLooks.from_json(looks.to_json()).squares[0].solid_fit == 0.21
    assert "solid_fit" not in looks.to_json()["squares"][1]
    with pytest.raises(ValueError, match=r"squares\[0\]: solid_fit should be a number from 0 to 1"):
        PieceLooks.from_json(looks_file(square("Cs", "side.jpg", solid_fit=1.5)))
