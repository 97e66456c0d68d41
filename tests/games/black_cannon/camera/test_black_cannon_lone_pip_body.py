"""A lone pip must lie on a die's body, not on the board's print: the board's border row number 4, blurred in a
photo into a round dark spot, reads as a face of one pip as well as a die's 1 does; the paper round it runs on,
so it is asked about as a printed mark, while a die lying on the same paper is read sure."""

import math
import re

import cv2
import numpy as np
import pytest

from companion.games.black_cannon.board import default_board
from companion.games.black_cannon.camera.board_view import BoardView
from companion.games.black_cannon.camera.die_face import SPREAD_SHARE, FaceRead
from companion.games.black_cannon.camera.foreground import Blob
from companion.games.black_cannon.camera.lone_pip_body import lone_top, off_its_top
from companion.games.black_cannon.camera.pip_counter import read_die
from companion.games.black_cannon.camera.settings import SETTINGS
from companion.games.black_cannon.kit import pieces as kit
from companion.games.black_cannon.kit.sheets import board_picture
from companion.vision.plane_camera import camera_from_plane

PHOTO_PX_PER_MM = 1.5       # a 1280x720 photo of the whole board sees it at about this
FRAME_PX = 20


def _bare_board_photo(blur_px: float, die_at_mm=None) -> tuple[np.ndarray, BoardView]:
    """The printed board seen straight down, blurred as a camera a little out of focus sees it; with a red die of
    one pip (18 mm) lying at `die_at_mm` when given."""
    board = default_board()
    printed = board_picture(board, PHOTO_PX_PER_MM)
    height, width = printed.shape[:2]
    photo = np.full((height + 2 * FRAME_PX, width + 2 * FRAME_PX, 3), 90, np.uint8)
    photo[FRAME_PX:FRAME_PX + height, FRAME_PX:FRAME_PX + width] = printed
    if die_at_mm is not None:
        middle = FRAME_PX + np.asarray(die_at_mm) * PHOTO_PX_PER_MM
        half = 9.0 * PHOTO_PX_PER_MM
        cv2.rectangle(photo, tuple(np.round(middle - half).astype(int)), tuple(np.round(middle + half).astype(int)),
                      (40, 40, 200), -1)
        cv2.circle(photo, tuple(np.round(middle).astype(int)), 2, (245, 245, 245), -1, cv2.LINE_AA)
    to_image = np.array([[PHOTO_PX_PER_MM, 0, FRAME_PX], [0, PHOTO_PX_PER_MM, FRAME_PX], [0, 0, 1.0]])
    view = BoardView(kit.BoardGeometry(board.columns, board.rows), to_image,
                     camera_from_plane(to_image, (photo.shape[1], photo.shape[0])), (0, 1, 2, 3))
    return cv2.GaussianBlur(photo, (0, 0), blur_px), view


def _blob_at(x: float, y: float) -> Blob:
    """A candidate blob there, as the foreground leaves one where the board's fit is off (two corner markers)."""
    return Blob(np.array([x, y]), 100.0, np.zeros(3), (x - 5.0, y - 5.0, x + 5.0, y + 5.0))


@pytest.mark.parametrize("blur_px", (1.0, 1.5))
@pytest.mark.parametrize("side", ("left", "right"))
@pytest.mark.parametrize("print_known", (False, True))
def test_the_borders_row_number_four_blurred_to_a_spot_is_asked_about_as_print_not_read_as_a_one(blur_px, side,
                                                                                                  print_known):
    # With the board's print known to the reader (print_under.py), the print under the spot is the number itself.
    photo, view = _bare_board_photo(blur_px)
    width, _ = view.geometry.size_mm
    x = kit.BORDER_MM / 2 if side == "left" else width - kit.BORDER_MM / 2
    seen = read_die(view, photo, _blob_at(x, view.geometry.square_centre(0, 3)[1]), SETTINGS,
                    default_board() if print_known else None)
    # The trap is real: the spot reads as one pip, with a margin a die's 1 is read sure by...
    margin = float(re.search(r"margin (\d\.\d+)", seen.reason).group(1))
    assert seen.pips == 1 and margin / SETTINGS.face_sure_margin >= SETTINGS.confident
    # ...but the paper round it runs on past a die's size: asked, with the reason.
    assert seen.confidence < SETTINGS.confident
    assert "as the board's paper does: a printed mark?" in seen.reason


