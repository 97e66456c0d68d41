"""Black Cannon positions for the dashboard tests, and a session on a real SQLite file to serve them."""

from __future__ import annotations

from companion.dashboard.broadcast import Broadcaster
from companion.dashboard.video import FrameHub
from companion.dashboard.web import Services
from companion.games.black_cannon.record import RECORD
from companion.session import EventLog, Session

# Anna's red galleon on B3: a roll of 4 takes it south to the Black Cannon square B7. Bob's blue frigate
# carries a chest on J8; cleo's green galleon waits in its port.
#   B7 from B3: B4 B5 B6 B7, all sea; the shot may hit blue or green.
CANNON_TURN = ("players: anna=red bob=blue cleo=green\nturn: anna\n"
               "ships: red=galleon@B3 blue=frigate@J8 green=galleon@A12\ncarrying: blue\n"
               "home: red=0 blue=0 green=0\nchests: D4=4 J4=3 D9=3 J9=3\n")
# As above, with green's galleon on B6: landing on B7 also faces it across edge D (B6 | B7), so the
# Black Cannon's shot comes first and then the sea battle, red firing first (BC-2, BC-9).
CANNON_AND_BATTLE = CANNON_TURN.replace("green=galleon@A12", "green=galleon@B6")
# Two players, two fleets each (BC-4): anna sails red or green, bob blue or yellow.
TWO_PLAYERS = ("players: anna=red,green bob=blue,yellow\nturn: anna\n"
               "ships: red=galleon@A1 blue=galleon@L1 green=galleon@A12 yellow=galleon@L12\ncarrying:\n"
               "home: red=0 blue=0 green=0 yellow=0\nchests: D4=4 J4=3 D9=3 J9=4\n")


def bc_services(tmp_path) -> Services:
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    return Services(session, Broadcaster(session, heartbeat=0.5), FrameHub(max_fps=30))


# Hand-placed (serve --cannon-pose): the pose's heading, +x along the rows; while a shot is owed the
# cannon stands on the shooter's square. From B7 (75, 325) mm blue's J8 (475, 375) is 7.1 deg off.
BC_POSE = "300,-100,0"
BC_LEDS_COUNT = 144   # the default board's 12x12 squares, one LED each


def bc_twin_cannon(tmp_path, board: str = CANNON_TURN, spec: str = "sim", config=None):
    """A Black Cannon game on `board`, with the firmware twin (or the emulator) attached as
    `serve --game black-cannon --hardware sim --cannon-pose 300,-100,0` attaches it: (services, setup)."""
    from firmware_bridge.protocol import BoardConfig

    from companion.games.black_cannon.hardware.aim import BOARD_FRAME
    from companion.hardware.aim import Aimer, CannonFix, parse_pose
    from companion.hardware.led_map import LedMap
    from companion.hardware.setup import attach

    services = bc_services(tmp_path)
    services.session.act(RECORD.start(board))
    aimer = Aimer(frame=BOARD_FRAME)
    aimer.place(CannonFix(parse_pose(BC_POSE), "--cannon-pose"))
    config = config or BoardConfig(pan_min=45, pan_max=135, tilt_min=10, tilt_max=170, led_count=BC_LEDS_COUNT)
    setup = attach(spec, (config, LedMap(count=BC_LEDS_COUNT), aimer), services.session,
                   lambda status: services.broadcaster.publish_status("hardware", status))
    assert setup.desk is not None, setup.status()
    setup.desk.poll_s = 0.05
    services.cannon, services.hardware = setup.desk, setup.status
    return services, setup
