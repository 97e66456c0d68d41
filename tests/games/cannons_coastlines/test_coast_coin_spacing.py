"""Coins whose spacing is a close call are asked about, not read sure (camera/coin_spacing.py): a coin half
under another is ruled out by the coins' separation, and the gap between four coins can gather a peak of its
own. On the taught tuning seeds 540-619 these were the mats whose coins were miscounted and read sure."""

from __future__ import annotations

import numpy as np
import pytest

from companion.games.cannons_coastlines.camera import coins
from companion.games.cannons_coastlines.camera.coin_spacing import (face_left_unread, faint_doubles, gaps_between, ringed_middles,
                                                                    spacing_doubts)
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM
from companion.games.cannons_coastlines.camera.settings import CoinSettings

KIT_MM = coins.kit.COIN_DIAMETER_MM
BRASS, RED_RING = (150, 135, 170), (160, 100, 150)


def zone_with_coins(*centres_px) -> np.ndarray:
    """A white zone (Lab) with the kit's coins drawn at `centres_px` (row, col), later ones over earlier ones."""
    lab = np.full((200, 300, 3), (240, 128, 128), np.uint8)
    yy, xx = np.mgrid[:200, :300]
    radius = KIT_MM / 2 * MAT_PX_PER_MM
    for index, (cy, cx) in enumerate(centres_px):
        lab[(yy - cy) ** 2 + (xx - cx) ** 2 < radius ** 2] = RED_RING if index % 2 else BRASS
    return lab


def read(lab: np.ndarray) -> tuple[int, list[str]]:
    passed_over: list[tuple[float, float]] = []
    found = coins.coin_centres(lab, CoinSettings(), KIT_MM, passed_over)
    return len(found), spacing_doubts(found, passed_over, coins.coin_separation_px(KIT_MM, CoinSettings()), KIT_MM)


@pytest.mark.parametrize("apart_mm", [17.0, 17.5])
def test_a_coin_lying_half_under_another_is_missed_but_asked_about(apart_mm):
    count, doubts = read(zone_with_coins((100, 100), (100, 100 + apart_mm * MAT_PX_PER_MM), (100, 240)))
    assert count == 2   # the separation rules it out ...
    assert len(doubts) == 1 and "half under another" in doubts[0], doubts   # ... but not surely


@pytest.mark.parametrize("apart_mm", [15.0, 20.0, 22.0])
def test_coins_clearly_one_or_clearly_apart_raise_no_doubt(apart_mm):
    count, doubts = read(zone_with_coins((100, 100), (100, 100 + apart_mm * MAT_PX_PER_MM), (100, 240)))
    assert (count, doubts) == (2 if apart_mm < 17 else 3, [])


def grid(pitch_mm: float) -> list[tuple[float, float]]:
    return [(row * pitch_mm * MAT_PX_PER_MM, col * pitch_mm * MAT_PX_PER_MM) for row in range(2) for col in range(3)]


def test_a_coin_read_in_the_gap_between_four_coins_is_asked_about():
    pitch = KIT_MM + 1.8
    gap = (pitch / 2 * MAT_PX_PER_MM, pitch / 2 * MAT_PX_PER_MM)
    doubts = spacing_doubts(grid(pitch) + [gap], [], 0.0, KIT_MM)
    assert len(doubts) == 1 and "gap between coins" in doubts[0], doubts


def test_coins_on_their_loose_grid_nudged_together_raise_no_doubt():
    nudged = grid(KIT_MM + 1.8)
    nudged[1] = (nudged[1][0], nudged[1][1] - 2.8 * MAT_PX_PER_MM)   # two neighbours overlapping by 1 mm
    assert spacing_doubts(nudged, [], coins.coin_separation_px(KIT_MM, CoinSettings()), KIT_MM) == []


def test_untaught_a_coin_ruled_out_where_a_smaller_coin_could_lie_is_asked_about():
    """Untaught the coins' width is the kit's guess; a coin like peak ruled out 16.5 mm from a coin taken (a
    smaller set's coins overlapping) is asked about; at 13 mm (one coin's own rim) it is not."""
    separation = coins.coin_separation_px(KIT_MM, CoinSettings())
    taken, passed_at = [(100.0, 100.0)], [(100.0, 100.0 + 16.5 * MAT_PX_PER_MM)]
    assert spacing_doubts(taken, passed_at, separation, KIT_MM) == []   # taught: the width is known
    doubts = spacing_doubts(taken, passed_at, separation, KIT_MM, CoinSettings(), CoinSettings().untaught_least_apart_mm)
    assert len(doubts) == 1 and "16.5 mm from it" in doubts[0], doubts
    nearer = [(100.0, 100.0 + 13.0 * MAT_PX_PER_MM)]
    assert spacing_doubts(taken, nearer, separation, KIT_MM, CoinSettings(), CoinSettings().untaught_least_apart_mm) == []


