"""The speed cuts of issue 17 give the same figures as the one-at-a-time work they replace: grids read together as
one by one (nothing of one grid leaks into another's), a die's proposals read together as read_lone and read_grid
give them, a spot's moments as np.cov's, and the table view's channel and hue maxima as the plain formulas."""

import math

import cv2
import numpy as np

from companion.games.black_cannon.camera.die_face import (SPREAD_SHARE, read_grid, read_grids, read_lone,
                                                          read_proposals)
from companion.games.black_cannon.camera.foreground import _channel_max, _hue_difference
from companion.games.black_cannon.camera.pip_spots import _covariance
from companion.games.black_cannon.camera.settings import SETTINGS

PIP_RADIUS_PX = 6.0


def _picture(seed: int) -> np.ndarray:
    """A noisy body with a few pips: grids over it read all sorts of counts and margins."""
    rng = np.random.default_rng(seed)
    picture = np.full((160, 160, 3), (50, 40, 180), np.uint8)
    for x, y in rng.uniform(30, 130, (7, 2)):
        cv2.circle(picture, (int(x), int(y)), int(PIP_RADIUS_PX), (240, 240, 240), -1, cv2.LINE_AA)
    noise = rng.normal(0, 6, picture.shape)
    return np.clip(picture + noise, 0, 255).astype(np.float32)


def _same(one, other) -> bool:
    if one is None or other is None:
        return one is None and other is None
    return (one.pips, one.margin, one.evenness, one.outline, one.angle, one.spread_px, one.pip_places,
            one.inside_outline, one.typical_margin) == (other.pips, other.margin, other.evenness, other.outline,
                                                        other.angle, other.spread_px, other.pip_places,
                                                        other.inside_outline, other.typical_margin) \
        and np.array_equal(one.centre, other.centre)


def test_grids_read_together_read_as_one_by_one_and_those_off_the_picture_are_none():
    picture = _picture(3)
    rng = np.random.default_rng(4)
    grids = [(rng.uniform(20, 140, 2), rng.uniform(0, math.pi), rng.uniform(4, 9)) for _ in range(60)]
    grids.append((np.array([5.0, 80.0]), 0.0, 8.0))       # reaches off the picture
    together = read_grids(picture, grids, PIP_RADIUS_PX)
    assert together[-1] is None and sum(face is not None for face in together) > 40
    assert all(_same(face, read_grid(picture, *grid, PIP_RADIUS_PX)) for face, grid in zip(together, grids))


def test_proposals_read_together_read_as_read_lone_and_read_grid_give_them():
    picture = _picture(5)
    spread = SPREAD_SHARE * 26
    offered = [(np.array([80.0, 80.0]), 0.3, spread, False), (np.array([70.0, 90.0]), 0.0, spread, True),
               (np.array([60.0, 60.0]), 1.1, spread * 0.9, False), (np.array([90.0, 75.0]), 0.0, spread * 1.1, True)]
    together = read_proposals(picture, offered, PIP_RADIUS_PX, SETTINGS.lone_margin_quantile)
    one_by_one = [read_lone(picture, middle, spread_px, PIP_RADIUS_PX, SETTINGS.lone_margin_quantile) if lone else
                  read_grid(picture, middle, angle, spread_px, PIP_RADIUS_PX)
                  for middle, angle, spread_px, lone in offered]
    assert all(_same(face, other) for face, other in zip(together, one_by_one))


def test_a_spots_moments_are_np_cov_to_the_bit():
    rng = np.random.default_rng(6)
    for size in (5, 9, 40, 300):
        points = rng.integers(0, 50, (size, 2)).astype(np.float32)
        assert np.array_equal(_covariance(points), np.cov(points.T))


def test_the_table_views_channel_and_hue_maxima_are_the_plain_formulas():
    rng = np.random.default_rng(7)
    picture, lit = (rng.integers(0, 256, (90, 110, 3), dtype=np.uint8) for _ in range(2))
    assert np.array_equal(_channel_max(picture), picture.max(axis=2))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    seen, expected = cv2.cvtColor(picture, cv2.COLOR_BGR2Lab), cv2.cvtColor(lit, cv2.COLOR_BGR2Lab)
    darkest, lightest = cv2.erode(expected, kernel), cv2.dilate(expected, kernel)
    plain = np.maximum(cv2.subtract(seen, lightest), cv2.subtract(darkest, seen))[:, :, 1:].max(axis=2)
    assert np.array_equal(_hue_difference(picture, lit, kernel), plain)
