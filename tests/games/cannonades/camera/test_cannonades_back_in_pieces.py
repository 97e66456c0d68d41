"""A blotched back cut into pieces by the blob mask, while the faint mask holds the whole card: the pieces lying in
one whole card's shape, no card found in it, are one back, face down; beside the one back found in that shape, they
are that back's own and go. A shape holding a face found, or a piece reaching out of it, stays unknown. A whole
card's shape whose blob-mask part is only specks (no blob at all) is a back too. Then rendered tuning views."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.games.cannonades.camera.back_in_pieces import BACK_IN_PIECES, BACK_IN_SPECKS, backs_in_pieces
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


def test_a_piece_beside_the_one_back_found_in_a_card_s_shape_is_that_back_s_own():
    """A gloss band cut a back: the blob mask found most of it (a back), a piece beside it is asked alone; the
    shape both lie in is one whole card, so the piece is the back's, not a second card."""
    piece = _piece(104, 104, 100 + SHORT - 4, 100 + LONG // 4)
    found = Blob("down", (100 + SHORT / 2, 100 + LONG * 0.6), 0.0, float(SHORT * LONG), 0.9, "a back")
    nothing = np.zeros((400, 400), np.uint8)
    assert backs_in_pieces([piece, found], _shown_card(), nothing, SAME, SETTINGS) == [found]


def test_pieces_stay_unknown_beside_a_face_found_or_reaching_out_of_the_shape():
    piece = _piece(104, 104, 100 + SHORT - 4, 100 + LONG // 2 - 6)
    face = Blob("up", (100 + SHORT / 2, 100 + LONG * 0.75), 0.0, float(SHORT * LONG), 0.9, "a hidden face")
    nothing = np.zeros((400, 400), np.uint8)
    assert backs_in_pieces([piece, face], _shown_card(), nothing, SAME, SETTINGS) == [piece, face]
    reaching_out = _piece(104, 60, 100 + SHORT - 4, 100 + LONG // 2)   # more than a tenth of it off the shape
    assert backs_in_pieces([reaching_out], _shown_card(), nothing, SAME, SETTINGS) == [reaching_out]


def _specks(corners: list[tuple[int, int]]) -> np.ndarray:
    """The blob mask: 8 mm squares (each far under a card's share for a blob) at these top-left corners."""
    specks = np.zeros((400, 400), np.uint8)
    for x, y in corners:
        cv2.rectangle(specks, (x, y), (x + 7, y + 7), 255, cv2.FILLED)
    return specks


def test_a_whole_card_s_shape_whose_blob_mask_part_is_only_specks_is_a_back():
    """No blob at all: each of the blob mask's pieces too small for one, yet they cover the view as explained. The
    faint mask holds one card's shape, a third of it specks spanning the whole card: a back, face down."""
    x0, y0 = CARD_AT
    corners = [(x, y) for x in range(x0, x0 + SHORT - 7, 13) for y in range(y0, y0 + LONG - 7, 16)]   # 8 mm, 13-16 apart
    nothing = np.zeros((400, 400), np.uint8)
    blobs = backs_in_pieces([], _shown_card(), nothing, SAME, SETTINGS, specks=_specks(corners))
    assert [blob.face for blob in blobs] == ["down"] and blobs[0].why == BACK_IN_SPECKS
    (x, y), = [blob.centre_mm for blob in blobs]
    assert abs(x - (100 + SHORT / 2)) < 3 and abs(y - (100 + LONG / 2)) < 3


def test_specks_in_half_a_card_s_shape_or_a_shape_with_a_card_found_are_no_back():
    x0, y0 = CARD_AT
    half = [(x, y) for x in range(x0, x0 + SHORT - 7, 13) for y in range(y0, y0 + LONG // 2 - 7, 16)]   # its top half
    nothing = np.zeros((400, 400), np.uint8)
    assert backs_in_pieces([], _shown_card(), nothing, SAME, SETTINGS, specks=_specks(half)) == []
    whole = [(x, y) for x in range(x0, x0 + SHORT - 7, 13) for y in range(y0, y0 + LONG - 7, 16)]
    found = Blob("down", (x0 + SHORT / 2, y0 + LONG / 2), 0.0, float(SHORT * LONG), 0.9, "a back")
    assert backs_in_pieces([found], _shown_card(), nothing, SAME, SETTINGS, specks=_specks(whole)) == [found]


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


@pytest.mark.slow   # renders two tables: about 6 s
@pytest.mark.parametrize("seed, seat", [(9667, 2), (9907, 1)])
def test_a_glossy_back_s_pieces_beside_it_no_longer_ask_the_seat(seed, seat):
    """Varied tuning seeds 9667 (teak) and 9907 (limed wood): a back with a sleeve's gloss band was found, and a
    piece of 0.2 of a card beside it, cut off by the band, was asked alone (main fc279bc: the seat asked, its count
    right). The two lie in one whole card's shape with that one back found: the piece is the back's, the seat counted."""
    truth, cards_read = benchmark_view(seed, "varied")
    got, want = seat_as_read(truth, cards_read, seat)
    assert want[1] >= 1
    assert got == want


@pytest.mark.slow   # renders one table: about 3 s
def test_a_blotched_back_cut_into_specks_only_is_counted_not_missed():
    """Fresh varied tuning seed 10864 (navy cloth, no hand): seat 3's one back, green and mauve blotches, came out of
    the blob mask in specks each too small for a blob, taken as explained: nothing was asked, and the seat was read
    empty, sure (main fc279bc: confidently wrong). The specks span one whole card where the faint mask holds it: one
    back, face down."""
    truth, cards_read = benchmark_view(10864, "varied")
    assert seat_as_read(truth, cards_read, 3) == (([], 1), ([], 1))
