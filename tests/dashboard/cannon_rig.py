"""A dashboard with the firmware twin behind its Cannon screen, for the API and browser tests:
Cannonball Colony's island, or a Cannons & Coastlines table attached the way `serve` attaches it."""

from __future__ import annotations

from dataclasses import dataclass

from firmware_bridge.aiming import CannonPose
from firmware_bridge.connect import Hardware, open_hardware
from firmware_bridge.protocol import BoardConfig

from companion.hardware.aim import Aimer, CannonFix
from companion.games.cannons_coastlines.hardware.aim import PLAY_AREA_FRAME
from companion.hardware.setup import attach
from companion.dashboard.web import Services
from companion.hardware.desk import HardwareDesk
from companion.games.cannonball_colony.hardware.indicators import LedFollower
from companion.hardware.led_map import LedMap

from .coast_scenes import BATTLE, coast_services
from .conftest import BOARD, make_services

LIMITS = BoardConfig(pan_min=45, pan_max=135, tilt_min=10, tilt_max=170, led_count=72)
LEDS = LedMap(count=72)   # the sample island's 12x6 cells, one LED each
# Above the island's top edge, looking down the board (+y): A1 is 58 deg off to one side, F3 14 deg.
POSE = CannonPose(192, -60, 90)
# On the table 10" below its top edge at x = 30", looking down the table (+y): ben's brigantine
# (30", 30") dead ahead at 508 mm, his schooner (50", 36") 37.6 deg to one side, his sloop
# (52.5", 14.5") 79 deg off, past the soft limits.
COAST_POSE = CannonPose(762, 254, 90)
COAST_LEDS = LedMap(count=72)   # a strip round the table edge: 36 LEDs for each of the two seats


@dataclass
class TwinCannon:
    hardware: Hardware
    desk: HardwareDesk
    services: Services

    @property
    def twin(self):
        return self.hardware.twin

    def close(self) -> None:
        self.desk.close()
        self.hardware.close()


def twin_cannon(tmp_path, pose: CannonPose | None = POSE, config: BoardConfig = LIMITS, poll_s: float = 0.05) -> TwinCannon:
    """The sample game started, the twin on a pty, and a desk with the cannon placed at `pose`."""
    hardware = open_hardware("sim", config, timeout_s=5)
    services = make_services(tmp_path)
    services.session.act({"type": "start", "board": BOARD})
    aimer = Aimer()
    if pose is not None:
        aimer.place(CannonFix(pose, "--cannon-pose"))
    session = services.session
    desk = HardwareDesk(hardware, aimer, follower=LedFollower(session, LEDS), poll_s=poll_s,
                        publish=lambda status: services.broadcaster.publish_status("hardware", status),
                        position=lambda: session.state.position)
    services.cannon, services.hardware = desk, desk.status
    return TwinCannon(hardware, desk, services)


def coast_twin_cannon(tmp_path, pose: CannonPose | None = COAST_POSE, config: BoardConfig = LIMITS,
                      scene=BATTLE) -> TwinCannon:
    """A Cannons & Coastlines game on `scene` (anna to play), with the twin attached as
    `serve --game cannons-coastlines --hardware sim [--cannon-pose ...]` attaches it."""
    services = coast_services(tmp_path)
    if scene is not None:
        services.session.act({"type": "start", "table": scene})
    aimer = Aimer(frame=PLAY_AREA_FRAME)
    if pose is not None:
        aimer.place(CannonFix(pose, "--cannon-pose"))
    setup = attach("sim", (config, COAST_LEDS, aimer), services.session,
                   lambda status: services.broadcaster.publish_status("hardware", status))
    assert setup.desk is not None, setup.status()
    setup.desk.poll_s = 0.05
    services.cannon, services.hardware = setup.desk, setup.status
    return TwinCannon(setup.hardware, setup.desk, services)

