"""A board seen by one or two corner markers is fitted again against its own print: the dice are looked for where
they lie, not 5-50 mm off; a board seen by three or four markers, or one whose print does not correlate (a single
marker's fit too far off to start from), keeps the markers' fit."""

import numpy as np
import pytest

from companion.games.black_cannon.board import default_board
from companion.games.black_cannon.camera.board_refit import refit_sparse_view
from companion.games.black_cannon.camera.board_view import locate_board
from companion.games.black_cannon.camera.reader import read_table
from companion.games.black_cannon.camera.settings import SETTINGS
from companion.vision.markers import detect_markers
from tests.games.black_cannon.camera.test_black_cannon_dice import _read_near, _tuning_view


def _views(seed):
    image, truth = _tuning_view(seed)
    markers = detect_markers(image)
    view = locate_board(markers, (image.shape[1], image.shape[0]), 12, 12)
    return image, truth, view, refit_sparse_view(view, image, default_board(), markers, SETTINGS)


def _off_mm(view, die) -> float:
    """How far `view` puts the die's top from where it lies (mm)."""
    seen = view.to_board(np.float64([die["centre_px"]]), die["size_mm"])[0]
    return float(np.hypot(*(seen - die["centre_mm"])))


@pytest.mark.slow
def test_dice_in_a_view_of_two_corner_markers_are_placed_and_read_after_the_refit():
    # Tuning seed 1799: markers 0 and 3 seen, the markers' fit puts the dice 52 and 14 mm off; a green-gold 1 went
    # unseen and the 3 was placed 14 mm off its top and asked about.
    image, truth, markers_fit, refit = _views(1799)
    assert markers_fit.corners_seen == (0, 3) and refit.corners_seen == (0, 3)
    assert min(_off_mm(markers_fit, die) for die in truth["dice"]) > 10
    assert max(_off_mm(refit, die) for die in truth["dice"]) < 2.5
    three = truth["dice"][1]
    near = _read_near(read_table(image), three)
    assert (three["pips"], near.pips) == (3, 3) and near.confidence >= SETTINGS.confident


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1671, 1683])
def test_a_view_of_many_markers_or_of_one_whose_print_does_not_match_keeps_the_markers_fit(seed):
    # 1671: four markers (the refit would only drift, 0.2 -> 2.4 mm); 1683: one marker, its fit 65-390 mm off at the
    # dice, too far for the print to pull it back (correlation 0.26, under the 0.35 needed).
    _, _, markers_fit, refit = _views(seed)
    assert refit is markers_fit
