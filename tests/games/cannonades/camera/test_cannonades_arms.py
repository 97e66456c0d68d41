"""The arm finder (arms.py) looks for a shape reaching in from beyond the play area. Face-up cards lying over
the play area's top edge reach in too: told where the read faces lie, it leaves them alone (their seat
stays countable), yet still finds a sleeve that reaches in beside them and goes on far past them.
Top views at 1 px/mm of a plain cloth."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.cannonades.camera import arms, table_mask
from companion.games.cannonades.camera.settings import SETTINGS
from companion.games.cannonades.kit import cards

WIDTH, HEIGHT = (int(mm) for mm in cards.CARD_MM)
CLOTH = (150, 170, 190)        # BGR: a beige linen
PAPER = (225, 228, 230)
SLEEVE = (120, 140, 160)       # a sleeve a little darker than the cloth
FACES_AT = ((300, 0), (300 + WIDTH + 6, 20))   # two faces' top-left corners (px = mm): the first on the top edge


def _view(sleeve: bool = False) -> tuple[np.ndarray, list[np.ndarray]]:
    """The cloth with two faces at its top edge (and a sleeve from the top edge, past them, far down);
    the faces' outlines as read."""
    rng = np.random.default_rng(546)
    view = np.clip(np.array(CLOTH, np.float32) + rng.normal(0, 3.0, (620, 860, 3)), 0, 255).astype(np.uint8)
    if sleeve:
        cv2.rectangle(view, (430, 0), (510, 420), SLEEVE, cv2.FILLED)   # touching the second face
    outlines = []
    for x, y in FACES_AT:
        view[y:y + HEIGHT, x:x + WIDTH] = PAPER
        outlines.append(np.array([[x, y], [x + WIDTH, y], [x + WIDTH, y + HEIGHT], [x, y + HEIGHT]], np.float64))
    return cv2.GaussianBlur(view, (0, 0), 1.5), outlines


def _arm(view: np.ndarray, faces: list[np.ndarray] | None) -> np.ndarray:
    return arms.arm_mask(table_mask.table_difference(view, SETTINGS).squared, SETTINGS, faces)


def test_faces_over_the_play_area_s_edge_are_no_arm_once_read():
    view, faces = _view()
    assert _arm(view, None).any()          # not told of the faces, they reach in: an arm
    assert not _arm(view, faces).any()     # read faces with their blurred rims explain the whole shape


def test_a_sleeve_reaching_in_beside_read_faces_is_still_an_arm():
    view, faces = _view(sleeve=True)
    arm = _arm(view, faces)
    assert arm[400, 470] and arm[5, 470]   # from the edge to far past the faces
    assert arm[30, 320]                    # the faces it touches stay in its shape (a card may lie under the hand)
