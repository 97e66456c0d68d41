"""Taught, a cell read as a bare road, sure, whose middle is not flat (a standing body's lit top and shaded side) is
asked about: taught benchmark tuning seed 7240, whose Spanish forts are pale yellow cubes; the one on board 4 at (3, 5)
shows no paint the taught looks know at its base, its lit top passes for the road card, and it was read as the bare
road at 0.99."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.cannonball_colony.camera.reader import IslandReader, ReaderSettings
from tests.games.cannonball_colony.camera.test_taught_unvouched import taught_island

CONFIDENT = 0.6
PALE_FORT = (4, 3, 5)


@pytest.mark.slow   # 15 s: the benchmark's tuning seed 7240 rendered, taught and read twice
def test_a_pale_cube_fort_read_as_a_bare_road_is_asked_about_not_sure(tmp_path):
    truth, image, taught = taught_island(7240, tmp_path)
    assert truth[PALE_FORT] == "Fs"

    flat_only = ReaderSettings(land=replace(ReaderSettings().land, most_road_spread=1000.0))   # a road's spread not looked at
    before = IslandReader(flat_only, taught=taught.fresh()).read_stages(image, 0.0)
    assert before.tokens[PALE_FORT] == "r" and before.probabilities[PALE_FORT] >= CONFIDENT   # sure and wrong

    reading = IslandReader(taught=taught.fresh()).read_stages(image, 0.0)
    assert reading.tokens[PALE_FORT] == "r" and reading.probabilities[PALE_FORT] < CONFIDENT   # the players are asked
    assert "a standing piece's faces" in str(reading.doubts[PALE_FORT])
    # Nothing else is read otherwise, and no right cell of the island is doubted for it.
    assert reading.tokens == before.tokens
    lowered = {key for key in truth if before.probabilities[key] >= CONFIDENT > reading.probabilities[key]}
    assert lowered == {PALE_FORT}
