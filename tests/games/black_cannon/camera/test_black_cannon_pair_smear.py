"""A shaken photo smears every pip one way: a roll's two flat dice whose pips both read squashed the same way in the
picture are read, not asked about as cocked (pair_smear.py; tuning seeds 5150-5349: 5151 and 5195, each a photo
smeared 2.2-2.6 px, both dice asked on main for their pips squashed)."""

import math

import pytest

from companion.games.black_cannon.camera.pair_smear import smeared_alike
from companion.games.black_cannon.camera.reader import read_table
from companion.games.black_cannon.camera.seen_die import SeenDie
from companion.games.black_cannon.camera.settings import SETTINGS
from tests.games.black_cannon.camera.test_black_cannon_dice import _tuning_view


def _die(bearing_deg):
    return SeenDie(5, 0.49, (0.0, 0.0), "5 pips; its pips are seen squashed: a cocked die?", 17.0, True,
                   squash_bearing_deg=bearing_deg)


def test_two_dice_squashed_the_same_way_in_the_picture_are_smeared_alike():
    assert smeared_alike([_die(42.0), _die(50.0)], SETTINGS)
    assert smeared_alike([_die(175.0), _die(5.0)], SETTINGS)       # 10 degrees apart across the wrap
    assert not smeared_alike([_die(42.0), _die(120.0)], SETTINGS)  # each its own way: leans of their own
    assert not smeared_alike([_die(42.0), _die(None)], SETTINGS)   # the other die's pips are round: this one leans
    assert not smeared_alike([_die(42.0)], SETTINGS)


@pytest.mark.slow
def test_a_shaken_photos_two_flat_dice_are_read_sure():
    image, truth = _tuning_view(5151)     # smeared 2.6 px: a flat blue-square 5 and 2, both asked on main
    reading = read_table(image)
    for die in truth["dice"]:
        assert die["readable"]
        (seen,) = [seen for seen in reading.dice if math.dist(seen.centre_mm, die["centre_mm"]) < 22]
        assert seen.pips == die["pips"] and seen.confidence >= SETTINGS.confident, seen.reason
        assert "the photo's smear" in seen.reason
