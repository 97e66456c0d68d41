"""The render camera: aimed as asked, and its lens maps invert OpenCV's own distortion."""

from __future__ import annotations

import math

import numpy as np
import pytest

from companion.render.camera import aim_camera, frame_region, ideal_canvas

WEBCAM_LENS = (-0.18, 0.07, 0.001, -0.0012, -0.015)


def test_a_camera_straight_above_sees_its_target_at_the_principal_point():
    camera = aim_camera((1280, 720), (30.0, -20.0, 0.0), 0.0, 0.0, 600.0, 65.0)
    (u, v), = camera.project([(30.0, -20.0, 0.0)])
    assert (u, v) == pytest.approx((camera.matrix[0][2], camera.matrix[1][2]), abs=1e-6)
    # Straight down, the table's x runs to the right of the picture and y down it.
    (u2, v2), = camera.project([(40.0, -10.0, 0.0)])
    assert u2 > u and v2 > v
    assert camera.centre == pytest.approx((30.0, -20.0, -600.0))


@pytest.mark.parametrize("tilt", [0.0, 20.0, 45.0])
@pytest.mark.parametrize("yaw", [0.0, 70.0, -150.0])
def test_tilt_is_the_angle_between_the_line_of_sight_and_the_vertical(tilt, yaw):
    camera = aim_camera((640, 480), (0.0, 0.0, 0.0), tilt, yaw, 700.0, 60.0, WEBCAM_LENS, roll_deg=2.0)
    forward = camera.rotation[2]
    assert math.degrees(math.acos(forward[2])) == pytest.approx(tilt, abs=1e-6)  # z points into the table
    assert np.linalg.norm(camera.centre) == pytest.approx(700.0)


def test_the_lens_maps_send_each_pixel_to_the_ideal_point_opencv_distorts_onto_it():
    camera = aim_camera((1280, 720), (0.0, 0.0, 0.0), 35.0, 10.0, 650.0, 72.0, WEBCAM_LENS,
                        principal_shift=(9.0, -6.0))
    for scale in (1, 2):
        ideal = ideal_canvas(camera, scale)
        rng = np.random.default_rng(scale)
        points = np.column_stack([rng.uniform(-250, 250, 400), rng.uniform(-150, 150, 400), np.zeros(400)])
        pixels = camera.project(points)
        inside = (pixels[:, 0] > 1) & (pixels[:, 0] < 1278) & (pixels[:, 1] > 1) & (pixels[:, 1] < 718)
        # The supersampled pixel that shows each point, and where the map says it samples.
        fine = (pixels[inside] + 0.5) * scale - 0.5
        sampled_x = _bilinear(ideal.map_x, fine)
        sampled_y = _bilinear(ideal.map_y, fine)
        camera_points = camera.to_camera(points[inside])
        projected = camera_points @ ideal.matrix.T
        expected = projected[:, :2] / projected[:, 2:]
        assert np.abs(sampled_x - expected[:, 0]).max() < 0.02 * scale
        assert np.abs(sampled_y - expected[:, 1]).max() < 0.02 * scale


def test_framing_makes_the_region_fill_the_asked_share_of_the_picture():
    camera = aim_camera((1280, 720), (0.0, 0.0, 0.0), 40.0, 25.0, 900.0, 65.0, WEBCAM_LENS)
    corners = [(x, y, 0.0) for x in (-200.0, 200.0) for y in (-150.0, 150.0)]
    framed = frame_region(camera, corners, 0.7, offset=(0.02, -0.01))
    pixels = framed.project(corners)
    span = max(np.ptp(pixels[:, 0]) / 1280, np.ptp(pixels[:, 1]) / 720)
    assert span == pytest.approx(0.7, abs=0.01)
    middle = (pixels.min(axis=0) + pixels.max(axis=0)) / 2
    assert middle == pytest.approx((1279 * 0.52, 719 * 0.49), abs=3.0)
    assert framed.tilt_deg == 40.0


def _bilinear(grid: np.ndarray, points: np.ndarray) -> np.ndarray:
    x, y = points[:, 0], points[:, 1]
    x0, y0 = np.floor(x).astype(int), np.floor(y).astype(int)
    fx, fy = x - x0, y - y0
    top = grid[y0, x0] * (1 - fx) + grid[y0, x0 + 1] * fx
    bottom = grid[y0 + 1, x0] * (1 - fx) + grid[y0 + 1, x0 + 1] * fx
    return top * (1 - fy) + bottom * fy
