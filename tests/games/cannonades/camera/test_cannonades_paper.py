"""A face-up ship in a row of cards whose markers were not read, its corners hidden by its neighbours: what shows
of it is a face's paper and ink, never a back's. It is read again on its own patch (its name then read) or said
unknown; it is never counted face down (tuning views 1000-1399, where main's reader counted it so)."""

from __future__ import annotations

import pytest

from cannonades_views import benchmark_view, seat_as_read


@pytest.mark.slow   # renders one table a case: about 3 s
@pytest.mark.parametrize("seed, look, seat, why", [
    (1134, "classic", 4, "S36 and S16 overlapping end to end above a back, their markers small and soft"),
    (1395, "ember", 2, "S35 second in a row of four on navy cloth, seen far off at a slant"),
], ids=["two faces above a classic back", "a face among ember backs"])
def test_a_face_in_a_row_read_as_no_marker_is_read_again_and_the_seat_counted(seed, look, seat, why):
    truth, cards = benchmark_view(seed, look)
    got, want = seat_as_read(truth, cards, seat)
    assert got == want, why


@pytest.mark.slow   # renders one table a case: about 3 s
@pytest.mark.parametrize("seed, look, seat, face", [
    (1309, "navy", 2, "S22"),   # half under cannonade C24, no whole marker showing
    (1096, "slate", 4, "S13"),  # under cannonade C09 beside S12, a back past it
], ids=["under a cannonade in a row", "beside a hidden face under a cannonade"])
def test_a_face_whose_markers_no_read_finds_is_unknown_never_a_back(seed, look, seat, face):
    truth, cards = benchmark_view(seed, look)
    lying = next(card for card in truth["cards"] if card.get("card") == face)
    got, want = seat_as_read(truth, cards, seat)
    assert got in ("unsure", want), f"{face} hidden: read {got}, truth {want}"
    near = [card for card in cards if card["area"] == f"seat {seat}" and card["face"] == "down"
            and abs(card["centre_mm"][0] - lying["centre_mm"][0]) + abs(card["centre_mm"][1] - lying["centre_mm"][1]) < 50]
    assert not near, near
