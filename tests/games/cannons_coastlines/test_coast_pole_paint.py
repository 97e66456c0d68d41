"""Taught, a stretch of pole with a fleet's pale paint beside it, off the prizes, is a pale mast, asked about
(camera/pole_paint.py): on the tuning seeds 700-999 pale striped and pennant masts whose sail and band are too pale
for the prize mask left only their pole, let go as a stretch of pole (834 ben, 873 ben, 916 ben: read wrong and
sure). Pieces drawn from above on a white mat (mm), read as the mat reader reads its fittings zone."""

from __future__ import annotations

from dataclasses import replace

from companion.games.cannons_coastlines.camera.mat_looks import MatLooks
from companion.games.cannons_coastlines.camera.mats import read_fittings
from companion.games.cannons_coastlines.camera.settings import MatSettings
from tests.games.cannons_coastlines.drawn_mats import SAIL, mat_with

PALE_BLUE, BLUE_FLEET = (245, 210, 205), 1   # BGR as white-balanced: paper to the prize mask, blue to the paint
STRIPED = MatLooks(mast_paint_mm=26.0, mast_mm2=300.0, crate_mm2=250.0, mast_length_mm=32.0, taught=True)
POLE = ((100, 10, 4, 34), SAIL)   # a pale pole 34 mm long: 136 mm^2, under half a taught mast


def test_a_stretch_of_pole_with_a_pale_band_across_it_is_a_mast_asked_about():
    band = [((89, 25, 11, 4), PALE_BLUE), ((104, 25, 11, 4), PALE_BLUE)]
    masts, crates, doubts, _ = read_fittings(mat_with(POLE, *band), looks=STRIPED)
    assert (masts, crates) == ([BLUE_FLEET], [])
    assert any("stretch of pole" in doubt for doubt in doubts), doubts


def test_a_bare_stretch_of_pole_is_still_let_go():
    """Let go as part of a mast read elsewhere on the mat (with none read, it is asked: test_coast_unread_masts)."""
    longer_masts = replace(STRIPED, mast_length_mm=40.0)   # the pole reads 24 mm: 0.6 of such a mast, under bare_mast_share
    painted_mast = ((150, 10, 5, 30), (154, 51, 25))         # blue paint the prize mask holds
    masts, crates, doubts, _ = read_fittings(mat_with(POLE, painted_mast), looks=longer_masts)
    assert (masts, crates) == ([BLUE_FLEET], [])
    assert not any("pole" in doubt for doubt in doubts), doubts


def test_a_bare_stretch_of_pole_as_long_as_a_mast_is_asked_not_counted():
    """Seed 2702 ben: a mast whose paint the prize mask does not hold left a bare pole 30 mm long, 0.81 of the taught
    mast, let go: one mast short, sure. Here the pole reads 24 mm, 0.75 of the taught mast: a whole mast of an
    unknown fleet, asked."""
    masts, crates, doubts, _ = read_fittings(mat_with(POLE), looks=STRIPED)
    assert (masts, crates) == ([], [])
    assert any("bare stretch of pole" in doubt for doubt in doubts), doubts


def test_untaught_a_stretch_of_pole_is_let_go_whatever_lies_beside_it():
    band = [((89, 25, 11, 4), PALE_BLUE), ((104, 25, 11, 4), PALE_BLUE)]
    masts, _, _, _ = read_fittings(mat_with(POLE, *band))
    assert masts == []


BLUE = (154, 51, 25)   # BGR as white-balanced: a fleet's paint the prize mask holds
RED, RED_FLEET = (40, 40, 200), 4
PENNANTS = MatLooks(mast_paint_mm=8.0, mast_mm2=60.0, crate_mm2=250.0, mast_length_mm=10.0, taught=True)


def test_pennants_left_alone_as_specks_are_masts_asked_about():
    """Seeds 919 anna, 958 ben: cream sails and pale poles not in the mask, each pennant a blob too small for a prize."""
    specks = [((60, 30, 7, 4), BLUE), ((110, 30, 7, 4), BLUE)]
    masts, _, doubts, _ = read_fittings(mat_with(*specks), looks=PENNANTS)
    assert masts == [BLUE_FLEET, BLUE_FLEET]
    assert any("from specks" in doubt for doubt in doubts), doubts


