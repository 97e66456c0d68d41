"""Black Cannon's Cannon screen on the firmware twin (`serve --game black-cannon --hardware sim
--cannon-pose 300,-100,0`): a ship is aimed at by its fleet, at its square's centre; while a shot is owed
the cannon stands on the shooter's square; bad aims get a short 4xx; the LEDs under the board light the
legal squares for the roll, then the shooter and its targets."""

from __future__ import annotations

import math

import pytest
from firmware_bridge.aiming import CannonPose

from companion.dashboard import create_app
from companion.games.black_cannon.hardware.indicators import led_frame, meaning, square_colours
from companion.games.black_cannon.kit.pieces import SQUARE_MM
from companion.games.black_cannon.record import RECORD
from companion.hardware.aim import CannonFix
from companion.hardware.led_map import LedMap

from .black_cannon_scenes import CANNON_TURN, TWO_PLAYERS, bc_services, bc_twin_cannon
from .conftest import Tablet


@pytest.fixture
def rig(tmp_path):
    services, setup = bc_twin_cannon(tmp_path)
    tablet = Tablet(create_app({"TESTING": True, "DATA": tmp_path}, services=services).test_client())
    yield tablet, services.session, setup
    setup.close()
    services.broadcaster.close()


# Blue's frigate stands on J8 (column 9, row 7): its centre on the printed board, in board mm.
J8 = (9.5 * SQUARE_MM, 7.5 * SQUARE_MM)


def test_with_no_shot_owed_a_ship_is_aimed_at_from_where_the_pose_puts_the_cannon(rig):
    tablet, _, setup = rig
    # Facing +x from (300, -100), blue's J8 lies almost straight down the board: past the soft limits.
    # Turned to face down the board (+y), it is a few degrees off.
    along, down = J8[0] - 300, J8[1] + 100
    wide = tablet.post("/api/cannon/aim", {"ship": "blue"})
    assert wide.status_code == 400 and "is outside the soft limits 45..135 deg" in wide.get_json()["error"]
    setup.desk.aimer.place(CannonFix(CannonPose(300, -100, 90), "--cannon-pose"))
    aimed = tablet.post("/api/cannon/aim", {"ship": "blue"})
    assert aimed.status_code == 200, aimed.get_json()
    target = aimed.get_json()["target"]
    assert target["ship"] == "blue" and target["table_mm"] == pytest.approx(list(J8), abs=0.05)
    assert target["bearing_deg"] == pytest.approx(round(math.degrees(math.atan2(down, along)) - 90, 1), abs=0.06)
    assert "from the board's corner at A1" in tablet.get("/api/cannon").get_json()["cannon"]["message"]


def test_while_a_shot_is_owed_the_cannon_stands_on_the_shooters_square(rig):
    tablet, session, _ = rig
    session.act({"type": "roll", "dice": [4, 1]})
    session.act({"type": "move", "fleet": "red", "to": "B7"})
    target = tablet.post("/api/cannon/aim", {"ship": "Blue"}).get_json()["target"]   # a fleet in any case
    # From B7's centre to J8's: eight squares along, one down.
    assert target["bearing_deg"] == pytest.approx(round(math.degrees(math.atan2(1, 8)), 1))
    assert target["pan"] == pytest.approx(90 + math.degrees(math.atan2(1, 8)), abs=0.01)
    own = tablet.post("/api/cannon/aim", {"ship": "red"})
    assert own.status_code == 400 and own.get_json()["error"] == (
        "Red is the ship firing: the Black Cannon stands on its square B7; aim at one of blue, green.")
    far = tablet.post("/api/cannon/aim", {"ship": "green"})   # A12 is 101 deg off the heading
    assert far.status_code == 400 and "outside the soft limits" in far.get_json()["error"]


BAD_AIMS = [
    ({"ship": "purple"}, 400, "There is no 'purple' ship on the board to aim at (fleets in play: red, blue, green)."),
    ({"ship": "x" * 3000}, 400, "There is no"),
    ({"cell": "D4"}, 400, "This game aims at ships, not cells."),
    ({}, 400, "Say where to aim: {\"ship\": \"ben/sloop\"}"),
]


@pytest.mark.parametrize("body, status, said", BAD_AIMS, ids=[str(b)[:20] for b, _, _ in BAD_AIMS])
def test_a_bad_aim_gets_a_short_4xx_and_the_cannon_does_not_move(rig, body, status, said):
    tablet, session, setup = rig
    before = session.last_seq()
    answer = tablet.post("/api/cannon/aim", body)
    error = answer.get_json()["error"]
    assert answer.status_code == status and said in error and len(error) < 300, error
    assert setup.hardware.twin.state.pan_target == 9000 and session.last_seq() == before


def test_without_a_pose_aiming_is_refused_with_the_way_to_place_the_cannon(tmp_path):
    from companion.games.black_cannon.hardware.aim import BOARD_FRAME, ShipTargets
    from companion.hardware.aim import Aimer, CannonNotLocated

    services = bc_services(tmp_path)
    services.session.act(RECORD.start(CANNON_TURN))
    with pytest.raises(CannonNotLocated, match="--cannon-pose X,Y,HEADING: mm from the outer corner of square A1"):
        ShipTargets(Aimer(frame=BOARD_FRAME), services.session)("blue")
    services.broadcaster.close()


LEDS = LedMap(count=144, brightness=1.0)


def lit(frame) -> dict[int, tuple]:
    return {index: colour for index, colour in enumerate(frame) if any(colour)}


def test_the_leds_light_each_fleets_legal_squares_dim_and_its_ships_bright(tmp_path):
    services = bc_services(tmp_path)
    services.session.act(RECORD.start(TWO_PLAYERS))
    game = services.session.state
    assert square_colours(game) == {"A1": (255, 30, 0), "A12": (0, 220, 40)}   # anna's two galleons, to roll
    services.session.act({"type": "roll", "dice": [1, 1]})
    colours = square_colours(services.session.state)
    # A roll of 1 and 1 (1 or 2 squares): red from A1 east, south-east and south; green from A12 north, east.
    red_dim, green_dim = (76, 9, 0), (0, 66, 12)
    assert colours == {"A1": (255, 30, 0), "A12": (0, 220, 40), "B1": red_dim, "C1": red_dim, "B2": red_dim,
                       "C3": red_dim, "A2": red_dim, "A3": red_dim, "A11": green_dim, "A10": green_dim,
                       "B12": green_dim, "C12": green_dim, "B11": green_dim, "C10": green_dim}
    frame, problem = led_frame(services.session.state, LEDS)
    assert problem is None and lit(frame)[0] == (255, 30, 0) and lit(frame)[1] == red_dim   # A1, then B1
    assert lit(frame)[12 * 11 + 11] == (0, 220, 40)   # A12: row 12 runs back, so it is the last LED
    assert "anna rolled 1+1: the legal squares dim" in meaning(services.session.state)
    too_short, problem = led_frame(services.session.state, LedMap(count=100))
    assert not any(map(any, too_short)) and "needs LEDs 0..143, but the strip has 100" in problem
    services.broadcaster.close()
