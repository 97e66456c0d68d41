"""Taught, a pale mast where nothing is read is asked, not left out sure (camera/unread_masts.py). Fresh tuning
views 4300-4499 read two such players short and sure: 4410 ben (two pale privateers' masts whose poles were let go
as stretches of pole, no mast read on the mat) and 4450 ben (a pale merchants' mast the prize mask did not hold at
all, only darker than the paper). Pieces drawn from above on a white mat (mm), read as the mat reader reads its
fittings zone."""

from __future__ import annotations

from dataclasses import replace

from companion.games.cannons_coastlines.camera.mat_looks import MatLooks
from companion.games.cannons_coastlines.camera.mats import read_fittings
from tests.games.cannons_coastlines.drawn_mats import SAIL, mat_with

TAUGHT = MatLooks(mast_paint_mm=26.0, mast_mm2=150.0, crate_mm2=250.0, mast_length_mm=30.0, taught=True)
UNTAUGHT = MatLooks(mast_paint_mm=26.0, mast_mm2=150.0, crate_mm2=250.0, mast_length_mm=30.0, taught=False)
PALE_MAST = ((100, 25, 8, 30), (205, 205, 205))   # too light for the prize mask, darker than the paper (235)
POLE = ((100, 10, 4, 34), SAIL)                    # a stretch of pole: 136 mm^2 ...
LARGER = replace(TAUGHT, mast_mm2=300.0, mast_length_mm=36.0)   # ... under half such a mast; it reads 24 mm, 0.67
CRATE = ((120, 30, 14, 14), (154, 51, 25))         # a blue crate, 12 mm beside the pale mast


def test_a_pale_mast_the_mask_does_not_hold_is_asked_about():
    masts, crates, doubts, _ = read_fittings(mat_with(PALE_MAST), looks=TAUGHT)
    assert (masts, crates) == ([], [])
    assert any("darker than the paper" in doubt for doubt in doubts), doubts


def test_a_darker_patch_near_a_prize_read_is_that_prizes_part_not_a_mast():
    masts, crates, doubts, _ = read_fittings(mat_with(PALE_MAST, CRATE), looks=TAUGHT)
    assert crates == [1]
    assert not any("darker than the paper" in doubt for doubt in doubts), doubts


def test_a_stretch_of_pole_let_go_where_no_mast_is_read_is_asked_about():
    masts, crates, doubts, _ = read_fittings(mat_with(POLE), looks=LARGER)
    assert (masts, crates) == ([], [])
    assert any("where no mast is read" in doubt for doubt in doubts), doubts


def test_a_pale_mast_darkening_twice_a_taught_masts_length_is_asked_about():
    # Fresh tuning mat 6378 anna: the pale mast's pole and shadow darken 1.98 taught masts' length, nothing read.
    shorter = replace(TAUGHT, mast_length_mm=15.0)   # the 30 mm patch is two of these masts long
    masts, crates, doubts, _ = read_fittings(mat_with(PALE_MAST), looks=shorter)
    assert (masts, crates) == ([], [])
    assert any("darker than the paper" in doubt for doubt in doubts), doubts


def test_a_darker_stretch_three_masts_long_is_no_mast():
    shortest = replace(TAUGHT, mast_length_mm=10.0)
    _, _, doubts, _ = read_fittings(mat_with(PALE_MAST), looks=shortest)
    assert not any("darker than the paper" in doubt for doubt in doubts), doubts


def test_untaught_nothing_is_asked_for_paper_a_little_darker():
    masts, crates, doubts, _ = read_fittings(mat_with(PALE_MAST), looks=UNTAUGHT)
    assert (masts, crates, doubts) == ([], [], [])


# Fresh tuning seed 5628 ben: a pale mast 58 mm long whose mask holds only its pole's top and its dark pennant at the
# foot, each too short alone (a quarter of a mast), its cream sail between them unseen; no mast read, sure.
PALE_POLE_LOOKS = replace(TAUGHT, mast_mm2=115.0, mast_length_mm=58.0)
POLE_TOP = ((100, 24, 3.5, 16), SAIL)
POLE_FOOT = ((100, 54, 3.5, 16), SAIL)


def test_two_stretches_of_pole_let_go_together_half_a_mast_where_no_mast_is_read_are_asked_about():
    masts, crates, doubts, _ = read_fittings(mat_with(POLE_TOP, POLE_FOOT), looks=PALE_POLE_LOOKS)
    assert (masts, crates) == ([], [])
    assert any("2 stretches of pole let go" in doubt for doubt in doubts), doubts


def test_one_such_stretch_alone_is_let_go_unasked():
    masts, crates, doubts, _ = read_fittings(mat_with(POLE_TOP), looks=PALE_POLE_LOOKS)
    assert (masts, crates, doubts) == ([], [], [])


# Tuning seed 6023 ben: two pale masts beside a crate, one leaving a stretch of its pole 0.45 of a mast long, the other
# only specks; the crate read alone, sure. A stretch of pole 0.43 of a taught mast (13 mm of 30) beside a crate:
BLUE_CRATE = ((75, 30, 16, 16), (154, 51, 25))
POLE_BESIDE_CRATE = ((120, 25, 4, 13), SAIL)


def test_a_stretch_of_pole_four_tenths_of_a_mast_beside_a_crate_where_no_mast_is_read_is_asked_about():
    masts, crates, doubts, _ = read_fittings(mat_with(BLUE_CRATE, POLE_BESIDE_CRATE), looks=TAUGHT)
    assert (masts, crates) == ([], [1])
    assert any("1 stretch(es) of pole let go" in doubt for doubt in doubts), doubts


def test_the_same_stretch_a_third_of_a_longer_mast_is_let_go_unasked():
    longer = replace(TAUGHT, mast_length_mm=40.0)   # 13 mm of 40: a pole's part, the mast read elsewhere
    masts, crates, doubts, _ = read_fittings(mat_with(BLUE_CRATE, POLE_BESIDE_CRATE), looks=longer)
    assert (masts, crates, doubts) == ([], [1], [])
