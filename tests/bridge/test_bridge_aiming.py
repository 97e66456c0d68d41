"""Aiming: the cannon's pose, the per-axis tables, the ballistic fit from test shots, and files."""

import math

import pytest

from firmware_bridge.aiming import (Aiming, AimingError, AxisTable, Ballistics, CannonPose, Shot, calibrate_cannon,
                                    load, read_shots, save)


def landing(pose: CannonPose, truth: Ballistics, pan: float, tilt: float, tables=(AxisTable(), AxisTable())) -> Shot:
    """Where a shot at these servo angles lands, for a cannon that behaves like `truth`."""
    bearing, elevation = tables[0].physical(pan), tables[1].physical(tilt)
    distance = truth.range_at(elevation)
    direction = math.radians(pose.heading + bearing)
    return Shot(pan, tilt, pose.x + distance * math.cos(direction), pose.y + distance * math.sin(direction))


def test_the_pose_comes_from_the_base_markers_corners():
    # A 40 mm marker centred on (200, 100), printed upright and turned to face +y.
    corners = [(180, 120), (220, 120), (220, 80), (180, 80)]
    pose = CannonPose.from_marker_corners(corners, height=50)
    assert (pose.x, pose.y, pose.heading, pose.height) == (200, 100, 90, 50)
    assert pose.bearing_and_range(200, 400) == pytest.approx((0, 300))
    assert pose.bearing_and_range(100, 100) == pytest.approx((90, 100))  # to the left is positive
    assert pose.bearing_and_range(300, 100) == pytest.approx((-90, 100))


def test_axis_tables_interpolate_and_extrapolate():
    table = AxisTable(((-45.0, 40.0), (0.0, 92.0), (45.0, 140.0)))
    assert table.command(0) == 92
    assert table.command(22.5) == 116
    assert table.command(60) == pytest.approx(156)  # beyond the end, along the last segment
    assert table.physical(116) == pytest.approx(22.5)
    with pytest.raises(AimingError, match="must increase"):
        AxisTable(((10.0, 0.0), (5.0, 10.0)))


def test_the_flatter_trajectory_is_chosen_and_reach_is_enforced():
    model = Ballistics(speed=3000, height=60)
    for distance in (300, 700, 950):
        elevation = model.elevation_for(distance)
        assert model.range_at(elevation) == pytest.approx(distance, abs=0.01)
        assert elevation < 46  # below the angle of longest reach
    with pytest.raises(AimingError, match=r"target at 5000 mm is beyond the cannon's reach of \d+ mm"):
        model.elevation_for(5000)


@pytest.mark.parametrize("speed, offset", [(2500, 0.0), (3200, 4.0), (1800, -3.0)])
def test_test_shots_recover_the_cannons_behaviour(speed, offset):
    pose = CannonPose(400, 300, 135, 70)
    truth = Ballistics(speed, pose.height, offset)
    shots = [landing(pose, truth, pan, tilt) for pan, tilt in ((70, 95), (90, 105), (110, 115), (100, 125))]
    aiming = calibrate_cannon(shots, pose)
    assert aiming.ballistics.speed == pytest.approx(speed, rel=1e-3)
    assert aiming.ballistics.offset == pytest.approx(offset, abs=0.02)
    assert aiming.fitted_rms_mm < 1
    # Aiming at a fresh point lands on it.
    target = landing(pose, truth, 85, 110)
    pan, tilt = aiming.angles_for(target.x, target.y)
    assert (pan, tilt) == pytest.approx((85, 110), abs=0.05)


def test_one_shot_fits_the_speed_only():
    pose = CannonPose(0, 0, 0, 60)
    shot = landing(pose, Ballistics(2000, 60), 90, 110)
    aiming = calibrate_cannon([shot], pose)
    assert aiming.ballistics.offset == 0
    assert aiming.ballistics.speed == pytest.approx(2000, rel=1e-3)


def test_no_shots_is_an_error_that_says_what_to_do():
    with pytest.raises(AimingError, match="fire a few at different tilts"):
        calibrate_cannon([], CannonPose(0, 0, 0))


def test_shots_csv_errors_name_the_line(tmp_path):
    good = tmp_path / "shots.csv"
    good.write_text("pan,tilt,x,y\n90,100,10,20\n# a miss\n\n80,110,30,40\n")
    assert read_shots(good) == [Shot(90, 100, 10, 20), Shot(80, 110, 30, 40)]
    bad = tmp_path / "bad.csv"
    bad.write_text("pan,tilt,x,y\n90,100,10,20\n90,abc,1,2\n")
    with pytest.raises(AimingError, match=r"bad.csv: line 3: expected four numbers pan,tilt,x,y, got '90,abc,1,2'"):
        read_shots(bad)
    headless = tmp_path / "headless.csv"
    headless.write_text("90,100,10,20\n")
    with pytest.raises(AimingError, match="line 1 must be the header 'pan,tilt,x,y'"):
        read_shots(headless)


def test_a_calibration_survives_the_file(tmp_path):
    pose = CannonPose(1, 2, 3, 4)
    aiming = Aiming(pose, Ballistics(2100.5, 4, 1.25), AxisTable(((-10.0, 80.0), (10.0, 100.0))), AxisTable(),
                    0.5, "2025-01-01T00:00:00+00:00")
    path = save(aiming, tmp_path / "cannon.json")
    assert load(path) == aiming
    with pytest.raises(AimingError, match="no cannon calibration at"):
        load(tmp_path / "missing.json")
    (tmp_path / "broken.json").write_text('{"pose": {"x_mm": 1}}')
    with pytest.raises(AimingError, match="broken.json: missing or malformed entry"):
        load(tmp_path / "broken.json")
