"""The Cannon screen on the real firmware under simavr (`serve --hardware emulator`): the panel's
Arm and Aim change the servo pulses measured on the simulated pins, and Fire moves the trigger."""

from __future__ import annotations

import time

import pytest
from firmware_bridge import emulator as emu
from firmware_bridge.protocol import BoardConfig, angle_to_pulse_us

from companion.hardware.aim import Aimer, CannonFix
from companion.hardware.setup import attach
from companion.dashboard import create_app
from companion.hardware.led_map import LedMap

from .cannon_rig import POSE
from .conftest import BOARD, Tablet, make_services

MISSING = emu.missing_tools()
pytestmark = pytest.mark.skipif(bool(MISSING), reason="the AVR toolchain or simavr is not installed "
                                f"(missing {', '.join(MISSING)}; apt-get install {' '.join(emu.APT_PACKAGES)})")
TOLERANCE_US = 10   # the firmware's pulses, as tests/bridge measure them


def settled_pulse(emulator, servo: str, expected_us: float, timeout_s: float = 5.0) -> float:
    """The servo's pulse once it has stopped changing near `expected_us` (the slew takes a while)."""
    deadline = time.monotonic() + timeout_s
    width = None
    while time.monotonic() < deadline:
        pulses = emulator.wait_pulses(servo, 3, time.monotonic())
        width = pulses[-1].width_us if pulses else None
        if width is not None and abs(width - expected_us) <= TOLERANCE_US:
            return width
    return width


def aim_and_settle(tablet, emulator, body: dict, expected_pan: float) -> float:
    """Aims from the panel at `body` ({"cell"} or {"ship"}) and returns the pan pulse it settles at."""
    aimed = tablet.post("/api/cannon/aim", body)
    assert aimed.status_code == 200, aimed.get_json()
    pan = aimed.get_json()["target"]["pan"]
    assert pan == pytest.approx(expected_pan, abs=0.05)
    width = settled_pulse(emulator, "pan", angle_to_pulse_us(pan))
    assert width == pytest.approx(angle_to_pulse_us(pan), abs=TOLERANCE_US)
    return width


def fire_on_target(tablet, emulator, until) -> None:
    """Fire from the panel once the aim has arrived; the emulated trigger servo must pull."""
    until(lambda: tablet.get("/api/cannon").get_json()["aim"]["on_target"])
    fired = tablet.post("/api/cannon/fire")
    assert fired.status_code == 200, fired.get_json()
    trigger = emulator.wait_pulses("trigger", 3, time.monotonic())
    assert any(abs(p.width_us - angle_to_pulse_us(90)) <= TOLERANCE_US for p in trigger)   # the trigger pulled


def test_arm_aim_and_fire_from_the_panel_drive_the_emulated_servos(tmp_path, until):
    emu.build()
    services = make_services(tmp_path)
    services.session.act({"type": "start", "board": BOARD})
    aimer = Aimer()
    aimer.place(CannonFix(POSE, "--cannon-pose"))
    setup = attach("emulator", (BoardConfig(slew=360, led_count=72), LedMap(count=72), aimer), services.session,
                   lambda status: services.broadcaster.publish_status("hardware", status))
    assert setup.desk is not None, setup.status()
    emulator = setup.hardware.emulator
    try:
        services.cannon, services.hardware = setup.desk, setup.status
        tablet = Tablet(create_app({"TESTING": True, "DATA": tmp_path}, services=services).test_client())
        assert tablet.get("/api/cannon").get_json()["hello"]["firmware"]
        before = settled_pulse(emulator, "pan", angle_to_pulse_us(90))
        assert before == pytest.approx(angle_to_pulse_us(90), abs=TOLERANCE_US)

        token = tablet.post("/api/cannon/arm/request").get_json()["confirm"]
        armed = tablet.post("/api/cannon/arm", {"confirm": token})
        assert armed.status_code == 200 and armed.get_json()["status"]["armed"], armed.get_json()
        after = aim_and_settle(tablet, emulator, {"cell": "F3"}, 104.04)
        assert after - before > 100   # 14 degrees of pan is about 144 us of pulse
        fire_on_target(tablet, emulator, until)
        wanted, _ = setup.desk.follower.frame()   # the LEDs follow the game here too, decoded off the pin
        until(lambda: emulator.led_frames and emulator.led_frames[-1].colours == wanted)
        assert any(any(colour) for colour in wanted)
    finally:
        setup.close()