def test_a_speck_of_paint_beside_a_mast_read_is_not_a_mast_of_its_own():
    """A pennant's broken-off part lies within a band of the mast it belongs to."""
    mast = [((60, 20, 4, 40), SAIL), ((64, 20, 8, 6), BLUE)]
    masts, _, _, _ = read_fittings(mat_with(*mast, ((66, 30, 6, 4), BLUE)), looks=PENNANTS)
    assert masts == [BLUE_FLEET]


def test_a_band_left_as_specks_a_little_way_from_a_crate_of_its_paint_is_a_mast_asked_about():
    """Tuning seed 1812 anna: a pale striped mast left only its band's halves, each a speck, between a crate of the
    same fleet's paint 16 mm to its left and a red crate 16 mm to its right. Less than a band's length from a prize,
    they were let go; they make no one band with the crates' paint (with the blue lid they reach 60 mm, over two
    bands; the red crate shows none of it), so they are no part of either: a mast."""
    crates = [((60, 25, 20, 20), BLUE), ((136, 25, 20, 20), RED)]
    band_halves = [((96, 33, 10, 3.5), BLUE), ((110, 33, 10, 3.5), BLUE)]
    masts, crates, doubts, _ = read_fittings(mat_with(*crates, *band_halves), looks=STRIPED)
    assert (masts, sorted(crates)) == ([BLUE_FLEET], [BLUE_FLEET, RED_FLEET])
    assert any("from specks" in doubt for doubt in doubts), doubts


def test_paint_at_the_fittings_zones_edge_is_the_next_zones_not_a_mast():
    """Tuning seeds 1760 ben and 1112 ben: the red ring of a coin at the top of the coin zone reached over the fittings
    zone's bottom edge (the zone spans y 20-78 mm, the coin zone below it), a speck of paint there read as a mast. A
    speck running off that edge is a coin's, no mast's band."""
    coin_ring_top = ((150, 75, 12, 6), RED)
    masts, crates, _, _ = read_fittings(mat_with(coin_ring_top), looks=STRIPED)
    assert (masts, crates) == ([], [])
    masts, _, _, _ = read_fittings(mat_with(((150, 65, 12, 6), RED)), looks=STRIPED)
    assert masts == [RED_FLEET]   # the same speck inside the zone: a pale mast's band, as before


def test_a_blob_at_the_fittings_zones_edge_showing_no_paint_patch_is_no_mast():
    """Tuning seed 1924 dev (sure and wrong): a coin's ring at the top of the coin zone reached over the fittings zone's
    bottom edge as a blob of 40 mm^2, coloured but no patch of paint, read as a mast by its faint colour. Taught, such a
    blob there, smaller than half a taught mast, is let go; the same blob inside the zone is still a mast."""
    dull_yellow = (90, 150, 150)   # BGR: a yellow fleet's hue, too dark for its paint
    settings = replace(MatSettings(), prize_min_area_mm2=30.0)   # taught, a share of the taught prizes (taught.py)
    masts, _, _, _ = read_fittings(mat_with(((120, 75, 16, 3), dull_yellow)), settings, STRIPED)
    assert masts == []
    masts, _, _, _ = read_fittings(mat_with(((120, 60, 16, 3), dull_yellow)), settings, STRIPED)
    assert masts == [2]


def test_two_masts_bands_left_as_halves_in_a_row_are_two_masts():
    """Tuning seed 2559 anna: two pale striped masts side by side left only their bands' halves, each cut by its pale
    pole, four specks evenly apart. Gathered largest first, the two middle halves made one band and each outer half a
    band of its own: three masts. Gathered nearest first, each mast's halves make its band: two."""
    halves = [((60, 33, 10, 3.5), BLUE), ((75, 33, 10, 4), BLUE), ((93, 33, 10, 4), BLUE), ((108, 33, 10, 3.5), BLUE)]
    masts, _, doubts, _ = read_fittings(mat_with(*halves), looks=STRIPED)
    assert masts == [BLUE_FLEET, BLUE_FLEET]
    assert "2 mast(s) read from specks of paint too small for a prize" in doubts


