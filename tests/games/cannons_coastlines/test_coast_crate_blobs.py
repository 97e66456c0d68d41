"""What a blob read as crates holds (camera/crate_blobs.py), and a small crate too thin for a crate's core
(fitting_doubts.small_crate): pieces drawn from above on a white mat (mm), read as the mat reader reads its
fittings zone. The causes were measured on benchmarks/coast_taught_accuracy.py's tuning seeds 500-699."""

from __future__ import annotations

from companion.games.cannons_coastlines.camera.mat_looks import MatLooks
from companion.games.cannons_coastlines.camera.mats import read_fittings
from tests.games.cannons_coastlines.drawn_mats import SAIL, mat_with

BLUE, BLUE_FLEET = (154, 51, 25), 1   # BGR, as white-balanced
RED, RED_FLEET = (40, 40, 200), 4
POLE = (40, 50, 60)
# A group's pieces as taught: masts 40 mm long with a sail across the pole, 11 mm crates.
TAUGHT = MatLooks(mast_mm2=250.0, crate_mm2=180.0, mast_length_mm=40.0, mast_half_width_mm=3.0, taught=True)


def test_crates_side_by_side_in_one_blob_are_a_crate_each():
    """Two crates touching corner to corner join into one blob but keep a thick core each (seed 671 dev: a green
    and a blue crate read as one)."""
    # A crate's blob on the mat is about 24 mm across (its lean and blur): its core where a crate-wide disc fits.
    picture = mat_with(((80, 25, 24, 24), BLUE), ((104, 37, 24, 24), RED))
    for looks in (MatLooks(), TAUGHT):
        masts, crates, doubts, _ = read_fittings(picture, looks=looks)
        assert (masts, sorted(crates)) == ([], [BLUE_FLEET, RED_FLEET])
        assert any("2 crates side by side" in doubt for doubt in doubts), doubts


def test_one_crate_is_one_crate():
    masts, crates, doubts, _ = read_fittings(mat_with(((90, 30, 16, 16), RED)), looks=TAUGHT)
    assert (masts, crates, doubts) == ([], [RED_FLEET], [])


def whole_mast_against_a_crate() -> list:
    """A blue crate, and against its side a mast lying across the view: a pole 40 mm long with a pale sail across it
    (too wide together for a bare pole) and a band of the crate's own fleet's paint along the sail, which joins the
    lid's patch of paint (as on seeds 521, 533, 568 and 643)."""
    return [((90, 30, 16, 16), BLUE), ((114, 22, 3, 40), POLE), ((106, 33, 22, 9), SAIL), ((106, 36, 22, 3), BLUE),
            ((114, 22, 3, 40), POLE)]


def test_taught_a_whole_mast_lying_against_a_crate_is_read_with_it():
    """The mast's pole and sail, clear of the crate, cover a taught mast's worth; read as a crate alone the mast's
    points were lost."""
    masts, crates, _, _ = read_fittings(mat_with(*whole_mast_against_a_crate()), looks=TAUGHT)
    assert (masts, crates) == ([BLUE_FLEET], [BLUE_FLEET])


def test_untaught_the_crate_beside_a_mast_is_read_as_before():
    """The kit's masts are bare poles with a pennant: a wide part beside a crate is no mast of theirs."""
    masts, crates, _, _ = read_fittings(mat_with(*whole_mast_against_a_crate()))
    assert (masts, crates) == ([], [BLUE_FLEET])


def test_taught_a_small_crate_too_thin_for_a_crates_core_is_a_crate_and_asked():
    """Seeds 534, 554, 578, 606: a group's 11 mm crate shows 6.5-6.8 mm half-width on the mat, under a crate's core;
    it is far shorter than the group's masts and covers about a crate: a crate, still named as a doubt."""
    masts, crates, doubts, _ = read_fittings(mat_with(((90, 30, 13, 13), RED)), looks=TAUGHT)
    assert (masts, crates) == ([], [RED_FLEET])
    assert any("read as a crate" in doubt for doubt in doubts), doubts


