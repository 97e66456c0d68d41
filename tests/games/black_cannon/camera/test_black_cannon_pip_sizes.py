"""Pips' sizes taken at their own height (pip_spots.half_height_radii): a faint pip is not a small one."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.black_cannon.camera.pip_spots import find_spots, half_height_radii, local_contrast
from companion.games.black_cannon.camera.settings import SETTINGS

PPM = SETTINGS.dice_px_per_mm


def _two_pips(bright: float, faint: float) -> np.ndarray:
    """A grey die-top view: an even body with two blurred pips of one size (1.6 mm), one standing off faintly."""
    grey = np.full((160, 160), 90.0, np.float32)
    for (x, y), lift in (((50, 80), bright), ((110, 80), faint)):
        cv2.circle(grey, (x, y), int(1.6 * PPM), 90.0 + lift, -1)
    return cv2.GaussianBlur(grey, (0, 0), 4.0).clip(0, 255).astype(np.uint8)


def test_a_faint_pip_found_small_by_the_threshold_is_sized_like_its_bright_neighbour():
    grey = _two_pips(bright=150.0, faint=58.0)
    crop = cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR)
    spots = sorted((s for s in find_spots(crop, grey, PPM, (0.0, 0.0), SETTINGS) if s.lighter),
                   key=lambda spot: spot.centre[0])
    assert len(spots) == 2
    points = np.array([s.centre for s in spots]) * PPM
    found = np.sqrt(np.array([s.area_mm2 for s in spots]) / np.pi) * PPM
    # Cut by one threshold, the faint pip comes out far smaller than its twin: unlike, by their light alone.
    assert found[0] > found[1] * 1.5
    own = half_height_radii(local_contrast(grey, PPM, SETTINGS), points, found, SETTINGS)
    assert own.max() < own.min() * 1.1


def test_pips_of_two_sizes_stay_two_sizes_at_their_own_height():
    # A side's pip seen small beside the top's: taken at their own height they still differ as much.
    grey = np.full((160, 160), 90.0, np.float32)
    cv2.circle(grey, (50, 80), int(2.0 * PPM), 210.0, -1)
    cv2.circle(grey, (110, 80), int(0.7 * PPM), 210.0, -1)
    grey = cv2.GaussianBlur(grey, (0, 0), 1.0).astype(np.uint8)
    points = np.array([(50.0, 80.0), (110.0, 80.0)])
    own = half_height_radii(local_contrast(grey, PPM, SETTINGS), points, np.array([8.0, 3.0]), SETTINGS)
    assert own[0] > own[1] * SETTINGS.pip_size_spread