def test_a_die_of_one_pip_on_the_same_border_paper_is_read_sure():
    place = (kit.BORDER_MM / 2, kit.BORDER_MM + 7.5 * kit.SQUARE_MM)      # beside row 8's number, on the border
    photo, view = _bare_board_photo(1.0, die_at_mm=place)
    seen = read_die(view, photo, _blob_at(*place), SETTINGS)
    assert seen.pips == 1 and seen.confidence >= SETTINGS.confident, seen.reason


TOP_PX = 72                 # an 18 mm top at the die-top view's 4 px/mm


def _lone_face(picture: np.ndarray, top_px: int = TOP_PX) -> FaceRead:
    """A face of one pip read in the middle, sized as read_lone's smaller grid sizes a top of `top_px`."""
    middle = np.array([picture.shape[1] / 2, picture.shape[0] / 2])
    return FaceRead(1, 0.9, 0.0, 0.0, middle, 0.0, SPREAD_SHARE * top_px * 0.8, (4,))


def _drawn(surround, top=None, top_px: int = TOP_PX) -> np.ndarray:
    """A 60 mm crop of `surround`, a square top of `top_px` in its middle when `top` is given, and a dark spot."""
    picture = np.full((240, 240, 3), surround, np.uint8)
    if top is not None:
        low = 120 - top_px // 2
        picture[low:low + top_px, low:low + top_px] = top
    cv2.circle(picture, (120, 120), 6, (30, 30, 30), -1, cv2.LINE_AA)
    return cv2.GaussianBlur(picture, (0, 0), 1.5)


def test_a_pip_on_a_dies_top_lies_on_a_die():
    picture = _drawn((150, 190, 170), top=(40, 40, 200))
    found = lone_top(picture, _lone_face(picture), SETTINGS)
    assert found.on_a_die(SETTINGS) and found.doubt(SETTINGS) is None
    assert math.isclose(found.span_mm, TOP_PX / SETTINGS.dice_px_per_mm, abs_tol=1.5)


def test_a_spot_on_paper_that_runs_on_is_print():
    picture = _drawn((200, 225, 235))
    found = lone_top(picture, _lone_face(picture), SETTINGS)
    assert found.cut_off and not found.on_a_die(SETTINGS)


def test_a_spot_in_a_patch_wider_than_any_die_is_print():
    # A printed square (a port's, say) wider than a die's top, the spot in its middle, inside the crop.
    picture = _drawn((150, 190, 170), top=(200, 225, 235), top_px=160)
    found = lone_top(picture, _lone_face(picture), SETTINGS)
    assert not found.cut_off and found.span_mm > SETTINGS.lone_top_mm[1]
    assert "more than a die's top" in found.doubt(SETTINGS)


def test_a_spot_whose_even_surround_is_far_smaller_than_any_dies_top_is_doubted():
    # A cocked die's squashed face: its top's colour shows over a sliver only (forced-lean tuning views: 2 and 7 mm).
    picture = _drawn((150, 190, 170), top=(40, 40, 200), top_px=32)
    found = lone_top(picture, _lone_face(picture, top_px=32), SETTINGS)
    assert found.span_mm < SETTINGS.lone_top_mm[0] and "less than a die's top" in found.doubt(SETTINGS)


def test_the_print_is_blank_only_away_from_its_marks_and_only_on_a_sure_fit():
    from dataclasses import replace

    from companion.games.black_cannon.camera.print_under import print_blank_under

    _, view = _bare_board_photo(1.0)
    board = default_board()
    number_four = (kit.BORDER_MM / 2, view.geometry.square_centre(0, 3)[1])
    between_rows_eight_and_nine = (kit.BORDER_MM / 2, kit.BORDER_MM + 8 * kit.SQUARE_MM)  # rows 8, 9 apart
    assert not print_blank_under(view, board, number_four, 0.0, SETTINGS)
    assert print_blank_under(view, board, between_rows_eight_and_nine, 0.0, SETTINGS)
    # Two corner markers and no refit: the fit may be millimetres off, so no spot is cleared by the print.
    assert not print_blank_under(replace(view, corners_seen=(0, 1)), board, between_rows_eight_and_nine, 0.0, SETTINGS)
    assert not print_blank_under(view, board, (-20.0, -20.0), 0.0, SETTINGS)      # off the print: the table


