"""The Cannon screen's API through Flask's test client, against the firmware twin on a pty:
arming needs a confirmation, firing needs an arming, aims outside the soft limits are refused
with the reason, and the LEDs the twin shows follow the game."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

import pytest
from firmware_bridge.protocol import EventCode

from companion.dashboard import create_app
from companion.games.cannonball_colony.cells import Cell, Country
from companion.games.cannonball_colony.rules import legal_builds
from companion.games.cannonball_colony.text import parse_board
from companion.games.cannonball_colony.view import summary

from .cannon_rig import LEDS, LIMITS, TwinCannon, twin_cannon
from .conftest import Tablet

SPAIN_LEGAL = (19, 7, 0)   # Spain's orange at the legal spaces' 30%, then the map's 25% brightness
RED = (64, 0, 0)           # a refused verdict's cells at 25%


@dataclass
class Rig(TwinCannon):
    """The twin cannon, with a tablet on the dashboard in front of it."""

    tablet: Tablet

    def led(self, cell: str) -> tuple:
        strip = self.twin.strip
        index = LEDS.index(Cell.parse(cell), 12, 6)
        return tuple(strip[index]) if index < len(strip) else None

    def arm(self):
        token = self.tablet.post("/api/cannon/arm/request").get_json()["confirm"]
        return self.tablet.post("/api/cannon/arm", {"confirm": token})


def make_rig(tmp_path, app_config=None, **kw) -> Rig:
    made = twin_cannon(tmp_path, **kw)
    app = create_app({"TESTING": True, "DATA": tmp_path, "HEARTBEAT": 0.5, **(app_config or {})}, services=made.services)
    return Rig(made.hardware, made.desk, made.services, Tablet(app.test_client()))


@pytest.fixture
def rig(tmp_path):
    made = make_rig(tmp_path)
    yield made
    made.close()


def test_arming_needs_a_person_to_confirm_on_the_same_tablet(rig):
    refused = rig.tablet.post("/api/cannon/arm", {})
    assert refused.status_code == 400
    assert "Arming needs a person's confirmation: press Arm, then Confirm" in refused.get_json()["error"]
    assert rig.tablet.post("/api/cannon/arm", {"confirm": "guessed"}).status_code == 403
    assert not rig.twin.state.armed

    asked = rig.tablet.post("/api/cannon/arm/request").get_json()
    assert asked["question"] == "Arm the cannon? For 5 s after you confirm, Fire will shoot."
    armed = rig.tablet.post("/api/cannon/arm", {"confirm": asked["confirm"]})
    assert armed.status_code == 200, armed.get_json()
    status = armed.get_json()["status"]
    assert status["armed"] and status["armed_by"].startswith("tablet ") and "Cannon screen" in status["armed_by"]
    assert rig.twin.state.armed
    again = rig.tablet.post("/api/cannon/arm", {"confirm": asked["confirm"]})   # a token arms once
    assert again.status_code == 403 and "press Arm again" in again.get_json()["error"]


def test_fire_without_arming_is_refused_and_the_trigger_stays_safe(rig):
    assert rig.tablet.post("/api/cannon/aim", {"cell": "F3"}).status_code == 200
    refused = rig.tablet.post("/api/cannon/fire")
    assert refused.status_code == 409
    assert refused.get_json()["error"].startswith("The cannon is not armed: press Arm and confirm first")
    assert rig.twin.angle("trigger") == LIMITS.trigger_safe and not rig.twin.state.firing


def test_fire_without_an_aim_is_refused_even_when_armed(rig, until):
    status = rig.tablet.get("/api/cannon").get_json()
    assert status["target"] is None and status["needs_aim"].startswith("Tap a cell to aim at it")
    assert rig.arm().status_code == 200 and rig.twin.state.armed   # arming alone is allowed ...
    refused = rig.tablet.post("/api/cannon/fire")                  # ... a shot at nothing is not
    assert refused.status_code == 409
    assert refused.get_json()["error"].startswith("Cannot fire: the cannon has not been aimed. Tap a cell")
    assert rig.twin.angle("trigger") == LIMITS.trigger_safe and not rig.twin.state.firing

    aimed = rig.tablet.post("/api/cannon/aim", {"cell": "F3"})
    assert aimed.status_code == 200 and rig.tablet.get("/api/cannon").get_json()["needs_aim"] is None
    until(lambda: rig.desk.status()["aim"]["on_target"]
               and rig.desk.status()["aim"]["pan"] == pytest.approx(aimed.get_json()["target"]["pan"], abs=0.01))
    fired = rig.tablet.post("/api/cannon/fire")
    assert fired.status_code == 200, fired.get_json()


def test_when_nobody_knows_where_the_cannon_stands_fire_says_why_it_cannot_aim(tmp_path):
    rig = make_rig(tmp_path, pose=None)   # the demo: no marker 48 seen, no --cannon-pose
    try:
        needs_aim = rig.tablet.get("/api/cannon").get_json()["needs_aim"]
        assert needs_aim.startswith("Aiming is unavailable: nobody knows where the cannon stands.")
        assert "marker (id 48) beside the island" in needs_aim and "--cannon-pose X,Y,HEADING" in needs_aim
        assert rig.arm().status_code == 200
        refused = rig.tablet.post("/api/cannon/fire")
        assert refused.status_code == 409
        assert refused.get_json()["error"] == f"Cannot fire: the cannon has not been aimed. {needs_aim}"
        assert not rig.twin.state.firing
    finally:
        rig.close()


def test_aim_at_a_cell_then_arm_and_fire_within_the_window(rig, until):
    aimed = rig.tablet.post("/api/cannon/aim", {"cell": "F3"})
    assert aimed.status_code == 200, aimed.get_json()
    target = aimed.get_json()["target"]
    assert target["cell"] == "F3" and 45 <= target["pan"] <= 135 and target["measured"] is False
    assert target["pan"] == pytest.approx(90 + 14.0, abs=0.5)   # F3's bearing from the cannon
    until(lambda: rig.desk.status()["aim"]["on_target"]
               and rig.desk.status()["aim"]["pan"] == pytest.approx(target["pan"], abs=0.01))
    assert rig.arm().status_code == 200
    fired = rig.tablet.post("/api/cannon/fire")
    assert fired.status_code == 200, fired.get_json()
    assert fired.get_json()["status"]["notice"]["text"] == "Fired at F3."
    until(lambda: any(code == EventCode.SHOT for _, code, _ in rig.hardware.bridge.link.events))
    assert not rig.desk.status()["armed"]   # one arming, one shot


@pytest.mark.parametrize("body, reason", [
    ({"cell": "A1"}, "Cannot aim at A1: pan 148.39 deg is outside the soft limits 45..135 deg."),
    ({"pan": 170, "tilt": 90}, "Cannot aim there: pan 170 deg is outside the soft limits 45..135 deg."),
    ({"pan": 90, "tilt": 5}, "Cannot aim there: tilt 5 deg is outside the soft limits 10..170 deg."),
    ({"cell": "Z9"}, "Z9 is outside the island's grid (12 columns, 6 rows)."),
    ({"cell": "here"}, "not a cell: 'here'"),
    ({}, "Say where to aim"),
])
def test_an_aim_the_cannon_cannot_take_is_refused_with_the_reason(rig, body, reason):
    refused = rig.tablet.post("/api/cannon/aim", body)
    assert refused.status_code == 400
    assert reason in refused.get_json()["error"]
    assert rig.twin.state.pan_target == 9000   # the board was never asked


def test_without_the_cannons_pose_the_panel_says_so_plainly(tmp_path):
    rig = make_rig(tmp_path, pose=None)
    try:
        refused = rig.tablet.post("/api/cannon/aim", {"cell": "F3"})
        assert refused.status_code == 409
        error = refused.get_json()["error"]
        assert "Cannot aim at F3: nobody knows where the cannon stands" in error and "marker (id 48)" in error
        cannon = rig.tablet.get("/api/cannon").get_json()["cannon"]
        assert cannon["located"] is False and cannon["message"].startswith("Cannon not located")
    finally:
        rig.close()


def test_the_leds_light_the_next_players_legal_spaces_after_a_move(rig, until):
    until(lambda: rig.led("A3") == (0, 15, 64))        # France to play: its ship in full colour
    assert rig.tablet.post("/api/move", {"move": "road E1"}).get_json()["legal"]
    assert rig.tablet.post("/api/confirm").get_json()["legal"]
    until(lambda: rig.led("L4") == (64, 22, 0))        # Spain's ship: Spain to play
    position = parse_board(summary(rig.services.session.state)["board"])
    legal = {cell for cells in legal_builds(position, Country.SPAIN) for cell in cells}
    assert legal
    for cell in position.cells():
        shown = rig.led(str(cell))
        if cell == Cell.parse("L4"):
            continue
        assert shown == (SPAIN_LEGAL if cell in legal else (0, 0, 0)), (str(cell), shown)


def test_the_leds_show_a_refused_verdicts_evidence_and_only_changed_frames_are_sent(rig, until):
    until(lambda: rig.desk.status()["leds"]["frames"] == 1)
    shown_before = len(rig.twin.shown)
    rig.desk.leds_stale()                                   # nothing changed: nothing is sent
    rig.desk.refresh()
    assert len(rig.twin.shown) == shown_before
    refused = rig.tablet.post("/api/move", {"move": "fort G3"}).get_json()
    assert not refused["legal"]
    cells = [c for reason in refused["verdict"]["reasons"] for c in reason["cells"]]
    assert "D3" in cells and "G3" in cells                  # the too-close path, end to end
    until(lambda: all(rig.led(c) == RED for c in cells) and rig.desk.status()["leds"]["frames"] == 2)


def test_a_reboot_drops_the_arming_and_the_panel_says_why(rig, until):
    assert rig.tablet.post("/api/cannon/aim", {"cell": "F3"}).status_code == 200   # so only the arming is missing
    assert rig.arm().status_code == 200
    rig.hardware.twin_pty.reboot()
    until(lambda: not rig.desk.status()["armed"] and rig.desk.status()["notice"]["tone"] == "bad")
    status = rig.tablet.get("/api/cannon").get_json()
    assert "rebooted and said HELLO again, which dropped the arming" in status["notice"]["text"]
    refused = rig.tablet.post("/api/cannon/fire")
    assert refused.status_code == 409 and "not armed" in refused.get_json()["error"]


def test_a_failsafe_drops_the_arming_and_the_panel_says_why(tmp_path, until):
    rig = make_rig(tmp_path, poll_s=60)   # no status polls: only the heartbeat keeps the board calm
    try:
        assert rig.arm().status_code == 200
        rig.hardware.bridge.link.pause_heartbeat()
        until(lambda: rig.twin.state.failsafes == 1)
        rig.hardware.bridge.link.pause_heartbeat(False)
        status = rig.desk.refresh()
        assert not status["armed"]
        assert status["notice"]["text"].startswith("Failsafe: the board heard nothing from this computer for")
    finally:
        rig.close()


def test_cannon_changes_need_the_csrf_token_and_on_a_lan_a_paired_tablet(tmp_path):
    rig = make_rig(tmp_path, app_config={"LAN": True, "PAIRING_CODE": "424242"})
    try:
        bare = rig.tablet.client.post("/api/cannon/arm/request", json={})
        assert bare.status_code == 403 and "CSRF" in bare.get_json()["error"]
        unpaired = rig.tablet.post("/api/cannon/fire")
        assert unpaired.status_code == 403 and "not paired" in unpaired.get_json()["error"]
    finally:
        rig.close()


def test_without_hardware_the_cannon_api_says_how_to_attach_it(client, tablet):
    refused = tablet.post("/api/cannon/fire")
    assert refused.status_code == 503
    assert "Start `companion serve` with --hardware sim, emulator or a serial port" in refused.get_json()["error"]
    assert client.get("/cannon").status_code == 200


def test_an_arm_that_waited_too_long_is_dropped_not_sent_later(rig):
    rig.desk.answer_s = 0.05
    busy = threading.Thread(target=lambda: pytest.raises(Exception, rig.desk._call, lambda: time.sleep(0.4), "SLOW"))
    busy.start()                    # the desk's thread is stuck on a slow exchange ...
    time.sleep(0.02)
    late = rig.arm()                # ... so the ARM behind it times out
    assert late.status_code == 504 and "it was not sent" in late.get_json()["error"]
    busy.join()
    time.sleep(0.1)
    assert not rig.twin.state.armed and not rig.desk.status()["armed"]
