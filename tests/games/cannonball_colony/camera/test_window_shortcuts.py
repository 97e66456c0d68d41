"""The taught reader's piece windows were made faster without changing any reading (issue 15, the single-photo
budget): each shortcut must give, to the bit, what the slower way gave. These scenarios pin the equivalences the
shortcuts rely on, on random windows, solids and colours."""

from __future__ import annotations

import numpy as np
import pytest

from companion.games.cannonball_colony.camera.print_difference import _length, _segment_gap
from companion.vision.paper_white import SRGB_TO_LINEAR, to_linear
from companion.vision.piece_shading import LUMA_BGR, shading, shading_of
from companion.vision.piece_solids import (Solid, SolidSettings, Window, _offsets, best_overlap, overlap, silhouette,
                                          window_points)
from tests.vision.test_piece_solids import plane_camera, seen


def one_place_at_a_time(solid, centre, camera, window, whole_pixels):
    """best_overlap as first written: each place's silhouette worked out and drawn alone."""
    best = (-1.0, np.asarray(centre, np.float64))
    for offset in _offsets(SolidSettings()):
        place = np.asarray(centre, np.float64) + offset
        score = overlap(solid, place, camera, window, whole_pixels)
        if score > best[0]:
            best = (score, place)
    return best


@pytest.mark.parametrize("tilt", [5.0, 30.0, 50.0])
def test_every_trial_place_scores_as_when_drawn_alone(tilt):
    camera = plane_camera(tilt)
    rng = np.random.default_rng(int(tilt))
    centre = np.array([8.0, 110.0])
    soft = seen(Solid("round", 15.0, 20.0), centre, camera)
    hidden = np.ones_like(soft.known)
    hidden[: hidden.shape[0] // 4] = 0                          # a piece in front hides a quarter of the window
    whole = Window(soft.origin_mm, soft.mm_per_px, (soft.shares > 0.5).astype(np.float32), hidden)
    for _ in range(12):
        trial = Solid(str(rng.choice(["square", "round"])), float(rng.uniform(6, 26)), float(rng.uniform(1, 50)),
                      float(rng.choice([1.0, 0.3])))
        place = centre + rng.normal(0, 3, 2)
        for window, whole_pixels in ((whole, True), (soft, False)):
            fast = best_overlap(trial, place, camera, window, whole_pixels=whole_pixels)
            slow = one_place_at_a_time(trial, place, camera, window, whole_pixels)
            assert fast[0] == slow[0] and np.array_equal(fast[1], slow[1])


def test_a_window_drawn_far_off_its_silhouette_scores_nothing():
    camera = plane_camera(30.0)
    window = seen(Solid("square", 14.0, 18.0), (0.0, 120.0), camera)
    whole = Window(window.origin_mm, window.mm_per_px, (window.shares > 0.5).astype(np.float32), window.known)
    assert best_overlap(Solid("square", 14.0, 18.0), (400.0, 120.0), camera, whole, whole_pixels=True)[0] == 0.0
    assert silhouette(Solid("square", 14.0, 18.0), (0.0, 120.0), camera).shape[1] == 2


def test_srgb_made_linear_by_lut_is_the_table_indexed():
    rng = np.random.default_rng(3)
    picture = rng.integers(0, 256, (90, 130, 3), dtype=np.uint8)
    for image in (picture, picture[7:61, 11:97], picture.reshape(-1, 3)[::7], picture[..., 1], picture[:0]):
        linear = to_linear(image)
        assert linear.dtype == np.float32 and np.array_equal(linear, SRGB_TO_LINEAR[image])


def test_the_shading_of_the_paints_lightness_is_that_of_its_colours():
    """piece_fit takes each paint pixel's log lightness once, for the shading and the faces: the same values as the
    shading's own and as the whole window's at those pixels."""
    rng = np.random.default_rng(5)
    for _ in range(20):
        colours = (rng.random((rng.integers(40, 150), rng.integers(40, 150), 3)) ** 2.2).astype(np.float32)
        shown = rng.random(colours.shape[:2]) < rng.uniform(0.0, 0.6)
        lit = np.log(np.maximum(colours[shown] @ LUMA_BGR, 1e-4))
        everywhere = np.log(np.maximum(colours @ LUMA_BGR, 1e-4))
        assert np.array_equal(lit, everywhere[shown])
        ours, theirs = shading_of(lit), shading(colours, shown)
        assert (ours is None and theirs is None) or np.array_equal(ours, theirs)


def test_off_the_grid_the_gap_to_the_segment_is_the_gap_to_the_grey():
    """not_print leaves the segment gap out off the grid: there the print is the line's grey, the segment a point."""
    rng = np.random.default_rng(11)
    chroma = rng.dirichlet(np.ones(3), 2000).astype(np.float32)
    own = np.full((2000, 3), 1 / 3)
    assert np.array_equal(_segment_gap(chroma, own, 1 / 3), _length(chroma - own))


def test_the_look_judges_base_share_is_numpys_mean():
    rng = np.random.default_rng(2)
    for values in [np.repeat([0, 1], [k, 49 - k]).astype(np.float32) for k in range(50)] + [rng.random(49, np.float32)]:
        total = values.sum()
        assert total.dtype.type(total / np.intp(values.size)) == values.mean()


def test_a_windows_own_patches_are_those_touching_its_middle():
    camera = plane_camera(20.0)
    origin, points = window_points((0.0, 100.0), camera)
    shares = np.zeros(points.shape[:2], np.float32)
    shares[2:12, 2:12] = 1            # a patch far from the middle
    middle = np.round((np.array([0.0, 100.0]) - origin) / SolidSettings().mm_per_px).astype(int)
    shares[middle[1] - 5:middle[1] + 5, middle[0] - 5:middle[0] + 5] = 1
    own = Window(origin, SolidSettings().mm_per_px, shares, np.ones_like(shares)).own_piece((0.0, 100.0), 5.0)
    assert own.shares[6, 6] == 0 and own.shares[middle[1], middle[0]] == 1
    assert own.shares.sum() == 100
