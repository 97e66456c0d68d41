"""A face over the play area's edge is taken for an arm by the arm finder, and grown: cut out as a read face, it
leaves a ring of table round it reaching in from beyond the play area. That ring is the face's halo, table; the
same ring with a back's strip in it (a back beside the face, its own print's colour), or a shape reaching far
from any face (an arm), is not. Top views at 1 px/mm, the read face's footprint as `cover`."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.cannonades.camera import halo, table_mask
from companion.games.cannonades.camera.settings import SETTINGS
from companion.games.cannonades.kit import cards

WIDTH, HEIGHT = (int(mm) for mm in cards.CARD_MM)
CLOTH = (40, 30, 110)          # BGR: a burgundy cloth
PAPER = (225, 228, 230)
BACK = (90, 70, 60)            # a slate back's colour, a print of its own
FACE_AT = (150, 0)             # the face's top-left corner (px = mm): on the view's top edge, over the play area's


def _view(strip_beside: bool = False, arm: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """A cloth with one face-up card on its top edge; its footprint grown by the cut margin as `cover`."""
    rng = np.random.default_rng(18)
    view = np.clip(np.array(CLOTH, np.float32) + rng.normal(0, 3.0, (300, 400, 3)), 0, 255).astype(np.uint8)
    x, y = FACE_AT
    if strip_beside:   # a back lying under the face's right edge, 12 mm of it showing
        view[y + 10:y + 10 + HEIGHT, x + WIDTH:x + WIDTH + 12] = BACK
    if arm:            # a sleeve from the top edge, down past the face and far beyond it
        cv2.rectangle(view, (x + WIDTH, 0), (x + WIDTH + 60, 260), (120, 110, 100), cv2.FILLED)
    view[y:y + HEIGHT, x:x + WIDTH] = PAPER
    view = cv2.GaussianBlur(view, (0, 0), 1.0)
    cover = np.zeros(view.shape[:2], np.uint8)
    margin = int(SETTINGS.face_up_margin_mm)
    cover[max(y - margin, 0):y + HEIGHT + margin, x - margin:x + WIDTH + margin] = 255
    return view, cover


def _ring(cover: np.ndarray, reach_mm: float) -> np.ndarray:
    """The shape the arm finder leaves round the face once it is cut out: `reach_mm` of table all round."""
    grown = cv2.dilate(cover, np.ones((2 * int(reach_mm) + 1,) * 2, np.uint8))
    grown[cover > 0] = 0
    return max(cv2.findContours(grown, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0], key=cv2.contourArea)


def _is_halo(view: np.ndarray, cover: np.ndarray, shape) -> bool:
    return halo.only_halo(shape, cover, table_mask.table_difference(view, SETTINGS), SETTINGS)


def test_plain_cloth_round_a_face_over_the_edge_is_its_halo():
    view, cover = _view()
    assert _is_halo(view, cover, _ring(cover, 17))


def test_a_back_s_strip_beside_the_face_is_not_a_halo():
    view, cover = _view(strip_beside=True)
    assert not _is_halo(view, cover, _ring(cover, 17))


def test_a_shape_reaching_far_from_any_face_is_not_a_halo():
    view, cover = _view(arm=True)
    x, y = FACE_AT
    arm = np.array([[[x + WIDTH, 0]], [[x + WIDTH + 60, 0]], [[x + WIDTH + 60, 260]], [[x + WIDTH, 260]]], np.int32)
    assert not _is_halo(view, cover, arm)
    plain, _ = _view()
    assert not _is_halo(plain, cover, arm)   # farther than a halo reaches, even where the cloth is plain
