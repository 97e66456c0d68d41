"""A card found by its shape whose strip shows between a face-up card and a lonely cannonade, the rest of it under
them: what shows does not say where along its length it lies, so when it may slide under the cannonade (holding its
strip, lying in what shows and the faces) it is the ship the cannonade lies on; when its strip pins it short of the
cannonade, or it would slide over bare table, it is not. Then on rendered tuning views whose backs were placed off,
and one where a face's paper showed beside the cannonade: no card slides under it then (its ship may be that face),
and the seat is asked; a back's own dark strip beside it does not stop it."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.games.cannonades.camera.settings import SETTINGS
from companion.games.cannonades.camera.slide_under import slid_centre
from companion.games.cannonades.camera.under_cannonade import paper_beside
from companion.games.cannonades.kit import cards

from cannonades_views import benchmark_view, seat_as_read

LONG, SHORT = (int(mm) for mm in cards.CARD_MM[::-1])   # a row along x, each card's long side along it
TOP = 60
MARGIN = int(SETTINGS.face_up_margin_mm)
SAME = np.eye(3)   # the drawn top view is table mm, 1 px a mm


def _card(left: float) -> np.ndarray:
    return np.array([[left, TOP], [left + LONG, TOP], [left + LONG, TOP + SHORT], [left, TOP + SHORT]], np.float64)


def _view(face_left: float, strip: tuple[float, float], cannonade_left: float) -> tuple[np.ndarray, np.ndarray]:
    """What shows (the face, the back's strip, the cannonade) and the faces with their cut margin."""
    shown, cover = np.zeros((200, 400), np.uint8), np.zeros((200, 400), np.uint8)
    for left in (face_left, cannonade_left):
        outline = np.int32(_card(left))
        cv2.fillPoly(shown, [outline], 255)
        cv2.fillPoly(cover, [outline], 255)
        cv2.polylines(cover, [outline], True, 255, 2 * MARGIN + 1)
    shown[TOP:TOP + SHORT, int(strip[0]):int(strip[1])] = 255
    return shown, cover


def test_a_back_placed_off_over_the_face_beside_it_slides_under_its_lonely_cannonade():
    """The face at 20-108 mm, the back's strip 112-147, the cannonade from 150: the back fitted over the face (60-148)
    may lie as far on as its strip's near end allows, 112-200, its centre 156 mm, 38 from the cannonade's."""
    shown, cover = _view(20, (112, 147), 150)
    place = slid_centre(_card(60), _card(150), shown, cover, [], SAME, SETTINGS)
    assert place is not None and abs(place[0] - 156) <= 3 and abs(place[1] - 91.5) < 2
    # A back found faintly comes as its outline, not four corners: its fitted rectangle slides the same.
    outline = np.vstack([(corner + after) / 2 for corner, after in zip(_card(60), np.roll(_card(60), -1, axis=0))]
                        + [_card(60)])
    assert slid_centre(outline, _card(150), shown, cover, [], SAME, SETTINGS) == pytest.approx(place, abs=1)


def test_a_back_whose_strip_pins_it_short_of_the_cannonade_or_that_would_slide_over_bare_table_stays():
    """A strip 67 mm long (80-147) holds the card's centre at 124 mm at most, 70 from the cannonade's: not its ship.
    Nor is a card that would leave what shows: a gap of bare table (150-180) before a cannonade from 180."""
    shown, cover = _view(-10, (80, 147), 150)
    assert slid_centre(_card(60), _card(150), shown, cover, [], SAME, SETTINGS) is None
    shown, cover = _view(20, (112, 147), 180)
    assert slid_centre(_card(60), _card(180), shown, cover, [], SAME, SETTINGS) is None


@pytest.mark.slow   # renders three tables: about 9 s
@pytest.mark.parametrize("seed, style, seat, ships", [(5967, "ember", 2, (["S02"], 3)),
                                                     (5977, "navy", 3, (["S17", "S25"], 1)),
                                                     (9450, "varied", 2, (["S33"], 2))])
def test_a_back_placed_off_toward_the_face_beside_it_is_its_lonely_cannonade_s_ship(seed, style, seat, ships):
    """Tuning seeds 5967 and 5977: a back between a face-up ship and the cannonade laid on it shows a strip 31 and 46
    mm long; fitted over the face, 54 and 43 mm off, it lay past `cannonade_reach_mm` and the cannonade was lonely: the
    seat asked though every ship was counted (main 806e261). Slid under the cannonade it is its ship: exact. So on
    varied 9450 (navy cloth), where the back's own dark strip its fitted rectangle left out shows beside C05 (0.22 of a
    card, 0.04 of it paper): no face's paper, it does not stop the slide."""
    truth, cards_read = benchmark_view(seed, style)
    assert seat_as_read(truth, cards_read, seat) == (ships, ships)


def test_a_face_s_paper_beside_the_cannonade_stops_a_slide_and_a_back_s_dark_strip_does_not():
    """The cannonade's paper (grey 235) on wood (120); below it, past its cut margin, a strip 18 mm deep: of paper, it
    may be the face the cannonade lies on; of a back's print (60), or paper only 5 mm deep (under a tenth of a card),
    it says nothing against the card slid under."""
    def strip(fill: int, depth: int) -> bool:
        grey = np.full((300, 300), 120, np.uint8)
        cannonade = np.array([[90, 90], [90 + SHORT, 90], [90 + SHORT, 90 + LONG], [90, 90 + LONG]], np.float64)
        grey[90:90 + LONG, 90:90 + SHORT] = 235
        shown = np.zeros_like(grey)
        top = 90 + LONG + MARGIN + 1
        grey[top:top + depth, 80:100 + SHORT] = fill
        shown[top:top + depth, 80:100 + SHORT] = 255
        return paper_beside(grey, shown, cannonade, [], SETTINGS)
    assert strip(235, 18)
    assert not strip(60, 18)
    assert not strip(235, 5)


@pytest.mark.slow   # renders one table: about 3 s
def test_a_back_is_not_slid_under_a_lonely_cannonade_while_another_card_s_strip_shows_beside_it():
    """Varied tuning seed 10329, seat 2 (grey linen, no hand): a column S35, S23 (0.32 showing, its markers cut),
    C06 laid on S23, a back, S06. No card was found under C06; the back below, its strip between C06 and S06, could
    slide under it, and was taken for C06's ship while S23's strip showed beside C06 (0.11 of a card off every card
    found, the slid back too, 0.27 of it paper): S23 not counted, sure (main a16ca90). What shows there may be the
    ship C06 lies on: the seat is asked."""
    truth, cards_read = benchmark_view(10329, "varied")
    got, want = seat_as_read(truth, cards_read, 2)
    assert want == (["S06", "S23", "S35"], 1)
    assert got == "unsure"
