"""A die's body round its top, seen straight down at a die's height: a flat die's sides lie between its top and
the camera; a cocked die's rising side shows beside its top or beyond its far edge, and it is doubted."""

import numpy as np
import pytest

from companion.games.black_cannon.camera.die_face import SPREAD_SHARE, FaceRead
from companion.games.black_cannon.camera.die_sides import body_extent, sides_show_lean
from companion.games.black_cannon.camera.settings import SETTINGS

TOP_PX = 40
AWAY = np.array([0.0, -1.0])      # the camera lies below the picture: away from it is up


def _die_top_view(side_band: str) -> tuple[np.ndarray, FaceRead]:
    """A red die's top of two pips on a grey table, with one of its sides, shaded darker, showing at `side_band`."""
    picture = np.full((140, 140, 3), (150, 150, 150), np.uint8)
    top = slice(50, 50 + TOP_PX)
    picture[top, top] = (40, 40, 200)
    band = {"towards the camera": (slice(90, 110), top), "beside": (top, slice(90, 106)),
            "beyond": (slice(34, 50), top)}[side_band]
    picture[band] = (34, 34, 170)
    spread = SPREAD_SHARE * TOP_PX
    middle = np.array([69.5, 69.5])
    for corner in (-1, 1):
        x, y = (middle + corner * spread).astype(int)
        picture[y - 2:y + 3, x - 2:x + 3] = (240, 240, 240)
    return picture, FaceRead(2, 1.0, 0.0, 0.0, middle, 0.0, spread, (0, 8))


@pytest.mark.parametrize("side_band, cocked", [("towards the camera", False),   # a flat die, seen slanting
                                               ("beside", True),                # leaning across the camera's line
                                               ("beyond", True)])               # leaning towards the camera
def test_a_side_showing_beside_or_beyond_the_top_tells_a_cocked_die(side_band, cocked):
    picture, face = _die_top_view(side_band)
    extent = body_extent(picture, face, AWAY, SETTINGS)
    assert extent is not None and not extent.cut_off
    assert sides_show_lean(extent, face.pips, SETTINGS) == cocked


def test_a_body_run_on_into_a_surround_of_its_colour_says_nothing():
    # A red die on red print: its colour runs to the crop's edge, so its extent tells nothing of a lean.
    picture, face = _die_top_view("beside")
    picture[:, :50] = (40, 40, 200)
    extent = body_extent(picture, face, AWAY, SETTINGS)
    assert extent.cut_off and not sides_show_lean(extent, face.pips, SETTINGS)


def _lone_pip_body(width_mm: float):
    """A lone pip's body, as wide as `width_mm` across the camera's line, off the top's middle one way."""
    from companion.games.black_cannon.camera.die_sides import BodyExtent

    width = width_mm * SETTINGS.dice_px_per_mm
    return BodyExtent((-0.7 * width, 0.3 * width), 0.3 * width, False, 10.0)


@pytest.mark.parametrize("width_mm, cocked", [(24.0, True),    # a die's span, shifted across: its side shows
                                              (41.0, False),   # the colour run on into the print round it
                                              (7.0, False)])   # the body barely found
def test_a_lone_pips_body_tells_a_lean_only_when_it_spans_a_die(width_mm, cocked):
    # Tuning seeds 2131 (a flat ivory 1 on tan squares, its body 41 mm wide) and 2118 (a flat red 1, 7 mm).
    assert sides_show_lean(_lone_pip_body(width_mm), 1, SETTINGS) == cocked
