"""Scenarios for stored calibrations: found, missing, stale or broken, and said so."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from calibration.camera import CameraIntrinsics
from calibration.store import (
    MAX_AGE,
    CalibrationFileError,
    CalibrationState,
    check_intrinsics,
    load_intrinsics,
    save_intrinsics,
)

MADE = datetime(2025, 3, 1, 12, 0, tzinfo=timezone.utc)


def intrinsics(**changes) -> CameraIntrinsics:
    values = dict(
        camera_matrix=((800.0, 0.0, 640.0), (0.0, 800.0, 360.0), (0.0, 0.0, 1.0)),
        distortion=(0.1, -0.2, 0.0, 0.0, 0.05),
        image_size=(1280, 720),
        rms=0.31,
        per_view_errors={"a.jpg": 0.3, "b.jpg": 0.32},
        pattern="charuco:5x7:40mm:20mm:DICT_6X6_250",
        flags=(),
        skipped_views={"c.jpg": "no markers of the DICT_6X6_250 board found"},
        created=MADE,
    )
    values.update(changes)
    return CameraIntrinsics(**values)


def test_saved_intrinsics_load_back_the_same(tmp_path):
    path = save_intrinsics(intrinsics(), tmp_path / "cal" / "camera.json")
    assert load_intrinsics(path) == intrinsics()
    assert json.loads(path.read_text())["created"] == "2025-03-01T12:00:00+00:00"
    assert list(tmp_path.joinpath("cal").iterdir()) == [path]  # no temporary file left behind


def test_fresh_intrinsics_for_these_frames_are_ok(tmp_path):
    path = save_intrinsics(intrinsics(), tmp_path / "camera.json")
    status = check_intrinsics(path, (1280, 720), now=MADE + timedelta(days=3))
    assert status.ok and status.state is CalibrationState.OK and status.reasons == ()
    assert status.intrinsics == intrinsics()


def test_no_file_is_reported_as_missing_not_assumed(tmp_path):
    status = check_intrinsics(tmp_path / "camera.json", (1280, 720))
    assert status.state is CalibrationState.MISSING and not status.ok and status.intrinsics is None
    assert "companion calibrate camera" in str(status)


def test_an_old_calibration_is_stale_after_the_documented_age(tmp_path):
    path = save_intrinsics(intrinsics(), tmp_path / "camera.json")
    assert check_intrinsics(path, now=MADE + MAX_AGE).ok
    status = check_intrinsics(path, now=MADE + MAX_AGE + timedelta(days=1))
    assert status.state is CalibrationState.STALE
    assert status.reasons == ("made 91 days ago (2025-03-01), older than the 90 days "
                              "after which the camera is recalibrated",)


def test_a_calibration_for_another_frame_size_is_stale(tmp_path):
    path = save_intrinsics(intrinsics(), tmp_path / "camera.json")
    status = check_intrinsics(path, (1920, 1080), now=MADE)
    assert status.state is CalibrationState.STALE
    assert status.reasons == ("made for 1280x720 frames, the camera gives 1920x1080",)


def test_every_reason_a_calibration_is_stale_is_given_at_once(tmp_path):
    path = save_intrinsics(intrinsics(), tmp_path / "camera.json")
    status = check_intrinsics(path, (640, 480), now=MADE + timedelta(days=400))
    assert len(status.reasons) == 2
    assert str(status).startswith(f"camera calibration {path} is stale: made 400 days ago")


def test_a_file_that_is_not_json_is_an_error_quoting_path_and_place(tmp_path):
    path = tmp_path / "camera.json"
    path.write_text('{"camera_matrix": [1, 2,\n')
    with pytest.raises(CalibrationFileError, match=rf"{path}: not JSON: .* line 2 column 1"):
        check_intrinsics(path)


@pytest.mark.parametrize("key, value, complaint", [
    ("camera_matrix", [[1, 0, 0], [0, 1, 0]], "'camera_matrix' should be 3x3 numbers"),
    ("camera_matrix", None, "'camera_matrix' is missing"),
    ("distortion", [0.1, 0.2, 0.3], "'distortion' has 3 values"),
    ("image_size", [1280.5, 720], "'image_size' should be [width, height] in whole pixels"),
    ("rms", "small", "'rms' should be a number, got 'small'"),
    ("created", "last tuesday", "'created' should be an ISO date and time, got 'last tuesday'"),
    ("per_view_errors", {"a.jpg": "fine"}, "'per_view_errors' should map view names to errors"),
    ("format", "someone-elses/format", "'format' is 'someone-elses/format'"),
])
def test_a_malformed_file_is_an_error_naming_path_and_key(tmp_path, key, value, complaint):
    data = intrinsics().to_json()
    if value is None:
        del data[key]
    else:
        data[key] = value
    path = tmp_path / "camera.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CalibrationFileError) as raised:
        load_intrinsics(path)
    assert str(raised.value).startswith(f"{path}: key ")
    assert complaint in str(raised.value)
    assert raised.value.key == key


def test_loading_a_missing_file_directly_is_an_error_quoting_the_path(tmp_path):
    with pytest.raises(CalibrationFileError, match=f"{tmp_path / 'none.json'}: no such calibration file"):
        load_intrinsics(tmp_path / "none.json")
