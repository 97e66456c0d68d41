"""A cocked die's side towards the camera read as its top, where the die's body cannot be measured for a side (an
ivory die on the board's white border): the tilted top's pips lie just beyond the side read, away from the camera,
and the die is asked about (pips_beyond.py; forced-lean tuning seed 5378: a cocked ivory 6 read sure as the 2 of its
side). A flat top has only the table beyond its far edge."""

import math

import numpy as np
import pytest

from companion.games.black_cannon.camera.die_face import GRID, SPREAD_SHARE, FaceRead
from companion.games.black_cannon.camera.pips_beyond import pips_beyond_top
from companion.games.black_cannon.camera.reader import read_table
from companion.games.black_cannon.camera.settings import SETTINGS
from tests.games.black_cannon.camera.test_black_cannon_dice import _tuning_view

PPM = SETTINGS.dice_px_per_mm
SIDE_MM = 17.0
AWAY = np.array([0.0, -1.0])       # the camera lies below the picture: away from it is up
PIP_PX = 1.25 * PPM


def _two_read(beyond_mm: list[tuple[float, float, float]]):
    """A face of two pips (a die of 17 mm) at the crop's middle, and spots (along, across, radius as a share of the
    pips') beyond it, in mm: the face, its kind's spot places and radii (px)."""
    spread = SPREAD_SHARE * SIDE_MM * PPM
    middle = np.array([200.0, 200.0])
    face = FaceRead(2, 0.9, 0.05, 0.1, middle, 0.0, spread, (GRID.index((-1, -1)), GRID.index((1, 1))))
    points = [middle + np.array(place) * spread for place in ((-1, -1), (1, 1))]
    radii = [PIP_PX, PIP_PX]
    for along, across, share in beyond_mm:
        points.append(middle + (along * AWAY + across * np.array([-AWAY[1], AWAY[0]])) * PPM)
        radii.append(share * PIP_PX)
    return face, np.array(points), np.array(radii)


# The tilted 6 of 5378 beyond the 2 of its side: six pips 9-18 mm beyond its middle, the size of the 2's.
SIX_BEYOND = [(along, across, 0.95) for along in (10.0, 14.0, 17.5) for across in (-3.5, 3.5)]


@pytest.mark.parametrize("beyond, counted", [
    (SIX_BEYOND, 6),                       # a cocked die's tilted top
    ([], 0),                               # a flat top: the table beyond it
    ([(12.0, 1.0, 1.51)], 0),              # the board's printed letter beyond a flat ivory 3 (5745), larger than a pip
    ([(10.5, 1.0, 0.8)], 1),               # one spot of a pip's size: counted, but one alone is as often the print
                                           # (5357, 5382, 5447): the reader wants pips_beyond_least, two
    ([(6.0, 0.0, 1.0)], 0),                # a spot within the flat top's far edge (0.5 of a side): the top's own
    ([(12.0, 13.0, 1.0)], 0),              # a spot well off to the side of the camera's line: not this die's top
    ([(12.0, 10.4, 1.0)], 1),              # 0.61 of a side across: the far pip of 6957's tilted 2, its die turned
    ([(-12.0, 0.0, 1.0)], 0),              # a spot towards the camera: a side's pip, as a flat die's sides show
    ([(10.5, 1.0, 0.55)], 1),              # a tilted top's pip seen foreshortened, smaller than the face's (7489)
    ([(10.5, 1.0, 0.35)], 0),              # a speck far smaller than a pip: no pip of a die's top
])
def test_pips_of_the_faces_size_just_beyond_its_far_edge_are_counted(beyond, counted):
    face, points, radii = _two_read(beyond)
    assert pips_beyond_top(face, points, radii, AWAY, SETTINGS) == counted
    assert (counted >= SETTINGS.pips_beyond_least) == (beyond is SIX_BEYOND)


@pytest.mark.slow
def test_a_cocked_ivory_die_on_the_white_border_whose_side_reads_as_a_two_is_asked_about():
    image, truth = _tuning_view(5378, lean=True)
    cocked, flat = truth["dice"]
    assert not cocked["readable"] and cocked["pips"] == 6 and flat["readable"]
    reading = read_table(image)
    (seen,) = [seen for seen in reading.dice if math.dist(seen.centre_mm, cocked["centre_mm"]) < 22]
    assert seen.pips == 2 and seen.confidence < SETTINGS.confident, seen.reason
    assert "pips lie beyond its far edge" in seen.reason
    (other,) = [seen for seen in reading.dice if math.dist(seen.centre_mm, flat["centre_mm"]) < 22]
    assert other.pips == 6 and other.confidence >= SETTINGS.confident     # the flat die keeps its reading
    assert reading.dice_values() is None


@pytest.mark.slow
def test_a_cocked_ivory_die_whose_side_reads_as_a_five_below_its_tilted_four_is_asked_about():
    # bc-dice23, forced-lean tuning seed 5807: a cocked ivory 4 on the tan table by the board's white border, the 5 of
    # its side towards the camera read sure by both readers (margin 0.67 over the 0.7 of a face of four pips or more,
    # the face reader 0.92: "both nearly sure"); its body ran on into the surround, and the tilted 4's pips lie just
    # beyond the 5, away from the camera. A face of four pips or more is judged so too.
    image, truth = _tuning_view(5807, lean=True)
    cocked = truth["dice"][0]
    assert not cocked["readable"] and cocked["pips"] == 4
    reading = read_table(image)
    (seen,) = [seen for seen in reading.dice if math.dist(seen.centre_mm, cocked["centre_mm"]) < 22]
    assert seen.pips == 5 and seen.confidence < SETTINGS.confident, seen.reason
    assert "pips lie beyond its far edge" in seen.reason


@pytest.mark.slow
def test_a_cocked_ivory_three_whose_side_reads_as_a_lone_one_is_asked_for_its_tilted_tops_small_pips():
    # bc-dice33, forced-lean tuning seed 7489: a cocked ivory 3 leaning 34 degrees, the 1 of its side read sure by
    # both readers, its body run on into the white paper (unmeasured); the tilted 3's pips beyond it, foreshortened,
    # measure 0.55-0.64 of the lone pip's radius: two of them are counted, and the die is asked about.
    image, truth = _tuning_view(7489, lean=True)
    cocked = truth["dice"][0]
    assert not cocked["readable"] and cocked["pips"] == 3 and cocked["style"] == "ivory"
    reading = read_table(image)
    (seen,) = [seen for seen in reading.dice if math.dist(seen.centre_mm, cocked["centre_mm"]) < 22]
    assert seen.pips == 1 and seen.confidence < SETTINGS.confident, seen.reason
    assert "pips lie beyond its far edge" in seen.reason
