"""Taught, a coin whose face is as pale as the paper counts by its rim's votes alone (TaughtSettings.strong_rim_votes):
on the taught tuning seeds 1200-1299 white- and pale-faced coins gathered 1.01-1.32 full rims' votes, and two of them
were missed on a mat read sure (1220 ben). Drawn from above on white paper (Lab), as coins.coin_centres reads a zone."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from companion.games.cannons_coastlines.camera import coins
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM
from companion.games.cannons_coastlines.camera.settings import CoinSettings
from companion.games.cannons_coastlines.camera.taught import TaughtSettings

DIAMETER_MM = 22.0


def white_faced_coin(rim_lightness: int) -> np.ndarray:
    """A coin with a face as light as the paper inside a 1.5 mm grey rim, blurred as a far mat's picture is."""
    lab = np.full((200, 300, 3), (240, 128, 128), np.uint8)
    yy, xx = np.mgrid[:200, :300]
    radius = DIAMETER_MM / 2 * MAT_PX_PER_MM
    inside = (yy - 100) ** 2 + (xx - 150) ** 2
    lab[inside < radius ** 2] = (rim_lightness, 128, 128)
    lab[inside < (radius - 1.5 * MAT_PX_PER_MM) ** 2] = (232, 128, 128)
    return cv2.GaussianBlur(lab, (0, 0), 2.0)


def found(lab: np.ndarray, strong_rim_votes: float) -> int:
    return len(coins.coin_centres(lab, replace(CoinSettings(), strong_rim_votes=strong_rim_votes), DIAMETER_MM))


def test_a_white_faced_coin_with_a_pale_rim_counts_taught_by_its_rim():
    coin = white_faced_coin(185)
    assert found(coin, TaughtSettings().strong_rim_votes) == 1
    assert found(coin, 1.5) == 0                         # the earlier taught level missed it
    assert found(coin, CoinSettings().strong_rim_votes) == 0   # untaught (the kit's coins) the face tests decide


def test_the_paper_alone_is_no_coin():
    assert found(np.full((200, 300, 3), (240, 128, 128), np.uint8), TaughtSettings().strong_rim_votes) == 0


def a_coin_and_a_paler_one(rim_lightness: int) -> np.ndarray:
    """A dark-faced coin, and 105 mm from it a coin whose face is as light as the paper inside a rim paler than the
    one above: its rim gathers fewer votes than strong_rim_votes asks (seeds 1513 dev, 1532 anna and ben: silver-faced
    coins gathering 0.70-0.99 full rims' votes, missed)."""
    lab = np.full((200, 400, 3), (240, 128, 128), np.uint8)
    yy, xx = np.mgrid[:200, :400]
    radius = DIAMETER_MM / 2 * MAT_PX_PER_MM
    for column, rim, face in ((90, 120, 120), (300, rim_lightness, 232)):
        inside = (yy - 100) ** 2 + (xx - column) ** 2
        lab[inside < radius ** 2] = (rim, 128, 128)
        lab[inside < (radius - 1.5 * MAT_PX_PER_MM) ** 2] = (face, 128, 128)
    return cv2.GaussianBlur(lab, (0, 0), 2.0)


def test_taught_a_pale_faced_coin_far_from_every_other_counts_by_its_rim_alone():
    taught = TaughtSettings()
    settings = replace(CoinSettings(), strong_rim_votes=taught.strong_rim_votes, lone_rim_votes=taught.lone_rim_votes)
    lone: list = []
    assert len(coins.coin_centres(a_coin_and_a_paler_one(205), settings, DIAMETER_MM, [], None, [], None, lone)) == 2
    assert len(lone) == 1
    assert found(a_coin_and_a_paler_one(205), taught.strong_rim_votes) == 1   # before: the dark-faced coin alone
    # A rim too faint for lone_rim_votes is still no coin.
    assert len(coins.coin_centres(a_coin_and_a_paler_one(215), settings, DIAMETER_MM, [], None, [], None, [])) == 1
