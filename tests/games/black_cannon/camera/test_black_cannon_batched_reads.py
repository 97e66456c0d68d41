"""The speed cuts of issue 17 give the same figures as the one-at-a-time work they replace: grids read together as
one by one (nothing of one grid leaks into another's), a die's proposals read together as read_lone and read_grid
give them, a spot's moments as np.cov's, the table view's channel and hue maxima as the plain formulas, and a crop's
spots, their pixels gathered once and its two peaks from one partition, as each spot's own pixels and
np.percentile gave them."""

import math
from dataclasses import replace

import cv2
import numpy as np

from companion.games.black_cannon.camera.die_face import (GRID, LAYOUT_SETS, SPREAD_SHARE, _disc_means, _ring_means,
                                                          read_grid, read_grids, read_lone, read_proposals)
from companion.games.black_cannon.camera.face_checks import pips_found
from companion.games.black_cannon.camera.foreground import (_above, _border, _channel_max, _hue_difference, _inner,
                                                            _median_near_edges, _table_look)
from companion.games.black_cannon.camera.pip_spots import (_PIXEL_SPREAD, _covariance, _fills_its_box, _peaks,
                                                           _order_statistics, _spot_points, find_spots, half_height_radii,
                                                           local_contrast)
from companion.games.black_cannon.camera.settings import SETTINGS
from companion.vision.components import parts_with_stats

PIP_RADIUS_PX = 6.0


def _picture(seed: int) -> np.ndarray:
    """A noisy body with a few pips: grids over it read all sorts of counts and margins."""
    rng = np.random.default_rng(seed)
    picture = np.full((160, 160, 3), (50, 40, 180), np.uint8)
    for x, y in rng.uniform(30, 130, (7, 2)):
        cv2.circle(picture, (int(x), int(y)), int(PIP_RADIUS_PX), (240, 240, 240), -1, cv2.LINE_AA)
    noise = rng.normal(0, 6, picture.shape)
    return np.clip(picture + noise, 0, 255).astype(np.float32)


def _same(one, other) -> bool:
    if one is None or other is None:
        return one is None and other is None
    return (one.pips, one.margin, one.evenness, one.outline, one.angle, one.spread_px, one.pip_places,
            one.inside_outline, one.typical_margin) == (other.pips, other.margin, other.evenness, other.outline,
                                                        other.angle, other.spread_px, other.pip_places,
                                                        other.inside_outline, other.typical_margin) \
        and np.array_equal(one.centre, other.centre)


def test_grids_read_together_read_as_one_by_one_and_those_off_the_picture_are_none():
    picture = _picture(3)
    rng = np.random.default_rng(4)
    grids = [(rng.uniform(20, 140, 2), rng.uniform(0, math.pi), rng.uniform(4, 9)) for _ in range(60)]
    grids.append((np.array([5.0, 80.0]), 0.0, 8.0))       # reaches off the picture
    together = read_grids(picture, grids, PIP_RADIUS_PX)
    assert together[-1] is None and sum(face is not None for face in together) > 40
    assert all(_same(face, read_grid(picture, *grid, PIP_RADIUS_PX)) for face, grid in zip(together, grids))


def test_proposals_read_together_read_as_read_lone_and_read_grid_give_them():
    picture = _picture(5)
    spread = SPREAD_SHARE * 26
    offered = [(np.array([80.0, 80.0]), 0.3, spread, False), (np.array([70.0, 90.0]), 0.0, spread, True),
               (np.array([60.0, 60.0]), 1.1, spread * 0.9, False), (np.array([90.0, 75.0]), 0.0, spread * 1.1, True)]
    together = read_proposals(picture, offered, PIP_RADIUS_PX, SETTINGS.lone_margin_quantile)
    one_by_one = [read_lone(picture, middle, spread_px, PIP_RADIUS_PX, SETTINGS.lone_margin_quantile) if lone else
                  read_grid(picture, middle, angle, spread_px, PIP_RADIUS_PX)
                  for middle, angle, spread_px, lone in offered]
    assert all(_same(face, other) for face, other in zip(together, one_by_one))


def test_a_spots_moments_are_np_cov_to_the_bit():
    rng = np.random.default_rng(6)
    for size in (5, 9, 40, 300):
        points = rng.integers(0, 50, (size, 2)).astype(np.float32)
        assert np.array_equal(_covariance(points), np.cov(points.T))


