"""`companion hardware ...` against the twin: what a person types and what they read back."""

import json
import subprocess
import sys

import pytest

from companion.cli import main
from firmware_bridge import emulator
from firmware_bridge.selftest import KEYS


def run(capsys, *argv):
    status = main(["hardware", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_command_module_starts_without_serial_or_numpy():
    code = ("import sys, companion.cli as c; c.build_parser('hardware'); "
            "print(sorted(m for m in ('serial', 'numpy', 'cv2', 'firmware_bridge') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_test_twin_json_prints_exactly_the_issue_keys(capsys):
    status, out, _ = run(capsys, "test", "--twin", "--json", "--round-trips", "20")
    report = json.loads(out)
    assert status == 0
    assert tuple(report) == KEYS
    assert report["servo_pulses_us"]["pan"] == {"0": 544.0, "90": 1472.0, "180": 2400.0}
    assert report["handshake"]["protocol"] == "1.0"
    assert set(report["round_trip_ms"]) == {"median", "p95"}
    assert report["garbled_frames_survived"] is True and report["leds_ok"] is True
    # Never before 300 ms of silence; the exact timing is tested on an injected clock.
    assert 299 <= report["failsafe_ms"] < 1000


def test_test_twin_prints_a_summary_for_people(capsys):
    status, out, _ = run(capsys, "test", "--twin", "--round-trips", "5")
    assert status == 0
    assert "command round trip: median" in out and "(budget 20 ms)" in out
    assert "pan pulses (us): 0 deg -> 544.0, 90 deg -> 1472.0, 180 deg -> 2400.0" in out
    assert "LEDs: decoded frames match" in out


def test_aim_by_angles_never_arms(capsys):
    status, out, _ = run(capsys, "aim", "--twin", "--angles", "30", "40")
    assert status == 0
    assert out.strip() == ("pan 30 deg, tilt 40 deg: on target "
                           "(not armed; arming and firing are done from the dashboard)")


def test_aim_outside_the_configured_limits_is_refused(capsys, tmp_path):
    config = tmp_path / "board.json"
    config.write_text(json.dumps({"pan_min": 20, "pan_max": 160}))
    status, _, err = run(capsys, "aim", "--twin", "--angles", "10", "90", "--config", str(config))
    assert status == 2
    assert err.strip() == "companion hardware: pan 10 deg is outside the soft limits 20..160 deg"


def test_a_bad_config_file_names_the_setting(capsys, tmp_path):
    config = tmp_path / "board.json"
    config.write_text(json.dumps({"pan_mni": 20}))
    status, _, err = run(capsys, "aim", "--twin", "--angles", "10", "90", "--config", str(config))
    assert status == 2
    assert "--config: " in err and "unknown setting 'pan_mni'" in err


def test_calibrate_cannon_then_aim_at_a_table_point(capsys, tmp_path):
    shots = tmp_path / "shots.csv"
    # Shots from a cannon at (0, 0) facing +x: pan 90 and 100, tilt 100 and 110.
    shots.write_text("pan,tilt,x,y\n90,100,600,0\n100,110,760.5,134.1\n90,110,772.2,0\n")
    out_file = tmp_path / "cannon.json"
    status = main(["calibrate", "cannon", "--shots", str(shots), "--pose", "0,0,0,60", "--out", str(out_file)])
    out = capsys.readouterr().out
    assert status == 0
    assert "3 shots: muzzle speed" in out and f"written to {out_file}" in out
    status, out, _ = run(capsys, "aim", "--twin", "700", "0", "--calibration", str(out_file))
    assert status == 0
    assert out.startswith("table (700, 0) mm -> pan 90 deg, tilt ")


def test_the_cannon_is_calibrated_in_one_place_only(capsys, tmp_path):
    shots = tmp_path / "shots.csv"
    shots.write_text("pan,tilt,x,y\n90,100,600,0\n")
    status = main(["calibrate", "cannon", "--shots", str(shots), "--pose", "0,0,0", "--out", str(tmp_path / "c.json")])
    assert status == 0
    assert "1 shot: muzzle speed" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["hardware", "calibrate-cannon", "--shots", str(shots), "--pose", "0,0,0"])
    assert "invalid choice: 'calibrate-cannon'" in capsys.readouterr().err


@pytest.mark.parametrize("argv, message", [
    (["leds", "--twin", "--pixel", "5=1,2"], "--pixel 5=1,2: expected R,G,B with each 0..255, got '1,2'"),
    (["leds", "--twin", "--pixel", "300=1,2,3"], "LED 300 is outside the strip's 0..143"),
    (["aim", "--twin", "1", "2", "--calibration", "nowhere.json"], "no cannon calibration at nowhere.json"),
])
def test_mistakes_are_explained(capsys, tmp_path, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert message in err


@pytest.mark.parametrize("argv, message", [
    (["--shots", "x.csv", "--pose", "1,2"], "--pose: expected X,Y,HEADING or X,Y,HEADING,HEIGHT"),
    (["--shots", "missing.csv", "--pose", "1,2,3"], "--shots: no such file 'missing.csv'"),
])
def test_cannon_calibration_mistakes_are_explained(capsys, tmp_path, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    status = main(["calibrate", "cannon", *argv])
    assert status == 2
    assert message in capsys.readouterr().err


def test_leds_light_a_pattern(capsys):
    status, out, _ = run(capsys, "leds", "--twin", "--pattern", "rainbow", "--count", "30")
    assert status == 0
    assert out.strip() == "30 LEDs set"


def test_list_prints_json(capsys):
    status, out, _ = run(capsys, "list", "--all", "--json")
    assert status == 0
    assert isinstance(json.loads(out), list)


@pytest.mark.emulator   # it builds the firmware
@pytest.mark.skipif(bool(emulator.missing_tools()), reason="the AVR toolchain is not installed")
def test_flash_dry_run_builds_and_shows_the_avrdude_command(capsys):
    status, out, _ = run(capsys, "flash", "--port", "/dev/ttyACM9", "--dry-run")
    assert status == 0
    assert out.strip() == (f"avrdude -p atmega328p -c arduino -P /dev/ttyACM9 -b 115200 -D "
                           f"-U flash:w:{emulator.HEX}:i")