TAUGHT_GAPS = CoinSettings(gap_reach_share=0.9)
PAPER_IN_ITS_MIDDLE, A_COINS_FACE = (lambda row, col: 20.0), (lambda row, col: 120.0)


def test_a_peak_among_four_coins_showing_the_paper_is_the_gap_between_them_taught():
    """Coins pale in the middle vote for the gap between them (tuning seed 525 ben: two gaps read as coins)."""
    pitch = KIT_MM + 1.8
    gap = (pitch / 2 * MAT_PX_PER_MM, pitch / 2 * MAT_PX_PER_MM)
    assert gaps_between(grid(pitch) + [gap], KIT_MM, TAUGHT_GAPS, PAPER_IN_ITS_MIDDLE) == [6]
    # Untaught the coins' width is a guess (a smaller set's coins lie nearer): no gap is ruled out.
    assert gaps_between(grid(pitch) + [gap], KIT_MM, CoinSettings(), PAPER_IN_ITS_MIDDLE) == []


def test_a_peak_where_three_coins_leave_a_fourth_spot_empty_is_a_gap_too():
    pitch = KIT_MM + 1.8
    three = [(0.0, 0.0), (0.0, pitch * MAT_PX_PER_MM), (pitch * MAT_PX_PER_MM, 0.0)]
    nudged_gap = ((pitch / 2 + 0.5) * MAT_PX_PER_MM, (pitch / 2 + 0.5) * MAT_PX_PER_MM)   # a little past their line
    assert gaps_between(three + [nudged_gap], KIT_MM, TAUGHT_GAPS, PAPER_IN_ITS_MIDDLE) == [3]


def test_a_coin_overlapped_on_three_sides_or_with_coins_on_one_side_is_no_gap():
    """A coin whose neighbours overlap it by the most the kit allows on three sides shows its face, not the
    paper, in its middle; three coins on one side of a peak do not surround it, however near."""
    pitch = KIT_MM + 1.8
    overlapped = KIT_MM - coins.kit.COIN_MAX_OVERLAP_MM
    middle = (pitch * MAT_PX_PER_MM, pitch * MAT_PX_PER_MM)
    around = [(middle[0] + dr * overlapped * MAT_PX_PER_MM, middle[1] + dc * overlapped * MAT_PX_PER_MM)
              for dr, dc in ((0, 1), (0, -1), (1, 0))]
    assert gaps_between([middle] + around, KIT_MM, TAUGHT_GAPS, A_COINS_FACE) == []
    one_side = [(middle[0] + overlapped * MAT_PX_PER_MM * np.sin(turn), middle[1] + overlapped * MAT_PX_PER_MM * np.cos(turn))
                for turn in np.radians([-60, 0, 60])]   # as far apart as they are from it: two thirds of a turn open
    assert gaps_between([middle] + one_side, KIT_MM, TAUGHT_GAPS, PAPER_IN_ITS_MIDDLE) == []


@pytest.mark.parametrize("apart_mm", [17.0, 17.5])
def test_taught_a_coin_half_under_another_showing_its_face_is_counted_and_asked_about(apart_mm):
    """Taught tuning seeds 1100-1199 (1100 dev, 1156 ben): a coin half under another, its peak ruled out 0.73-0.78 of
    a coin's width from it, shows most of its face where no coin taken lies (TaughtSettings.half_under_shown)."""
    from dataclasses import replace

    from companion.games.cannons_coastlines.camera.taught import TaughtSettings
    settings = replace(CoinSettings(), half_under_shown=TaughtSettings().half_under_shown)
    lab = zone_with_coins((100, 100), (100, 100 + apart_mm * MAT_PX_PER_MM), (100, 240))
    half_under: list[tuple[float, float]] = []
    assert len(coins.coin_centres(lab, settings, KIT_MM, [], None, half_under)) == 3 and len(half_under) == 1
    assert len(coins.coin_centres(lab, CoinSettings(), KIT_MM, [], None, [])) == 2   # untaught: off
    # A coin clearly on another (its peak further in than a close call) is not looked at.
    lab = zone_with_coins((100, 100), (100, 100 + 15.0 * MAT_PX_PER_MM), (100, 240))
    assert len(coins.coin_centres(lab, settings, KIT_MM, [], None, [])) == 2