def test_the_table_views_channel_and_hue_maxima_are_the_plain_formulas():
    rng = np.random.default_rng(7)
    picture, lit = (rng.integers(0, 256, (90, 110, 3), dtype=np.uint8) for _ in range(2))
    assert np.array_equal(_channel_max(picture), picture.max(axis=2))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    seen, expected = cv2.cvtColor(picture, cv2.COLOR_BGR2Lab), cv2.cvtColor(lit, cv2.COLOR_BGR2Lab)
    darkest, lightest = cv2.erode(expected, kernel), cv2.dilate(expected, kernel)
    plain = np.maximum(cv2.subtract(seen, lightest), cv2.subtract(darkest, seen))[:, :, 1:].max(axis=2)
    assert np.array_equal(_hue_difference(picture, lit, kernel), plain)


def spots_one_label_at_a_time(grey, ppm, origin, settings):
    """find_spots as first written: np.percentile of each sign's contrast, each spot's pixels from its own box (and the
    spots that fill their box too little looked at again at half their own peak, one label at a time)."""
    local = local_contrast(grey, ppm, settings)
    spots = []
    smallest, largest = ((side * ppm) ** 2 for side in settings.die_size_mm)
    low, high = settings.pip_area_share[0] * smallest, settings.pip_area_share[1] * largest
    for sign in (1.0, -1.0):
        response = sign * local
        threshold = max(settings.pip_min_contrast, settings.pip_contrast * float(np.percentile(response, 99.5)))
        labels, kept, unfilled = _spots_of_mask((response > threshold).astype(np.uint8), low, high)
        if unfilled:
            # The spots that fill their box too little, looked at again at half their own peak, over the box round them.
            x0 = min(x for x, *_ in unfilled)
            y0 = min(y for _, y, *_ in unfilled)
            x1 = max(x + w for x, _, w, *_ in unfilled)
            y1 = max(y + h for _, y, _, h, _ in unfilled)
            again = np.zeros((y1 - y0, x1 - x0), np.uint8)
            for *_, label in unfilled:
                part = labels[y0:y1, x0:x1] == label
                peak = response[y0:y1, x0:x1][part].max()
                again[part & (response[y0:y1, x0:x1] >= settings.streaked_pip_height * peak)] = 1
            kept += [(centre + np.array([x0, y0], np.float64), area, moments)
                     for centre, area, moments in _spots_of_mask(again, low, high)[1]]
        for (centre, area, _), spread in zip(kept, np.linalg.eigvalsh(np.array([m for *_, m in kept])) if kept else ()):
            spots.append((centre / ppm + np.array(origin), float(area) / ppm ** 2,
                          float(math.sqrt(spread[0] / max(spread[1], 1e-9))), sign > 0))
    return spots


def _spots_of_mask(mask, low, high):
    """The labels of a 0/1 mask, its spots (middle px, area, moments) one label at a time, and the (x, y, w, h, label)
    of the parts of a pip's size that fill their box too little."""
    count, labels, stats, centres = cv2.connectedComponentsWithStats(mask, connectivity=8)
    kept, unfilled = [], []
    for label in range(1, count):
        x, y, w, h, area = stats[label]
        if not low <= area <= high:
            continue
        ys, xs = np.nonzero(labels[y:y + h, x:x + w] == label)
        points = np.column_stack([xs, ys]).astype(np.float32)
        if len(points) < 5:
            continue
        (_, _), (a, b), _ = cv2.minAreaRect(points)
        if area / max(a * b, 1.0) < 0.45:
            unfilled.append((int(x), int(y), int(w), int(h), label))
            continue
        kept.append((centres[label], area, np.cov(points.T) + _PIXEL_SPREAD))
    return labels, kept, unfilled


def _pips_crop(seed: int) -> np.ndarray:
    """A noisy grey crop of blurred spots of every size and squash, lighter and darker than their surround."""
    rng = np.random.default_rng(seed)
    grey = np.full((int(rng.integers(200, 300)), int(rng.integers(200, 300))), rng.uniform(60, 190), np.float32)
    for _ in range(40):
        centre = (int(rng.integers(0, grey.shape[1])), int(rng.integers(0, grey.shape[0])))
        axes = (int(rng.integers(1, 14)), int(rng.integers(1, 14)))
        cv2.ellipse(grey, centre, axes, float(rng.uniform(0, 180)), 0, 360, float(rng.uniform(0, 255)), -1)
    grey = cv2.GaussianBlur(grey, (0, 0), float(rng.uniform(0.5, 2.5))) + rng.normal(0, 8, grey.shape)
    return grey.clip(0, 255).astype(np.uint8)


