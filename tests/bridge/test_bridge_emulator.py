"""The real firmware, built with avr-gcc and run in simavr, measured on its simulated pins.

These build the firmware and the harness themselves (make, cached in firmware/build/) and
skip only when avr-gcc or simavr are not installed.
"""

import json
import random
import re
import subprocess
import sys
import time
from dataclasses import replace

import pytest

from firmware_bridge import emulator as emu
from firmware_bridge.bridge import EMULATED, Bridge
from firmware_bridge.protocol import BoardConfig, EventCode, Msg, angle_to_pulse_us
from firmware_bridge.selftest import KEYS, survive_garbage

MISSING = emu.missing_tools()
pytestmark = pytest.mark.skipif(bool(MISSING), reason="the AVR toolchain or simavr is not installed "
                                f"(missing {', '.join(MISSING)}; apt-get install {' '.join(emu.APT_PACKAGES)})")

CONFIG = BoardConfig(slew=360, led_count=144)
SETTINGS = EMULATED
TOLERANCE_US = 10
# A pulse edge can wait behind another interrupt (the UART's, the 1 kHz tick): measured up to
# 4 us off per pulse while commands and LED frames flow, so differences of two pulses get twice that.
JITTER_US = 4


@pytest.fixture(scope="module")
def built():
    emu.build()


@pytest.fixture(scope="module")
def board(built):
    with emu.Emulator() as emulator, Bridge(emulator.opener(), CONFIG, SETTINGS) as bridge:
        bridge.connect(timeout_s=10)
        yield emulator, bridge


@pytest.fixture
def own_board(built):
    """A board of the test's own, for tests that reset or unplug it."""
    with emu.Emulator() as emulator, Bridge(emulator.opener(), CONFIG, SETTINGS) as bridge:
        bridge.connect(timeout_s=10)
        yield emulator, bridge


