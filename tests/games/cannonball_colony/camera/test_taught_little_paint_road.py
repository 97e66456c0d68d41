"""Taught, a cell both readers see as a bare road, sure, whose base shows a little of a country's paint and whose middle
not all of the road card is asked about: taught benchmark tuning seed 8084, whose Spanish blockades are 22 mm discs
6.6 mm tall painted near the road card's colour; the one on board 3 at (4, 2) shows Spain's paint on 3 of its base's 49
points (0.06, under the 0.08 that makes a road doubtful), lies flat and low, and was read as the bare road at 0.95."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.cannonball_colony.camera.reader import IslandReader
from tests.games.cannonball_colony.camera.test_taught_unvouched import taught_island

SURE = 0.6          # the benchmark's "confidently" read
FLAT_DISC = (3, 4, 2)


def read_with(taught, image, **changes):
    """The island read by fresh taught pieces whose settings take `changes`."""
    settings = taught.settings
    taught.settings = replace(settings, **changes)
    try:
        return IslandReader(taught=taught.fresh()).read_stages(image, 0.0)
    finally:
        taught.settings = settings


@pytest.mark.slow   # 25 s: the benchmark's tuning seed 8084 rendered, taught and read twice
def test_a_flat_disc_blockade_painted_like_the_road_card_is_asked_about_not_sure(tmp_path):
    truth, image, taught = taught_island(8084, tmp_path)
    unasked = read_with(taught, image, little_paint_share=1.01)   # a little paint at a road's base not looked at
    asked = read_with(taught, image)
    # Main read the disc as the bare road, sure and wrong; now the players are asked, and told why.
    assert (truth[FLAT_DISC], unasked.tokens[FLAT_DISC], asked.tokens[FLAT_DISC]) == ("Bs", "r", "r")
    assert unasked.probabilities[FLAT_DISC] >= SURE > asked.probabilities[FLAT_DISC]
    assert "a piece painted like the card" in str(asked.doubts[FLAT_DISC])
    # Nothing is read otherwise, and no other cell of the island is asked for it (its other roads show the card all
    # over).
    assert asked.tokens == unasked.tokens
    assert [key for key in truth if unasked.probabilities[key] >= SURE > asked.probabilities[key]] == [FLAT_DISC]
