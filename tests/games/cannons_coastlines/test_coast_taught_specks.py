"""Specks too small for a prize that together show a fleet's colour are asked about (a pale mast broken up,
camera/fitting_doubts.small_coloured_specks). Taught, the players' own masts are known and the bar is higher
(MatSettings.taught_small_colour_doubt_mm2): on the kept tuning mats 3400-5699 the players asked only for specks
under 20 mm^2 were all read right (poles' feet below the sails, a read mast's band half), those read wrong
showed 25.75 and more."""

from __future__ import annotations

import pytest

from companion.games.cannons_coastlines.camera.fitting_doubts import small_coloured_specks
from companion.games.cannons_coastlines.camera.mat_looks import KIT_LOOKS, MatLooks
from companion.games.cannons_coastlines.camera.settings import MatSettings

GROUP = MatLooks(mast_paint_mm=14.0, mast_mm2=150.0, crate_mm2=324.0, mast_length_mm=46.0, taught=True)


@pytest.mark.parametrize("colour_mm2, looks, asked", [
    (12.0, GROUP, False),       # a pole's foot below its sail, cut off as specks: taught, let go
    (12.0, KIT_LOOKS, True),    # untaught, the same specks still ask (the older bar, masts missed at 10 mm^2)
    (27.0, GROUP, True),        # a pale mast broken into specks, as 3421 ben's and 5491 cleo's (read wrong)
    (5.0, KIT_LOOKS, False),    # a few coloured pixels: nothing to ask, taught or not
], ids=["taught pole tint", "untaught pole tint", "taught broken mast", "untaught few pixels"])
def test_specks_of_colour_are_asked_about_above_the_bar_for_the_looks(colour_mm2, looks, asked):
    doubts = small_coloured_specks(colour_mm2, looks, MatSettings())
    assert bool(doubts) == asked, doubts
    if asked:
        assert f"{colour_mm2:.0f} mm^2 of a fleet's colour" in doubts[0]


def test_the_taught_bar_lies_above_the_untaught_one():
    settings = MatSettings()
    assert settings.small_colour_doubt_mm2 < settings.taught_small_colour_doubt_mm2
