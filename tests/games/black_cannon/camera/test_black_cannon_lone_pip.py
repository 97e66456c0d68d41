"""A face of one pip, on drawn dice seen straight down (fast, beside the rendered-photo tests): a lone pip centred
on a square top of a die's size reads 1 at any turn, also with a side of the body's colour seen beyond the top;
a corner pip of a 4, the middle pip of a 5 whose corners the spot finder missed, and a dot on a strip of print
(a border's letter) do not."""

import math

import cv2
import numpy as np
import pytest

from companion.games.black_cannon.camera.die_face import _LAYOUT_PLACES, SPREAD_SHARE, read_grid, stray_spots
from companion.games.black_cannon.camera.lone_pip import read_lone, top_square
from companion.games.black_cannon.camera.settings import SETTINGS

SIDE_PX = 72                 # an 18 mm die at the die-top view's 4 px a mm
PIP_RADIUS_PX = 6.0
TABLE, BODY, PIP = (90, 120, 60), (40, 40, 190), (245, 245, 245)


def _die(count: int, turn_deg: float, side_beyond_px: float = 0.0):
    """A die's top drawn straight down, `count` pips, and (when asked) a side of the body's colour seen beyond
    its lower edge, as a side towards the camera is seen in the die-top view."""
    picture = np.full((240, 240, 3), TABLE, np.uint8)
    centre = np.array([120.0, 120.0])
    cos, sin = math.cos(math.radians(turn_deg)), math.sin(math.radians(turn_deg))
    axes = np.array([[cos, sin], [-sin, cos]])
    half = SIDE_PX / 2
    outline = np.array([(-half, -half), (half, -half), (half, half + side_beyond_px), (-half, half + side_beyond_px)])
    cv2.fillConvexPoly(picture, np.round(centre + outline @ axes).astype(np.int32), BODY)
    spread = SPREAD_SHARE * SIDE_PX
    pips = np.array([centre + np.array(place, float) * spread @ axes for place in _LAYOUT_PLACES[count]])
    for point in pips:
        cv2.circle(picture, tuple(int(round(v)) for v in point), int(PIP_RADIUS_PX), PIP, -1, cv2.LINE_AA)
    return cv2.GaussianBlur(picture, (5, 5), 1.2).astype(np.float32), centre, pips


@pytest.mark.parametrize("turn", (0.0, 17.0, 45.0, 71.0))
@pytest.mark.parametrize("side_beyond_px", (0.0, 30.0))
def test_a_lone_pip_centred_on_a_square_top_reads_one_at_any_turn(turn, side_beyond_px):
    picture, centre, _ = _die(1, turn, side_beyond_px)
    face = read_lone(picture, centre, PIP_RADIUS_PX, SETTINGS)
    assert face.pips == 1 and face.margin >= SETTINGS.face_sure_margin
    assert face.outline <= SETTINGS.face_outline
    # The grid is sized from the top, not the pip: inside the top, near its true size.
    assert 0.8 < face.spread_px / (SPREAD_SHARE * SIDE_PX) <= 1.1
    top = top_square(picture, centre, PIP_RADIUS_PX, SETTINGS)
    assert abs(top.half_side_px - SIDE_PX / 2) < SETTINGS.lone_top_fit * SIDE_PX / 2


@pytest.mark.parametrize("count, which", [(4, 0), (4, 3), (6, 2), (2, 0), (3, 0)])
def test_a_pip_of_a_bigger_face_off_its_middle_is_no_lone_pip(count, which):
    picture, _, pips = _die(count, 25.0)
    assert read_lone(picture, pips[which], PIP_RADIUS_PX, SETTINGS) is None


@pytest.mark.parametrize("count", (3, 5))
def test_the_middle_pip_of_a_three_or_a_five_is_no_lone_pip(count):
    picture, centre, pips = _die(count, 25.0)
    assert read_lone(picture, centre, PIP_RADIUS_PX, SETTINGS) is None


def test_a_dot_on_a_strip_of_print_wider_than_a_die_is_no_lone_pip():
    # A border's letter, blurred to a spot, on the white border strip: even colour runs on both ways along it.
    picture = np.full((240, 240, 3), (40, 40, 40), np.uint8)
    picture[75:165, :] = (235, 235, 235)
    cv2.circle(picture, (120, 120), int(PIP_RADIUS_PX), (90, 90, 90), -1, cv2.LINE_AA)
    picture = cv2.GaussianBlur(picture, (5, 5), 1.2).astype(np.float32)
    assert read_lone(picture, np.array([120.0, 120.0]), PIP_RADIUS_PX, SETTINGS) is None


def test_a_lone_pip_is_not_paired_with_a_side_face_spot_beyond_the_top_faces_edge():
    picture, centre, pips = _die(1, 20.0)
    spread = SPREAD_SHARE * SIDE_PX
    # A side's pip, seen squashed, just past the top face's edge, a corner-to-corner step from the lone pip.
    cos, sin = math.cos(math.radians(20.0)), math.sin(math.radians(20.0))
    side_pip = centre + np.array([-sin, cos]) * 2.3 * spread + np.array([cos, sin]) * 0.4 * spread
    cv2.ellipse(picture, tuple(int(round(v)) for v in side_pip), (6, 3), 20.0, 0, 360, PIP, -1)
    pair = read_grid(picture, (centre + side_pip) / 2, math.atan2(*(side_pip - centre)[::-1]) - math.radians(45),
                     float(np.linalg.norm(side_pip - centre)) / (2 * math.sqrt(2)), PIP_RADIUS_PX)
    assert pair is None or pair.pips != 2 or pair.outline > SETTINGS.face_outline
    lone = read_lone(picture, centre, PIP_RADIUS_PX, SETTINGS)
    assert lone.pips == 1 and lone.outline <= SETTINGS.face_outline
    assert stray_spots(lone, np.vstack([pips, side_pip[None, :]])) == 0
