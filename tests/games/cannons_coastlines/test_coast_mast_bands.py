"""A taught striped mast's band of paint, parted by a pale pole, is one mast (camera/mast_bands.py): on the
taught tuning seeds 540-619 the halves of such bands were read as a mast each. Pieces drawn from above on a
white mat (mm), read as the mat reader reads its fittings zone."""

from __future__ import annotations

from companion.games.cannons_coastlines.camera.mast_bands import band_count_doubts
from companion.games.cannons_coastlines.camera.mat_looks import MatLooks
from companion.games.cannons_coastlines.camera.mats import read_fittings
from companion.games.cannons_coastlines.camera.settings import MatSettings
from tests.games.cannons_coastlines.drawn_mats import SAIL, mat_with

RED = (40, 40, 200)   # BGR, as white-balanced
RED_FLEET = 4
# Taught: a band 28 mm long across the sail, a mast as long as its sail drawn here (its pale pole not seen).
STRIPED = MatLooks(mast_paint_mm=28.0, mast_mm2=600.0, crate_mm2=300.0, mast_length_mm=30.0, taught=True)


def striped_mast_parted_by_its_pole(x: float, y: float = 30.0) -> list:
    """A sail's halves 11 mm wide, 8 mm apart (a pale pole between them, not seen), a red band across both."""
    return [((x, y, 11, 22), SAIL), ((x + 19, y, 11, 22), SAIL), ((x, y + 9, 11, 4), RED), ((x + 19, y + 9, 11, 4), RED)]


def test_a_taught_band_parted_by_a_pale_pole_is_one_mast():
    masts, crates, _, _ = read_fittings(mat_with(*striped_mast_parted_by_its_pole(100)), looks=STRIPED)
    assert (masts, crates) == ([RED_FLEET], [])


def test_two_taught_striped_masts_side_by_side_are_two():
    picture = mat_with(*striped_mast_parted_by_its_pole(80), *striped_mast_parted_by_its_pole(125))
    masts, crates, _, _ = read_fittings(picture, looks=STRIPED)
    assert (masts, crates) == ([RED_FLEET, RED_FLEET], [])


def test_untaught_the_halves_are_read_as_before_but_asked_about():
    """The kit's looks know no band: each half with its patch of paint is a mast, as before, but two patches of
    one fleet this close together may be one band: the players are asked (untaught tuning seeds 500-699: 13 of
    the 19 players read wrong and sure)."""
    masts, _, _, _ = read_fittings(mat_with(*striped_mast_parted_by_its_pole(100)))
    assert masts == [RED_FLEET, RED_FLEET]
    # A pale sail, its pole seen: the band's halves lie on one blob, 16 mm apart.
    pole_across_a_band = [((111, 20, 5, 44), SAIL), ((100, 38, 11, 5), RED), ((116, 38, 11, 5), RED)]
    masts, _, doubts, _ = read_fittings(mat_with(*pole_across_a_band))
    assert masts == [RED_FLEET, RED_FLEET]
    assert any("cut by its pole" in doubt for doubt in doubts), doubts
    masts, _, doubts, _ = read_fittings(mat_with(*pole_across_a_band), looks=STRIPED)
    assert (masts, [d for d in doubts if "cut by its pole" in d]) == ([RED_FLEET], [])   # taught: the band is known


def test_untaught_pennants_of_one_fleet_far_apart_on_one_blob_are_not_asked_about():
    """Two kit-like masts lying head to tail, touching: a pennant at each one's far end, 60 mm apart."""
    pole = ((60, 40, 90, 4), SAIL)
    pennants = [((60, 34, 10, 6), RED), ((140, 34, 10, 6), RED)]
    masts, _, doubts, _ = read_fittings(mat_with(pole, *pennants))
    assert masts == [RED_FLEET, RED_FLEET]
    assert not any("cut by its pole" in doubt for doubt in doubts), doubts


BLUE, BLUE_FLEET = (154, 51, 25), 1


def test_a_band_half_touching_a_crate_is_the_masts_not_a_mast_of_its_own():
    """A sail as pale as the paper shows only its band, parted by the pole: the left half lies against a blue
    crate (one blob with it, clear of its lid), the right half alone. With the right half it is one band."""
    crate = ((84, 33, 16, 16), BLUE)
    band_halves = [((100, 39, 11, 5), RED), ((119, 39, 11, 5), RED)]
    masts, crates, _, _ = read_fittings(mat_with(crate, *band_halves), looks=STRIPED)
    assert (masts, crates) == ([RED_FLEET], [BLUE_FLEET])


def two_striped_masts_beside_a_crate_of_their_paint() -> list:
    """A red crate, 3 mm of paper, then two pale sails side by side, their red bands run together (56 mm)."""
    crate = ((90, 30, 16, 16), RED)
    sails = [((109, 33, 28, 10), SAIL), ((137, 33, 28, 10), SAIL)]
    return [crate, *sails, ((109, 36.5, 56, 3), RED)]


def test_a_band_joined_over_a_gap_to_a_crate_lid_is_still_counted_on_its_mast():
    """Tuning seeds 700-899 (819 ben, 773 ben, sure and wrong): the bands' patch of paint, joined over the gap to
    a crate lid of the same fleet, lay mostly on the crate, and the masts' blob was read as one mast by its colour."""
    masts, crates, _, _ = read_fittings(mat_with(*two_striped_masts_beside_a_crate_of_their_paint()), looks=STRIPED)
    assert (masts, crates) == ([RED_FLEET, RED_FLEET], [RED_FLEET])