def test_untaught_the_small_blob_stays_a_doubted_mast():
    masts, crates, doubts, _ = read_fittings(mat_with(((90, 30, 13, 13), RED)))
    assert crates == [] and doubts


def test_a_leaning_crates_lid_off_its_core_is_its_lid_not_a_pennant_and_asked():
    """Seed 999 ben: a crate leaning far shows its dark side and shadow as the blob's thick core, its painted lid
    beside it, clear of the core; read as a pennant, it made a mast the mat does not hold (sure and wrong)."""
    side, lid = ((80, 25, 20, 20), POLE), ((100, 29, 12, 12), BLUE)
    for looks in (MatLooks(), TAUGHT):
        masts, crates, doubts, _ = read_fittings(mat_with(side, lid), looks=looks)
        assert (masts, crates) == ([], [BLUE_FLEET])
        assert any("lies off its thick core" in doubt for doubt in doubts), doubts


def test_paint_beside_a_crate_with_a_pole_stays_a_pennant():
    """A pennant mast lying against a crate whose lid is not seen: its pole shows, so its paint is a pennant."""
    pole, pennant = ((100, 33, 44, 4), POLE), ((136, 26, 8, 7), BLUE)
    masts, _, doubts, _ = read_fittings(mat_with(((80, 25, 20, 20), POLE), pole, pennant), looks=TAUGHT)
    assert masts == [BLUE_FLEET]
    assert not any("lies off its thick core" in doubt for doubt in doubts), doubts


def striped_mast_against_a_crate() -> list:
    """A red crate, and against its side a striped mast lying across the view: its dark pole, 6 mm wide, cuts the
    blue band across its sail into two patches, one each side of the pole (as on seed 1566 ben)."""
    return [((90, 30, 16, 16), RED), ((106, 33, 30, 9), SAIL), ((106, 36, 30, 3), BLUE), ((118, 22, 6, 40), POLE)]


def test_taught_a_striped_masts_band_halves_against_a_crate_are_one_mast():
    """Seed 1566 ben: the band's halves lay clear of the crate's core, each read as a pennant: two masts for one,
    sure. Taught, the group's band is 26 mm long, and the two halves reach no further together than a band."""
    taught = MatLooks(mast_mm2=250.0, crate_mm2=180.0, mast_length_mm=40.0, mast_half_width_mm=3.0, mast_paint_mm=26.0,
                      taught=True)
    masts, crates, _, _ = read_fittings(mat_with(*striped_mast_against_a_crate()), looks=taught)
    assert (masts, crates) == ([BLUE_FLEET], [RED_FLEET])


def test_untaught_each_patch_beside_a_crate_is_still_a_pennant():
    """The kit's masts carry one pennant each, no band: two patches clear of the crate are two masts."""
    masts, crates, _, _ = read_fittings(mat_with(*striped_mast_against_a_crate()))
    assert (masts, crates) == ([BLUE_FLEET, BLUE_FLEET], [RED_FLEET])


def test_taught_a_whole_mast_against_a_crate_whose_cream_sail_outvotes_its_pale_band_is_read_by_its_paint_and_asked():
    """Tuning seed 1867 cleo (sure and wrong): a striped mast against a crate of its fleet's blue, its band joined to
    the lid's paint; its cream sail, as coloured as a pale band, outvoted the band and the mast was read as the yellow
    fleet. Its colours being no stronger than a cream sail's, the band's paint on it names the fleet, and it is asked."""
    cream, pale_blue = (170, 205, 222), (215, 175, 165)   # BGR, chroma 20 (a yellow hue) and 22 (blue)
    mast = [((114, 22, 3, 40), POLE), ((106, 33, 22, 9), cream), ((106, 36, 22, 2), pale_blue), ((114, 22, 3, 40), POLE)]
    masts, crates, doubts, _ = read_fittings(mat_with(((90, 30, 16, 16), BLUE), *mast), looks=TAUGHT)
    assert (masts, crates) == ([BLUE_FLEET], [BLUE_FLEET])
    assert any("by its faint colour" in doubt for doubt in doubts), doubts