def test_a_whole_band_left_as_specks_beside_a_crate_of_its_paint_is_a_mast():
    """Tuning seed 2559 ben: a pale striped mast's band halves, together nearly a taught band long, lay beside a crate
    of the same fleet's paint; the lid's large patch drew the band's spread with it into one band's length, and the
    band was let go as a part of the crate's paint. A band of specks that long is a whole band, a mast of its own."""
    crate = ((60, 25, 20, 20), BLUE)
    band_halves = [((85, 33, 10, 2), BLUE), ((97, 33, 10, 2), BLUE)]   # 22 mm end to end, 0.85 of the taught band
    masts, crates, doubts, _ = read_fittings(mat_with(crate, *band_halves), looks=STRIPED)
    assert (masts, crates) == ([BLUE_FLEET], [BLUE_FLEET])
    assert any("from specks" in doubt for doubt in doubts), doubts


def test_a_pale_band_wholly_off_the_prize_mask_is_asked_about_not_counted():
    """Tuning seeds 1877 dev and 2726 dev (sure and wrong): pale striped masts whose pole and sail the prize mask did
    not hold, nor their bands even as specks, left nothing but their band's paint, 70-172 mm^2: no mast read, sure.
    Here a band's halves, 78 mm^2 together and 28 mm end to end, lie on the paper alone: a mast not read, asked."""
    band_halves = [((80, 33, 13, 3), PALE_BLUE), ((95, 33, 13, 3), PALE_BLUE)]
    masts, crates, doubts, _ = read_fittings(mat_with(*band_halves), looks=STRIPED)
    assert (masts, crates) == ([], [])
    assert any("off every prize" in doubt for doubt in doubts), doubts


def test_a_little_pale_paint_off_the_prize_mask_is_let_go():
    """On mats read right and sure (tuning seeds 500-2899) such paint covers 44 mm^2 at most: a lid's or pennant's blur."""
    short_band = [((80, 33, 10, 2), PALE_BLUE), ((92, 33, 10, 2), PALE_BLUE)]   # 40 mm^2
    masts, crates, doubts, _ = read_fittings(mat_with(*short_band), looks=STRIPED)
    assert (masts, crates, doubts) == ([], [], [])


def test_untaught_a_pale_band_off_the_prize_mask_is_let_go():
    band_halves = [((80, 33, 13, 3), PALE_BLUE), ((95, 33, 13, 3), PALE_BLUE)]
    assert read_fittings(mat_with(*band_halves))[:3] == ([], [], [])


DULL = (95, 90, 90)   # BGR: dark enough for the prize mask, too dull for any fleet's paint
DARK_BANDED = replace(STRIPED, mast_mm2=160.0)


def test_a_dull_bands_halves_left_as_specks_are_asked_about():
    """Tuning seed 3049 ben (sure and wrong): a striped mast's pale pole and sail were not in the prize mask and its
    dark band, blurred, showed too little colour for a fleet's paint: two specks, 75 mm^2 together, 1.09 of a taught
    band end to end, and no mast read. Two such specks lying as one band, 0.4 of a taught mast or more, are asked."""
    halves = [((80, 33, 10, 3.5), DULL), ((93, 33, 10, 3.5), DULL)]   # 70 mm^2, 23 mm end to end (band 26 mm)
    masts, crates, doubts, _ = read_fittings(mat_with(*halves), looks=DARK_BANDED)
    assert (masts, crates) == ([], [])
    assert any("lying as one band" in doubt for doubt in doubts), doubts


def test_one_dull_speck_or_specks_reaching_two_bands_are_let_go():
    masts, crates, doubts, _ = read_fittings(mat_with(((80, 33, 10, 3.5), DULL)), looks=DARK_BANDED)
    assert (masts, crates, doubts) == ([], [], [])
    apart = [((60, 33, 10, 3.5), DULL), ((103, 33, 10, 3.5), DULL)]   # 53 mm end to end: two bands' reach
    assert read_fittings(mat_with(*apart), looks=DARK_BANDED)[2] == []
    halves = [((80, 33, 10, 3.5), DULL), ((93, 33, 10, 3.5), DULL)]
    assert read_fittings(mat_with(*halves))[2] == []   # untaught: no band known


PALE_GREEN, GREEN_FLEET = (210, 240, 205), 3   # BGR as white-balanced: paper to the prize mask, green to the paint
BLUE_CRATE = ((60, 25, 20, 20), BLUE)


