"""A piece's top face against its sides, where a kind's solid says they show: a tall cube lit from above is
measured as lit as it is with its own solid, and a short wide kind's solid, whose top face takes in the cube's
sides, measures something else."""

import numpy as np
import pytest

from companion.vision.piece_faces import FaceSettings, contrast_gap, face_contrast
from companion.vision.piece_solids import Solid, SolidSettings, Window, cast, drawn, silhouette, window_points
from tests.vision.test_piece_solids import plane_camera

CENTRE = np.array([10.0, 150.0])


def lit_piece(solid: Solid, camera, top_light: float, side_light: float, centre=CENTRE):
    """(window showing the solid's silhouette, log lightness: its top face at `top_light`, its sides at `side_light`)."""
    settings = SolidSettings()
    origin, points = window_points(centre, camera, settings)
    blank = Window(origin, settings.mm_per_px, np.zeros(points.shape[:2], np.float32), np.ones(points.shape[:2], np.float32))
    whole = drawn(silhouette(solid, centre, camera), blank)
    top = drawn(cast(centre + solid.footprint(solid.top), solid.height_mm, camera), blank) > 0.5
    lightness = np.where(top, top_light, side_light).astype(np.float32)
    return Window(origin, settings.mm_per_px, whole, blank.known), lightness


def test_a_tall_cube_lit_from_above_measures_its_own_contrast_with_its_own_solid_only():
    camera = plane_camera(35.0)
    cube = Solid("square", 15.0, 25.0)
    window, lightness = lit_piece(cube, camera, top_light=0.0, side_light=-0.8)
    shown = window.shares > 0.5
    own = face_contrast(lightness, shown, cube, CENTRE, camera, window)
    disc = face_contrast(lightness, shown, Solid("round", 16.0, 3.0), CENTRE, camera, window)
    assert own == pytest.approx(0.8, abs=0.05)
    assert disc is None or abs(disc - 0.8) > 0.3
    assert contrast_gap(own, [0.75, 0.8, 0.9]) < 0.1


def test_a_piece_straight_under_the_camera_shows_no_sides_and_has_no_contrast():
    camera = plane_camera(0.0)
    cube, under = Solid("square", 15.0, 25.0), np.zeros(2)
    window, lightness = lit_piece(cube, camera, top_light=0.0, side_light=-0.8, centre=under)
    contrast = face_contrast(lightness, window.shares > 0.5, cube, under, camera, window, FaceSettings(least_pixels=40))
    assert contrast is None
    assert contrast_gap(contrast, [0.8]) is None and contrast_gap(0.5, []) is None
