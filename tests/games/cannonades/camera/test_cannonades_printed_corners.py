"""A card found by its shape whose corners look printed (dark and contrasty on one diagonal, much brighter on the
other) is a face whose markers were not read, asked, only where its light corners are the deck's paper by colour: a
back whose gloss band or light blotch crosses two corners is another colour, and is a back (fresh tuning views
11152, 11183 in cannonades-looks39; face_down._looks_like_a_face, face_paper.corners_in_paper_colour)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.games.cannonades.camera import face_down
from companion.games.cannonades.camera.paper_colour import deck_paper
from companion.games.cannonades.camera.settings import SETTINGS
from companion.games.cannonades.kit import cards

from cannonades_views import benchmark_view, seat_as_read

PAPER_BGR = (200, 215, 225)   # the read face's cream paper


def _a_read_face_and_a_card(light_bgr) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A top view at 1 px/mm: a read face on green cloth, and a card whose top-left and bottom-right corners are dark
    and speckled (a marker's look) and whose other two are `light_bgr`; the view, its grey and the card's contour."""
    view = np.full((200, 260, 3), (40, 90, 40), np.uint8)
    view[20:108, 20:83] = PAPER_BGR
    view[25:55, 25:55] = (20, 20, 20)
    width, height = (int(mm) for mm in cards.CARD_MM)
    x, y = 150, 40
    view[y:y + height, x:x + width] = (90, 90, 90)
    speckle = np.random.default_rng(5).integers(0, 2, (30, 30, 1)) * 110 + 20
    side, inset = int(cards.MARKER_MM), int(cards.MARKER_INSET_MM)
    for cx, cy in ((x + inset, y + inset), (x + width - inset - side, y + height - inset - side)):
        view[cy:cy + side, cx:cx + side] = speckle.astype(np.uint8)
    for cx, cy in ((x + width - inset - side, y + inset), (x + inset, y + height - inset - side)):
        view[cy:cy + side, cx:cx + side] = light_bgr
    contour = np.int32([[x, y], [x + width - 1, y], [x + width - 1, y + height - 1], [x, y + height - 1]]).reshape(-1, 1, 2)
    return view, cv2.cvtColor(view, cv2.COLOR_BGR2GRAY), contour


def _cover() -> np.ndarray:
    cover = np.zeros((200, 260), np.uint8)
    cover[16:112, 16:87] = 255
    return cover


@pytest.mark.parametrize("light_bgr, face", [
    (PAPER_BGR, True),           # the deck's paper: a face, its markers unread
    ((235, 200, 215), False),    # as bright, lavender: a back's light band
], ids=["paper corners", "lavender corners"])
def test_light_corners_make_a_face_only_in_the_deck_s_paper_colour(light_bgr, face):
    view, grey, contour = _a_read_face_and_a_card(light_bgr)
    assert face_down._looks_like_a_face(grey, contour, SETTINGS)   # by its grey alone, either looks printed
    deck = deck_paper(view, grey, _cover(), margin_px=4)
    assert face_down._looks_like_a_face(grey, contour, SETTINGS, deck) is face


def test_with_no_face_read_the_grey_alone_decides():
    view, grey, contour = _a_read_face_and_a_card((235, 200, 215))
    nothing = np.zeros(grey.shape, np.uint8)
    assert face_down._looks_like_a_face(grey, contour, SETTINGS, deck_paper(view, grey, nothing, margin_px=4))


@pytest.mark.slow   # renders one table a case: about 3 s
@pytest.mark.parametrize("seed, seat, why", [
    (11152, 2, "a dark dotted back, a gloss band across two corners, beside S25 on burgundy cloth"),
    (11183, 1, "a blotched back, light on one diagonal, beside S04 on limed wood"),
    (11183, 2, "the same deck's back under a cannonade, beside S05 and S28"),
], ids=["gloss band", "blotched back", "blotched back under a cannonade"])
def test_a_back_light_across_two_corners_is_counted_face_down(seed, seat, why):
    truth, cards_read = benchmark_view(seed, "varied")
    got, want = seat_as_read(truth, cards_read, seat)
    assert got == want, why


@pytest.mark.slow   # renders one table: about 3 s
def test_a_face_whose_markers_were_not_read_is_still_asked():
    """11460 s2: S18 alone on beige linen, its markers unread; its light corners are its paper."""
    truth, cards_read = benchmark_view(11460, "varied")
    got, want = seat_as_read(truth, cards_read, 2)
    assert want == (["S18"], 0) and got in ("unsure", want)
