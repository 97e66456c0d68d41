"""A standing piece as a solid fitted to its silhouette on the table plane: the silhouette a camera sees
of a known solid is fitted back to about its width and height, and two solids of other sizes fit it worse."""

import numpy as np
import pytest

from companion.vision.plane_camera import camera_from_plane
from companion.vision.piece_solids import (Solid, SolidSettings, Window, best_overlap, drawn, fit_solid, overlap, silhouette,
                                          window_points)

SIZE = (1280, 720)


def plane_camera(tilt_deg: float):
    """A camera 600 mm over the table's origin, tilted about x, seen through its plane homography."""
    tilt = np.radians(tilt_deg)
    rotation = np.array([[1, 0, 0], [0, np.cos(tilt), -np.sin(tilt)], [0, np.sin(tilt), np.cos(tilt)]])
    matrix = np.array([[1000.0, 0, (SIZE[0] - 1) / 2], [0, 1000.0, (SIZE[1] - 1) / 2], [0, 0, 1]])
    translation = np.array([0.0, 0.0, 600.0])
    return camera_from_plane(matrix @ np.column_stack([rotation[:, 0], rotation[:, 1], translation]), SIZE)


def seen(solid: Solid, centre, camera, settings=SolidSettings()) -> Window:
    """The window round `centre` showing exactly the solid's silhouette."""
    origin, points = window_points(centre, camera, settings)
    blank = Window(origin, settings.mm_per_px, np.zeros(points.shape[:2], np.float32), np.ones(points.shape[:2], np.float32))
    shares = drawn(silhouette(solid, centre, camera), blank)
    return Window(origin, settings.mm_per_px, shares, blank.known)


def test_a_tall_piece_casts_a_longer_silhouette_away_from_the_camera():
    camera = plane_camera(35.0)
    low, tall = (silhouette(Solid("square", 15.0, height), (0.0, 120.0), camera) for height in (5.0, 30.0))
    assert np.ptp(tall[:, 1]) > np.ptp(low[:, 1]) + 5          # it reaches further along the lean
    assert np.ptp(tall[:, 0]) == pytest.approx(np.ptp(low[:, 0]), abs=1.5)   # and is about as wide


@pytest.mark.slow   # 4 s: two fits of 72 trial solids each
@pytest.mark.parametrize("tilt, solid", [(35.0, Solid("square", 14.0, 22.0)), (25.0, Solid("round", 19.0, 9.0))])
def test_a_silhouette_is_fitted_back_to_its_width_and_height(tilt, solid):
    camera = plane_camera(tilt)
    centre = np.array([30.0, 150.0])
    found, overlap = fit_solid(centre + [0.6, -0.4], camera, seen(solid, centre, camera))
    assert overlap > 0.9
    assert found.width_mm == pytest.approx(solid.width_mm, abs=1.5)
    assert found.height_mm == pytest.approx(solid.height_mm, abs=4.0)


def test_the_right_kind_fits_best_where_sizes_differ():
    camera = plane_camera(30.0)
    centre = np.array([-20.0, 140.0])
    kinds = {"F": Solid("square", 15.0, 15.0), "C": Solid("round", 12.0, 5.0), "B": Solid("round", 20.0, 28.0)}
    for name, solid in kinds.items():
        window = seen(solid, centre, camera)
        fits = {other: best_overlap(candidate, centre, camera, window)[0] for other, candidate in kinds.items()}
        assert max(fits, key=fits.get) == name and fits[name] > 0.9, fits


def test_a_solid_in_a_file_is_checked():
    assert Solid.from_json({"shape": "round", "width_mm": 12, "height_mm": 30}) == Solid("round", 12.0, 30.0)
    with pytest.raises(ValueError, match="shape 'star'"):
        Solid.from_json({"shape": "star", "width_mm": 12, "height_mm": 30})
    with pytest.raises(ValueError, match="needs shape, width_mm and height_mm"):
        Solid.from_json({"shape": "round"})


def test_whole_pixel_overlap_counts_what_the_float_sums_round():
    """A window whose pixels are each shown or not and counted or not (the reader's) gives the same overlap counted in
    whole drawing levels as summed in float32, to float32's rounding; a soft window is summed as before."""
    camera = plane_camera(30.0)
    centre = np.array([10.0, 130.0])
    shown = seen(Solid("square", 14.0, 18.0), centre, camera)
    shares = (shown.shares > 0.5).astype(np.float32)
    known = np.ones_like(shares)
    known[:, : shares.shape[1] // 3] = 0                     # a piece in front hides a third of the window
    whole = Window(shown.origin_mm, shown.mm_per_px, shares, known)
    assert whole.whole is not None and shown.whole is None    # the drawn silhouette's edge is soft
    for trial in (Solid("square", 14.0, 18.0), Solid("round", 10.0, 4.0), Solid("round", 22.0, 30.0, 0.3)):
        for place in (centre, centre + [1.0, -1.0]):
            exact = overlap(trial, place, camera, whole, whole_pixels=True)
            assert exact == pytest.approx(overlap(trial, place, camera, whole), abs=1e-6)
            assert overlap(trial, place, camera, shown, whole_pixels=True) == overlap(trial, place, camera, shown)
    assert overlap(Solid("square", 14.0, 18.0), centre, camera, whole, whole_pixels=True) > 0.9