def test_a_crops_spots_are_those_found_one_label_at_a_time():
    ppm, origin = SETTINGS.dice_px_per_mm, (12.5, -40.25)
    found = 0
    for seed in range(12):
        grey = _pips_crop(seed)
        fast = find_spots(cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR), grey, ppm, origin, SETTINGS)
        slow = spots_one_label_at_a_time(grey, ppm, origin, SETTINGS)
        found += len(fast)
        assert [(tuple(s.centre), s.area_mm2, s.roundness, s.lighter) for s in fast] == \
            [(tuple(centre), area, roundness, lighter) for centre, area, roundness, lighter in slow]
    assert found > 100


def test_a_crops_two_peaks_are_np_percentile_to_the_bit():
    rng = np.random.default_rng(8)
    crops = [rng.normal(0, 30, (h, w)).astype(np.float32) for h, w in ((1, 1), (1, 2), (3, 5), (17, 29), (250, 271))]
    crops += [local_contrast(_pips_crop(seed), SETTINGS.dice_px_per_mm, SETTINGS) for seed in range(6)]
    crops += [np.round(crop) for crop in crops]       # ties
    for crop in crops:
        for percentile in (SETTINGS.pip_peak_percentile, 50.0, 99.9, 100.0, 0.0):
            mine = _peaks(crop, percentile)
            assert mine == (float(np.percentile(crop, percentile)), float(np.percentile(-crop, percentile)))
            assert all(type(peak) is float for peak in mine)


def test_the_table_views_thresholds_and_its_photo_on_the_print_are_the_plain_formulas():
    rng = np.random.default_rng(9)
    image = rng.integers(0, 256, (70, 90), dtype=np.uint8)
    for level in (0.0, 13.5, 14.0, 37.99, 38.0, 254.5, 255.0):
        assert np.array_equal(_above(image, level), (image > level).astype(np.uint8) * 255)
    seen, margin = rng.uniform(0, 255, (70, 90, 3)).astype(np.float32), 11
    zeroed = np.zeros_like(seen)
    zeroed[_inner(seen, margin)] = seen[_inner(seen, margin)]
    bordered = cv2.copyMakeBorder(seen[_inner(seen, margin)], margin, margin, margin, margin, cv2.BORDER_CONSTANT,
                                  value=0)
    assert np.array_equal(bordered, zeroed)
    assert all(not bordered[strip].any() for strip in _border(seen, margin))


def radii_with_full_grids(response, points, radii, settings):
    """half_height_radii as first written: each window's pixel places by np.mgrid."""
    found = np.array(radii, np.float64)
    for index, (point, radius) in enumerate(zip(points, radii)):
        x, y = point
        span = int(math.ceil(settings.pip_own_reach * radius))
        (x0, y0), (x1, y1) = np.maximum(point.astype(np.int64) - span, 0), \
            np.minimum(point.astype(np.int64) + span + 1, response.shape[::-1])
        ys, xs = np.mgrid[y0:y1, x0:x1]
        window = response[ys[:, 0:1], xs[0:1, :]]
        near = np.hypot(xs - x, ys - y) <= max(radius, 1.0)
        if not near.any() or window[near].max() <= 0:
            continue
        mask = (window >= settings.pip_own_height * float(window[near].max())).astype(np.uint8)
        _, labels = cv2.connectedComponents(mask, connectivity=8)
        top = np.argmax(np.where(near, window, -np.inf))
        found[index] = math.sqrt(int((labels == labels.flat[top]).sum()) / math.pi)
    return found


def test_spots_sizes_at_their_own_height_are_those_of_full_grids():
    rng = np.random.default_rng(10)
    for seed in range(6):
        local = local_contrast(_pips_crop(seed), SETTINGS.dice_px_per_mm, SETTINGS)
        points = np.vstack([rng.uniform(-3, np.array(local.shape[::-1]) + 3, (40, 2)), [[0.0, 0.0], [4.5, 1.2]]])
        radii = rng.uniform(0.3, 9.0, len(points))
        for response in (local, -local):
            fast = half_height_radii(response, points, radii, SETTINGS)
            assert np.array_equal(fast, radii_with_full_grids(response, points, radii, SETTINGS))
            assert (fast != radii).sum() > 20


