"""Taught, a cell both readers see as a bare road, sure, whose base shows a little of a country's paint and whose middle
not all of the road card is asked about: taught benchmark tuning seed 8084, whose Spanish blockades are 22 mm discs
6.6 mm tall painted near the road card's colour; the one on board 3 at (4, 2) shows Spain's paint on 3 of its base's 49
points (0.06, under the 0.08 that makes a road doubtful), lies flat and low, and was read as the bare road at 0.95."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.cannonball_colony.camera.reader import IslandReader
from tests.games.cannonball_colony.camera.test_taught_unvouched import taught_island

CONFIDENT = 0.6
FLAT_DISC = (3, 4, 2)


@pytest.mark.slow   # 15 s: the benchmark's tuning seed 8084 rendered, taught and read twice
def test_a_flat_disc_blockade_painted_like_the_road_card_is_asked_about_not_sure(tmp_path):
    truth, image, taught = taught_island(8084, tmp_path)
    assert truth[FLAT_DISC] == "Bs"

    settings = taught.settings
    taught.settings = replace(settings, little_paint_share=1.01)   # a little paint at a road's base not looked at
    before = IslandReader(taught=taught.fresh()).read_stages(image, 0.0)
    assert before.tokens[FLAT_DISC] == "r" and before.probabilities[FLAT_DISC] >= CONFIDENT   # sure and wrong

    taught.settings = settings
    reading = IslandReader(taught=taught.fresh()).read_stages(image, 0.0)
    assert reading.tokens[FLAT_DISC] == "r" and reading.probabilities[FLAT_DISC] < CONFIDENT   # the players are asked
    assert "a piece painted like the card" in str(reading.doubts[FLAT_DISC])
    # Nothing else is read otherwise, and no right cell of the island is doubted for it (its other roads show the
    # card all over).
    assert reading.tokens == before.tokens
    lowered = {key for key in truth if before.probabilities[key] >= CONFIDENT > reading.probabilities[key]}
    assert lowered == {FLAT_DISC}
