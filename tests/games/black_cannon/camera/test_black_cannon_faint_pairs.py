"""A die's pair of pips cut small by a crop whose spot threshold is set by something far brighter or darker (the
board's paper edge, a corner marker): the pair's spread is weighed against the pips' sizes at their own half height,
not against the spots the threshold cut (tuning seeds 2845, 2871 and 2887: diagonal 2s at the board's edge, their
pips found at 1.0-1.2 mm radius, not found at all)."""

import math

import numpy as np
import pytest

from companion.games.black_cannon.camera.die_face import SPREAD_SHARE, proposals
from companion.games.black_cannon.camera.reader import read_table
from companion.games.black_cannon.camera.settings import SETTINGS
from tests.games.black_cannon.camera.test_black_cannon_dice import _tuning_view

PPM = SETTINGS.dice_px_per_mm


def _pairs(found_radius_mm: float, own_radius_mm: float | None) -> list:
    """The two-spot proposals of a diagonal 2 on an 18 mm die whose pips are found `found_radius_mm` across."""
    spread = 18.0 * SPREAD_SHARE * PPM
    points = np.array([(100.0, 100.0), (100.0 + 2 * spread, 100.0 + 2 * spread)])
    radii = np.full(2, found_radius_mm * PPM)
    own = None if own_radius_mm is None else np.full(2, own_radius_mm * PPM)
    return [p for p in proposals(points, radii, PPM, SETTINGS, own) if not p[3]]


def test_a_pair_cut_small_proposes_its_face_when_its_own_size_is_a_pips():
    assert not _pairs(1.0, None)             # the found spots alone are too small for the spread between them
    assert not _pairs(1.0, 0.9)              # their own size no larger: still none
    faces = _pairs(1.0, 1.5)                 # their own size a pip's: the 2 is proposed
    middle = np.array([100.0, 100.0]) + 18.0 * SPREAD_SHARE * PPM
    assert any(math.dist(centre, middle) < 1.0 for centre, *_ in faces)


@pytest.mark.slow
@pytest.mark.parametrize("seed, index", [(2871, 1), (2887, 0)])
def test_a_faint_two_at_the_board_edge_is_read(seed, index):
    image, truth = _tuning_view(seed)
    die = truth["dice"][index]
    assert die["readable"] and die["pips"] == 2
    reading = read_table(image)
    (seen,) = [seen for seen in reading.dice if math.dist(seen.centre_mm, die["centre_mm"]) < 22]
    assert seen.pips == 2 and seen.confidence >= SETTINGS.confident, seen.reason
