"""A card found by its shape whose grey is a face's paper and ink (face_paper.mostly_paper) is told by the colour of
its light part beside the read faces' paper: the deck's paper (a face, its markers unread or hidden: asked, read
again), another colour (a light back's pattern: a back), or neither plainly (between paper_colour's bars: asked, never
counted a back, where past a back's border it still holds ink and a face's blank stretch of paper; else a back, as
before). Fresh tuning view 11329 (cannonades-looks41): S21, dim and soft on pine, its paper 0.016 off the
read faces' by colour, was read face down, sure, its seat a card wrong."""

from __future__ import annotations

import numpy as np
import pytest

from companion.games.cannonades.camera import face_down
from companion.games.cannonades.camera.face_paper import mostly_paper
from companion.games.cannonades.camera.paper_colour import OTHER, PAPER, UNSURE, deck_paper
from companion.games.cannonades.camera.settings import SETTINGS

from cannonades_views import benchmark_view, seat_as_read


def _a_read_face_and_a_card(card_paper_bgr, lattice_mm: int = 0) -> tuple[np.ndarray, ...]:
    """A top view at 1 px/mm: a read face (cream paper, a black marker) and a card of `card_paper_bgr` apart on green
    cloth, printed as a face (a marker in one corner, a few lines of print, blank paper between) or, with
    `lattice_mm`, with a lattice of ink lines that far apart (a light back's pattern); the card's outline."""
    view = np.full((200, 260, 3), (40, 90, 40), np.uint8)
    view[20:108, 20:83] = (200, 215, 225)
    view[25:55, 25:55] = (20, 20, 20)
    view[40:128, 150:213] = card_paper_bgr
    if lattice_mm:
        view[40:128:lattice_mm, 150:213] = (30, 30, 30)
        view[40:128, 150:213:lattice_mm] = (30, 30, 30)
    else:
        view[44:74, 154:184] = (30, 30, 30)
        view[100:103, 158:205] = view[108:111, 158:200] = view[116:119, 158:190] = (30, 30, 30)
    cover = np.zeros(view.shape[:2], np.uint8)
    cover[16:112, 16:87] = 255
    outline = np.float32([[150, 40], [212, 40], [212, 127], [150, 127]])
    return view, view.mean(axis=2).astype(np.uint8), cover, outline


@pytest.mark.parametrize("card_paper_bgr, lattice_mm, told", [
    ((200, 215, 225), 0, PAPER),     # the face's own paper
    ((198, 211, 234), 0, UNSURE),    # a little off it, between the bars: neither plainly, a doubt
    ((198, 211, 234), 9, OTHER),     # as far off, a lattice's ground between lines: no face's blank paper (11097)
    ((235, 200, 215), 0, OTHER),     # lavender: a light back's ground
], ids=["the deck's paper", "between the bars", "a lattice between the bars", "a light back"])
def test_paper_and_ink_is_told_by_its_colour_and_a_doubt_is_said(card_paper_bgr, lattice_mm, told):
    view, grey, cover, outline = _a_read_face_and_a_card(card_paper_bgr, lattice_mm)
    deck = deck_paper(view, grey, cover, margin_px=4)
    assert mostly_paper(grey, outline, SETTINGS, (), cover, deck, face_down.BLANK_LEAST_MM) == told


def test_a_plain_card_is_no_paper_and_ink_and_with_no_face_read_the_grey_decides():
    view, grey, cover, outline = _a_read_face_and_a_card((198, 211, 234))
    plain = view.copy()
    plain[40:128, 150:213] = (60, 60, 140)
    assert mostly_paper(plain.mean(axis=2).astype(np.uint8), outline, SETTINGS, (), cover,
                        deck_paper(plain, plain.mean(axis=2).astype(np.uint8), cover, margin_px=4)) is None
    nothing = np.zeros(grey.shape, np.uint8)
    assert mostly_paper(grey, outline, SETTINGS, (), nothing, deck_paper(view, grey, nothing, margin_px=4)) == PAPER


@pytest.mark.slow   # renders one table: about 3 s
def test_a_dim_face_whose_paper_is_between_the_bars_is_asked_never_counted_a_back():
    truth, cards = benchmark_view(11329, "varied")
    got, want = seat_as_read(truth, cards, 3)
    assert want == (["S21"], 3)
    assert got in ("unsure", want), f"S21 dim and soft on pine: read {got}"
