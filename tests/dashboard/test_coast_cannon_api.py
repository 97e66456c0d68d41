"""The cannon and LEDs in a Cannons & Coastlines game, through Flask's test client, with the firmware
twin attached as `serve --game cannons-coastlines --hardware sim` attaches it: the LEDs follow whose
turn it is, a refused and a won victory claim; the cannon aims at a ship and fires only when armed
and confirmed; a garbled frame is dropped and counted and a reboot is ridden out."""

from __future__ import annotations

import os
from dataclasses import dataclass

import pytest
from firmware_bridge.codec import Frame, encode_frame
from firmware_bridge.protocol import EventCode

from companion.games.cannons_coastlines.hardware.indicators import seat_segments
from companion.dashboard import create_app

from .cannon_rig import COAST_LEDS, TwinCannon, coast_twin_cannon
from .conftest import Tablet

ANNA, ANNA_WAITING = (0, 15, 64), (0, 2, 10)   # seat 1's blue, to play / waiting, at the strip's 25%
BEN, BEN_WAITING = (64, 18, 0), (10, 2, 0)      # seat 2's vermillion
RED, WHITE = (64, 0, 0), (64, 64, 64)
ANNA_LEDS, BEN_LEDS = seat_segments(COAST_LEDS, 2)


@dataclass
class Rig(TwinCannon):
    tablet: Tablet

    def strip(self, leds) -> set:
        shown = self.twin.strip
        return {tuple(shown[i]) if i < len(shown) else None for i in leds}

    def arm(self):
        token = self.tablet.post("/api/cannon/arm/request").get_json()["confirm"]
        return self.tablet.post("/api/cannon/arm", {"confirm": token})


@pytest.fixture
def rig(tmp_path):
    made = coast_twin_cannon(tmp_path)
    app = create_app({"TESTING": True, "DATA": tmp_path, "HEARTBEAT": 0.5}, services=made.services)
    rig = Rig(made.hardware, made.desk, made.services, Tablet(app.test_client()))
    yield rig
    rig.close()


def test_the_leds_follow_whose_turn_it_is_a_refused_claim_and_the_winner(rig, until):
    until(lambda: rig.strip(ANNA_LEDS) == {ANNA} and rig.strip(BEN_LEDS) == {BEN_WAITING})   # anna to play
    assert rig.tablet.post("/api/coast/turn").get_json()["legal"]
    until(lambda: rig.strip(ANNA_LEDS) == {ANNA_WAITING} and rig.strip(BEN_LEDS) == {BEN})   # ben's turn

    refused = rig.tablet.post("/api/coast/claim", {"player": "ben"}).get_json()   # 45 points: not enough
    assert refused["ok"] and not refused["legal"]
    until(lambda: [rig.twin.strip[i] for i in BEN_LEDS[:4]] == [RED, WHITE, RED, WHITE])   # his seat striped
    assert rig.strip(ANNA_LEDS) == {ANNA_WAITING}

    assert rig.tablet.post("/api/coast/turn").get_json()["legal"]                  # the stripes go with the turn
    until(lambda: rig.strip(ANNA_LEDS) == {ANNA} and rig.strip(BEN_LEDS) == {BEN_WAITING})
    assert rig.tablet.post("/api/coast/values", {"values": {"pirates": {"hull": 8}}}).status_code == 200
    won = rig.tablet.post("/api/coast/claim", {"player": "anna"}).get_json()      # 63 at the start of her turn
    assert won["legal"], won
    until(lambda: rig.strip(range(COAST_LEDS.count)) == {ANNA})                   # the whole strip: anna wins
    leds = rig.tablet.get("/api/cannon").get_json()["leds"]
    assert leds["lit"] == 72 and leds["mapping"].startswith("2 seat segments of 36 LEDs round the table edge")


