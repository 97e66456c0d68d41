"""A mast blob carrying a fleet's paint no mast read from it is of (camera/unread_paint.py): on the fresh taught
tuning seeds 3700-3899, 3740 cleo's mast (a brown pole, a white sail, a small dark navy pennant) was read sure as the
yellow fleet's, its pole's shades outvoting a pennant too faint for the vote; 3784 cleo's pale yellow band's half,
lying against a blue mast's band, was left unread (a mast missed, sure). Pieces drawn from above on a white mat (mm),
read as the mat reader reads its fittings zone."""

from __future__ import annotations

from companion.games.cannons_coastlines.camera.mat_looks import MatLooks
from companion.games.cannons_coastlines.camera.mats import read_fittings
from tests.games.cannons_coastlines.drawn_mats import SAIL, mat_with

TAN_POLE = (150, 195, 210)     # BGR, as white-balanced: light (L 202), a yellow's hue, chroma 25 (no yellow paint)
DARK_NAVY = (110, 90, 88)      # chroma 13: the reader's paint (10 and up), under a fleet's colour for the vote (16)
BLUE_FLEET, YELLOW_FLEET = 1, 2
TAUGHT = MatLooks(mast_mm2=400.0, crate_mm2=300.0, taught=True)


def tan_pole_with_a_navy_pennant(x: float = 100) -> list:
    """A 4 x 40 mm tan pole with a 6 x 5 mm dark navy pennant at its foot (30 mm^2: under a patch's 35)."""
    return [((x, 30, 4, 40), TAN_POLE), ((x - 6, 64, 6, 5), DARK_NAVY)]


def test_a_navy_pennant_outvoted_by_its_pole_is_asked_about():
    masts, _, doubts, _ = read_fittings(mat_with(*tan_pole_with_a_navy_pennant()), looks=TAUGHT,
                                        fleets={BLUE_FLEET, YELLOW_FLEET, 4})
    assert masts == [YELLOW_FLEET]    # the pole's vote still reads it; the navy paint left unread asks
    assert any(f"of fleet {BLUE_FLEET}'s paint over" in doubt and f"on a mast blob read as fleet {YELLOW_FLEET}" in doubt
               for doubt in doubts)


def test_the_pole_alone_is_read_sure():
    masts, _, doubts, _ = read_fittings(mat_with(tan_pole_with_a_navy_pennant()[0]), looks=TAUGHT,
                                        fleets={BLUE_FLEET, YELLOW_FLEET, 4})
    assert masts == [YELLOW_FLEET]
    assert doubts == []


def test_untaught_no_such_doubt_is_named():
    _, _, doubts, _ = read_fittings(mat_with(*tan_pole_with_a_navy_pennant()), fleets={BLUE_FLEET, YELLOW_FLEET, 4})
    assert not any("on a mast blob read as" in doubt for doubt in doubts)


def test_a_dark_poles_thin_shades_of_a_fleets_hue_are_no_doubt():
    """3885 cleo (read right): a dark pole's shades of the navy hue along 26 mm of it, 28 mm^2, 1.1 mm^2 a mm."""
    thin_navy_line = ((101, 30, 1, 30), DARK_NAVY)   # 1 x 30 mm along the pole
    _, _, doubts, _ = read_fittings(mat_with(tan_pole_with_a_navy_pennant()[0], thin_navy_line), looks=TAUGHT,
                                    fleets={BLUE_FLEET, YELLOW_FLEET, 4})
    assert doubts == []


def test_paint_of_a_fleet_the_prize_cannot_come_from_is_no_doubt():
    _, _, doubts, _ = read_fittings(mat_with(*tan_pole_with_a_navy_pennant()), looks=TAUGHT, fleets={YELLOW_FLEET, 4})
    assert not any("on a mast blob read as" in doubt for doubt in doubts)


RED, RED_FLEET = (40, 40, 200), 4     # BGR, as white-balanced
BLUE = (190, 90, 40)
DARK_POLE = (60, 60, 60)
# Taught: a group whose masts are striped along their length, the band all the mast there is.
STRIPED = MatLooks(mast_paint_mm=28.0, mast_mm2=300.0, crate_mm2=300.0, mast_length_mm=30.0, taught=True)


def sail_with_two_stripes(red_high: float) -> list:
    """A 30 x 10 mm sail on a dark pole, a red stripe `red_high` mm high and a blue stripe 1 mm high across it, each
    28 mm long: the blue too thin for a patch of paint (the reader's opening takes it), the red read as the mast."""
    return [((62, 30, 30, 10), SAIL), ((63, 32, 28, red_high), RED), ((63, 36, 28, 1), BLUE), ((76, 20, 3, 30), DARK_POLE)]


def test_a_thin_stripe_as_dense_as_the_read_masts_own_is_asked_about():
    """Tuning seed 5177 cleo (sure and wrong): a group's bands thin stripes, a pirates' ochre band beside a
    merchants' mast 0.89 as dense as the merchants' band, both under the 2.5 mm^2 a mm of a pennant's; the pirates'
    mast missed. Here the blue stripe holds about 0.6 of the red one's mm^2 a mm: asked."""
    masts, _, doubts, _ = read_fittings(mat_with(*sail_with_two_stripes(1.5)), looks=STRIPED, fleets={BLUE_FLEET, 2, RED_FLEET})
    assert masts == [RED_FLEET]
    assert any(f"of fleet {BLUE_FLEET}'s paint over" in doubt and f"read as fleet {RED_FLEET}" in doubt for doubt in doubts), doubts


def test_a_stripe_far_thinner_than_the_read_band_is_no_doubt():
    """The red band 4 mm high: the blue stripe holds about a quarter of its mm^2 a mm (a shade along an edge), not asked."""
    masts, _, doubts, _ = read_fittings(mat_with(*sail_with_two_stripes(4)), looks=STRIPED, fleets={BLUE_FLEET, 2, RED_FLEET})
    assert masts == [RED_FLEET]
    assert not any("a mast misread?" in doubt for doubt in doubts), doubts
