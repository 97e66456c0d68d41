"""A faint back's shape found again at its own level (refit.py): an ember back on a burgundy cloth crosses the
fixed faint level only where its pattern and its frame show, so the blob found there is ragged (a diamond's point
sticking out of a stump, or its rim faded where it reaches under a face), no card's shape, and its seat was unsure.
Averaged wider and cut midway between the blob and the cloth around it, it is the card's rectangle; a ragged
blotch of the cloth stays no card."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.games.cannonades.camera import refit, table_mask
from companion.games.cannonades.camera.settings import SETTINGS
from companion.games.cannonades.kit import cards

from cannonades_views import benchmark_view, seat_as_read

WIDTH, HEIGHT = (int(mm) for mm in cards.CARD_MM)
CLOTH = np.array((52, 50, 112), np.float32)      # BGR: a burgundy cloth
EMBER_BACK = np.array((-4, -4, -10), np.float32)  # a back about 5 units darker: under the fixed level of 8
AT = (120, 100)


def _view(back_mask: np.ndarray) -> np.ndarray:
    rng = np.random.default_rng(4)
    view = np.clip(CLOTH + rng.normal(0, 5.0, back_mask.shape + (3,)), 0, 255)
    view[back_mask > 0] += EMBER_BACK
    return cv2.GaussianBlur(np.clip(view, 0, 255).astype(np.uint8), (0, 0), 1.0)


def _back() -> np.ndarray:
    mask = np.zeros((320, 320), np.uint8)
    mask[AT[1]:AT[1] + HEIGHT, AT[0]:AT[0] + WIDTH] = 255
    return mask


def _ragged_outline() -> np.ndarray:
    """What the fixed level found of the back: its lower half, and the diamond's upper point above it."""
    x, y = AT
    points = [[x + 4, y + 45], [x + WIDTH // 2, y + 12], [x + WIDTH - 4, y + 45], [x + WIDTH - 4, y + HEIGHT - 4],
              [x + 4, y + HEIGHT - 4]]
    return np.array(points, np.int32).reshape(-1, 1, 2)


def _refitted(view: np.ndarray) -> np.ndarray | None:
    difference = table_mask.table_difference(view, SETTINGS)
    return refit.refit(_ragged_outline(), difference, np.zeros(view.shape[:2], np.uint8), SETTINGS)


def test_a_ragged_blob_of_a_faint_back_refitted_is_the_back_s_rectangle():
    ragged = _ragged_outline()
    assert not table_mask.card_sized(ragged, SETTINGS)   # as found: no card's shape
    again = _refitted(_view(_back()))
    assert again is not None and table_mask.card_sized(again, SETTINGS)
    (cx, cy), _, _ = cv2.minAreaRect(again)
    assert abs(cx - (AT[0] + WIDTH / 2)) < 4 and abs(cy - (AT[1] + HEIGHT / 2)) < 4


def test_the_same_outline_over_a_ragged_blotch_of_the_cloth_refitted_is_no_card():
    blotch = np.zeros((320, 320), np.uint8)
    for x, y, radius in ((150, 170, 30), (170, 120, 22), (130, 215, 20)):
        cv2.circle(blotch, (x, y), radius, 255, cv2.FILLED)
    again = _refitted(_view(blotch))
    assert again is None or not table_mask.card_sized(again, SETTINGS)


@pytest.mark.slow   # renders one table a case: about 3 s
@pytest.mark.parametrize("seed, seat, truth", [
    (381, 3, (["S07"], 1)),              # unsure on main at 6e72d40: the back's blob a stump with a point
    (357, 2, (["?", "S36", "S39"], 1)),  # the same, the back between a cannonade's ship and a face
    (3, 2, (["S16"], 1)),                # on teak: the back's foot under a face, its rim faded (52 mm wide)
])
def test_a_faint_ember_back_is_counted(seed, seat, truth):
    seen, cards_read = benchmark_view(seed, "ember")
    got, want = seat_as_read(seen, cards_read, seat)
    assert got == truth and want[1] == truth[1]


@pytest.mark.slow   # renders one table a case: about 3 s
@pytest.mark.parametrize("seed, seat, truth", [
    (81, 1, (["S32"], 3)),   # a blob of two backs touching: refitted, the fainter one fell away (held 0.40)
    (195, 1, ([], 2)),       # the same: counted one back short, with confidence, until the refit had to hold it
])
def test_two_backs_touching_are_never_refitted_into_one(seed, seat, truth):
    seen, cards_read = benchmark_view(seed, "ember")
    got, want = seat_as_read(seen, cards_read, seat)
    assert got == truth and want == truth
