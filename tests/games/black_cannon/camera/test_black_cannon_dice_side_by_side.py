"""Two dice lying side by side: each die's candidate blob is cropped with a whole die's reach round it, and that crop
may hold part of the other die. The top is the face farthest from the camera, but only of the faces that lie within
that reach of the blob's middle: the other die's pips, farther off, once took the reading from a die near the camera,
which was then dropped as a second reading of the other die (tuning seeds 2559 and 2615, dice 34 and 38 mm apart)."""

import numpy as np
import pytest

from companion.games.black_cannon.camera.reader import read_table
from companion.games.black_cannon.camera.settings import SETTINGS
from tests.games.black_cannon.camera.test_black_cannon_dice import _tuning_view


@pytest.mark.slow
@pytest.mark.parametrize("seed, near, far", [
    (2559, (4, "blue-square"), (6, "blue-square")),   # the near die once not found
    (2615, (1, "ivory"), (6, "ivory")),               # the near die once not found
])
def test_a_die_beside_another_farther_from_the_camera_keeps_its_own_top(seed, near, far):
    image, truth = _tuning_view(seed)
    dice = truth["dice"]
    assert all(die["readable"] for die in dice)
    assert np.hypot(*np.subtract(dice[0]["centre_mm"], dice[1]["centre_mm"])) < 40
    assert sorted((die["pips"], die["style"]) for die in dice) == sorted([near, far])
    reading = read_table(image)
    for die in dice:
        (seen,) = [seen for seen in reading.dice if np.hypot(*np.subtract(seen.centre_mm, die["centre_mm"])) < 22]
        assert seen.pips == die["pips"] and seen.confidence >= SETTINGS.confident, seen.reason
