"""A dim back whose rim the blob mask missed, its end tucked under a face-up card: what shows is 0.6-0.7 of a card,
and no card rectangle lies `covered_inside` in it and the face until the shape is grown by the missed border
(`split_border_mm`); then it is one card reaching under the face, read as any card by a face (its paper judged).
Drawn first, then the two tuning views it was built on."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.games.cannonades.camera import touching
from companion.games.cannonades.camera.face_paper import margin_px
from companion.games.cannonades.camera.settings import SETTINGS
from companion.games.cannonades.kit import cards

from cannonades_views import benchmark_view, seat_as_read

SHORT, LONG = (int(mm) for mm in cards.CARD_MM)   # the drawn top view is table mm, 1 px a mm (SETTINGS.top_px_per_mm)
FACE_AT = (100, 100)   # the face-up card's top left corner, its long side down
TUCKED_MM = 15         # how far the back's end lies under the face
RIM_MM = 6             # the back's rim the mask missed, all round (11427: about 5-6 mm)


def _face_cover() -> np.ndarray:
    """The face's footprint with its cut margin, as face_down.blob_mask draws it."""
    cover = np.zeros((400, 400), np.uint8)
    corners = np.int32([(100, 100), (100 + SHORT, 100), (100 + SHORT, 100 + LONG), (100, 100 + LONG)])
    cv2.fillPoly(cover, [corners], 255)
    cv2.polylines(cover, [corners], True, 255, 2 * margin_px(SETTINGS) + 1)
    return cover


def _shown(rim_mm: int, cover: np.ndarray) -> np.ndarray:
    """The back's contour as the blob mask finds it: the card below the face, less `rim_mm` all round, off the face."""
    top = 100 + LONG - TUCKED_MM
    back = np.zeros_like(cover)
    cv2.rectangle(back, (100 + rim_mm, top + rim_mm), (100 + SHORT - 1 - rim_mm, top + LONG - 1 - rim_mm), 255,
                  cv2.FILLED)
    back[cover > 0] = 0
    contours, _ = cv2.findContours(back, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return max(contours, key=cv2.contourArea)


def test_a_back_whose_rim_the_mask_missed_under_a_face_is_one_card_reaching_under_it():
    cover = _face_cover()
    shown = _shown(RIM_MM, cover)
    assert touching.split_blob(shown, SETTINGS, cover) is None   # ungrown: no rectangle lies far enough inside
    card, = touching.split_blob(shown, SETTINGS, cover, border_missed=True)
    assert card.covered   # it reaches under the face: its paper is judged against the face's (a hidden face told)
    (x, y), (w, h), _ = cv2.minAreaRect(np.float32(card.outline_px))
    # placed against one side of what shows (the rim missed on both): within a rim of where it lies
    assert abs(x - (100 + SHORT / 2)) < 2 * RIM_MM and abs(y - (100 + LONG - TUCKED_MM + LONG / 2)) < 2 * RIM_MM


def test_a_shape_too_narrow_for_a_card_even_grown_stays_unknown():
    """A hand's finger or a strip along the face is no card's rim missed: grown by the border it still holds none."""
    cover = _face_cover()
    strip = np.zeros_like(cover)
    cv2.rectangle(strip, (110, 100 + LONG - 5), (110 + SHORT // 3, 100 + LONG + 60), 255, cv2.FILLED)
    strip[cover > 0] = 0
    contour = max(cv2.findContours(strip, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)[0], key=cv2.contourArea)
    assert touching.split_blob(contour, SETTINGS, cover, border_missed=True) is None


@pytest.mark.slow   # renders two tables
@pytest.mark.parametrize("seed, seat", [(11219, 4), (11427, 4)])
def test_a_dim_back_tucked_under_a_face_is_counted(seed, seat):
    """11219: a striped back on green felt under S36's end; 11427: a blotched red back under S23's (0.6 and 0.7 of
    a card shown, asked before)."""
    truth, cards_read = benchmark_view(seed, "varied")
    got, want = seat_as_read(truth, cards_read, seat)
    assert got == want
