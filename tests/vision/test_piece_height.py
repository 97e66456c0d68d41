"""A taught piece's height read where its paint ends along the camera's lean: a piece standing a few mm off its
square's middle is measured its own height when its footprint is known, a piece whose far end runs under another
square is not measured, and a camera nearly straight over the piece says its height is barely known."""

import numpy as np
import pytest

from companion.vision.piece_height import lean_height
from companion.vision.piece_solids import Solid
from tests.vision.test_piece_solids import plane_camera, seen


@pytest.mark.parametrize("solid", [Solid("round", 16.0, 3.0), Solid("square", 20.0, 19.0), Solid("round", 15.0, 30.0)])
def test_a_piece_off_its_squares_middle_is_measured_its_own_height(solid):
    camera = plane_camera(35.0)
    square = np.array([20.0, 140.0])
    standing = square + [0.0, 4.0]      # 4 mm further from the camera than the square's middle
    window = seen(solid, standing, camera)
    measured = lean_height(window, square, camera, solid)
    assert measured is not None and measured.spread_mm < 1.0
    assert measured.height_mm == pytest.approx(solid.height_mm, abs=1.5)


def test_a_far_end_under_another_square_is_not_measured():
    camera = plane_camera(35.0)
    tower, square = Solid("round", 15.0, 30.0), np.array([20.0, 140.0])
    window = seen(tower, square, camera)
    behind = square + [0.0, 22.0]        # the next square away from the camera, not counted
    corners = np.array([[-9.0, -9.0], [9.0, -9.0], [9.0, 9.0], [-9.0, 9.0]])
    assert lean_height(window.with_hidden([behind + corners]), square, camera, tower) is None


def test_a_camera_nearly_straight_over_the_piece_barely_knows_its_height():
    camera = plane_camera(2.0)
    disc = Solid("round", 16.0, 3.0)
    slant = lean_height(seen(disc, (20.0, 140.0), plane_camera(35.0)), (20.0, 140.0), plane_camera(35.0), disc)
    above = lean_height(seen(disc, (5.0, 25.0), camera), (5.0, 25.0), camera, disc)
    assert above.spread_mm > 4 * slant.spread_mm