def _face(pips: int, middle_px, places) -> FaceRead:
    """A face of several pips holding or beside the lone pip, its middle at `middle_px` in the crop."""
    return FaceRead(pips, 0.8, 0.0, 0.0, np.asarray(middle_px, np.float64), 0.0, SPREAD_SHARE * TOP_PX, places)


def _top_round_a_corner_pip() -> np.ndarray:
    """The spot in the crop's middle as the top-left pip of a top (a 2's, say), not its middle."""
    picture = np.full((240, 240, 3), (150, 190, 170), np.uint8)
    corner = int(round(SPREAD_SHARE * TOP_PX))
    low = 120 + corner - TOP_PX // 2
    picture[low:low + TOP_PX, low:low + TOP_PX] = (40, 40, 200)
    cv2.circle(picture, (120, 120), 6, (30, 30, 30), -1, cv2.LINE_AA)
    return cv2.GaussianBlur(picture, (0, 0), 1.5)


def test_a_two_of_the_pip_and_a_sides_pip_lies_off_the_top_the_pip_is_the_middle_of():
    # Tuning seed 2653: a flat red 1 seen from low down, its pip paired with a pip of the side towards the camera
    # into a 2 whose middle lies 6.9 mm off the top the pip is the middle of (the pip 0.1 mm).
    picture = _drawn((150, 190, 170), top=(40, 40, 200))
    lone = _lone_face(picture)
    towards_camera = lone.centre + 7.0 * SETTINGS.dice_px_per_mm * np.array([0.6, 0.8])
    assert off_its_top(picture, lone, _face(2, towards_camera, (0, 8)), SETTINGS)
    # A 3 or a 5 round the pip (its middle pip) lies on that top.
    assert not off_its_top(picture, lone, _face(3, lone.centre, (0, 4, 8)), SETTINGS)


def test_a_two_one_of_whose_pips_was_read_alone_lies_on_its_top():
    picture = _top_round_a_corner_pip()
    lone = _lone_face(picture)
    corner = SPREAD_SHARE * TOP_PX
    assert not off_its_top(picture, lone, _face(2, lone.centre + corner, (0, 8)), SETTINGS)


def test_a_spot_on_paper_that_runs_on_tells_nothing_of_the_face_it_belongs_to():
    picture = _drawn((200, 225, 235))
    lone = _lone_face(picture)
    assert not off_its_top(picture, lone, _face(2, lone.centre + 40.0, (0, 8)), SETTINGS)


@pytest.mark.slow
@pytest.mark.parametrize("seed, index, style", [(2653, 1, "casino-red"), (2525, 1, "green-gold")])
def test_a_flat_one_seen_from_low_down_is_read_sure_not_could_also_be_two(seed, index, style):
    # Tuning seeds: once asked "it could also be 2" for its pip paired with a pip of the side beside it.
    from companion.games.black_cannon.camera.reader import read_table
    from tests.games.black_cannon.camera.test_black_cannon_dice import _tuning_view

    image, truth = _tuning_view(seed)
    die = truth["dice"][index]
    assert (die["pips"], die["readable"], die["style"]) == (1, True, style)
    (seen,) = [seen for seen in read_table(image).dice if math.dist(seen.centre_mm, die["centre_mm"]) < 22]
    assert seen.pips == 1 and seen.confidence >= SETTINGS.confident, seen.reason