def test_a_short_pennant_counted_twice_by_its_blurred_length_is_asked_about():
    """A group's pennants 10 mm long: one blurred to 16 mm reaches 1.6 of it, two masts by its length (seeds
    700-899: 844 ben, 856 ben, sure and wrong). On a blob long enough for two masts, near a half band the count is
    a doubt; one band's length is none."""
    pennants = MatLooks(mast_paint_mm=10.0, mast_mm2=300.0, crate_mm2=300.0, mast_length_mm=47.0, taught=True)
    pole = ((60, 40, 80, 4), SAIL)
    _, _, doubts, _ = read_fittings(mat_with(pole, ((60, 34, 16, 6), RED)), looks=pennants)
    assert any("of its band" in doubt for doubt in doubts), doubts
    masts, _, doubts, _ = read_fittings(mat_with(pole, ((60, 34, 10, 6), RED)), looks=pennants)
    assert masts == [RED_FLEET] and not any("of its band" in doubt for doubt in doubts), doubts


def test_paint_reaches_no_more_masts_than_its_blob_is_long():
    """Seeds 500-1199 taught (844 ben, 856 ben, 1126 ben): a pennant blurred long, or taught short, reaching 1.5-1.9
    bands on a blob one mast long is one mast (MatSettings.band_room_cover: no room for two across each other)."""
    pennants = MatLooks(mast_paint_mm=10.0, mast_mm2=300.0, crate_mm2=300.0, mast_length_mm=47.0, taught=True)
    for pennant_mm in (16, 19):
        masts, _, doubts, _ = read_fittings(mat_with(((60, 40, 45, 4), SAIL), ((60, 34, pennant_mm, 6), RED)),
                                            looks=pennants)
        assert masts == [RED_FLEET] and not any("of its band" in doubt for doubt in doubts), (pennant_mm, doubts)


def test_masts_counted_by_faint_paint_just_short_of_a_half_band_are_asked_about():
    """Seed 913 cleo: two pale striped masts side by side, their faint bands reaching 1.48 bands, read as one mast
    and sure. Counted by faint colours (MatSettings.faint_band_doubt_below) a count just short of a half band is a
    doubt too; a patch's count is asked about only past the half, and neither far from it."""
    below = MatSettings().faint_band_doubt_below
    assert band_count_doubts(2, 1.48, 1, MatSettings(), below)
    assert not band_count_doubts(2, 1.48, 1, MatSettings())
    assert not band_count_doubts(2, 1.5 - below - 0.05, 1, MatSettings(), below)
    assert band_count_doubts(2, 1.55, 1, MatSettings(), below) and band_count_doubts(2, 1.55, 1, MatSettings())


PALE_YELLOW = (170, 220, 225)   # BGR, as white-balanced: a yellow band washed out under the yellow paint test
WHOLE_BAND = MatLooks(mast_paint_mm=30.0, mast_mm2=150.0, crate_mm2=280.0, mast_length_mm=32.0, taught=True)


def test_taught_masts_end_to_end_one_band_pale_are_read_by_its_faint_paint():
    """Seed 1353 dev: two striped masts end to end on one blob, 67 mm long (two taught masts, whose band reaches
    the whole mast): a blue band read as a patch, the other fleet's yellow band too pale for one (chroma 25 against
    the yellow test's 28). Its faint paint reaching a band is the second mast, asked; a blob one mast long is not."""
    poles = ((60, 40, 66, 4), SAIL)
    picture = mat_with(poles, ((62, 38, 28, 7), BLUE), ((96, 38, 28, 7), PALE_YELLOW))
    masts, _, doubts, _ = read_fittings(picture, looks=WHOLE_BAND, fleets={1, 2})
    assert sorted(masts) == [BLUE_FLEET, 2]
    assert any("faint paint reaching" in doubt for doubt in doubts), doubts
    alone = mat_with(((60, 40, 32, 4), SAIL), ((62, 38, 28, 7), BLUE), ((110, 38, 28, 7), PALE_YELLOW))
    masts, _, _, _ = read_fittings(alone, looks=WHOLE_BAND, fleets={1, 2})
    assert BLUE_FLEET in masts and masts.count(BLUE_FLEET) == 1


def test_taught_masts_with_no_room_on_their_blob_are_asked_about():
    """Tuning seed 1818 ben (sure and wrong): a pennant mast one taught mast long, a stray patch of its pennant's paint
    on its pole 10 mm from the pennant, read as two masts by two patches apart. Two masts lie end to end (a blob two
    masts long) or across each other (covering two masts): this blob has room for one, and the count is asked."""
    pennant = MatLooks(mast_paint_mm=14.0, mast_mm2=300.0, crate_mm2=300.0, mast_length_mm=44.0, taught=True)
    mast = [((100, 22, 4, 44), SAIL), ((104, 54, 14, 9), RED), ((100, 30, 6, 8), RED)]
    masts, _, doubts, _ = read_fittings(mat_with(*mast), looks=pennant)
    assert masts == [RED_FLEET, RED_FLEET]
    assert any("masts read on a blob" in doubt for doubt in doubts), doubts
    # Two such masts lying side by side across each other cover twice as much: no doubt.
    two = [((100, 22, 4, 44), SAIL), ((104, 54, 14, 9), RED), ((106, 22, 4, 44), SAIL), ((110, 24, 14, 9), RED)]
    masts, _, doubts, _ = read_fittings(mat_with(*two), looks=pennant)
    assert masts == [RED_FLEET, RED_FLEET]
    assert not any("masts read on a blob" in doubt for doubt in doubts), doubts