@pytest.mark.parametrize("apart_mm", [14.0, 16.0])
def test_taught_a_coin_lying_far_over_another_is_asked_about(apart_mm):
    """Seed 1629 cleo, sure and wrong: two coins 0.85 of a width apart, one over the other, their peaks pulled to 0.67
    of a width; the weaker, 1.45 full rims' votes, lay deeper than the close calls. Taught, such a strong peak 0.6 of a
    width or more from the coin that ruled it out is named (not counted); untaught (off) and a coin alone, nothing."""
    from dataclasses import replace

    from companion.games.cannons_coastlines.camera.taught import TaughtSettings

    taught = replace(CoinSettings(), overlap_votes=TaughtSettings().overlap_votes)
    overlapped: list[float] = []
    found = coins.coin_centres(zone_with_coins((100, 100), (100, 100 + apart_mm * MAT_PX_PER_MM)), taught, KIT_MM,
                               [], None, [], None, [], overlapped)
    assert len(found) == 1 and overlapped == [pytest.approx(apart_mm, abs=1.0)]
    alone: list[float] = []
    coins.coin_centres(zone_with_coins((100, 100)), taught, KIT_MM, [], None, [], None, [], alone)
    untaught: list[float] = []
    coins.coin_centres(zone_with_coins((100, 100), (100, 100 + apart_mm * MAT_PX_PER_MM)), CoinSettings(), KIT_MM,
                       [], None, [], None, [], untaught)
    assert alone == [] and untaught == []


TAUGHT_RINGS = CoinSettings(ring_peaks_least=3)
MIDDLE = (100.0, 150.0)


def ring_of_peaks(*turns_deg: float, off_mm: float = 6.0) -> list[tuple[float, float]]:
    """Peaks `off_mm` from MIDDLE at the given turns: a pale coin's coloured middle votes past itself all round."""
    return [(MIDDLE[0] + off_mm * MAT_PX_PER_MM * np.sin(np.radians(turn)),
             MIDDLE[1] + off_mm * MAT_PX_PER_MM * np.cos(np.radians(turn))) for turn in turns_deg]


def ringed(failed, taken, face_is_a_coins=lambda row, col: True) -> list[tuple[float, float]]:
    separation = coins.coin_separation_px(KIT_MM, TAUGHT_RINGS)
    return ringed_middles(taken, failed, KIT_MM, separation, TAUGHT_RINGS, face_is_a_coins)


def test_taught_a_pale_coin_packed_among_others_is_the_middle_of_its_ring_of_peaks():
    """Seeds 1921 cleo and 2083 anna: four peaks 5-7 mm round a pale coin's middle, each ruled out by its face."""
    neighbours = [(MIDDLE[0], MIDDLE[1] - 28 * MAT_PX_PER_MM), (MIDDLE[0], MIDDLE[1] + 27 * MAT_PX_PER_MM)]
    found = ringed(ring_of_peaks(0, 95, 180, 265), neighbours)
    assert len(found) == 1 and np.hypot(found[0][0] - MIDDLE[0], found[0][1] - MIDDLE[1]) < 1.0, found


def test_a_ring_with_a_coin_taken_inside_its_reach_with_paper_in_its_middle_or_open_on_one_side_is_no_coin():
    peaks = ring_of_peaks(0, 95, 180, 265)
    assert ringed(peaks, [(MIDDLE[0], MIDDLE[1] + 15 * MAT_PX_PER_MM)]) == []       # a coin taken overlaps it
    assert ringed(peaks, [], face_is_a_coins=lambda row, col: False) == []        # the paper shows in its middle
    assert ringed(ring_of_peaks(0, 40, 80), []) == []                               # an arc on one side: no ring
    assert ringed(ring_of_peaks(0, 180), []) == []                                  # two peaks are no ring


def test_a_spot_on_a_hull_leaning_over_the_coin_zones_bottom_line_is_no_coin():
    """Tuning seeds 1872 ben and 2912 ben (sure, coins counted over): a prize hull leaning far in from the hulls zone,
    its deck's edge and shadow a row of spots 5-10 mm above the coin zone's bottom line, their faces half or more on
    the hull's cover. A coin there would lie over the line; one touching the hull higher up joins the hull's cover
    (its face all on it) and still counts, and a spot that low on paper is no hull's."""
    diameter, bottom_mm = 20.0, 100.0
    hulls = np.zeros((int(108 * MAT_PX_PER_MM), 300), bool)
    hulls[int(92 * MAT_PX_PER_MM):] = True                       # the hull's cover reaches 8 mm above the line
    settings = CoinSettings()
    at = lambda above_line_mm: (bottom_mm - above_line_mm) * MAT_PX_PER_MM
    assert coins.on_a_leaning_hull(at(8.5), 150, hulls, bottom_mm, diameter, settings)
    touching = hulls.copy()
    touching[int(68 * MAT_PX_PER_MM):int(92 * MAT_PX_PER_MM), 130:170] = True   # a coin joined to the hull's cover
    assert not coins.on_a_leaning_hull(at(20), 150, touching, bottom_mm, diameter, settings)
    assert not coins.on_a_leaning_hull(at(8.5), 150, np.zeros_like(hulls), bottom_mm, diameter, settings)


