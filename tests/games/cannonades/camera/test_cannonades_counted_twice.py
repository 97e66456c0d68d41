"""One back is not two: a row's last card split from what the cards found leave, lying far over one of them, may be
that card's own pixels read again (camera/counted_twice.py). Main's reader read tuning view 9794's seat 2, a column
of three light-bordered backs, the last under C26, as four backs, sure: the middle back found at 243 and at 297 mm."""

from __future__ import annotations

import numpy as np
import pytest

from companion.games.cannonades.camera.counted_twice import overlap_share, read_twice

from cannonades_views import benchmark_view, seat_as_read


def _card_at(centre_y: float) -> np.ndarray:
    """A card's rectangle (63 x 88 px, 1 px a mm, its long side down the column) centred at (100, centre_y)."""
    return np.array([[68.5, centre_y - 44], [131.5, centre_y - 44], [131.5, centre_y + 44], [68.5, centre_y + 44]])


def test_a_card_found_54_mm_past_another_lies_too_far_over_it_to_be_the_next_of_a_row():
    back, rest = _card_at(243), _card_at(297)   # 9794's middle back, found twice
    assert overlap_share(rest, back) == pytest.approx(34 / 88, abs=0.02)
    assert read_twice([rest], [back])


def test_the_next_back_of_a_row_overlapping_a_little_is_a_card_of_its_own():
    back, rest = _card_at(191), _card_at(272)   # 9794's first two backs, 81 mm apart: the row as it lies
    assert overlap_share(rest, back) < 0.1
    assert not read_twice([rest], [back])


@pytest.mark.slow   # renders one table: about 3 s
def test_a_column_of_three_backs_under_a_cannonade_is_three_backs_not_four():
    truth, cards = benchmark_view(9794, "varied")
    got, want = seat_as_read(truth, cards, 2)
    assert want == ([], 3) and got == want


@pytest.mark.slow   # renders one table: about 3 s
def test_a_face_under_a_cannonade_beside_the_back_after_it_is_a_card_of_its_own_not_that_back_read_twice():
    # Varied 9840 seat 2 (limed wood): a column of four, S12 face up under C11 (0.33 of it showing) and a whole back
    # after it. What shows of S12 is fitted 53 mm from the back (0.38 over it), as a back read twice would be; taken
    # so, the seat was read again as three backs, sure and wrong. A face's paper is no back's pixels read twice.
    truth, cards = benchmark_view(9840, "varied")
    got, want = seat_as_read(truth, cards, 2)
    assert want == (["S12"], 3) and got == (["?"], 3)
