"""A die's body round its top, seen straight down at a die's height: a flat die's sides lie between its top and
the camera; a cocked die's rising side shows beside its top or beyond its far edge, and it is doubted."""

import numpy as np
import pytest

from companion.games.black_cannon.camera.die_face import SPREAD_SHARE, FaceRead
from companion.games.black_cannon.camera.die_sides import body_extent, body_measured, sides_show_lean
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
    assert extent is not None and not extent.cut_off and body_measured(extent, face.pips, SETTINGS)
    assert sides_show_lean(extent, face.pips, SETTINGS) == cocked


def test_a_body_run_on_into_a_surround_of_its_colour_says_nothing():
    # A red die on red print: its colour runs to the crop's edge, so its extent tells nothing of a lean.
    picture, face = _die_top_view("beside")
    picture[:, :50] = (40, 40, 200)
    extent = body_extent(picture, face, AWAY, SETTINGS)
    assert extent.cut_off and not sides_show_lean(extent, face.pips, SETTINGS)
    assert not body_measured(extent, face.pips, SETTINGS)   # and the reader knows it was not measured


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


def _cornered_body(width_spreads: float, shift: float, reach: float):
    """The body round a top of four pips or more: `width_spreads` pip spreads across the camera's line, its middle
    `shift` of that width off the top's, reaching `reach` of it away from the camera."""
    from companion.games.black_cannon.camera.die_sides import BodyExtent

    spread = 10.0
    width = width_spreads * spread
    middle = shift * width / 2     # (shift_across: the ends' sum over the width)
    return BodyExtent((middle - width / 2, middle + width / 2), reach * width, False, spread)


@pytest.mark.parametrize("width_spreads, shift, reach, cocked", [
    (3.77, 0.165, 0.41, False),   # 4186's flat red 5, seen from low down: the most a flat top's body shifted
    (4.10, 0.035, 0.56, False),   # 4179's flat red 4: the farthest a flat top's body reached
    (5.57, 0.345, 0.41, True),    # 4298's blue 5 forced to lean: its rising side beside its top
    (4.47, 0.077, 0.72, True),    # 4222's blue 6 forced to lean: its side beyond its far edge
    (6.39, 0.292, 0.61, False),   # 4163's flat ivory 5: its colour run on into the pale print, too wide to tell
])
def test_a_face_of_four_pips_or_more_is_doubted_by_its_sides_on_bars_of_its_own(width_spreads, shift, reach, cocked):
    # Tuning seeds 4150-4349 (plain and the first die forced to lean): faces with a pip in each corner, whose grid
    # seen from above a slant hides a lean of 15-35 degrees, both readers sure of them.
    assert sides_show_lean(_cornered_body(width_spreads, shift, reach), 5, SETTINGS) == cocked


@pytest.mark.slow
@pytest.mark.parametrize("seed, up", [(4289, 4), (4333, 4)])
def test_a_cocked_die_showing_four_pips_is_asked_about_by_its_sides(seed, up):
    # Tuning seeds, the first die forced to lean: both readers sure of the 4 (the face reader at 0.98), its grid of
    # pips not squashed past the bar; 4289's body shifts across the camera's line, 4333's reaches beyond its top.
    from companion.games.black_cannon.camera.reader import read_table
    from tests.games.black_cannon.camera.test_black_cannon_dice import _read_near, _tuning_view

    image, truth = _tuning_view(seed, lean=True)
    cocked = truth["dice"][0]
    assert (cocked["pips"], cocked["readable"]) == (up, False)
    reading = read_table(image)
    near = _read_near(reading, cocked)
    assert near.confidence < SETTINGS.confident and "beside its top" in near.reason
    assert reading.dice_values() is None


def test_a_thin_strip_of_the_dies_colour_joined_to_its_side_does_not_show_a_side():
    # Fresh tuning seed 6246 (bc-dice26): a flat blue 1 lying against the board's red line, its body run on along the
    # line, read as shifted across and asked. A strip narrower than `body_bridge_mm` is no die's side.
    picture, face = _die_top_view("towards the camera")
    picture[66:69, 90:125] = (40, 40, 200)          # 0.75 mm wide, the die's red, running on from its right edge
    extent = body_extent(picture, face, AWAY, SETTINGS)
    assert body_measured(extent, face.pips, SETTINGS) and not sides_show_lean(extent, face.pips, SETTINGS)
    # A side's band as wide as a die's side shows still does.
    picture, face = _die_top_view("beside")
    picture[66:69, 106:125] = (34, 34, 170)
    assert sides_show_lean(body_extent(picture, face, AWAY, SETTINGS), face.pips, SETTINGS)


