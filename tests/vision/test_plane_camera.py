"""The camera behind a table-plane homography: focal length, and where a raised point shows."""

import cv2
import numpy as np
import pytest

from companion.vision.plane_camera import PRIOR_FOCAL_PER_WIDTH, camera_from_plane

SIZE = (1280, 720)


def camera(tilt_deg: float, focal: float = 1000.0, yaw_deg: float = 10.0):
    """A camera 700 mm from the table's origin, tilted about x then turned about the normal."""
    tilt, yaw = np.radians(tilt_deg), np.radians(yaw_deg)
    turn = np.array([[np.cos(yaw), -np.sin(yaw), 0], [np.sin(yaw), np.cos(yaw), 0], [0, 0, 1]])
    lean = np.array([[1, 0, 0], [0, np.cos(tilt), -np.sin(tilt)], [0, np.sin(tilt), np.cos(tilt)]])
    rotation = lean @ turn
    translation = np.array([0.0, 0.0, 700.0])
    matrix = np.array([[focal, 0, (SIZE[0] - 1) / 2], [0, focal, (SIZE[1] - 1) / 2], [0, 0, 1]])
    return matrix, rotation, translation


def homography(matrix, rotation, translation):
    return matrix @ np.column_stack([rotation[:, 0], rotation[:, 1], translation])


def project(matrix, rotation, translation, points):
    in_camera = points @ rotation.T + translation
    return (in_camera @ matrix.T)[:, :2] / (in_camera @ matrix.T)[:, 2:]


@pytest.mark.parametrize("tilt", [20.0, 35.0, 45.0])
def test_a_tilted_camera_is_recovered_with_its_focal_length(tilt):
    truth = camera(tilt, focal=1050.0)
    found = camera_from_plane(homography(*truth), SIZE)
    assert found.focal == pytest.approx(1050.0, rel=0.05)   # the prior still pulls a little at 20 degrees
    # The table's z points away from this camera (into the table): up is -z.
    assert found.up == -1.0
    base = np.array([[60.0, -40.0]])
    raised = found.project_raised(base, 17.0)
    expected = project(*truth, np.array([[60.0, -40.0, -17.0]]))
    assert np.abs(raised - expected).max() < 0.5


def test_straight_down_falls_back_on_the_prior_focal_length_and_leans_outwards():
    truth = camera(0.0, yaw_deg=0.0)
    found = camera_from_plane(homography(*truth), SIZE)
    assert found.focal == pytest.approx(PRIOR_FOCAL_PER_WIDTH * SIZE[0], rel=0.05)
    # A raised point off the middle moves away from the picture's centre, by very little.
    on_table = cv2.perspectiveTransform(np.array([[[150.0, 0.0]]]), homography(*truth))[0, 0]
    raised = found.project_raised(np.array([[150.0, 0.0]]), 17.0)[0]
    assert raised[0] > on_table[0] and raised[0] - on_table[0] < 6
