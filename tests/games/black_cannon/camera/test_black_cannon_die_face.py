"""The die-face grid reader on drawn faces (fast, beside the rendered-photo tests): each count 1 to 6 read
from its pip places at any turn, a pip of a 4 not read as a lone 1, and two corners of a 4 not
taken for a smaller face of 2 (a spot inside it is none of its pips), and a lone pip not paired with a
side's spot beyond its top face's edge."""

import math

import cv2
import numpy as np
import pytest

from companion.games.black_cannon.camera.die_face import (GRID, _LAYOUT_PLACES, SPREAD_SHARE, pips_roundness, proposals,
                                                          read_grid, read_lone, stray_spots)
from companion.games.black_cannon.camera.settings import SETTINGS

SIDE_PX = 80
PIP_RADIUS_PX = 6.5


def _face(count: int, turn_deg: float, body=(40, 40, 190), pip=(245, 245, 245)):
    """A die's top face drawn straight down: a square of the body's colour with `count` pips."""
    picture = np.full((200, 200, 3), (90, 120, 60), np.uint8)
    centre = np.array([100.0, 100.0])
    cos, sin = math.cos(math.radians(turn_deg)), math.sin(math.radians(turn_deg))
    axes = np.array([[cos, sin], [-sin, cos]])
    square = centre + np.array([(-1, -1), (1, -1), (1, 1), (-1, 1)]) * SIDE_PX / 2 @ axes
    cv2.fillConvexPoly(picture, np.round(square).astype(np.int32), body)
    spread = SPREAD_SHARE * SIDE_PX
    pips = [centre + np.array(place, float) * spread @ axes for place in _LAYOUT_PLACES[count]]
    for point in pips:
        cv2.circle(picture, tuple(int(round(v)) for v in point), int(PIP_RADIUS_PX), pip, -1, cv2.LINE_AA)
    return cv2.GaussianBlur(picture, (5, 5), 1.2).astype(np.float32), centre, spread, np.array(pips)


@pytest.mark.parametrize("count", range(1, 7))
@pytest.mark.parametrize("turn", (0.0, 17.0, 52.0))
def test_each_count_is_read_from_its_pip_places_at_any_turn(count, turn):
    picture, centre, spread, _ = _face(count, turn)
    face = read_grid(picture, centre, math.radians(turn), spread, PIP_RADIUS_PX)
    assert face.pips == count and face.margin > 0.5


def test_a_lone_pip_reads_one_at_every_turn_and_a_pip_of_a_four_does_not():
    picture, centre, spread, _ = _face(1, 30.0)
    assert read_lone(picture, centre, spread, PIP_RADIUS_PX).pips == 1
    picture, centre, spread, pips = _face(4, 30.0)
    corner = read_lone(picture, pips[0], spread, PIP_RADIUS_PX, SETTINGS.lone_margin_quantile)
    # The body round a corner pip does not run on evenly: past its near edges lies the table.
    assert corner is None or corner.outline > SETTINGS.face_outline


def test_a_glint_on_the_body_where_one_grid_of_a_lone_pip_looks_does_not_keep_it_from_being_read_sure():
    picture, centre, spread, _ = _face(1, 0.0)
    # A faint glint on the body where only the grid turned 0 and read at 0.8 of the side puts a pip place.
    cv2.circle(picture, tuple(int(round(v)) for v in centre + np.array([0.8 * spread, 0.0])), 3, (180, 180, 180), -1,
               cv2.LINE_AA)
    face = read_lone(picture, centre, spread, PIP_RADIUS_PX, SETTINGS.lone_margin_quantile)
    # Its weakest grid's margin, weighed against other faces, falls short of a sure one; most of its grids' do not.
    assert face.pips == 1 and face.margin < SETTINGS.face_sure_margin <= face.sure_by


def test_a_lone_pip_whose_spot_comes_out_as_large_as_the_largest_dies_is_still_proposed():
    ppm = SETTINGS.dice_px_per_mm
    # A pip's spot, lit round its rim, sized as the largest die's pip (a sixth of its side), and a little more.
    radius = SETTINGS.die_size_mm[1] * ppm * 0.165 / 2 * 1.02
    lone = [found for found in proposals(np.array([[100.0, 100.0]]), np.array([radius]), ppm, SETTINGS) if found[3]]
    assert len(lone) == 1
    # One far bigger than any die's pip is none.
    assert not [found for found in proposals(np.array([[100.0, 100.0]]), np.array([radius * 1.4]), ppm, SETTINGS)
                if found[3]]