@pytest.mark.slow
@pytest.mark.parametrize("seed, style", [(6246, "blue-square"), (6326, "ivory"), (6339, "ivory")])
def test_a_flat_one_whose_colour_runs_on_along_a_line_a_rim_or_a_shadow_is_read_sure(seed, style):
    # Fresh tuning seeds 6150-6349: each flat 1 asked on main for "a side beside its top", its body run on thinly
    # into the board's red line (6246), its shadow's fringe (6326) or a chest square's rim (6339); both readers sure.
    from tests.games.black_cannon.camera.test_black_cannon_dice import _flat_die_read

    seen = _flat_die_read(seed, 1, 1, style)
    assert seen.pips == 1 and seen.confidence >= SETTINGS.confident, seen.reason


def _dull_green_top_beside(band_bgr: tuple[int, int, int]) -> tuple[np.ndarray, FaceRead]:
    """A dull green die's top of two pips (Lab chroma 16) on a grey table, a band of `band_bgr` beside it."""
    picture, face = _die_top_view("beside")
    top = slice(50, 50 + TOP_PX)
    red = np.all(picture == (40, 40, 200), axis=-1)
    picture[red] = (70, 95, 80)
    picture[top, slice(90, 106)] = band_bgr
    return picture, face


@pytest.mark.parametrize("band_bgr, cocked", [((60, 82, 68), True),     # the top's paint shaded: a side
                                              ((75, 85, 80), False)])   # a grey shadow or paper within its hue reach
def test_a_grey_band_beside_a_coloured_top_is_no_side(band_bgr, cocked):
    # Fresh tuning seeds 7350-7549 (bc-dice32): flat green-gold and blue 2s asked for a side, their bodies run on
    # into a shadow or the paper, grey against their tops' chroma but within `die_side_hue` of it.
    picture, face = _dull_green_top_beside(band_bgr)
    extent = body_extent(picture, face, AWAY, SETTINGS)
    assert body_measured(extent, face.pips, SETTINGS)
    assert sides_show_lean(extent, face.pips, SETTINGS) == cocked


@pytest.mark.slow
def test_a_flat_green_gold_two_whose_body_runs_on_into_the_paper_is_read_sure():
    # Fresh tuning seed 7531: a flat green-gold 2 seen 70 degrees up; main's body ran on into the cream paper beside
    # it (chroma 13.6 against the top's 27, within its hue reach), 0.17 across, and it was asked for a side.
    from tests.games.black_cannon.camera.test_black_cannon_dice import _flat_die_read

    seen = _flat_die_read(7531, 0, 2, "green-gold")
    assert seen.pips == 2 and seen.confidence >= SETTINGS.confident, seen.reason


def _body_round_a_face(width_mm: float, spread_mm: float, cut_off: bool = False):
    """The whole body round a face of pip spread `spread_mm`, `width_mm` across the camera's line, centred on it."""
    from companion.games.black_cannon.camera.die_sides import BodyExtent

    width, spread = width_mm * SETTINGS.dice_px_per_mm, spread_mm * SETTINGS.dice_px_per_mm
    return BodyExtent((-width / 2, width / 2), 0.4 * width, cut_off, spread)


@pytest.mark.parametrize("width_mm, spread_mm, cut_off, small", [
    (28.3, 4.0, False, True),    # 6511's cocked red 1, its tilted side read as a 2 of 14.7 mm: 7.1 spreads
    (22.6, 4.3, False, False),   # 6397's flat blue 2: 5.2 spreads, as wide as most flat 2s and 3s reach
    (26.3, 4.24, False, False),  # 6423's flat ivory 2 seen from low down: 6.2 spreads, the widest flat one
    (60.0, 4.0, False, False),   # the die's colour run on into the print round it: no die's body
    (28.3, 4.0, True, False),    # cut off by the crop: not found whole
])
def test_a_face_of_two_or_three_pips_far_smaller_than_its_dies_body_is_doubted(width_mm, spread_mm, cut_off, small):
    # Fresh tuning seeds 6350-6549, plain and the first die forced to lean (bc-dice27).
    from companion.games.black_cannon.camera.die_sides import face_small_for_body

    assert face_small_for_body(_body_round_a_face(width_mm, spread_mm, cut_off), 2, SETTINGS) == small


@pytest.mark.slow
def test_a_cocked_red_one_whose_side_reads_as_a_small_two_is_asked_about():
    # Fresh tuning seed 6511, the first die forced to lean 33 degrees: its tilted side read sure as a 2 by the pip
    # counter (margin 0.81; the face reader unsure, 0.50), a face of 14.7 mm on a red die of 19.
    from companion.games.black_cannon.camera.reader import read_table
    from tests.games.black_cannon.camera.test_black_cannon_dice import _read_near, _tuning_view

    image, truth = _tuning_view(6511, lean=True)
    cocked = truth["dice"][0]
    assert (cocked["pips"], cocked["readable"]) == (1, False)
    reading = read_table(image)
    near = _read_near(reading, cocked)
    assert near.confidence < SETTINGS.confident and "small for its die's body" in near.reason
    assert reading.dice_values() is None