def test_taught_a_coin_counted_over_the_bottom_line_touching_a_hull_is_asked_about():
    """Fresh tuning seeds 6037 dev (sure, 5 coins for 4), 5985 ben and 6096 dev: a prize hull's top edge and label just
    past the coin zone's bottom line gathered a coin's spot 4-8 mm above the line, its disc a tenth to a quarter on the
    hull's cover (too little for on_a_leaning_hull to drop it). No coin read right lay over the line: asked, not
    dropped. A coin higher up touching the hull, or over the line on paper, is no such doubt."""
    from companion.games.cannons_coastlines.camera.taught import TaughtSettings
    diameter, bottom_mm = 20.0, 100.0
    hulls = np.zeros((int(108 * MAT_PX_PER_MM), 300), bool)
    hulls[int(101 * MAT_PX_PER_MM):, 100:200] = True              # the hull's deck, just past the line
    at = lambda above_line_mm: (bottom_mm - above_line_mm) * MAT_PX_PER_MM
    least = TaughtSettings().hull_edge_share_least
    share = coins.hull_share_over_line(at(5), 150, hulls, bottom_mm, diameter)
    assert least <= share < CoinSettings().hull_face_share_most   # asked, not ruled out as the hull's edge
    assert coins.hull_share_over_line(at(12), 150, hulls, bottom_mm, diameter) == 0.0          # within the zone
    assert coins.hull_share_over_line(at(5), 150, np.zeros_like(hulls), bottom_mm, diameter) < least   # paper
    assert CoinSettings().hull_edge_share_least > 1.0                                          # untaught: off


def test_taught_a_faint_coin_showing_little_face_of_its_own_beside_a_coin_is_asked_about():
    """Tuning seeds 1874 ben and 2466 ben (sure, a coin counted over; 2466 a motion-blurred view): a coin taken by a
    faint rim just past the separation from a coin, its disc covered little outside that coin (the coin's blurred or
    shadowed edge). A faint coin lying beside another and showing its own face whole is a coin."""
    from dataclasses import replace
    settings = replace(CoinSettings(), faint_face_shown_least=0.72)
    diameter, px = 20.0, MAT_PX_PER_MM
    yy, xx = np.mgrid[:200, :300]
    coin, faint = (100.0, 100.0), (100.0, 100.0 + 16 * px)
    disc = lambda centre, radius_mm: (yy - centre[0]) ** 2 + (xx - centre[1]) ** 2 < (radius_mm * px) ** 2
    smeared = disc(coin, 10) | (disc(faint, 10) & (xx < faint[1]))     # the blur: the near half of a disc, no more
    assert faint_doubles([coin, faint], [faint], smeared, diameter, settings) == [faint]
    beside = disc(coin, 10) | disc(faint, 10)                          # a coin of its own, its face whole
    assert faint_doubles([coin, faint], [faint], beside, diameter, settings) == []
    assert faint_doubles([coin, faint], [faint], smeared, diameter, CoinSettings()) == []   # untaught: off


def test_taught_a_coins_width_covered_clear_of_every_coin_counted_is_asked_about():
    """Tuning seeds 3524 ben and 3568 ben (sure, coins 17 for 21 and 12 for 13): blurred coins packed in rows, some
    gathering no peak of their own, yet covering the paper: a coin's width covered nearly whole where no coin counted
    lies. Where every coin is counted, only their blurred edges are left clear of them."""
    from companion.games.cannons_coastlines.camera.taught import TaughtSettings
    diameter, px = 20.0, MAT_PX_PER_MM
    yy, xx = np.mgrid[:200, :300]
    row = [(100.0, 60.0), (100.0, 100.0), (100.0, 140.0)]                       # touching, 20 mm apart
    blurred = np.logical_or.reduce([(yy - r) ** 2 + (xx - c) ** 2 < (12 * px) ** 2 for r, c in row])
    least = TaughtSettings().face_left_unread_least
    assert face_left_unread([row[0], row[2]], blurred, diameter) >= least      # the middle coin not counted
    assert face_left_unread(row, blurred, diameter) < least                    # all counted: their edges alone
    assert CoinSettings().face_left_unread_least > 1.0                         # untaught: off
    # Asked for `least`, the share is the same where a disc reaches it, and 0 at once where no square a coin wide could.
    settings = CoinSettings()
    assert face_left_unread([row[0], row[2]], blurred, diameter, settings, least) == face_left_unread(
        [row[0], row[2]], blurred, diameter)
    assert 0 < face_left_unread(row, blurred, diameter) and face_left_unread(row, blurred, diameter, settings, least) == 0