def pips_found_place_by_place(face, points):
    """pips_found as first written: each pip place worked out and matched to the spots alone."""
    axes = np.array([[math.cos(face.angle), math.sin(face.angle)], [-math.sin(face.angle), math.cos(face.angle)]])
    found = []
    for index in face.pip_places:
        distance = np.hypot(*(points - (face.centre + np.asarray(GRID[index], np.float64) @ (axes * face.spread_px))).T)
        nearest = int(np.argmin(distance))
        if distance[nearest] < 0.5 * face.spread_px:
            found.append((index, nearest))
    return found


def test_a_faces_pips_found_all_places_at_once_are_those_found_place_by_place():
    picture = _picture(11)
    rng = np.random.default_rng(12)
    faces = [face for face in read_grids(picture, [(rng.uniform(30, 130, 2), rng.uniform(0, math.pi),
                                                    rng.uniform(4, 9)) for _ in range(80)], PIP_RADIUS_PX) if face]
    layouts = [tuple(sorted(places)) for _, places in LAYOUT_SETS]
    faces += [replace(face, pip_places=layout) for face, layout in zip(faces, layouts * 20)]
    hits = 0
    for face in faces:
        near = face.centre + rng.normal(0, face.spread_px, (int(rng.integers(1, 12)), 2))
        for points in (near, rng.uniform(20, 140, (int(rng.integers(1, 15)), 2)), face.centre[None, :]):
            assert pips_found(face, points) == pips_found_place_by_place(face, points)
            hits += len(pips_found(face, points))
    assert hits > 150


def test_a_spot_said_to_fill_its_box_fills_its_least_area_rectangle():
    rng = np.random.default_rng(13)
    told = 0
    for _ in range(3000):
        mask = np.zeros((30, 30), np.uint8)
        size = (int(rng.integers(0, 9)), int(rng.integers(0, 9)))
        cv2.ellipse(mask, (15, 15), size, float(rng.uniform(0, 180)), 0, 360, 1, -1)
        mask[rng.random(mask.shape) < rng.uniform(0, 0.3)] = 0
        ys, xs = np.nonzero(mask)
        if len(xs) < 2:
            continue
        width, height = int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1)
        (_, _), (a, b), _ = cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))
        for least in (SETTINGS.spot_fill_least, 0.7):
            if _fills_its_box(len(xs), width, height, least):
                told += 1
                assert len(xs) / max(a * b, 1.0) >= least
    assert told > 1000


