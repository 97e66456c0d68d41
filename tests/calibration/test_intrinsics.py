"""Scenarios for camera calibration, checked against OpenCV's own published results."""

from __future__ import annotations

import json
import re
import shutil

import cv2
import numpy as np
import pytest

from calibration.intrinsics import NotEnoughViews, calibrate_camera
from calibration.patterns import parse_pattern
from calibration.store import load_intrinsics
from companion.cli import main

CHARUCO_IMAGES = ["img_00.jpg", "img_01.jpg", "img_02.jpg", "img_03.jpg"]


def assert_agrees(intrinsics, camera_matrix, rms):
    """fx and fy within 1%, cx and cy within 3 px, RMS within 0.05 px of the reference."""
    reference = np.array(camera_matrix)
    assert intrinsics.fx == pytest.approx(reference[0, 0], rel=0.01)
    assert intrinsics.fy == pytest.approx(reference[1, 1], rel=0.01)
    assert intrinsics.cx == pytest.approx(reference[0, 2], abs=3.0)
    assert intrinsics.cy == pytest.approx(reference[1, 2], abs=3.0)
    assert intrinsics.rms == pytest.approx(rms, abs=0.05)


def read_opencv_yaml(path):
    storage = cv2.FileStorage(str(path), cv2.FILE_STORAGE_READ)
    try:
        return (storage.getNode("camera_matrix").mat(),
                storage.getNode("avg_reprojection_error").real(),
                int(storage.getNode("flags").real()))
    finally:
        storage.release()


def read_views(folder, names):
    return [(name, cv2.imread(str(folder / name))) for name in names]


def test_opencvs_sample_chessboards_give_opencvs_reference_intrinsics(shared_data, tmp_path, capsys):
    folder = shared_data("opencv-calibration")
    reference = json.loads((folder / "reference.json").read_text())
    assert "CALIB_FIX_ASPECT_RATIO" in reference["flags"]
    out = tmp_path / "camera.json"

    status = main(["calibrate", "camera", "--images", str(folder),
                   "--pattern", "chessboard:9x6:25mm", "--fix-aspect", "--out", str(out)])

    assert status == 0
    printed = capsys.readouterr().out
    assert "13 views used, 0 skipped" in printed and str(out) in printed
    assert re.search(r"fx 53\d\.\d\d  fy 53\d\.\d\d  cx \d+\.\d\d  cy \d+\.\d\d  rms 0\.\d+ px",
                     printed)
    written = json.loads(out.read_text())
    assert written["image_size"] == reference["image_size"]
    assert written["flags"] == ["CALIB_FIX_ASPECT_RATIO"]
    assert written["pattern"] == "chessboard:9x6:25mm"
    assert len(written["per_view_errors"]) == 13 and "left01.jpg" in written["per_view_errors"]
    assert len(written["distortion"]) == 5 and "created" in written
    assert_agrees(load_intrinsics(out), reference["camera_matrix"],
                  reference["avg_reprojection_error_px"])


def test_opencvs_charuco_tutorial_photos_give_opencvs_reference_intrinsics(shared_data):
    folder = shared_data("aruco")
    camera_matrix, rms, flags = read_opencv_yaml(shared_data("aruco", "tutorial_camera_charuco.yml"))
    assert flags == 0
    run = calibrate_camera(read_views(folder, CHARUCO_IMAGES),
                           parse_pattern("charuco:5x7:40mm:20mm:DICT_6X6_250"))
    assert run.skipped == []
    assert sorted(run.intrinsics.per_view_errors) == CHARUCO_IMAGES
    assert_agrees(run.intrinsics, camera_matrix, rms)


def test_views_without_the_pattern_are_named_on_stderr_and_left_out(shared_data, tmp_path, capsys):
    for name in ["left01.jpg", "left02.jpg", "left03.jpg", "left04.jpg"]:
        shutil.copy(shared_data("opencv-calibration", name), tmp_path / name)
    cv2.imwrite(str(tmp_path / "ceiling.png"), np.full((480, 640), 200, np.uint8))
    (tmp_path / "notes.jpg").write_text("not a photo")
    (tmp_path / "readme.txt").write_text("not a photo either, and not even named like one")

    status = main(["calibrate", "camera", "--images", str(tmp_path),
                   "--pattern", "chessboard:9x6:25mm", "--out", str(tmp_path / "out.json")])

    captured = capsys.readouterr()
    assert status == 0
    assert "skipped ceiling.png: no 9x6 chessboard found" in captured.err
    assert "skipped notes.jpg: cannot be read as an image" in captured.err
    assert "readme.txt" not in captured.err
    assert "4 views used, 2 skipped" in captured.out
    written = json.loads((tmp_path / "out.json").read_text())
    assert written["skipped_views"] == {"ceiling.png": "no 9x6 chessboard found"}


def test_too_few_usable_views_is_an_error_saying_how_many_are_usable_and_needed(
        shared_data, tmp_path, capsys):
    for name in ["left01.jpg", "left02.jpg"]:
        shutil.copy(shared_data("opencv-calibration", name), tmp_path / name)
    cv2.imwrite(str(tmp_path / "blank.png"), np.zeros((480, 640), np.uint8))

    status = main(["calibrate", "camera", "--images", str(tmp_path),
                   "--pattern", "chessboard:9x6:25mm", "--out", str(tmp_path / "out.json")])

    err = capsys.readouterr().err
    assert status == 2
    assert "skipped blank.png" in err
    assert ("only 2 of 3 views show the pattern chessboard:9x6:25mm usably; "
            "calibration needs at least 4") in err
    assert not (tmp_path / "out.json").exists()


def test_a_view_of_another_size_is_left_out(shared_data):
    views = read_views(shared_data("opencv-calibration"), ["left01.jpg", "left02.jpg", "left03.jpg"])
    name, image = views[0]
    views.append(("left01-small.jpg", cv2.resize(image, (320, 240))))
    with pytest.raises(NotEnoughViews) as raised:
        calibrate_camera(views, parse_pattern("chessboard:9x6:25mm"))
    assert raised.value.usable == 3 and raised.value.needed == 4
    assert [(s.name, s.reason) for s in raised.value.skipped] == [
        ("left01-small.jpg", "is 320x240, the other views are 640x480")]


@pytest.mark.parametrize("arguments, complaint", [
    (["--pattern", "chessboard:9x6"], "--pattern: pattern 'chessboard:9x6'"),
    (["--pattern", "chessboard:9x6:25mm", "--images", "/no/such/folder"],
     "no such folder: '/no/such/folder'"),
])
def test_bad_command_lines_are_usage_errors(arguments, complaint, tmp_path, capsys):
    if "--images" not in arguments:
        arguments = arguments + ["--images", str(tmp_path)]
    assert main(["calibrate", "camera", *arguments]) == 2
    assert complaint in capsys.readouterr().err


def test_a_folder_without_photos_is_a_usage_error(tmp_path, capsys):
    command = ["calibrate", "camera", "--images", str(tmp_path), "--pattern", "chessboard:9x6:25mm"]
    assert main(command) == 2
    err = capsys.readouterr().err
    assert f"no photos (.jpg, .jpeg, .png, .bmp, .tif, .tiff, .webp) in '{tmp_path}'" in err