def arrive(bridge, timeout_s: float = 5.0) -> None:
    """Waits until the cannon stands at the host's last aim. On a busy machine a starved host
    can trip the failsafe, which stops the cannon short until the host aims it again."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        status = bridge.cannon.status()
        if status.on_target and (status.pan_target, status.tilt_target) == bridge.cannon.target:
            return
        time.sleep(0.02)
    raise AssertionError(f"the cannon never reached {bridge.cannon.target}: {status}")


def settle(emulator, bridge, servo: str) -> float:
    """The width of a pulse sent after the cannon stopped moving."""
    arrive(bridge)
    pulses = emulator.wait_pulses(servo, 3, time.monotonic())
    assert len(pulses) >= 3, f"no {servo} pulses from the harness"
    return pulses[-1].width_us




def test_the_handshake_reports_the_firmware(board):
    _, bridge = board
    hello = bridge.link.hello
    header = (emu.FIRMWARE_DIR / "src" / "protocol.h").read_text()
    firmware = tuple(int(re.search(rf"FIRMWARE_{part} (\d+)", header).group(1)) for part in ("MAJOR", "MINOR", "PATCH"))
    assert hello.protocol == (1, 0) and hello.firmware == firmware
    assert hello.to_dict()["capabilities"] == ["pan_tilt", "trigger", "ws2812", "watchdog"]
    assert hello.max_leds == 256


@pytest.mark.parametrize("angle", [0, 45, 90, 135, 180])
def test_servo_pulses_are_within_10_us_of_the_commanded_width(board, angle):
    emulator, bridge = board
    bridge.cannon.aim(angle, 180 - angle)
    assert settle(emulator, bridge, "pan") == pytest.approx(angle_to_pulse_us(angle), abs=TOLERANCE_US)
    assert settle(emulator, bridge, "tilt") == pytest.approx(angle_to_pulse_us(180 - angle), abs=TOLERANCE_US)


def test_the_trigger_servo_pulses_too(board):
    emulator, bridge = board
    for angle in (0, 90, 180):
        bridge.reconfigure(replace(CONFIG, trigger_safe=angle))
        assert settle(emulator, bridge, "trigger") == pytest.approx(angle_to_pulse_us(angle), abs=TOLERANCE_US)
    bridge.reconfigure(CONFIG)


def test_pulses_repeat_every_20_ms(board):
    emulator, _ = board
    pulses = emulator.wait_pulses("pan", 10, time.monotonic())
    gaps = [b.sim_us - a.sim_us for a, b in zip(pulses, pulses[1:])]
    assert all(abs(gap - 20000) <= 2 * JITTER_US for gap in gaps), gaps


def test_slew_limiting_is_visible_in_the_pulse_sequence(board):
    emulator, bridge = board
    bridge.cannon.aim(90, 90)
    settle(emulator, bridge, "pan")
    bridge.reconfigure(replace(CONFIG, slew=90))  # 1.8 degrees, 18.56 us, per 20 ms frame
    try:
        since = time.monotonic()
        bridge.cannon.aim(150, 90)
        arrive(bridge)
        widths = [p.width_us for p in emulator.wait_pulses("pan", 40, since)]
    finally:
        bridge.reconfigure(CONFIG)
    # No step beyond one frame's worth of slew, give or take the jitter of the two pulses.
    steps = [round(b - a, 2) for a, b in zip(widths, widths[1:])]
    jumps = [(i, step) for i, step in enumerate(steps) if not -2 * JITTER_US <= step <= 18.56 + 2 * JITTER_US]
    assert not jumps, f"jumps {jumps} in {widths}"
    moving = [w for w in widths if angle_to_pulse_us(90) + 1 < w < angle_to_pulse_us(150) - 1]
    assert len(moving) >= 30  # 60 degrees at 1.8 per frame: 33 frames on the way
    assert widths[-1] == pytest.approx(angle_to_pulse_us(150), abs=TOLERANCE_US)


def test_failsafe_within_300_ms_after_the_heartbeats_stop(board, until):
    emulator, bridge = board
    bridge.cannon.arm(confirmed_by="test: emulated board")
    bridge.link.pause_heartbeat()
    try:
        time.sleep(0.01)
        quiet_since = bridge.link.last_sent
        found = bridge.link.wait_event(EventCode.FAILSAFE, quiet_since, timeout_s=2)
        fault = emulator.wait_led_frame(quiet_since, length=144)
    finally:
        bridge.link.pause_heartbeat(False)
    assert found is not None, "the board never went to failsafe"
    assert (found[0] - quiet_since) * 1000 == pytest.approx(300, abs=50)
    assert fault.colours == [(64, 0, 0), (0, 0, 0)] * 72  # the fault pattern, as the board shows it
    status = bridge.cannon.status()
    assert not status.armed and status.failsafes >= 1
    until(lambda: bridge.link.stats["resyncs"] >= 1)


def test_garbage_mid_stream_loses_no_command(board):
    _, bridge = board
    # Every command sent right behind the noise is answered, and the board counts exactly one
    # garbled frame per injection: a command damaged by the noise would add one more.
    for seed in range(3):
        assert survive_garbage(bridge, random.Random(seed))


def test_a_ws2812_frame_decodes_to_what_was_sent(board):
    emulator, bridge = board
    rng = random.Random(6)
    colours = [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(144)]
    since = time.monotonic()
    bridge.leds.set_pixels(colours)
    frame = emulator.wait_led_frame(since, length=144)
    assert frame is not None and not frame.partial
    assert frame.colours == colours


def test_leds_do_not_disturb_the_servo_pulses(board):
    emulator, bridge = board
    bridge.cannon.aim(30, 150)
    arrive(bridge)
    since = time.monotonic()
    for pattern in ("test", "rainbow") * 5:
        bridge.leds.show_pattern(pattern)
    pan = [p.width_us for p in emulator.pulses_since("pan", since)]
    tilt = [p.width_us for p in emulator.pulses_since("tilt", since)]
    assert pan and tilt
    assert max(abs(w - angle_to_pulse_us(30)) for w in pan) <= TOLERANCE_US
    assert max(abs(w - angle_to_pulse_us(150)) for w in tilt) <= TOLERANCE_US


def test_a_reset_mid_session_is_followed_by_the_configuration(own_board, until):
    emulator, bridge = own_board
    bridge.cannon.aim(20, 30)
    bridge.cannon.arm(confirmed_by="test")
    emulator.reset()
    until(lambda: bridge.link.stats["reboots"] == 1 and bridge.sessions >= 2)
    status = bridge.cannon.status()
    assert status.led_count == 144 and (status.pan_target, status.tilt_target) == (20, 30)
    assert not status.armed and not bridge.cannon.armed


def test_the_host_survives_the_board_being_unplugged(own_board, until):
    emulator, bridge = own_board
    emulator.restart()  # a new harness and a new pty, perhaps under another name
    until(lambda: bridge.sessions >= 2 and bridge.link.connected, timeout_s=10)
    assert bridge.link.stats["reconnects"] >= 1
    assert bridge.cannon.status().led_count == 144
    assert bridge.link.request(Msg.HEARTBEAT).type == Msg.ACK


def test_hardware_test_emulator_json_prints_exactly_the_issue_keys(built):
    done = subprocess.run([sys.executable, "-m", "companion", "hardware", "test", "--emulator", "--json",
                           "--round-trips", "30"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert tuple(report) == KEYS
    assert 0 < report["round_trip_ms"]["median"] <= report["round_trip_ms"]["p95"]  # the budget is the benchmark's
    assert report["garbled_frames_survived"] and report["leds_ok"]
    assert report["failsafe_ms"] == pytest.approx(300, abs=50)
    for servo in ("pan", "tilt", "trigger"):
        for angle, width in report["servo_pulses_us"][servo].items():
            assert width == pytest.approx(angle_to_pulse_us(int(angle)), abs=TOLERANCE_US)
