"""Scenarios for finding ArUco markers: OpenCV's own tutorial photos, and sheets we render."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from companion.vision.markers import DetectedMarker, detect_markers, dictionary_names

DICT = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)


def render_sheet(placements: dict[int, tuple[int, int]], size=(600, 800), side=120) -> np.ndarray:
    """A white grey-scale sheet with DICT_4X4_50 markers whose top-left pixels are `placements`."""
    sheet = np.full(size, 255, np.uint8)
    for marker_id, (x, y) in placements.items():
        sheet[y:y + side, x:x + side] = cv2.aruco.generateImageMarker(DICT, marker_id, side)
    return sheet


def test_every_marker_in_opencvs_tutorial_photos_is_where_the_gold_file_says(shared_data):
    gold = json.loads(shared_data("aruco", "gold.json").read_text())
    tolerance = gold["tolerance_px"]
    problems = []
    for name, expected in gold["images"].items():
        image = cv2.imread(str(shared_data("aruco", name)))
        found = {m.id: m for m in detect_markers(image, expected["dictionary"])}
        wanted = {int(marker_id): corners for marker_id, corners in expected["markers"].items()}
        if set(found) != set(wanted):
            problems.append(f"{name}: ids {sorted(found)}, expected {sorted(wanted)}")
            continue
        for marker_id, corners in wanted.items():
            error = np.abs(np.array(found[marker_id].corners) - np.array(corners)).max()
            if error > tolerance:
                problems.append(f"{name}: marker {marker_id} is {error:.2f} px off")
    assert problems == []


def test_markers_hidden_by_a_hand_are_not_reported(shared_data):
    # In the occlusion photo a hand covers markers 11, 13, 14 and 16 of the ChArUco board.
    image = cv2.imread(str(shared_data("aruco", "chocclusion_original.jpg")))
    ids = [m.id for m in detect_markers(image, "DICT_6X6_250")]
    assert ids == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15]


def test_a_rendered_sheet_gives_its_markers_sorted_by_id_with_exact_corners():
    sheet = render_sheet({7: (40, 40), 3: (600, 40), 12: (300, 400)})
    markers = detect_markers(sheet)
    assert [m.id for m in markers] == [3, 7, 12]
    # Pixel x covers [x - 0.5, x + 0.5]: the marker's outer edge lies half a pixel outside.
    expected = [(599.5, 39.5), (719.5, 39.5), (719.5, 159.5), (599.5, 159.5)]
    assert np.abs(np.array(markers[0].corners) - expected).max() < 0.5
    assert markers[0].center == pytest.approx((659.5, 99.5), abs=0.5)


def test_corners_follow_the_printed_marker_when_the_sheet_is_turned():
    # Turned a quarter clockwise, the printed top-left corner ends up at the image's top-right.
    turned = cv2.rotate(render_sheet({5: (100, 100)}), cv2.ROTATE_90_CLOCKWISE)
    (marker,) = detect_markers(turned)
    expected = [(499.5, 99.5), (499.5, 219.5), (379.5, 219.5), (379.5, 99.5)]
    assert np.abs(np.array(marker.corners) - expected).max() < 0.5


def test_grey_colour_and_four_channel_pictures_give_the_same_markers():
    grey = render_sheet({1: (40, 40), 2: (600, 400)})
    colour = cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR)
    with_alpha = cv2.cvtColor(grey, cv2.COLOR_GRAY2BGRA)
    assert detect_markers(grey) == detect_markers(colour) == detect_markers(with_alpha)


def test_markers_survive_tilt_blur_noise_and_jpeg():
    rng = np.random.default_rng(3)
    sheet = render_sheet({0: (40, 40), 1: (640, 40), 2: (640, 440), 3: (40, 440)})
    # A strong perspective: the far edge is drawn at about half the near edge's width.
    source = np.float32([[0, 0], [800, 0], [800, 600], [0, 600]])
    target = np.float32([[300, 100], [700, 100], [900, 500], [100, 500]])
    view = cv2.warpPerspective(sheet, cv2.getPerspectiveTransform(source, target), (1000, 600),
                               borderValue=180)
    view = cv2.GaussianBlur(view, (0, 0), 1.0)
    view = np.clip(view + rng.normal(0, 6, view.shape), 0, 255).astype(np.uint8)
    view = cv2.imdecode(cv2.imencode(".jpg", view, [cv2.IMWRITE_JPEG_QUALITY, 70])[1], 0)
    assert [m.id for m in detect_markers(view)] == [0, 1, 2, 3]


def test_a_picture_without_markers_gives_an_empty_list():
    assert detect_markers(np.full((240, 320, 3), 128, np.uint8)) == []


def test_an_unknown_dictionary_is_named_and_the_valid_ones_listed():
    with pytest.raises(ValueError, match=r"'DICT_4X4_51'.*DICT_4X4_50, DICT_4X4_100"):
        detect_markers(np.zeros((10, 10), np.uint8), "DICT_4X4_51")
    assert "DICT_6X6_250" in dictionary_names()


def test_an_array_that_is_not_a_picture_is_refused_with_its_shape():
    with pytest.raises(ValueError, match=r"\(4, 4, 2\)"):
        detect_markers(np.zeros((4, 4, 2), np.uint8))


def test_a_detected_marker_is_a_small_value_with_a_json_form():
    marker = DetectedMarker(4, ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)))
    assert marker.to_json() == {"id": 4, "corners": [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]}
    with pytest.raises(AttributeError):
        marker.id = 5
