"""Taught, what the coin zone shows past the coins read is measured clear of them, the paper's grain and a photo's
wider coin halo opened away (coins.cover_clear_of_coins_mm2): on the kept mats 3400-5299 the zone's whole cover less
the coins' asked whole seeds whose coins were read right (3824, 3878, 3888: grainy paper, coins wider than taught)."""

from __future__ import annotations

import numpy as np

from companion.games.cannons_coastlines.camera.coins import CoinZone, coin_cover_doubts, cover_clear_of_coins_mm2
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM
from companion.games.cannons_coastlines.camera.settings import CoinSettings, MatSettings

DIAMETER_MM, COIN_MM2 = 21.0, 255.0          # seed 3824's taught coin: its sheet showed less than a disc's cover
MAT_SHAPE = (int(200 * MAT_PX_PER_MM), int(200 * MAT_PX_PER_MM))
COINS_AT_MM = [(110.0, 30.0), (110.0, 70.0), (110.0, 110.0), (150.0, 50.0), (150.0, 90.0)]   # (y, x) on the mat
MISSED_AT_MM = (150.0, 150.0)


def grainy_mat(coins_mm: list[tuple[float, float]]) -> np.ndarray:
    """A flattened mat (BGR): paper with dark specks a pixel or two wide over a sixth of it, coins drawn 1.2 times
    their width (their halo), dark brown."""
    rng = np.random.default_rng(3824)
    mat = np.full(MAT_SHAPE + (3,), 235, np.uint8)
    specks = rng.random(MAT_SHAPE) < 0.08
    specks |= np.roll(specks, 1, axis=1)                   # two pixels wide: a 3x3 opening keeps some
    specks |= np.roll(specks, 1, axis=0)
    mat[specks] = 150
    yy, xx = np.mgrid[:MAT_SHAPE[0], :MAT_SHAPE[1]]
    for y, x in coins_mm:
        mat[(yy - y * MAT_PX_PER_MM) ** 2 + (xx - x * MAT_PX_PER_MM) ** 2 < (0.6 * DIAMETER_MM * MAT_PX_PER_MM) ** 2] = (40, 70, 110)
    return mat


def read_cover(coins_mm: list[tuple[float, float]]) -> tuple[list[str], list[str]]:
    """(the doubts of the zone's whole cover, those of the cover clear of the coins) with COINS_AT_MM counted."""
    settings, coin_settings = MatSettings(), CoinSettings()
    zone = CoinZone.of(grainy_mat(coins_mm), coin_settings)
    origin_px = (84.0 - coin_settings.zone_margin_mm) * MAT_PX_PER_MM, (4.0 - coin_settings.zone_margin_mm) * MAT_PX_PER_MM
    counted = [(y * MAT_PX_PER_MM - origin_px[0], x * MAT_PX_PER_MM - origin_px[1]) for y, x in COINS_AT_MM]
    no_hulls = np.zeros(MAT_SHAPE, bool)
    whole = float((zone.covered(coin_settings)).sum()) / MAT_PX_PER_MM ** 2
    clear = cover_clear_of_coins_mm2(counted, zone, no_hulls, DIAMETER_MM, coin_settings,
                                     settings.coins_clear_opening_share)
    count = len(COINS_AT_MM)
    return (coin_cover_doubts(count, whole, COIN_MM2, settings),
            coin_cover_doubts(count, whole, COIN_MM2, settings, clear))


def test_grainy_paper_and_wide_coins_all_read_are_no_coin_missed():
    whole, clear = read_cover(COINS_AT_MM)
    assert whole == ["the coin zone shows more than the 5 coins read"]     # the grain and halos counted as cover
    assert clear == []


def test_a_coin_no_rim_counted_still_shows_more_clear_of_the_coins():
    _, clear = read_cover(COINS_AT_MM + [MISSED_AT_MM])
    assert clear == ["the coin zone shows more than the 5 coins read"]
