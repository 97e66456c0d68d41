"""The twenty-sixth cut's speed-ups (issue 17) give the same figures as the work they replace: grids under the face
margin dropped after their pip places are weighed (the others read as before), the spots' own radii measured only
when asked for, pairs too far apart for any die left out before they are weighed, the median and percentiles of a
few values from one sort, and the board view's planes worked out once; and a rendered photo still reads its dice."""

import math

import cv2
import numpy as np
import pytest

from companion.games.black_cannon.board import default_board
from companion.games.black_cannon.camera.board_view import locate_board
from companion.games.black_cannon.camera.die_face import _pairs_within, proposals, read_grids
from companion.games.black_cannon.camera.pip_spots import OwnRadii, find_spots, half_height_radii, local_contrast
from companion.games.black_cannon.camera.quick_stats import median, median_and_percentiles
from companion.games.black_cannon.camera.reader import read_table
from companion.games.black_cannon.camera.settings import SETTINGS
from companion.games.black_cannon.render import RenderOptions, compose_scene, random_position
from companion.games.black_cannon.render.draw import render_frame
from companion.vision.markers import detect_markers

from tests.games.black_cannon.camera.test_black_cannon_batched_reads import PIP_RADIUS_PX, _picture, _same

PPM = SETTINGS.dice_px_per_mm


def test_grids_under_the_least_margin_are_none_and_the_others_read_as_without_it():
    picture = _picture(7)
    rng = np.random.default_rng(8)
    grids = [(rng.uniform(20, 140, 2), rng.uniform(0, math.pi), rng.uniform(4, 9)) for _ in range(200)]
    radii = rng.uniform(4, 8, len(grids))
    for radius in (PIP_RADIUS_PX, radii):
        whole = read_grids(picture, grids, radius)
        least = float(np.median([face.margin for face in whole if face is not None]))
        kept = read_grids(picture, grids, radius, least)
        low = [face is not None and face.margin < least for face in whole]
        assert 10 < sum(low) < sum(face is not None for face in whole) - 10
        assert all(face is None if under else _same(face, full) for face, full, under in zip(kept, whole, low))


def _spots(seed: int):
    grey = cv2.cvtColor(_picture(seed).astype(np.uint8), cv2.COLOR_BGR2GRAY)
    local = local_contrast(grey, PPM, SETTINGS)
    spots = find_spots(cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR), grey, PPM, (0.0, 0.0), SETTINGS, local)
    points = np.array([spot.centre for spot in spots]) * PPM
    radii = np.sqrt(np.array([spot.area_mm2 for spot in spots]) / math.pi) * PPM
    return local, points, radii


@pytest.mark.parametrize("seed", [3, 9])
def test_own_radii_asked_for_in_any_order_are_half_height_radii_and_propose_the_same_faces(seed):
    local, points, radii = _spots(seed)
    whole = half_height_radii(-local, points, radii, SETTINGS)
    own = OwnRadii(local, points, radii, SETTINGS, negated=True)
    order = np.random.default_rng(seed).permutation(len(points))
    assert np.array_equal(own[order], whole[order]) and np.array_equal(own[order[:3]], whole[order[:3]])
    faces = proposals(points, radii, PPM, SETTINGS, OwnRadii(local, points, radii, SETTINGS, negated=True))
    expected = proposals(points, radii, PPM, SETTINGS, whole)
    assert len(faces) == len(expected) and all(
        np.array_equal(a[0], b[0]) and a[1:] == b[1:] for a, b in zip(faces, expected))


def test_pairs_within_reach_are_those_of_the_loop_that_may_fall_within_it_in_its_order():
    points = np.random.default_rng(2).uniform(0, 200, (40, 2))
    nearest, farthest = 20.0, 60.0
    looped = [(a, b) for a in range(len(points)) for b in range(a + 1, len(points))
              if nearest <= float(np.hypot(*(points[b] - points[a]))) <= farthest]
    kept = _pairs_within(points, nearest, farthest)
    assert set(looped) <= set(kept) and kept == sorted(kept) and len(kept) < len(points) ** 2 / 4
    assert _pairs_within(points[:1], nearest, farthest) == []


def test_the_median_and_percentiles_of_a_few_values_are_numpys_to_the_bit():
    rng = np.random.default_rng(5)
    for count in range(1, 60):
        for values in (rng.random(count) * 9, (rng.random(count) * 255).astype(np.float32),
                       list(rng.integers(0, 255, count).astype(float)), rng.integers(0, 3, count).astype(np.float32)):
            found = median(values)
            assert found == np.median(values) and type(found) is type(np.median(values))
        patch = rng.integers(0, 256, (count, 7)).astype(np.float32)
        body, (low, high) = median_and_percentiles(patch, (1, 99))
        assert (body, low, high) == (float(np.median(patch)), *np.percentile(patch, (1, 99)))


def _photo(seed: int):
    scene = compose_scene(random_position(seed), seed, RenderOptions(size=(1280, 720), jpeg_quality=90), False, None)
    return scene, cv2.imdecode(np.frombuffer(render_frame(scene).jpeg, np.uint8), cv2.IMREAD_COLOR)


def test_a_rendered_photo_reads_its_dice_and_its_board_planes_are_worked_out_once():
    scene, image = _photo(2801)   # a 1 and a 3: a lone pip's grids, pairs and their own radii
    reading = read_table(image)
    assert sorted(reading.dice_values() or ()) == sorted(die.up for die in scene.dice)
    board = default_board()
    view = locate_board(detect_markers(image), (1280, 720), board.columns, board.rows)
    first = view.raised(8.0)
    assert view.raised(8.0) is first and not first.flags.writeable
    assert np.array_equal(view.to_board([[640.0, 360.0]], 8.0),
                          cv2.perspectiveTransform(np.float64([[[640.0, 360.0]]]), np.linalg.inv(first)).reshape(-1, 2))
