"""A pip run into a fainter streak of light (its top's lit edge): a spot that fills its box too little is looked at
again where it stands at half its own peak or more (pip_spots.find_spots)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.games.black_cannon.camera.pip_spots import find_spots
from companion.games.black_cannon.camera.reader import read_table
from companion.games.black_cannon.camera.settings import SETTINGS
from tests.games.black_cannon.camera.test_black_cannon_dice import _read_near, _tuning_view

PPM = SETTINGS.dice_px_per_mm


def _pip_and_streak(streak_lift: float) -> np.ndarray:
    """A grey die-top view: an even body, a blurred pip (1.6 mm) and a thin fainter streak running from its rim."""
    grey = np.full((160, 160), 90.0, np.float32)
    cv2.circle(grey, (80, 80), int(1.6 * PPM), 250.0, -1)
    cv2.line(grey, (80 + int(1.6 * PPM), 80), (130, 95), 90.0 + streak_lift, 2)
    return cv2.GaussianBlur(grey, (0, 0), 1.0).clip(0, 255).astype(np.uint8)


@pytest.mark.parametrize("streak_lift", (0.0, 80.0))
def test_a_pip_run_into_a_fainter_streak_is_still_found_where_it_lies(streak_lift):
    # With the streak (lifted 80 grey levels, the pip 160) both are one spot at the crop's threshold, filling its
    # least-area rectangle too little: the pip is found at half its own peak, as it is with no streak.
    grey = _pip_and_streak(streak_lift)
    crop = cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR)
    spots = [spot for spot in find_spots(crop, grey, PPM, (0.0, 0.0), SETTINGS) if spot.lighter]
    pips = [spot for spot in spots if np.hypot(*(np.asarray(spot.centre) * PPM - 80.0)) < 2.0]
    assert len(pips) == 1 and pips[0].roundness > SETTINGS.spot_roundness


@pytest.mark.slow
def test_a_flat_two_whose_pip_ran_into_its_tops_lit_edge_is_read_sure():
    # Tuning seed 3638: a red 2 beside the die's dark side; its upper pip's spot ran into the lit edge between them
    # and filled its box too little, so the die was not found.
    image, truth = _tuning_view(3638)
    die = truth["dice"][1]
    assert (die["pips"], die["readable"], die["style"]) == (2, True, "casino-red")
    read = _read_near(read_table(image), die)
    assert read.pips == 2 and read.confidence >= SETTINGS.confident
