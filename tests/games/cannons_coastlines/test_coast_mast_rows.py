"""Taught masts laid in a row on one blob are counted by the gaps in their paint (camera/mast_rows.py): on tuning seed
1719 anna four striped masts in a row, their bands 6 mm apart, were read as five (sure) by how far the paint
reached. Pieces drawn from above on a white mat (mm), read as the mat reader reads its fittings zone."""

from __future__ import annotations

import dataclasses

import numpy as np

from companion.games.cannons_coastlines.camera.mast_rows import bands_in_row, runs_along
from companion.games.cannons_coastlines.camera.mat_looks import MatLooks
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM
from companion.games.cannons_coastlines.camera.mats import read_fittings
from companion.games.cannons_coastlines.camera.settings import MatSettings
from tests.games.cannons_coastlines.drawn_mats import SAIL, mat_with

RED, RED_FLEET = (40, 40, 200), 4   # BGR, as white-balanced
DARK_POLE = (40, 40, 40)
# Taught: a band 28 mm long across a sail as long (the pale pole not seen), its parts joined over 7 mm (taught.py).
STRIPED = MatLooks(mast_paint_mm=28.0, mast_mm2=300.0, crate_mm2=300.0, mast_length_mm=28.0, taught=True)
TAUGHT_MAT = dataclasses.replace(MatSettings(), paint_join_mm=7.0)


def masts_in_a_row(count: int, pitch: float) -> list:
    """`count` pale sails 30 mm long laid end to end `pitch` mm apart (4 mm of paper between them at 34), a red band
    28 mm long across each."""
    pieces = []
    for index in range(count):
        x = 62 + index * pitch   # the fittings zone spans x 60-196 mm
        pieces += [((x, 30, 30, 10), SAIL), ((x + 1, 33, 28, 4), RED)]
    return pieces


def test_four_masts_in_a_row_are_four_not_as_many_as_their_paint_reaches():
    """The bands' paint joins into one patch over the 6 mm between them and reaches 4.6 bands: five by its length.
    Along the row it lies in four runs a band long each: four masts."""
    masts, crates, _, _ = read_fittings(mat_with(*masts_in_a_row(4, 34)), TAUGHT_MAT, STRIPED)
    assert (masts, crates) == ([RED_FLEET] * 4, [])


def test_masts_whose_bands_run_together_are_still_counted_by_their_length():
    """No gap between two bands (sails touching end to end): one run two bands long, two masts."""
    masts, crates, _, _ = read_fittings(mat_with(*masts_in_a_row(2, 28)), TAUGHT_MAT, STRIPED)
    assert (masts, crates) == ([RED_FLEET] * 2, [])


def test_a_bands_halves_either_side_of_its_pole_are_one_band_in_the_row():
    """Two halves 12 mm long, 4 mm apart (a pole across the band), then 6 mm of paper and a whole band: two bands."""
    paint = np.zeros((40, 200), bool)
    for start, end in ((0, 12), (16, 28), (34, 62)):
        paint[10:18, int(start * MAT_PX_PER_MM):int(end * MAT_PX_PER_MM)] = True
    assert [(round(a), round(b)) for a, b in runs_along(paint, MatSettings())] == [(0, 12), (16, 28), (34, 62)]
    assert bands_in_row(paint, STRIPED, MatSettings()) == 2


def bands_parted_by_pale_poles(starts: list[float], band: float = 28.0, pole_gap: float = 7.0) -> list:
    """Striped masts side by side whose sails and poles are too pale for the prize mask: only their red bands (6 mm
    high) show, each band starting at x in `starts` and parted at its middle by a pole leaving `pole_gap` mm of paper."""
    pieces = []
    for start in starts:
        half = (band - pole_gap) / 2
        pieces += [((start, 33, half, 6), RED), ((start + half + pole_gap, 33, half, 6), RED)]
    return pieces


def test_masts_whose_bands_run_together_across_pale_poles_are_asked_about():
    """Tuning seed 1994 anna (sure and wrong): two masts side by side, their bands touching end to end in a row; the
    pale poles part them into three blobs (a half band, two halves joined, a half band), each read as a mast. The paint
    reaches two bands end to end, not three: asked."""
    masts, _, doubts, _ = read_fittings(mat_with(*bands_parted_by_pale_poles([62, 90])), TAUGHT_MAT, STRIPED)
    assert masts == [RED_FLEET] * 3
    assert any("in one row reaching 2.00 of its band" in doubt for doubt in doubts), doubts


def test_masts_apart_in_a_row_are_not_asked_about():
    """Three such masts with 7 mm of paper between their bands: their paint reaches 3.5 bands, three masts, sure."""
    masts, _, doubts, _ = read_fittings(mat_with(*bands_parted_by_pale_poles([62, 97, 132])), TAUGHT_MAT, STRIPED)
    assert masts == [RED_FLEET] * 3
    assert doubts == []


def test_masts_side_by_side_on_one_blob_whose_bands_run_together_are_asked_about():
    """Fresh tuning seed 3291 anna (sure and wrong): two masts side by side, their sails one blob and their bands one
    row, each band cut by a dark pole wider than the paint joins over: a half band, two halves run together, a half
    band, each read as a mast. The paint reaches two bands end to end, not three: asked, as on several blobs."""
    sails_and_bands = [((62, 30, 56, 8), SAIL), ((62, 32, 56, 4), RED)]
    poles = [((72, 18, 8, 34), DARK_POLE), ((100, 18, 8, 34), DARK_POLE)]
    masts, _, doubts, _ = read_fittings(mat_with(*sails_and_bands, *poles), TAUGHT_MAT, STRIPED)
    assert masts == [RED_FLEET] * 3
    assert any("3 masts of fleet 4 read on 1 blobs whose paint lies in one row reaching 2.00" in doubt
               for doubt in doubts), doubts

