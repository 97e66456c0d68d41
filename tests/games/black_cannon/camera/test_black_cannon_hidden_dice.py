"""Dice the colour test leaves out: a die the colour of the ground leaves only its pips, pip-sized speckles the
opening drops; a few of them within a die's top of each other are a place to look for a die, a lone speckle or
a row of them longer than a die is not. Where the pips touch the die's shaded edges, the speckles draw its outline:
a ring of a die's size both ways is a place to look too, a line of misregistered print is not."""

import numpy as np
import pytest

from companion.games.black_cannon.camera.foreground import TableView
from companion.games.black_cannon.camera.hidden_dice import _pip_sized, die_outlines, hidden_dice, pip_clusters
from companion.games.black_cannon.camera.settings import SETTINGS

PPM = SETTINGS.view_px_per_mm


def _table(dots_mm, radius_mm=1.6) -> TableView:
    """An empty table view whose speckles are round dots at `dots_mm` (board mm, origin at 0, 0)."""
    import cv2

    speckles = np.zeros((int(200 * PPM), int(200 * PPM)), np.uint8)
    for x, y in dots_mm:
        cv2.circle(speckles, (int(round(x * PPM)), int(round(y * PPM))), int(round(radius_mm * PPM)), 255, -1)
    mask = np.zeros_like(speckles)
    return TableView(np.zeros(speckles.shape + (3,), np.uint8), mask, (0.0, 0.0), PPM, mask.copy(), speckles)


def test_the_pips_of_an_ivory_four_on_the_ivory_border_are_a_place_to_look():
    four = [(100, 100), (109, 100), (100, 109), (109, 109)]
    (candidate,) = pip_clusters(_table(four), SETTINGS)
    assert np.allclose(candidate.centre_mm, (104.5, 104.5), atol=0.5)


def test_a_lone_speckle_a_row_of_print_dots_and_a_smear_are_not():
    lone = [(50, 50)]
    row = [(20 + 8 * k, 150) for k in range(6)]         # 40 mm of dots: longer than any die
    assert not pip_clusters(_table(lone + row), SETTINGS)
    assert not pip_clusters(_table([(100, 100), (108, 100)], radius_mm=4.0), SETTINGS)   # spots too big for pips


def test_a_pip_cluster_beside_a_candidate_already_taken_is_not_taken_again():
    table = _table([(100, 100), (109, 100)])
    (first,) = hidden_dice(table, [], [], [], SETTINGS)
    assert not hidden_dice(table, [], [first], [], SETTINGS)


def _outlined(rings_mm=(), lines_mm=()) -> TableView:
    """An empty table view whose speckles are broken square rings (centre, side; a gap of 3 mm in each side, as the
    shaded edges of an ivory die on the light sea leave them) and straight strokes (two ends), 1 mm thick."""
    import cv2

    table = _table([])
    for (x, y), side in rings_mm:
        half = side / 2
        corners = [(x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half)]
        for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1]):
            middle = ((x0 + x1) / 2, (y0 + y1) / 2)
            for end in ((x0, y0), (x1, y1)):     # each side drawn from its corner to 1.5 mm short of its middle
                stop = tuple(m + (e - m) * 1.5 / (side / 2) for m, e in zip(middle, end))
                cv2.line(table.speckles, tuple(int(round(v * PPM)) for v in end),
                         tuple(int(round(v * PPM)) for v in stop), 255, int(PPM))
    for end, other in lines_mm:
        cv2.line(table.speckles, tuple(int(round(v * PPM)) for v in end), tuple(int(round(v * PPM)) for v in other),
                 255, int(PPM))
    return table


def test_the_broken_outline_of_an_ivory_die_on_the_light_sea_is_a_place_to_look():
    # bc-dice28's tuning seeds 6597 and 6639: an ivory 2 and an ivory 4 on the pale blue sea, their bodies within the
    # colour test's bar of it, left only their pips and shaded edges as speckles: a ring some 21 mm across, in pieces.
    (candidate,) = die_outlines(_outlined(rings_mm=[((100, 100), 21)]), SETTINGS)
    assert np.allclose(candidate.centre_mm, (100, 100), atol=1.0)
    assert hidden_dice(_outlined(rings_mm=[((100, 100), 21)]), [], [], [], SETTINGS)


def test_a_misregistered_print_line_a_stroke_and_a_ring_bigger_than_a_die_are_not():
    long_line = ((10, 30), (190, 30))                  # a print line run off its place: far longer than a die
    short_stroke = ((40, 150), (60, 150))              # a die's length but no width
    square = ((150, 150), 40)                          # bigger than a die with its sides seen
    assert not die_outlines(_outlined(rings_mm=[square], lines_mm=[long_line, short_stroke]), SETTINGS)


def test_pip_sized_speckles_tested_at_once_are_those_tested_one_by_one():
    rng = np.random.default_rng(3)
    for _ in range(100):
        count = int(rng.integers(1, 300))
        stats = np.column_stack([rng.integers(0, 800, (count, 2)), rng.integers(1, 12, (count, 2)),
                                 rng.integers(1, 120, count)]).astype(np.int32)
        low, high = sorted(rng.uniform(1, 100, 2))
        one_by_one = [label for label in range(1, count)
                      if low <= stats[label][4] <= high
                      and max(stats[label][2], stats[label][3]) <= SETTINGS.speckle_elongation * min(stats[label][2], stats[label][3])
                      and stats[label][4] >= SETTINGS.speckle_fill_least * stats[label][2] * stats[label][3]]
        assert _pip_sized(stats, low, high, SETTINGS) == one_by_one


@pytest.mark.slow
@pytest.mark.parametrize("seed, index, pips", [(6597, 0, 2), (6639, 1, 4)])
def test_an_ivory_die_on_the_light_sea_is_found_by_its_outline_and_read(seed, index, pips):
    # bc-dice28's tuning seeds: plainly seen flat ivory dice on the pale blue sea, with no candidate blob at their
    # place (their body's colour within the colour test's bar of the sea's), so never read: the players typed them.
    from tests.games.black_cannon.camera.test_black_cannon_dice import _flat_die_read

    die = _flat_die_read(seed, index, pips, "ivory")
    assert die.pips == pips and die.confidence >= SETTINGS.confident
