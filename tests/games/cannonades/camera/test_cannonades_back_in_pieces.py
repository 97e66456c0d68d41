"""A blotched back cut into pieces by the blob mask, while the faint mask holds the whole card: the pieces lying in
one whole card's shape, no card found in it, are one back, face down. A shape holding a card found, or a piece
reaching out of it, stays unknown. Then a rendered tuning view whose backs all came out in pieces."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.games.cannonades.camera.back_in_pieces import BACK_IN_PIECES, backs_in_pieces
from companion.games.cannonades.camera.face_down import NOT_ONE_CARD, Blob
from companion.games.cannonades.camera.settings import SETTINGS
from companion.games.cannonades.kit import cards

from cannonades_views import benchmark_view, seat_as_read

SHORT, LONG = (int(mm) for mm in cards.CARD_MM)
SAME = np.eye(3)   # the drawn top view is table mm, 1 px a mm (SETTINGS.top_px_per_mm)
CARD_AT = (100, 100)   # the card's top left corner, its long side down


def _shown_card() -> np.ndarray:
    shown = np.zeros((400, 400), np.uint8)
    cv2.rectangle(shown, CARD_AT, (CARD_AT[0] + SHORT - 1, CARD_AT[1] + LONG - 1), 255, cv2.FILLED)
    return shown


def _piece(left: int, top: int, right: int, bottom: int) -> Blob:
    points = tuple((float(x), float(y)) for x in range(left, right, 4) for y in range(top, bottom, 4))
    return Blob("unknown", ((left + right) / 2, (top + bottom) / 2), 0.0, float((right - left) * (bottom - top)), 0.0,
                f"{NOT_ONE_CARD} of a third of a card's area that is not one whole card", points)


def test_two_pieces_of_one_whole_back_are_read_as_that_back():
    top_half = _piece(104, 104, 100 + SHORT - 4, 100 + LONG // 2 - 6)
    bottom_part = _piece(104, 100 + LONG // 2 + 6, 100 + SHORT - 4, 100 + LONG - 20)
    blobs = backs_in_pieces([top_half, bottom_part], _shown_card(), np.zeros((400, 400), np.uint8), SAME, SETTINGS)
    assert [(blob.face, blob.why) for blob in blobs] == [("down", BACK_IN_PIECES)]
    (x, y), = [blob.centre_mm for blob in blobs]
    assert abs(x - (100 + SHORT / 2)) < 2 and abs(y - (100 + LONG / 2)) < 2


def test_pieces_stay_unknown_beside_a_card_found_or_reaching_out_of_the_shape():
    piece = _piece(104, 104, 100 + SHORT - 4, 100 + LONG // 2 - 6)
    found = Blob("down", (100 + SHORT / 2, 100 + LONG * 0.75), 0.0, float(SHORT * LONG), 0.9, "a back")
    nothing = np.zeros((400, 400), np.uint8)
    assert backs_in_pieces([piece, found], _shown_card(), nothing, SAME, SETTINGS) == [piece, found]
    reaching_out = _piece(104, 60, 100 + SHORT - 4, 100 + LONG // 2)   # more than a tenth of it off the shape
    assert backs_in_pieces([reaching_out], _shown_card(), nothing, SAME, SETTINGS) == [reaching_out]


@pytest.mark.slow   # renders one table: about 3 s
def test_a_limed_wood_table_s_mauve_backs_found_in_pieces_are_counted():
    """Varied tuning seed 10496 (limed wood, no hand): every mauve back came out of the blob mask in two to four
    pieces of 0.2-0.5 of a card, and all four seats were asked (main 80d79e7). The faint mask holds each back whole,
    one card's shape with no card found in it: every seat is counted."""
    truth, cards_read = benchmark_view(10496, "varied")
    for seat in (1, 2, 3, 4):
        got, want = seat_as_read(truth, cards_read, seat)
        assert want[1] >= 1
        assert got == want
