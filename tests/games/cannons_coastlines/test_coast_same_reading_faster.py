"""A harbour mat's reading was made faster without changing it: each shortcut must give, to the bit, what the
slower way gave. These scenarios pin the equivalences on random pictures of paint and paper."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from companion.games.cannons_coastlines.camera import coins
from companion.games.cannons_coastlines.camera.crate_blobs import crate_cores, poles_beside
from companion.games.cannons_coastlines.camera.fitting_doubts import BlobShape, blob_shape, length_mm, thick_and_thin
from companion.games.cannons_coastlines.camera.mat_looks import FLEET_HUES_DEG
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM, disc_offsets, mat_zone_picture
from companion.games.cannons_coastlines.camera.mats import _fleet_paint, _paint_patches, coin_cover
from companion.games.cannons_coastlines.camera.coins import strongest_apart
from companion.games.cannons_coastlines.camera.settings import CoinSettings, MatSettings


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


def blobs_picture(rng, height: int, width: int, count: int) -> np.ndarray:
    """A bool picture of discs, thick lines and squares (straight sides: the box's edges matter), some running off
    its edges."""
    picture = np.zeros((height, width), np.uint8)
    for _ in range(count):
        corner = np.array([rng.integers(-10, width), rng.integers(-10, height)])
        cv2.rectangle(picture, tuple(map(int, corner)), tuple(map(int, corner + rng.integers(2, 40, 2))), 1, -1)
        cv2.circle(picture, (int(rng.integers(-10, width + 10)), int(rng.integers(-10, height + 10))),
                   int(rng.integers(1, 25)), 1, -1)
        cv2.line(picture, (int(rng.integers(0, width)), int(rng.integers(0, height))),
                 (int(rng.integers(0, width)), int(rng.integers(0, height))), 1, int(rng.integers(1, 8)))
    return picture > 0


def thick_and_thin_on_the_whole(blob: np.ndarray, settings: MatSettings) -> tuple[np.ndarray, np.ndarray]:
    size = int(settings.pole_clear_mm * MAT_PX_PER_MM) | 1
    thick = cv2.morphologyEx(blob.astype(np.uint8), cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    return thick, (blob > 0) & (cv2.dilate(thick, np.ones((5, 5), np.uint8)) == 0)


def paint_patches_on_the_whole(paint: np.ndarray, settings: MatSettings) -> list[np.ndarray]:
    paint = cv2.morphologyEx(paint, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    join = int(settings.paint_join_mm * MAT_PX_PER_MM) | 1
    count, labels = cv2.connectedComponents(cv2.dilate(paint, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (join, join))))
    labels = np.where(paint > 0, labels, 0)
    areas = np.bincount(labels.ravel(), minlength=count)
    return [labels == index for index in range(1, count) if areas[index] >= settings.pennant_min_mm2 * MAT_PX_PER_MM ** 2]


def crate_cores_on_the_whole(blob, depth_mm, settings: MatSettings, reach) -> list[np.ndarray]:
    count, labels, stats, _ = cv2.connectedComponentsWithStats((blob & (depth_mm >= settings.crate_min_half_width_mm)).astype(np.uint8))
    areas = stats[1:, cv2.CC_STAT_AREA]
    if len(areas) == 0:
        return []
    least = max(settings.crate_core_share * areas.max(), settings.crate_core_least_mm2 * MAT_PX_PER_MM ** 2)
    return [cv2.dilate((labels == index).astype(np.uint8), reach) > 0 for index in range(1, count) if areas[index - 1] >= least]


def same_masks(found: list[np.ndarray], wanted: list[np.ndarray]) -> bool:
    return len(found) == len(wanted) and all(a.dtype == b.dtype and np.array_equal(a, b) for a, b in zip(found, wanted))


def test_blobs_measured_on_the_box_round_them_are_measured_as_on_the_whole_picture():
    rng = np.random.default_rng(33)
    settings = MatSettings()
    reach = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (int(settings.lid_reach_mm * MAT_PX_PER_MM) | 1,) * 2)
    cores = poles = 0
    for trial in range(150):
        blob = blobs_picture(rng, int(rng.integers(20, 140)), int(rng.integers(20, 300)), int(rng.integers(0, 5)))
        assert same_masks(list(thick_and_thin(blob, settings)), list(thick_and_thin_on_the_whole(blob, settings)))
        depth = cv2.distanceTransform(blob.astype(np.uint8), cv2.DIST_L2, 5) / MAT_PX_PER_MM
        found = crate_cores(blob, depth, settings, reach)
        assert same_masks(found, crate_cores_on_the_whole(blob, depth, settings, reach))
        cores += len(found)
        if blob.any():
            # The parts clear of the crate, measured where they lie in the whole picture.
            _, rest = thick_and_thin_on_the_whole(blob, settings)
            count, labels = cv2.connectedComponents(rest.astype(np.uint8))
            thin = max((length_mm(labels == index) for index in range(1, count)), default=0.0)
            assert blob_shape(blob, depth, settings) == BlobShape(float(blob.sum()) / MAT_PX_PER_MM ** 2, length_mm(blob),
                                                                  float(depth[blob].max()), thin)
            poles += poles_beside(blob, settings)[0]
    assert cores > 20 and poles > 5     # the pictures held crates' cores and poles clear of them


def test_paint_patches_found_on_the_box_round_the_paint_are_those_found_on_the_whole_picture():
    rng = np.random.default_rng(34)
    specks = replace(MatSettings(), pennant_min_mm2=MatSettings().speck_paint_least_mm2)
    patches = 0
    for trial in range(200):
        paint = blobs_picture(rng, int(rng.integers(5, 140)), int(rng.integers(5, 300)), int(rng.integers(0, 4))).astype(np.uint8)
        paint |= (rng.random(paint.shape) < rng.choice([0.0, 0.01, 0.2])).astype(np.uint8)
        for settings in (MatSettings(), specks):
            found = _paint_patches(paint, settings)
            assert same_masks(found, paint_patches_on_the_whole(paint, settings))
            patches += len(found)
    assert patches > 300


def test_coin_discs_counted_along_their_rows_are_the_mean_of_their_pixels():
    rng = np.random.default_rng(35)
    for radius in (16, 6.0, 3.5):
        reach = int(radius)
        mask = rng.random((90, 140)) < rng.random()
        rows, cols = rng.integers(reach, 90 - reach, 60), rng.integers(reach, 140 - reach, 60)
        offsets = disc_offsets(radius)
        wanted = mask[rows[:, None] + offsets[:, 0], cols[:, None] + offsets[:, 1]].mean(1)
        assert np.array_equal(coins._disc_shares(mask, rows, cols, radius), wanted)
    assert len(coins._disc_shares(mask, rows[:0], cols[:0], 16)) == 0


def test_the_coin_zone_read_once_covers_what_the_zone_alone_covers():
    rng = np.random.default_rng(36)
    balanced = rng.integers(0, 256, (530, 400, 3)).astype(np.uint8)
    balanced[rng.random((530, 400)) < 0.6] = 235     # white paper
    zone = coins.CoinZone.of(balanced)
    assert np.array_equal(zone.covered(), coin_cover(mat_zone_picture(balanced, "coins")))
    assert np.array_equal(zone.lab, cv2.cvtColor(mat_zone_picture(balanced, "coins", CoinSettings().zone_margin_mm),
                                                 cv2.COLOR_BGR2Lab))


def test_a_two_channel_map_converts_as_its_planes_apart():
    rng = np.random.default_rng(37)
    full = (rng.random((60, 90, 2)) * 300 - 20).astype(np.float32)
    together = cv2.convertMaps(full, None, cv2.CV_16SC2)
    apart = cv2.convertMaps(np.ascontiguousarray(full[..., 0]), np.ascontiguousarray(full[..., 1]), cv2.CV_16SC2)
    assert all(np.array_equal(a, b) for a, b in zip(together, apart))