def test_the_tables_look_off_the_print_is_the_whole_median_enlarged():
    rng = np.random.default_rng(15)
    for height, width, margin in ((888, 888, 60), (700, 900, 61), (400, 433, 37), (90, 90, 30)):
        seen = cv2.GaussianBlur(rng.uniform(0, 255, (height, width, 3)).astype(np.float32), (0, 0), 3)
        small = np.clip(cv2.resize(seen, (width // 4, height // 4), interpolation=cv2.INTER_AREA), 0, 255).astype(np.uint8)
        whole = cv2.resize(cv2.medianBlur(small, 31), (width, height), interpolation=cv2.INTER_LINEAR)
        look = _table_look(seen, 2.0, margin)
        for strip in _border(seen, margin):
            assert np.array_equal(look[strip], whole[strip])
        for reach in ((3, 5), (17, 17)):
            near = _median_near_edges(small, 31, reach)
            edges = np.ones(small.shape[:2], bool)
            edges[reach[1]:small.shape[0] - reach[1], reach[0]:small.shape[1] - reach[0]] = False
            assert np.array_equal(near[edges], cv2.medianBlur(small, 31)[edges])


def test_ring_means_are_numpys_mean_to_the_bit():
    rng = np.random.default_rng(16)
    for size in (1, 7, 2000, 30000):
        samples = (rng.uniform(0, 255, (size, 9, 3)) * rng.uniform(0.3, 3)).astype(np.float32)
        assert np.array_equal(_ring_means(samples), samples.mean(axis=1))
        assert _ring_means(samples).dtype == np.float32


def test_spots_points_gathered_at_once_are_each_boxs_own_in_raster_order():
    rng = np.random.default_rng(17)
    masks = [(rng.random((int(rng.integers(1, 90)), int(rng.integers(1, 90)))) < rng.uniform(0.05, 0.6)).astype(np.uint8)
             for _ in range(40)]
    lone_pixels = np.zeros((600, 600), np.uint8)
    lone_pixels[::2, ::2] = 1              # 90000 parts: past what 16 bits can label
    for mask in masks + [lone_pixels]:
        count, labels, stats, _ = parts_with_stats(mask)
        wanted = list(range(1, count, 3))
        for label, points in zip(wanted, _spot_points(labels, stats, wanted, mask)):
            x, y, w, h, _ = stats[label]
            ys, xs = np.nonzero(labels[y:y + h, x:x + w] == label)
            expected = np.column_stack([xs, ys]).astype(np.float32)
            assert points.dtype == np.float32 and np.array_equal(points, expected)
    assert count > 1 << 16


def test_disc_means_sampled_by_one_two_channel_map_are_those_of_an_x_and_a_y_map():
    rng = np.random.default_rng(18)
    for _ in range(12):
        picture = _picture(int(rng.integers(0, 1000)))
        points = rng.uniform(-8, 168, (int(rng.integers(1, 400)), 2))      # some off the picture
        radius = float(rng.uniform(0.5, 4.0))
        maps = (points[:, None, :] + np.array([(0.0, 0.0)] + [(math.cos(t), math.sin(t)) for t in
                                              np.linspace(0, 2 * math.pi, 8, endpoint=False)]) * radius).astype(np.float32)
        plain = cv2.remap(picture, maps[:, :, 0], maps[:, :, 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        assert np.array_equal(_disc_means(picture, points, radius), plain.mean(axis=1))


def test_order_statistics_near_the_ends_are_np_partitions_to_the_bit():
    rng = np.random.default_rng(19)
    arrays = [rng.normal(0, 30, size).astype(np.float32) for size in (1, 5, 4095, 4096, 70001)]
    arrays += [np.round(rng.normal(0, 3, 50000)).astype(np.float32), np.zeros(9000, np.float32),
               np.sort(rng.uniform(-9, 9, 20000)).astype(np.float32), -np.sort(rng.uniform(-9, 9, 20000)),
               rng.uniform(-9, 9, 64000)]
    for first in (0, 1):               # the sample of every 16th value sees only the extremes, or never
        peaks = rng.normal(0, 30, 64000).astype(np.float32)
        peaks[first::16] += 500
        arrays.append(peaks)
    for flat in arrays:
        count = flat.size
        for ranks in ({0}, {count - 1}, {0, 1, count - 2, count - 1}, set(rng.integers(0, count, 4).tolist()),
                      {int(0.995 * (count - 1)), min(int(0.995 * (count - 1)) + 1, count - 1),
                       count - 1 - int(0.995 * (count - 1)), max(count - 2 - int(0.995 * (count - 1)), 0)}):
            ranks = {rank for rank in ranks if 0 <= rank < count}
            whole = np.partition(flat, sorted(ranks))
            found = _order_statistics(flat, ranks)
            assert sorted(found) == sorted(ranks)
            assert all(found[rank] == whole[rank] and type(found[rank]) is type(whole[rank]) for rank in ranks)


def test_a_table_view_made_in_kept_work_memory_is_the_same_after_another_photo_and_shares_none_of_it():
    from dataclasses import fields

    from companion.games.black_cannon.board import default_board
    from companion.games.black_cannon.camera.board_view import locate_board
    from companion.games.black_cannon.camera.foreground import table_view
    from companion.games.black_cannon.render import RenderOptions, random_position, render_position
    from companion.vision.markers import detect_markers

    looks = []
    for seed in (5, 6, 5):
        rendered = render_position(random_position(seed), seed, RenderOptions(jpeg_quality=90))
        image = cv2.imdecode(np.frombuffer(rendered.jpeg, np.uint8), cv2.IMREAD_COLOR)
        view = locate_board(detect_markers(image), (image.shape[1], image.shape[0]), 12, 12)
        looks.append(table_view(view, image, default_board(), SETTINGS))
    first, other, again = looks
    arrays = [field.name for field in fields(first) if isinstance(getattr(first, field.name), np.ndarray)]
    assert {"picture", "mask", "tinted", "speckles", "gain"} <= set(arrays)
    for name in arrays:
        assert np.array_equal(getattr(first, name), getattr(again, name))
        assert not np.shares_memory(getattr(first, name), getattr(other, name))
    assert not np.array_equal(first.mask, other.mask)
