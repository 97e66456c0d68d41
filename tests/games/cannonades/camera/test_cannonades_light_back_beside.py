"""A bright back's strip beside a lonely cannonade, as bright as the cannonade's paper but plainly not of its colour,
is no face's paper: the seat is asked, never counted with a face its name hidden (varied tuning view 9976: a green
back 0.40 showing beside C23 was read a face-up ship, sure; not read a back either: 10082's strip by C18 was a face's
and a pink back's in one). A strip of the cannonade's own paper, or a little off its colour, is still a
face."""

from __future__ import annotations

import numpy as np
import pytest

from companion.games.cannonades.camera.settings import SETTINGS
from companion.games.cannonades.camera.under_cannonade import ship_beside
from companion.games.cannonades.kit import cards

from cannonades_views import benchmark_view, seat_as_read

WIDTH, HEIGHT = (int(mm) for mm in cards.CARD_MM)
CANNONADE = np.array([[150, 60], [150 + WIDTH, 60], [150 + WIDTH, 60 + HEIGHT], [150, 60 + HEIGHT]], np.float64)
WOOD = (60, 90, 120)          # b, g, r
CREAM = (200, 225, 235)       # a face's paper
GREEN = (90, 240, 200)        # a bright back, almost as grey-bright as the cream (grey 210 against 222)
WARMER = (195, 225, 245)      # the same paper a little warmer under a lamp: 0.025 off the cream, between the bars


def _strip_beside(strip_colour: tuple[int, int, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A top view in colour, its grey and its 'not table' mask: the cannonade's cream paper and a strip 18 mm deep
    below it (past its 3 mm cut margin) in `strip_colour`."""
    colour = np.zeros((300, 400, 3), np.uint8)
    colour[:] = WOOD
    colour[60:60 + HEIGHT, 150:150 + WIDTH] = CREAM
    top = 60 + HEIGHT + 3
    colour[top:top + 18, 140:160 + WIDTH] = strip_colour
    shown = np.zeros((300, 400), np.uint8)
    shown[top:top + 18, 140:160 + WIDTH] = 255
    grey = np.uint8(np.round(colour @ np.array([0.114, 0.587, 0.299])))
    return colour, grey, shown


def _said(strip_colour, with_colour: bool = True) -> str | None:
    colour, grey, shown = _strip_beside(strip_colour)
    return ship_beside(grey, shown, CANNONADE, [], np.zeros_like(grey), SETTINGS, colour if with_colour else None)


def test_a_bright_green_back_beside_a_cannonade_is_not_told_a_face():
    assert _said(GREEN, with_colour=False) == "up"    # by its grey alone, as main read it: a face's paper
    assert _said(GREEN) is None


def test_a_strip_of_the_cannonade_s_own_paper_is_still_a_face_and_so_is_one_a_little_off_its_colour():
    """Between paper_colour's bars the strip is judged by its grey, as before (tuning view 9752: S13's strip 0.018 off
    its cannonade's paper, read right)."""
    assert _said(CREAM) == "up"
    assert _said(WARMER) == "up"


@pytest.mark.slow   # renders one table: about 3 s
def test_varied_view_9976_seat_1_with_its_green_back_under_c23_is_asked_not_counted_with_a_face():
    truth, cards_read = benchmark_view(9976, "varied")
    got, want = seat_as_read(truth, cards_read, 1)
    assert want == ([], 3) and got == "unsure", (got, want)
