"""A mast read by its colours alone still counts in its fleet's row of bands (camera/mast_rows.row_reach_doubts): on the
kept tuning mats, 4329 anna (sure and wrong) held two striped masts side by side, their bands cut by pale poles into a
half band, two halves run together and a half band; the last half, too small for a patch of paint, was read as a
mast by its colours and left out of the row, which then reached as far as the two masts read from patches. Three
masts read for two. Pieces drawn from above on a white mat (mm), read as the mat reader reads its fittings zone."""

from __future__ import annotations

import dataclasses

from companion.games.cannons_coastlines.camera.mat_looks import MatLooks
from companion.games.cannons_coastlines.camera.mats import read_fittings
from companion.games.cannons_coastlines.camera.settings import MatSettings
from tests.games.cannons_coastlines.drawn_mats import SAIL, mat_with

RED, RED_FLEET = (40, 40, 200), 4   # BGR, as white-balanced
# Taught: a band 28 mm long across a sail as long (the pale pole not seen), its parts joined over 7 mm (taught.py).
STRIPED = MatLooks(mast_paint_mm=28.0, mast_mm2=300.0, crate_mm2=300.0, mast_length_mm=28.0, taught=True)
TAUGHT_MAT = dataclasses.replace(MatSettings(), paint_join_mm=7.0)


def two_masts_whose_bands_run_together(last_half_high: float) -> list:
    """Two masts side by side, only their red bands (6 mm high) showing, each cut at its middle by a pale pole leaving
    7 mm of paper: a half band (62-72.5 mm), the first's second half and the second's first half touching (79.5-100.5),
    and the last half (107.5-118), `last_half_high` mm of it red and the rest a grey sail's shade."""
    return [((62, 33, 10.5, 6), RED), ((79.5, 33, 21, 6), RED),
            ((107.5, 33, 10.5, 6), SAIL), ((107.5, 33, 10.5, last_half_high), RED)]


def test_a_last_half_read_by_its_colours_is_counted_in_the_row_and_asked_about():
    """Its red covers 31 mm^2, under a patch's 35: read as a mast by its colours. With it the row holds three masts
    reaching two bands: asked."""
    masts, _, doubts, _ = read_fittings(mat_with(*two_masts_whose_bands_run_together(3)), TAUGHT_MAT, STRIPED)
    assert masts == [RED_FLEET] * 3
    assert any("3 masts of fleet 4 read on 3 blobs whose paint lies in one row reaching 2.00" in doubt
               for doubt in doubts), doubts


def test_a_half_band_alone_read_by_its_colours_makes_no_row():
    """The same last half on its own: one mast, its paint in no row with another's."""
    masts, _, doubts, _ = read_fittings(mat_with(*two_masts_whose_bands_run_together(3)[2:]), TAUGHT_MAT, STRIPED)
    assert masts == [RED_FLEET]
    assert not any("in one row" in doubt for doubt in doubts), doubts
