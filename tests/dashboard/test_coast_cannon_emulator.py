"""A Cannons & Coastlines game on the real firmware under simavr (`serve --game cannons-coastlines
--hardware emulator`): the WS2812 frames decoded off the simulated pin show whose turn it is and
then the winner, and the Cannon screen's aim at a ship, Arm and Fire move the emulated servos."""

from __future__ import annotations

import pytest
from firmware_bridge import emulator as emu
from firmware_bridge.protocol import BoardConfig, angle_to_pulse_us

from companion.hardware.aim import Aimer, CannonFix
from companion.games.cannons_coastlines.hardware.aim import PLAY_AREA_FRAME
from companion.games.cannons_coastlines.hardware.indicators import seat_segments
from companion.hardware.setup import attach
from companion.dashboard import create_app

from .cannon_rig import COAST_LEDS, COAST_POSE
from .coast_scenes import BATTLE, coast_services
from .conftest import Tablet
from .test_cannon_emulator import MISSING, aim_and_settle, fire_on_target, settled_pulse

pytestmark = pytest.mark.skipif(bool(MISSING), reason="the AVR toolchain or simavr is not installed "
                                f"(missing {', '.join(MISSING)}; apt-get install {' '.join(emu.APT_PACKAGES)})")
ANNA, BEN = (0, 15, 64), (64, 18, 0)   # the seats' colours to play, at the strip's 25%
ANNA_LEDS, BEN_LEDS = seat_segments(COAST_LEDS, 2)


def test_leds_and_cannon_follow_a_coast_game_on_the_emulated_firmware(tmp_path, until):
    emu.build()
    services = coast_services(tmp_path)
    services.session.act({"type": "start", "table": BATTLE})
    aimer = Aimer(frame=PLAY_AREA_FRAME)
    aimer.place(CannonFix(COAST_POSE, "--cannon-pose"))
    setup = attach("emulator", (BoardConfig(slew=360, led_count=72), COAST_LEDS, aimer), services.session,
                   lambda status: services.broadcaster.publish_status("hardware", status))
    assert setup.desk is not None, setup.status()
    emulator = setup.hardware.emulator

    def strip(leds) -> set:
        """The colours the firmware last clocked out on the LED pin, at these LEDs."""
        colours = emulator.led_frames[-1].colours if emulator.led_frames else []
        return {colours[i] if i < len(colours) else None for i in leds}

    try:
        services.cannon, services.hardware = setup.desk, setup.status
        tablet = Tablet(create_app({"TESTING": True, "DATA": tmp_path}, services=services).test_client())
        until(lambda: strip(ANNA_LEDS) == {ANNA})                        # anna to play, off the pin
        assert tablet.post("/api/coast/turn").get_json()["legal"]
        until(lambda: strip(BEN_LEDS) == {BEN} and ANNA not in strip(ANNA_LEDS))   # ben's turn

        before = settled_pulse(emulator, "pan", angle_to_pulse_us(90))
        after = aim_and_settle(tablet, emulator, {"ship": "ben/schooner"}, 52.43)
        assert before - after > 300   # 37.6 degrees of pan is about 390 us of pulse
        assert tablet.post("/api/cannon/fire").status_code == 409        # not armed: refused
        token = tablet.post("/api/cannon/arm/request").get_json()["confirm"]
        assert tablet.post("/api/cannon/arm", {"confirm": token}).status_code == 200
        fire_on_target(tablet, emulator, until)

        assert tablet.post("/api/coast/turn").get_json()["legal"]       # anna's turn again: she claims, and wins
        assert tablet.post("/api/coast/values", {"values": {"pirates": {"hull": 8}}}).status_code == 200
        assert tablet.post("/api/coast/claim", {"player": "anna"}).get_json()["legal"]
        until(lambda: strip(range(72)) == {ANNA})                        # the whole strip in the winner's colour
    finally:
        setup.close()
