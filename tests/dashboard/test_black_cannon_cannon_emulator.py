"""A Black Cannon shot on the real firmware under simavr (`serve --game black-cannon --hardware emulator
--cannon-pose 300,-100,0`): red has landed on the Black Cannon square B7; the WS2812 frame decoded off the
simulated pin lights the shooter and its targets; the Cannon screen's aim at blue's frigate sets the pan
and tilt pulses the board's geometry calls for, Fire is refused until armed, then pulls the trigger; and
when the host falls silent the firmware's failsafe drops the arming and the panel says why."""

from __future__ import annotations

import math
import time

import pytest
from firmware_bridge import emulator as emu
from firmware_bridge.protocol import BoardConfig, EventCode, angle_to_pulse_us

from companion.dashboard import create_app
from companion.games.black_cannon.kit.pieces import SQUARE_MM

from .black_cannon_scenes import BC_LEDS_COUNT, bc_twin_cannon
from .conftest import Tablet
from .test_cannon_emulator import MISSING, TOLERANCE_US, aim_and_settle, fire_on_target, settled_pulse

pytestmark = pytest.mark.skipif(bool(MISSING), reason="the AVR toolchain or simavr is not installed "
                                f"(missing {', '.join(MISSING)}; apt-get install {' '.join(emu.APT_PACKAGES)})")
# On the 12x12 serpentine matrix (row 1 left to right, row 2 back, ...): B7 is LED 6*12+1, J8 is 7*12+(11-9),
# A12 is 11*12+(11-0). At the strip's 25%: red's shooter (255, 30, 0) and the white of a target.
SHOOTER_LED, BLUE_LED, GREEN_LED = 73, 86, 143
RED, WHITE = (64, 8, 0), (64, 64, 64)
# The cannon stands on B7's centre facing +x; J8's centre is eight squares along, one down.
BLUE_BEARING = math.degrees(math.atan2(1, 8))


@pytest.mark.slow   # a few seconds once the firmware is built (the first build takes longer)
def test_a_black_cannon_shot_on_the_emulated_firmware_aims_arms_fires_and_fails_safe(tmp_path, until):
    emu.build()
    services, setup = bc_twin_cannon(tmp_path, spec="emulator",
                                     config=BoardConfig(slew=360, led_count=BC_LEDS_COUNT))
    services.session.act({"type": "roll", "dice": [4, 1]})
    services.session.act({"type": "move", "fleet": "red", "to": "B7"})   # a shot is owed
    emulator, link = setup.hardware.emulator, setup.hardware.bridge.link

    def led(index: int):
        colours = emulator.led_frames[-1].colours if emulator.led_frames else []
        return colours[index] if index < len(colours) else None

    try:
        tablet = Tablet(create_app({"TESTING": True, "DATA": tmp_path}, services=services).test_client())
        until(lambda: (led(SHOOTER_LED), led(BLUE_LED), led(GREEN_LED)) == (RED, WHITE, WHITE))
        assert led(0) == (0, 0, 0)   # red's port A1: nothing to show there now

        before = settled_pulse(emulator, "pan", angle_to_pulse_us(90))
        after = aim_and_settle(tablet, emulator, {"ship": "blue"}, 90 + BLUE_BEARING)
        assert after - before > 50   # 7.1 degrees of pan is about 74 us of pulse
        target = tablet.get("/api/cannon").get_json()["target"]
        tilt = settled_pulse(emulator, "tilt", angle_to_pulse_us(target["tilt"]))
        assert tilt == pytest.approx(angle_to_pulse_us(target["tilt"]), abs=TOLERANCE_US)
        assert target["range_mm"] == round(math.hypot(8, 1) * SQUARE_MM)
        assert target["table_mm"] == [9.5 * SQUARE_MM, 7.5 * SQUARE_MM]

        refused = tablet.post("/api/cannon/fire")
        assert refused.status_code == 409 and "not armed" in refused.get_json()["error"]
        token = tablet.post("/api/cannon/arm/request").get_json()["confirm"]
        assert tablet.post("/api/cannon/arm", {"confirm": token}).status_code == 200
        fire_on_target(tablet, emulator, until)

        token = tablet.post("/api/cannon/arm/request").get_json()["confirm"]   # armed again, then silence
        assert tablet.post("/api/cannon/arm", {"confirm": token}).get_json()["status"]["armed"]
        setup.desk.poll_s = 3600   # no status polls: only the heartbeat keeps the board calm
        time.sleep(0.2)            # the desk's last short wait runs out
        quiet_since = link.clock()
        link.pause_heartbeat()
        try:
            found = link.wait_event(EventCode.FAILSAFE, quiet_since, timeout_s=5)
        finally:
            link.pause_heartbeat(False)
        assert found is not None, "the board never went to failsafe"
        status = setup.desk.refresh()
        assert not status["armed"] and status["failsafe"]["count"] >= 1
        assert status["notice"]["text"].startswith("Failsafe: the board heard nothing from this computer for")
        again = tablet.post("/api/cannon/fire")
        assert again.status_code == 409 and "not armed" in again.get_json()["error"]
    finally:
        setup.close()
