"""The cloth's own colour (table_mask.table_colour's second): cards and arms, far off the local median, are left out,
so a pile of white paper does not lift the colour of the plain cloth beside it (tuning seed 618: a darker mottle of
grey linen beside the discard pile then differed by the level unexplained.py finds a missed back at, and was found
as a back in seat 1, confidently wrong)."""

from __future__ import annotations

import numpy as np

import pytest

from companion.games.cannonades.camera import table_mask
from companion.games.cannonades.camera.settings import SETTINGS

from cannonades_views import benchmark_view, seat_as_read

CLOTH_LAB = (130, 139, 153)    # a beige linen, Lab as OpenCV keeps it
PAPER_LAB = (240, 128, 140)


def _small_view(paper: bool) -> np.ndarray:
    """A small Lab view (`background_px_per_mm`, 4 mm a px) of a noisy cloth, with four cards of white paper
    (a 2 x 2 pile, 128 x 176 mm) left of the middle: about a third of the window round the cloth just beside it."""
    rng = np.random.default_rng(618)
    view = np.clip(np.array(CLOTH_LAB) + rng.normal(0, 3, (155, 215, 3)), 0, 255).astype(np.uint8)
    if paper:
        view[53:97, 70:102] = PAPER_LAB
    return view


@pytest.mark.parametrize("paper", [False, True])
def test_the_cloth_beside_a_pile_of_paper_keeps_its_own_colour(paper):
    """The cloth 12 mm right of the pile, and far from it, as without the pile (the one median taken before:
    lightness lifted 2 units beside it, where a faint mottle of the cloth is 3-5 off)."""
    window = int(SETTINGS.background_window_mm * SETTINGS.background_px_per_mm) | 1
    plain = table_mask.cv2.medianBlur(_small_view(False), window).astype(int)
    colour = table_mask.table_colour(_small_view(paper), SETTINGS)[1].astype(int)
    for row, col in ((75, 105), (60, 110), (5, 210)):
        assert np.abs(colour[row, col] - plain[row, col]).max() <= 1


def test_a_plain_cloth_is_its_own_median():
    view = _small_view(False)
    assert np.array_equal(table_mask.table_colour(view, SETTINGS)[1][60:90, 90:120],
                          table_mask.cv2.medianBlur(view, int(SETTINGS.background_window_mm
                                                              * SETTINGS.background_px_per_mm) | 1)[60:90, 90:120])


@pytest.mark.slow   # renders one table: about 3 s
def test_tuning_seed_618_finds_no_back_in_the_linen_beside_the_discard_pile():
    """Seed 618 (classic, grey linen, no hand): seat 1 holds one back, seat 2 a back and S04, S06; a darker
    mottle of the linen beside the discard pile was found as a faint back in seat 1 (confidently wrong)."""
    truth, cards = benchmark_view(618, "classic")
    assert seat_as_read(truth, cards, 1) == (([], 1), ([], 1))
    assert seat_as_read(truth, cards, 2) == ((["S04", "S06"], 1), (["S04", "S06"], 1))