def test_a_pale_band_of_another_fleet_against_a_crate_is_asked_about_not_counted():
    """Fresh tuning seed 3138 ben (sure and wrong): a pale striped mast lay against a crate with another fleet's lid,
    its pole and sail not in the prize mask; its band, 112 mm^2 off the mask and touching the crate's blob, was neither
    the lid nor clear of every prize: no mast read, sure. Here a pale green band, 75 mm^2 and 15 mm long, against a
    blue crate (too little of it clear of the crate for a loose band): a mast not read, asked."""
    band = ((81, 33, 15, 5), PALE_GREEN)
    masts, crates, doubts, _ = read_fittings(mat_with(BLUE_CRATE, band), looks=STRIPED)
    assert (masts, crates) == ([], [BLUE_FLEET])
    assert any("beside a crate of another fleet" in doubt for doubt in doubts), doubts
    assert not any("off every prize" in doubt for doubt in doubts), doubts


def test_pale_paint_against_a_crate_of_its_own_fleet_or_a_little_of_anothers_is_let_go():
    """The lid's own paint blurred beside it is no mast; on mats read right and sure (tuning seeds 500-3199) another
    fleet's paint against a crate covers 52 mm^2 at most."""
    own_blur = ((81, 33, 15, 5), PALE_BLUE)
    assert read_fittings(mat_with(BLUE_CRATE, own_blur), looks=STRIPED)[:3] == ([], [BLUE_FLEET], [])
    little = ((81, 33, 13, 3), PALE_GREEN)   # 39 mm^2
    assert read_fittings(mat_with(BLUE_CRATE, little), looks=STRIPED)[:3] == ([], [BLUE_FLEET], [])
    band = ((81, 33, 15, 5), PALE_GREEN)
    assert read_fittings(mat_with(BLUE_CRATE, band))[2] == []   # untaught: no band known


FAR_PENNANTS = replace(STRIPED, mast_mm2=214.0)   # 0.17 of it: 36 mm^2


def test_specks_of_a_pale_pole_on_a_zone_read_empty_are_asked_about():
    """Tuning seed 3846 anna (sure and wrong): on a blurred far mat a pale pennant mast left only two specks of its pole
    in the prize mask, 24 and 19 mm^2, too dull for a fleet's paint and too small to lie as a band; no prize was read
    and nothing was asked. An empty fittings zone shows paper and its caption's small letters: specks of 10 mm^2 or
    more covering together 0.17 of a taught mast there are asked."""
    pole_parts = [((80, 36, 2.5, 10), DULL), ((80, 50, 2.5, 8), DULL)]   # 25 and 20 mm^2 in line
    masts, crates, doubts, _ = read_fittings(mat_with(*pole_parts), looks=FAR_PENNANTS)
    assert (masts, crates) == ([], [])
    assert any("no prize was read" in doubt for doubt in doubts), doubts


def test_a_lone_speck_under_the_bar_or_untaught_is_let_go():
    one_part = ((80, 36, 2.5, 10), DULL)   # 25 mm^2: 0.12 of a taught mast
    assert read_fittings(mat_with(one_part), looks=FAR_PENNANTS)[:3] == ([], [], [])
    pole_parts = [one_part, ((80, 50, 2.5, 8), DULL)]
    assert read_fittings(mat_with(*pole_parts))[:3] == ([], [], [])   # untaught: no mast's mm^2 known


def test_pole_like_specks_beside_a_crate_with_no_mast_read_are_asked_about():
    """Fresh tuning seed 6245 ben (sure and wrong, a mast missed): a pale mast whose sail and band the prize mask
    missed left only its pole above and below the yard, two specks 2.4 times as long as wide, 19 and 26 mm^2; a crate
    read beside it kept the empty-zone doubt from looking. Specks shaped like a pole's parts are asked."""
    pole_parts = [((100, 34, 2.5, 9), DULL), ((100, 48, 2.5, 10), DULL)]   # 22 and 25 mm^2, in line, a yard's gap
    masts, crates, doubts, _ = read_fittings(mat_with(BLUE_CRATE, *pole_parts), looks=FAR_PENNANTS)
    assert masts == [] and len(crates) == 1
    assert any("no mast were read" in doubt for doubt in doubts), doubts


def test_round_specks_beside_a_crate_are_let_go():
    """Specks as wide as long (a coin's ring, letters) are no pole's parts."""
    round_parts = [((100, 34, 5, 5), DULL), ((100, 48, 5, 5), DULL)]
    doubts = read_fittings(mat_with(BLUE_CRATE, *round_parts), looks=FAR_PENNANTS)[2]
    assert not any("no mast were read" in doubt for doubt in doubts), doubts