WOOD = (40, 70, 110)          # BGR as white-balanced: a crate's wooden rim, dark
PALE_LID = (200, 175, 170)    # a lid's pale blue paint: paper to the prize mask (pale and light), darker than paper
PAPER_PALE = (232, 232, 228)  # a cream sail as pale as the paper


def crate_with_lid(lid) -> list:
    """A crate's 18 mm blob seen from above: its wooden rim and sides round a 4 mm lid of `lid`'s colour."""
    return [((100, 30, 18, 18), WOOD), ((107, 37, 4, 4), lid)]


def test_taught_a_crate_whose_lid_is_too_pale_for_the_mask_is_still_as_thick_as_a_crate():
    """Tuning seed 1952 ben (sure and wrong): a small box crate's pale blue lid read as paper, the hole it left in
    the crate's blob making it no thicker than a mast, read as one. Taught, paper enclosed by a blob and darker than
    the paper is part of it where its thickness is measured: a crate."""
    masts, crates, _, _ = read_fittings(mat_with(*crate_with_lid(PALE_LID)), looks=TAUGHT)
    assert (masts, len(crates)) == ([], 1)


def test_a_hole_as_light_as_the_paper_is_not_filled():
    """Tuning seed 529 cleo: a pale sail enclosed by its pole and outline is as light as the paper, no lid: the blob
    is measured with its hole, too thin for a crate (untaught the same with the pale lid)."""
    assert read_fittings(mat_with(*crate_with_lid(PAPER_PALE)), looks=TAUGHT)[1] == []
    assert read_fittings(mat_with(*crate_with_lid(PALE_LID)), looks=MatLooks())[1] == []


# A kit like tuning seed 3313's: striped masts whose sails are as pale as the paper, so a mast's blob (its pole and
# band) covers about what a crate does; its crates about 13 mm square.
MASTS_COVERING_A_CRATE = MatLooks(mast_mm2=181.0, crate_mm2=164.0, mast_length_mm=32.3, mast_half_width_mm=3.6,
                                  taught=True)


def test_taught_a_small_crate_covering_about_a_masts_mm2_is_still_a_crate_by_its_build():
    """Tuning seed 3313 anna: a crate seen 13 by 15 mm (its lean), nearly as thick as a crate and showing no pole, but
    covering nearer the kit's mast's mm^2 than its crate's: read as a mast. As thick as a crate, far thicker than a
    mast, covering a crate's mm^2 and about a crate's side long, it is a crate, asked."""
    masts, crates, doubts, _ = read_fittings(mat_with(((90, 30, 13, 15), RED)), looks=MASTS_COVERING_A_CRATE)
    assert (masts, crates) == ([], [RED_FLEET])
    assert any("read as a crate" in doubt for doubt in doubts), doubts


def test_taught_a_mast_lying_short_of_a_crates_build_stays_a_mast():
    """A striped mast of the same kit lying along the view, its pole 30 mm long and its band across it: as long as a
    taught mast, far longer than a crate's side."""
    masts, crates, _, _ = read_fittings(mat_with(((90, 20, 3, 30), POLE), ((82, 33, 19, 3), RED)),
                                        looks=MASTS_COVERING_A_CRATE)
    assert (masts, crates) == ([RED_FLEET], [])


def test_taught_a_short_blob_barely_thicker_than_the_kits_masts_stays_a_mast():
    """Tuning seed 2558 ben: a kit whose masts are broad (4.65 mm half-width) and crates small (11.5 mm sides); a
    mast's sail seen short, 5.5-6.0 mm thick, is as thick as such a crate but not MatSettings.small_crate_over_mast
    times a mast: it stays a mast (read as a crate it lost the player 3 points)."""
    broad_masts = MatLooks(mast_mm2=240.0, crate_mm2=132.0, mast_length_mm=45.0, mast_half_width_mm=4.65, taught=True)
    masts, crates, _, _ = read_fittings(mat_with(((90, 30, 11, 11), RED)), looks=broad_masts)
    assert (masts, crates) == ([RED_FLEET], [])
