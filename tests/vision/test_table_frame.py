"""The table frame from four corner markers, for any table the game's kit describes."""

import cv2
import numpy as np
import pytest

from companion.vision.table_frame import TableLayout, table_frame

SIZE = (1280, 720)
# A made-up table, 600 x 400 mm, with 50 mm markers 40-43 just off its corners.
WIDTH, HEIGHT, SIDE = 600.0, 400.0, 50.0


def square(left, top):
    return ((left, top), (left + SIDE, top), (left + SIDE, top + SIDE), (left, top + SIDE))


LAYOUT = TableLayout((40, 41, 42, 43), (WIDTH, HEIGHT),
                     (square(-SIDE, -SIDE), square(WIDTH, -SIDE), square(WIDTH, HEIGHT), square(-SIDE, HEIGHT)))
# Table mm -> picture px of a camera looking down at a slant (no lens bending).
TRUTH = np.array([[1.2, 0.25, 200.0], [-0.05, 1.0, 120.0], [0.0, 0.0004, 1.0]])


def seen_markers(ids):
    corners = {marker_id: np.array(LAYOUT.marker_corners_mm[c], np.float64) for c, marker_id in enumerate(LAYOUT.marker_ids)}
    return {marker_id: cv2.perspectiveTransform(quad.reshape(-1, 1, 2), TRUTH).reshape(4, 2)
            for marker_id, quad in corners.items() if marker_id in ids}


def test_a_table_of_any_size_is_framed_from_its_own_markers():
    frame = table_frame(seen_markers({40, 41, 42, 43}), SIZE, LAYOUT)
    assert frame.seen == (0, 1, 2, 3) and frame.residual_px < 0.01 and frame.k1 == pytest.approx(0.0, abs=0.011)
    centre_px = cv2.perspectiveTransform(np.array([[[WIDTH / 2, HEIGHT / 2]]]), TRUTH).reshape(2)
    assert frame.to_table([centre_px])[0] == pytest.approx((WIDTH / 2, HEIGHT / 2), abs=1.0)
    assert frame.to_image([(WIDTH, HEIGHT)])[0] == pytest.approx(seen_markers({42})[42][0], abs=1.0)


def test_another_games_markers_do_not_frame_this_table():
    other = {marker_id + 10: quad for marker_id, quad in seen_markers({40, 41, 42, 43}).items()}
    assert table_frame(other, SIZE, LAYOUT) is None
    assert table_frame(seen_markers({40, 42}), SIZE, LAYOUT).seen == (0, 2)


def test_a_layout_without_four_corner_markers_is_refused():
    with pytest.raises(ValueError, match="four corner markers"):
        TableLayout((40, 41, 42), (WIDTH, HEIGHT), LAYOUT.marker_corners_mm[:3])
