"""A blotched back cut into pieces by the blob mask, while the faint mask holds the whole card: the pieces lying in
one whole card's shape, no card found in it, are one back, face down; beside the one back found in that shape, they
are that back's own and go. A shape holding a face found, or a piece reaching out of it, stays unknown. A whole
card's shape whose blob-mask part is only specks (no blob at all) is a back too. A shape the faint mask's halo or a
back found beside it makes larger than a card is measured by its pieces' span. Then rendered tuning views."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.games.cannonades.camera.back_in_pieces import (BACK_BY_ITS_PIECES, BACK_IN_PIECES, BACK_IN_SPECKS,
                                                             backs_in_pieces)
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


def _pieces_mask(*boxes: tuple[int, int, int, int]) -> np.ndarray:
    """The blob mask: these boxes (left, top, right, bottom, inclusive), each a piece."""
    mask = np.zeros((400, 400), np.uint8)
    for left, top, right, bottom in boxes:
        cv2.rectangle(mask, (left, top), (right, bottom), 255, cv2.FILLED)
    return mask


def test_a_back_cut_across_by_a_gloss_band_in_a_halo_wider_than_a_card_is_one_back_and_half_a_card_is_not():
    """Tuning 11098: a purple back, a light gloss band across its middle, came out of the blob mask in two pieces (0.4
    of a card each), and the faint mask's halo made the shape 98 x 78 mm, no card. The pieces span one whole card: one
    back. Pieces spanning half a card (a back half hidden) in the same shape stay unknown."""
    x0, y0 = CARD_AT
    halo = 5   # 73 x 98 mm, 1.29 cards (11098: 1.28)
    shown = np.zeros((400, 400), np.uint8)
    cv2.rectangle(shown, (x0 - halo, y0 - halo), (x0 + SHORT + halo, y0 + LONG + halo), 255, cv2.FILLED)
    top = _piece(x0 + 2, y0 + 2, x0 + SHORT - 2, y0 + LONG // 2 - 8)
    bottom = _piece(x0 + 2, y0 + LONG // 2 + 8, x0 + SHORT - 2, y0 + LONG - 2)
    nothing = np.zeros((400, 400), np.uint8)
    specks = _pieces_mask((x0, y0, x0 + SHORT - 1, y0 + LONG // 2 - 6),
                          (x0, y0 + LONG // 2 + 6, x0 + SHORT - 1, y0 + LONG - 1))
    blobs = backs_in_pieces([top, bottom], shown, nothing, SAME, SETTINGS, specks=specks)
    assert [(blob.face, blob.why) for blob in blobs] == [("down", BACK_BY_ITS_PIECES)]
    (x, y), = [blob.centre_mm for blob in blobs]
    assert abs(x - (x0 + SHORT / 2)) < 2 and abs(y - (y0 + LONG / 2)) < 2
    half = _pieces_mask((x0, y0, x0 + SHORT - 1, y0 + LONG // 2 - 6))
    assert backs_in_pieces([top], shown, nothing, SAME, SETTINGS, specks=half) == [top]


def test_a_back_in_pieces_at_the_end_of_a_back_found_is_a_second_back():
    """Tuning 10715: two backs end to end, the upper one's face as green as the felt: only its dark rim came out of
    the blob mask, a piece of 0.2 of a card, while the faint mask joined both into one shape of two cards with the
    lower one found. The found back cut out, the pieces left span one whole card: a second back."""
    x0, y0 = CARD_AT
    shown = np.zeros((400, 400), np.uint8)
    cv2.rectangle(shown, (x0, y0), (x0 + SHORT - 1, y0 + 2 * LONG + 1), 255, cv2.FILLED)
    rim = _pieces_mask((x0, y0, x0 + 5, y0 + LONG - 1), (x0, y0, x0 + SHORT - 1, y0 + 5),
                       (x0 + SHORT - 6, y0, x0 + SHORT - 1, y0 + LONG - 1))
    piece = _piece(x0, y0, x0 + SHORT, y0 + 6)
    found = Blob("down", (x0 + SHORT / 2 - 0.5, y0 + LONG * 1.5 + 2), 0.0, float(SHORT * LONG), 0.8, "a back")
    nothing = np.zeros((400, 400), np.uint8)
    blobs = backs_in_pieces([piece, found], shown, nothing, SAME, SETTINGS, specks=rim)
    assert [(blob.face, blob.why) for blob in blobs] == [("down", "a back"), ("down", BACK_BY_ITS_PIECES)]
    assert abs(blobs[1].centre_mm[1] - (y0 + LONG / 2)) < 3


@pytest.mark.slow   # renders two tables: about 6 s
@pytest.mark.parametrize("seed, seat, why", [
    (11098, 1, "a purple back cut across by a gloss band, its halo 98 x 78 mm"),
    (10715, 4, "a column of two backs on green felt, the upper one's face the felt's green"),
], ids=["gloss band in a halo", "second back of a column"])
def test_a_back_whose_pieces_lie_in_a_shape_larger_than_a_card_is_counted(seed, seat, why):
    """Varied tuning views (11098 fresh in cannonades-looks39): the seat was asked for the back's pieces (main
    37537af); their span is one whole card."""
    truth, cards_read = benchmark_view(seed, "varied")
    got, want = seat_as_read(truth, cards_read, seat)
    assert want[1] >= 1
    assert got == want, why


@pytest.mark.slow   # renders one table: about 3 s
def test_a_face_half_under_a_cannonade_whose_paper_shows_in_pieces_is_never_counted_a_back():
    """Varied tuning view 10689 (oak): S18 lies half under cannonade C28, its markers hidden; its paper came out of the
    blob mask in pieces whose span is about a card. Spanned so it was counted a back, the seat read sure and wrong
    (an early cut of cannonades-looks39). Pieces touching a read face are left to the steps after: S18 is read face up,
    its name hidden, as main 37537af reads it."""
    truth, cards_read = benchmark_view(10689, "varied")
    got, want = seat_as_read(truth, cards_read, 3)
    assert want == (["S18", "S29", "S35"], 0)
    assert got == (["?", "S29", "S35"], 0)
