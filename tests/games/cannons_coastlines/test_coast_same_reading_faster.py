"""A harbour mat's reading was made faster without changing it: each shortcut must give, to the bit, what the
slower way gave. These scenarios pin the equivalences on random pictures of paint and paper."""

from __future__ import annotations

import numpy as np

from companion.games.cannons_coastlines.camera import coins
from companion.games.cannons_coastlines.camera.mat_looks import FLEET_HUES_DEG
from companion.games.cannons_coastlines.camera.mats import _fleet_paint
from companion.games.cannons_coastlines.camera.coins import strongest_apart
from companion.games.cannons_coastlines.camera.settings import MatSettings


def painted_zone(rng, height=90, width=160) -> np.ndarray:
    """A Lab picture of paper with blobs of every hue and lightness, and some wood."""
    lab = np.empty((height, width, 3), np.uint8)
    lab[..., 0] = rng.integers(40, 256, (height, width))
    lab[..., 1:] = rng.integers(0, 256, (height, width, 2))
    lab[rng.random((height, width)) < 0.5] = (240, 128, 128)   # paper
    return lab


def test_paint_looked_for_only_on_the_prizes_is_the_paint_found_everywhere_there():
    rng = np.random.default_rng(31)
    for share in (0.0, 0.05, 0.3, 1.0):
        lab = painted_zone(rng)
        mask = (rng.random(lab.shape[:2]) < share).astype(np.uint8)
        everywhere = _fleet_paint(lab, MatSettings(), FLEET_HUES_DEG)
        within = _fleet_paint(lab, MatSettings(), FLEET_HUES_DEG, mask)
        assert sorted(within) == sorted(everywhere)
        for fleet, paint in everywhere.items():
            assert within[fleet].dtype == np.uint8 and np.array_equal(within[fleet], paint & mask)
        if share == 1.0:
            assert any(paint.any() for paint in within.values())   # paint of some fleet was found


def apart_as_first_written(rows, cols, separation: float, is_coin) -> list[tuple[float, float]]:
    """Each peak checked against every coin taken before it, one by one."""
    centres = []
    for row, col in zip(rows, cols):
        if any((row - r) ** 2 + (col - c) ** 2 < separation ** 2 for r, c in centres):
            continue
        if is_coin(int(row), int(col)):
            centres.append((float(row), float(col)))
    return centres


def test_coins_are_kept_apart_as_when_each_peak_was_checked_against_every_coin_taken():
    rng = np.random.default_rng(32)
    for count, separation in ((0, 30.0), (40, 30.0), (400, 33.0), (400, 12.5)):
        rows, cols = rng.integers(0, 200, count), rng.integers(0, 400, count)
        pale = set(map(tuple, rng.integers(0, 200, (count // 3, 2)).tolist()))
        checked = []

        def is_coin(row, col):
            checked.append((row, col))
            return (row % 200, col % 200) not in pale and (row + col) % 7 != 0

        found = strongest_apart(rows, cols, separation, is_coin)
        asked, checked[:] = list(checked), []
        assert found == apart_as_first_written(rows, cols, separation, is_coin)
        assert asked == checked   # the same peaks were looked at, in the same order
        assert count == 0 or 0 < len(found) < count


def test_the_coins_on_a_mat_are_found_apart():
    lab = np.full((200, 300, 3), (240, 128, 128), np.uint8)
    yy, xx = np.mgrid[:200, :300]
    radius = coins.kit.COIN_DIAMETER_MM   # px: the mat is read at 2 px a mm
    laid = ((50, 50), (50, 50 + 2 * radius), (140, 200), (150, 90))   # two touching, two alone
    for cy, cx in laid:
        lab[(yy - cy) ** 2 + (xx - cx) ** 2 < radius ** 2] = (150, 135, 170)
    found = coins.coin_centres(lab)
    assert len(found) == 4
    assert all(min(abs(r - cy) + abs(c - cx) for r, c in found) <= 3 for cy, cx in laid)
