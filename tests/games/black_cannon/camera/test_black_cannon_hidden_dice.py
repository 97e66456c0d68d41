"""Dice the colour test leaves out: a die the colour of the ground leaves only its pips, pip-sized speckles the
opening drops; a few of them within a die's top of each other are a place to look for a die, a lone speckle or
a row of them longer than a die is not."""

import numpy as np

from companion.games.black_cannon.camera.foreground import TableView
from companion.games.black_cannon.camera.hidden_dice import _pip_sized, hidden_dice, pip_clusters
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