def test_a_lone_pip_is_not_paired_with_a_side_face_spot_beyond_the_top_faces_edge():
    picture, centre, spread, pips = _face(1, 20.0)
    # A side's pip, seen squashed, just past the top face's edge, a corner-to-corner step from the lone pip.
    cos, sin = math.cos(math.radians(20.0)), math.sin(math.radians(20.0))
    side_pip = centre + np.array([-sin, cos]) * 2.5 * spread + np.array([cos, sin]) * 0.4 * spread
    cv2.ellipse(picture, tuple(int(round(v)) for v in side_pip), (6, 3), 20.0, 0, 360, (245, 245, 245), -1)
    middle = (centre + side_pip) / 2
    pair = read_grid(picture, middle, math.atan2(*(side_pip - centre)[::-1]) - math.radians(45),
                     float(np.linalg.norm(side_pip - centre)) / (2 * math.sqrt(2)), PIP_RADIUS_PX)
    assert pair is None or pair.pips != 2 or pair.outline > SETTINGS.face_outline
    lone = read_lone(picture, centre, spread, PIP_RADIUS_PX)
    assert lone.pips == 1 and lone.outline <= SETTINGS.face_outline
    assert stray_spots(lone, np.vstack([pips, side_pip[None, :]])) == 0


def test_two_corners_of_a_four_are_not_a_smaller_face_of_two():
    picture, centre, spread, pips = _face(4, 10.0, body=(230, 225, 215), pip=(30, 30, 30))
    a, b = pips[0], pips[1]                      # two corners along an edge
    smaller = read_grid(picture, (a + b) / 2, math.atan2(*(b - a)[::-1]) - math.radians(45), spread / math.sqrt(2),
                        PIP_RADIUS_PX)
    whole = read_grid(picture, centre, math.radians(10.0), spread, PIP_RADIUS_PX)
    assert whole.pips == 4 and stray_spots(whole, pips) == 0
    assert smaller is None or smaller.pips != 4 and stray_spots(smaller, pips) > 0 or smaller.margin < whole.margin
    assert len(GRID) == 9


@pytest.mark.parametrize("count", (1, 2, 3))
def test_a_tilted_tops_pips_are_seen_squashed_and_a_flat_tops_are_round(count):
    # Faces of one to three pips, where the grid cannot show a tilt: a tilted top seen foreshortened to 0.55 of
    # its width along the tilt (here at 30 degrees to the face's edges), as a cocked die's can be from a camera
    # looking slantwise. The line lies well below 1 since blur stretches a flat top's pips seen slantwise too.
    picture, centre, spread, pips = _face(count, 10.0)
    turn = np.array([[math.cos(math.radians(30)), -math.sin(math.radians(30))],
                     [math.sin(math.radians(30)), math.cos(math.radians(30))]])
    squash = turn @ np.diag([0.55, 1.0]) @ turn.T
    affine = np.column_stack([squash, centre - squash @ centre])
    tilted = cv2.warpAffine(picture, affine, picture.shape[1::-1], flags=cv2.INTER_LINEAR)
    for image, points, squashed in ((picture, pips, False), (tilted, (pips - centre) @ squash.T + centre, True)):
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        contrast = grey - cv2.blur(grey, (33, 33))            # the white pips stand out lighter than their surround
        face = read_grid(image, centre, math.radians(10.0), spread, PIP_RADIUS_PX)
        roundness = pips_roundness(contrast, face, points, PIP_RADIUS_PX)
        assert (roundness < SETTINGS.flat_pips_roundness) == squashed, roundness


def test_a_patch_of_body_set_off_by_a_shadow_is_no_stray_pip_but_a_pip_of_a_bigger_face_is():
    # A 3 on a green body: a spot lighter than its surround (the body beside a shadow) near its corner is of the
    # body's colour; a fourth gold pip there is a pip, and the face of three is then part of a bigger one.
    picture, centre, spread, pips = _face(3, 0.0, body=(60, 140, 60), pip=(90, 200, 230))
    face = read_grid(picture, centre, 0.0, spread, PIP_RADIUS_PX)
    assert face.pips == 3
    patch = centre + np.array([spread, -spread])            # an empty corner's pip place
    shaded = picture.copy()
    cv2.circle(shaded, tuple(int(v) for v in patch), int(PIP_RADIUS_PX), (62, 145, 62), -1)
    spots = np.vstack([pips, patch[None, :]])
    assert stray_spots(face, spots, shaded, PIP_RADIUS_PX, SETTINGS.stray_pip_likeness) == 0
    fourth = picture.copy()
    cv2.circle(fourth, tuple(int(v) for v in patch), int(PIP_RADIUS_PX), (90, 200, 230), -1)
    assert stray_spots(face, spots, fourth, PIP_RADIUS_PX, SETTINGS.stray_pip_likeness) == 1
    assert stray_spots(face, spots) == 1          # without the picture every spot inside counts