@pytest.mark.slow
@pytest.mark.parametrize("index", [0, 1])
def test_a_two_read_nearly_as_well_off_the_top_a_flat_ones_pip_is_the_middle_of_does_not_outrank_it(index):
    # Tuning seed 4978: two flat ivory 1s seen from low down, each pip paired with a pip of the side towards the
    # camera into a 2 read nearly as well (margins 0.82-0.83 against the pips' 0.89-0.91) but lying off the pip's
    # top; once kept beside the pip, the 2 outranked it by its size and both dice were asked "it could also be 1".
    from companion.games.black_cannon.camera.reader import read_table
    from tests.games.black_cannon.camera.test_black_cannon_dice import _tuning_view

    image, truth = _tuning_view(4978)
    die = truth["dice"][index]
    assert (die["pips"], die["readable"], die["style"]) == (1, True, "ivory")
    (seen,) = [seen for seen in read_table(image).dice if math.dist(seen.centre_mm, die["centre_mm"]) < 22]
    assert seen.pips == 1 and seen.confidence >= SETTINGS.confident, seen.reason


def test_a_pip_short_of_its_tops_middle_towards_the_camera_is_a_faces_near_pip():
    # A 2's near pip read alone (its far pip faint, half-lit at the top's far edge): its top runs on beyond it, away
    # from the camera (the camera below the picture), where a 1's pip is its top's middle.
    from companion.games.black_cannon.camera.lone_pip_body import top_beyond_pip_mm

    away = np.array([0.0, -1.0])
    picture = _drawn((150, 190, 170), top=(40, 140, 40))
    lone = _lone_face(picture)
    assert abs(top_beyond_pip_mm(picture, lone, away, SETTINGS)) < SETTINGS.lone_top_beyond_mm
    picture = np.full((240, 240, 3), (150, 190, 170), np.uint8)
    picture[84 - 6 * 4:156 - 6 * 4, 84:156] = (40, 140, 40)    # the top's middle 6 mm beyond the pip
    picture = cv2.GaussianBlur(cv2.circle(picture, (120, 120), 6, (30, 30, 30), -1, cv2.LINE_AA), (0, 0), 1.5)
    assert top_beyond_pip_mm(picture, lone, away, SETTINGS) > SETTINGS.lone_top_beyond_mm


@pytest.mark.slow
@pytest.mark.parametrize("seed, index", [(5961, 0), (6139, 0)])
def test_a_flat_two_read_by_its_near_pip_where_its_body_runs_to_the_crops_edge_is_asked(seed, index):
    # Tuning seeds 5950-6149: a flat green-gold 2 read sure as a lone 1 by both readers (the 1 its near pip, its far
    # pip half-lit or under a finger); the crop kept was laid round a blob further off and cut the die's body off.
    from companion.games.black_cannon.camera.reader import read_table
    from tests.games.black_cannon.camera.test_black_cannon_dice import _read_near, _tuning_view

    image, truth = _tuning_view(seed)
    die = truth["dice"][index]
    assert (die["pips"], die["readable"], die["style"]) == (2, True, "green-gold")
    reading = read_table(image)
    seen = _read_near(reading, die)
    assert seen.confidence < SETTINGS.confident and "its top runs on beyond its pip" in seen.reason
    assert reading.dice_values() is None


@pytest.mark.slow
def test_a_cocked_threes_side_read_as_a_lone_one_is_asked_when_a_three_reads_round_it():
    # Fresh tuning seed 7502 (bc-dice32), the first die forced to lean 28 degrees: a cocked red 3 whose side
    # towards the camera shows a 3, its two outer pips squashed out of the spots; its middle pip read sure as a 1
    # by both readers, while a 3 read there nearly as well (margin 0.86-0.88 against 0.85, its edges straying).
    from companion.games.black_cannon.camera.reader import read_table
    from tests.games.black_cannon.camera.test_black_cannon_dice import _read_near, _tuning_view

    image, truth = _tuning_view(7502, lean=True)
    cocked = truth["dice"][0]
    assert (cocked["pips"], cocked["readable"], cocked["style"]) == (3, False, "casino-red")
    reading = read_table(image)
    seen = _read_near(reading, cocked)
    assert seen.confidence < SETTINGS.confident and "it could also be 3" in seen.reason
    assert reading.dice_values() is None
