"""The reader's memory keeps the table frame while the table has not moved: a hand over a
corner marker, or its edge across one, must not make every piece be read again."""

from dataclasses import replace
from types import SimpleNamespace

import numpy as np
import pytest

from companion.vision.changes import small_grey
from companion.vision.frame_memory import FrameReading, LastFrame

CORNERS = (20, 21, 22, 23)
GREY = np.full((720, 1280), 128, np.uint8)


def _quad(x, y, side=40.0):
    return np.array([(x, y), (x + side, y), (x + side, y + side), (x, y + side)], np.float64)


WHERE = {20: _quad(100, 80), 21: _quad(1100, 80), 22: _quad(1100, 600), 23: _quad(100, 600)}


def _last(frame_markers):
    frame = SimpleNamespace(residual_px=0.2)
    return frame, LastFrame(1.0, "seats", small_grey(GREY), dict(frame_markers), frame, {}, dict(frame_markers))


def _read(last, markers):
    reading = FrameReading(GREY, 2.0, "seats", last)
    reading.markers = {marker_id: np.array(quad) for marker_id, quad in markers.items()}
    made = []
    frame = reading.table_frame(CORNERS, lambda: made.append(1) or SimpleNamespace(residual_px=0.2),
                                lambda _frame, marker_id: WHERE[marker_id])
    return reading, frame, bool(made)


def test_all_four_corner_markers_where_they_lay_keep_the_frame():
    frame, last = _last(WHERE)
    _, kept, made = _read(last, WHERE)
    assert kept is frame and not made


def test_a_corner_marker_under_a_hand_keeps_the_frame():
    frame, last = _last(WHERE)
    _, kept, made = _read(last, {m: q for m, q in WHERE.items() if m != 21})
    assert kept is frame and not made


def test_a_marker_back_from_under_a_hand_joins_with_the_frames_own_corners():
    # The frame was made while 21 was hidden; 21 comes back where the frame puts it.
    frame, last = _last({m: q for m, q in WHERE.items() if m != 21})
    back = {**WHERE, 21: WHERE[21] + 0.3}
    reading, kept, made = _read(last, back)
    assert kept is frame and not made
    assert np.array_equal(reading.markers[21], back[21])


def test_a_hands_edge_across_one_marker_keeps_the_frame_and_its_corners():
    frame, last = _last(WHERE)
    reading, kept, made = _read(last, {**WHERE, 22: WHERE[22] + (1.2, -0.4)})
    assert kept is frame and not made
    assert np.array_equal(reading.markers[22], WHERE[22])   # the readings keyed on it stay good


@pytest.mark.parametrize("moved", [
    {m: q + 3.0 for m, q in WHERE.items()},                          # the camera was bumped
    {**WHERE, 20: WHERE[20] + 3.0},                                    # a marker card was pushed
    {20: WHERE[20], 21: WHERE[21] + 1.0, 22: WHERE[22] + 1.0},         # only one marker still
])
def test_a_table_that_moved_gets_a_new_frame(moved):
    frame, last = _last(WHERE)
    _, kept, made = _read(last, moved)
    assert made and kept is not frame


def test_a_reading_spread_over_the_table_is_read_again_only_when_one_of_its_boxes_changes():
    # Two islands far apart: a hand between them changes neither. One box round both would
    # hold the hand, and every frame it moved in would read every island again.
    islands = [_quad(200, 200, 80), _quad(900, 400, 80)]
    first = FrameReading(GREY, 1.0, "seats", None)
    first.frame = SimpleNamespace(residual_px=0.2)
    reads = []
    first.piece("islands", b"", lambda: reads.append(1) or "read", lambda _: islands)
    hand = GREY.copy()
    hand[300:500, 500:700] = 200                        # between the two islands
    second = FrameReading(hand, 2.0, "seats", first.remember())
    second.frame = first.frame
    assert second.piece("islands", b"", lambda: reads.append(1) or "again", lambda _: islands) == "read"
    on_one = hand.copy()
    on_one[420:460, 920:960] = 30                        # over the second island
    third = FrameReading(on_one, 3.0, "seats", second.remember())
    third.frame = first.frame
    assert third.piece("islands", b"", lambda: reads.append(1) or "again", lambda _: islands) == "again"
    assert len(reads) == 2


def test_how_much_a_pixel_must_change_to_count_is_a_setting():
    from companion.vision.changes import ChangeMap, ChangeSettings

    dimmed = GREY.copy()
    dimmed[200:400, 300:600] -= 6            # a cloud over the lamp, say: six grey levels
    before = small_grey(GREY)
    assert ChangeMap(dimmed, before).share == 0.0
    assert ChangeMap(dimmed, before, ChangeSettings(change_levels=4)).share > 0.05


def _picture_with_marker(marker_id: int, x: int, y: int, side: int = 64) -> np.ndarray:
    import cv2

    picture = np.full((720, 1280), 200, np.uint8)
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    picture[y:y + side, x:x + side] = cv2.aruco.generateImageMarker(dictionary, marker_id, side)
    return picture


def test_a_marker_lost_under_a_hand_is_found_again_where_it_lay_once_the_hand_has_gone():
    """Clip frame 18: the hand had left the bottom-left corner marker a frame before, so nothing changes round it
    now; the changed boxes would never look there again, and the marker stayed lost for the rest of the clip."""
    picture = _picture_with_marker(23, 100, 600)
    where = _quad(100, 600, 64)
    frame = SimpleNamespace(residual_px=0.2)
    last = LastFrame(1.0, "seats", small_grey(picture), {20: WHERE[20]}, frame, {}, {20: WHERE[20], 23: where},
                     lost={23: where})
    reading = FrameReading(picture, 2.0, "seats", last)
    markers = reading.find_markers()
    assert sorted(markers) == [20, 23] and np.abs(markers[23] - where).max() < 1.5
    assert reading.remember().lost == {}
    # Still under the hand (the picture there not the marker): it stays lost, and is looked for again next frame.
    covered = picture.copy()
    covered[590:680, 90:180] = 90
    hidden = FrameReading(covered, 2.0, "seats", replace(last, small=small_grey(covered)))
    assert sorted(hidden.find_markers()) == [20] and list(hidden.remember().lost) == [23]
