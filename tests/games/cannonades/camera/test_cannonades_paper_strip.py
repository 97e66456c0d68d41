"""A face-up ship under a cannonade laid on the back beside it shows only as a strip joined to the next card's
shape (tuning view 7305: S25 under C22, the back below found with S25's strip in its shape, C22 said on the back
above): that strip, cut from the cards found, as bright as the cannonade's paper, asks its seat; a back's dark
strip there does not, nor an arm reaching in over the cannonade (paper_strip.strips_beside_laid)."""

from __future__ import annotations

import numpy as np
import pytest

from companion.games.cannonades.camera.paper_strip import strips_beside_laid
from companion.games.cannonades.camera.settings import SETTINGS

from cannonades_views import benchmark_view, seat_as_read

TABLE, PAPER, INK, BACK = 60, 220, 30, 75


def _rectangle(x0: int, y0: int, x1: int, y1: int) -> np.ndarray:
    return np.float64([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])


def _column(strip_grey: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A top view at 1 px/mm: a cannonade (its markers' ink in a corner) laid over a card whose left and lower
    edges show beside it, 7 and 8 mm, of `strip_grey`; a back found below, touching that strip. What shows (the
    judged mask) is the card and the back, the cannonade and its 3 mm cut margin taken out."""
    grey = np.full((320, 200), TABLE, np.uint8)
    judged = np.zeros_like(grey)
    grey[110:199, 50:114] = strip_grey           # the card under the cannonade: only its strip will show
    judged[110:199, 50:114] = 255
    grey[199:288, 50:114] = BACK                 # the back below, found by its shape
    judged[199:288, 50:114] = 255
    grey[100:189, 60:124] = PAPER                # the cannonade over the card
    grey[105:135, 65:95] = INK
    judged[97:192, 57:127] = 0
    return judged, grey, _rectangle(60, 100, 124, 189), _rectangle(50, 199, 114, 288)


def test_a_face_s_strip_joined_to_the_back_below_its_cannonade_asks_the_seat():
    judged, grey, cannonade, back = _column(PAPER)
    strips = strips_beside_laid(judged, grey, [cannonade], [back], SETTINGS)
    assert len(strips) == 1
    y = [point[0][1] for point in strips[0]]
    assert max(y) < 199, "the strip is the card's edge beside the cannonade, none of the back below"


def test_a_back_s_dark_strip_there_asks_nothing():
    judged, grey, cannonade, back = _column(BACK)
    assert strips_beside_laid(judged, grey, [cannonade], [back], SETTINGS) == []


def test_an_arm_as_light_as_paper_reaching_over_the_cannonade_is_no_strip():
    judged, grey, cannonade, back = _column(BACK)
    judged[0:97, 0:200] = 255                    # a bare arm from the picture's edge, down to the cannonade
    grey[0:97, 0:200] = PAPER
    assert strips_beside_laid(judged, grey, [cannonade], [back], SETTINGS) == []


@pytest.mark.slow   # renders one table: about 3 s
def test_s25_under_c22_laid_on_the_back_above_is_asked_never_counted_short():
    """Tuning seed 7305: seat 2's S25 under C22 between two backs; main read two backs and no face, sure."""
    truth, cards = benchmark_view(7305, "ember")
    got, want = seat_as_read(truth, cards, 2)
    assert got in ("unsure", want), f"read {got}, truth {want}"
