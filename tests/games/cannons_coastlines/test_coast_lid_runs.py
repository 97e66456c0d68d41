"""Taught, a crate's paint running off it onto the masts beside it, where they are read short of the bands in
their row, is asked, not read short and sure (mast_rows.lid_run_doubts). Kept tuning mats 4477 ben, 4567 ben and
4623 ben: two crates, then two masts with white sails and their fleet's band, poles across; the first mast's
band half joined to the second crate's blob (its lid's patch running 43-48 mm on along the row), its other half
lying with the next mast's band, and the three halves read as one mast. Drawn from above on a white mat (mm)."""

from __future__ import annotations

from companion.games.cannons_coastlines.camera.mat_looks import MatLooks
from companion.games.cannons_coastlines.camera.mats import read_fittings
from tests.games.cannons_coastlines.drawn_mats import mat_with

BLUE = (154, 51, 25)
TAUGHT = MatLooks(mast_paint_mm=32.0, mast_mm2=150.0, crate_mm2=400.0, mast_length_mm=30.0, taught=True)
CRATE = ((80, 35, 20, 20), BLUE)
# Two masts' bands, each parted by its pole (3 mm), the second 1 mm past the first; the first touches the crate.
BAND_HALVES = [((x, 44, 14, 4), BLUE) for x in (100, 117, 129, 146)]


def test_a_mast_whose_band_half_joins_a_crate_is_asked_about():
    masts, crates, doubts, _ = read_fittings(mat_with(CRATE, *BAND_HALVES), looks=TAUGHT)
    assert crates == [1]
    assert len(masts) < 2          # still read short: the doubt is what tells the players
    assert any("runs" in doubt and "off a crate" in doubt for doubt in doubts), doubts


def test_a_crate_with_a_whole_mast_apart_is_not_asked_about():
    apart = [((x + 20, y, w, h), colour) for (x, y, w, h), colour in BAND_HALVES[:2]]
    masts, crates, doubts, _ = read_fittings(mat_with(CRATE, *apart), looks=TAUGHT)
    assert (masts, crates) == ([1], [1])
    assert not any("off a crate" in doubt for doubt in doubts), doubts
