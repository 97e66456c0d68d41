"""A lone pip's face is sized by its spot, which blur makes larger than the pip (its grids are read smaller for
it); a spot no larger than the pip at its own half height was cut tight (a crop holding a marker's white sets the
spot threshold high) and is grown by the blur's usual growth (die_face.proposals)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.games.black_cannon.camera.die_face import proposals, read_proposals
from companion.games.black_cannon.camera.pip_spots import OwnRadii, find_spots, local_contrast
from companion.games.black_cannon.camera.settings import SETTINGS
from tests.games.black_cannon.camera.test_black_cannon_dice import _flat_die_read

PPM = SETTINGS.dice_px_per_mm
PIP_AT = (80, 80)


def _red_one(marker_beside: bool) -> np.ndarray:
    """A red die's top of one faint pip (1.5 mm), blurred; with a corner marker's white and black beside it."""
    picture = np.full((160, 200, 3), (40, 40, 200), np.uint8)
    cv2.circle(picture, PIP_AT, 6, (170, 170, 170), -1, cv2.LINE_AA)
    if marker_beside:
        picture[40:160, 140:200] = 250
        for y in range(50, 150, 24):
            picture[y:y + 12, 150:162] = 0
            picture[y + 12:y + 24, 170:182] = 0
    return cv2.GaussianBlur(picture, (0, 0), 1.2)


def _lone_face(picture: np.ndarray, half_height: bool):
    """The pip's spot (its size found, and at its own half height when `half_height`) and its lone face as read."""
    grey = cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY)
    local = local_contrast(grey, PPM, SETTINGS)
    spots = [spot for spot in find_spots(picture, grey, PPM, (0.0, 0.0), SETTINGS, local) if spot.lighter]
    points = np.array([spot.centre for spot in spots]) * PPM
    radii = np.sqrt(np.array([spot.area_mm2 for spot in spots]) / np.pi) * PPM
    own = OwnRadii(local, points, radii, SETTINGS)
    pip = int(np.argmin(np.hypot(*(points - PIP_AT).T)))
    (offered,) = [found for found in proposals(points, radii, PPM, SETTINGS, own if half_height else None)
                  if found[3] and np.hypot(*(found[0] - PIP_AT)) < 1.0]
    (face,) = read_proposals(picture.astype(np.float32), [offered], float(radii[pip]), SETTINGS.lone_margin_quantile)
    return radii[pip], own[pip], face


def test_a_faint_one_beside_a_markers_white_is_read_as_sure_as_without_it():
    # Without the marker the pip's spot comes out larger than its half height (the blur), and its face reads sure.
    found, own, face = _lone_face(_red_one(marker_beside=False), half_height=True)
    assert found > own and face.pips == 1 and face.sure_by >= SETTINGS.face_sure_margin
    # The marker's white sets the threshold high: the spot is cut smaller than the pip at its half height...
    found, own, face = _lone_face(_red_one(marker_beside=True), half_height=False)
    assert found < own
    # ...and sized by the spot alone, the shrunk grids lay their body samples on the pip's rim: it would be asked.
    assert face.pips == 1 and face.sure_by < SETTINGS.face_sure_margin
    # Sized by its half height grown by the blur, it reads sure again.
    _, _, face = _lone_face(_red_one(marker_beside=True), half_height=True)
    assert face.pips == 1 and face.sure_by >= SETTINGS.face_sure_margin


def test_only_a_spot_cut_within_its_half_height_is_grown_and_a_speck_not_into_a_pip():
    # A speck of print 1.9 px across its spot whose half height joins its surround (6 px): grown by the blur's
    # growth over its spot, not to its half height, it stays far smaller than any die's pip: no lone face round it.
    speck, joined = np.array([1.9]), np.array([6.0])
    assert not [found for found in proposals(np.array([[100.0, 100.0]]), speck, PPM, SETTINGS, joined) if found[3]]
    # A pip's spot cut tight (5.5 px, 6.0 at half height) is grown by the blur's growth over the spot.
    (lone,) = [found for found in proposals(np.array([[100.0, 100.0]]), np.array([5.5]), PPM, SETTINGS, joined)
               if found[3]]
    (alone,) = [found for found in proposals(np.array([[100.0, 100.0]]), np.array([5.5]), PPM, SETTINGS) if found[3]]
    assert lone[2] == pytest.approx(alone[2] * SETTINGS.lone_spot_growth)
    # One larger than its half height (7.5 px), as blur leaves most, keeps its size.
    (grown,) = [found for found in proposals(np.array([[100.0, 100.0]]), np.array([7.5]), PPM, SETTINGS, joined)
                if found[3]]
    (alone,) = [found for found in proposals(np.array([[100.0, 100.0]]), np.array([7.5]), PPM, SETTINGS) if found[3]]
    assert grown[2] == alone[2]


@pytest.mark.slow
def test_a_flat_red_one_beside_a_corner_marker_is_read_sure():
    # Tuning seed 4467: a red 1 beside a corner marker; its pip's spot 6.0 px, 6.15 at its half height, so the
    # lone grids shrunk for blur read margins 0.65 and it was asked about.
    read = _flat_die_read(4467, 1, 1, "casino-red")
    assert read.pips == 1 and read.confidence >= SETTINGS.confident, read.reason