def test_aim_at_a_ship_then_arm_confirm_and_fire(rig, until):
    assert rig.tablet.get("/api/cannon").get_json()["aims_at"] == "ship"
    aimed = rig.tablet.post("/api/cannon/aim", {"ship": "ben/schooner"})
    assert aimed.status_code == 200, aimed.get_json()
    target = aimed.get_json()["target"]
    assert target["ship"] == "ben/schooner" and target["measured"] is True
    assert target["table_mm"] == [1270.0, 914.4]                   # (50", 36") on the play area
    assert target["pan"] == pytest.approx(90 - 37.57, abs=0.05)     # its bearing off the cannon's heading
    until(lambda: rig.desk.status()["aim"]["on_target"]
               and rig.desk.status()["aim"]["pan"] == pytest.approx(target["pan"], abs=0.01))

    refused = rig.tablet.post("/api/cannon/fire")                  # not armed: the trigger stays safe
    assert refused.status_code == 409 and not rig.twin.state.firing
    assert rig.tablet.post("/api/cannon/arm", {}).status_code == 400   # arming needs the confirmation
    assert rig.arm().status_code == 200 and rig.twin.state.armed
    fired = rig.tablet.post("/api/cannon/fire")
    assert fired.status_code == 200, fired.get_json()
    assert fired.get_json()["status"]["notice"]["text"] == "Fired at ben/schooner."
    until(lambda: any(code == EventCode.SHOT for _, code, _ in rig.hardware.bridge.link.events))
    assert not rig.desk.status()["armed"]


@pytest.mark.parametrize("body, status, reason", [
    ({"ship": "ben/sloop"}, 400, "Cannot aim at ben/sloop: pan 11.31 deg is outside the soft limits 45..135 deg."),
    ({"ship": "ben/galleon"}, 400, "There is no ship 'ben/galleon' on the table to aim at (ships afloat: anna/cutter"),
    ({"cell": "D4"}, 400, "This game aims at ships, not cells. Say where to aim: {\"ship\": \"ben/sloop\"}"),
])
def test_an_aim_at_a_ship_the_cannon_cannot_take_is_refused_with_the_reason(rig, body, status, reason):
    refused = rig.tablet.post("/api/cannon/aim", body)
    assert refused.status_code == status
    assert reason in refused.get_json()["error"]
    assert rig.twin.state.pan_target == 9000   # the board was never asked


def test_without_the_cannons_pose_the_panel_says_how_to_give_it(tmp_path):
    made = coast_twin_cannon(tmp_path, pose=None)
    try:
        tablet = Tablet(create_app({"TESTING": True, "DATA": tmp_path}, services=made.services).test_client())
        refused = tablet.post("/api/cannon/aim", {"ship": "ben/brigantine"})
        assert refused.status_code == 409
        assert "Cannot aim at ben/brigantine: nobody knows where the cannon stands. Start `companion serve` with " \
               "--cannon-pose X,Y,HEADING: mm from the play area's top-left corner" in refused.get_json()["error"]
        cannon = tablet.get("/api/cannon").get_json()["cannon"]
        assert cannon["message"] == "Cannon not located: serve was not told where it stands on the table."
        assert tablet.get("/cannon").status_code == 200
    finally:
        made.close()


def test_a_garbled_frame_is_counted_and_a_reboot_gets_the_leds_back(rig, until):
    until(lambda: rig.strip(ANNA_LEDS) == {ANNA})
    good = encode_frame(Frame(type=0x80, seq=1, payload=b"\x01"))
    os.write(rig.hardware.twin_pty._master, good[:-3] + bytes([good[-3] ^ 0x55]) + good[-2:])   # a bad CRC
    until(lambda: rig.tablet.get("/api/cannon").get_json()["garbled"]["from_board"] == 1)
    assert rig.tablet.post("/api/coast/turn").get_json()["legal"]                  # the link carries on
    until(lambda: rig.strip(BEN_LEDS) == {BEN})

    rig.hardware.twin_pty.reboot()                                              # the board forgets its strip ...
    until(lambda: rig.desk.status()["reboots"] == 1)
    until(lambda: rig.strip(BEN_LEDS) == {BEN} and rig.strip(ANNA_LEDS) == {ANNA_WAITING})   # ... and is sent it again
    assert "said HELLO again" in rig.tablet.get("/api/cannon").get_json()["notice"]["text"]
