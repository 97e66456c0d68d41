"""How `companion serve` attaches the board: its settings, the LED map, the cannon's aiming, and
the desk that drives them for the dashboard. Everything heavy is imported only when used."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from companion.cli import UsageError
from companion.games import plugins

CALIBRATION_FILE = "cannon-calibration.json"
MODES = {"none": "none", "sim": "twin", "twin": "twin", "emulator": "emulator"}


def add_arguments(parser) -> None:
    parser.add_argument("--hardware", default="sim", metavar="none|sim|emulator|PORT",
                        help="LEDs and cannon: none, the software twin (sim, default), the real firmware "
                             "under simavr (emulator), or a serial port such as /dev/ttyACM0 (auto: find it)")
    parser.add_argument("--leds", type=Path, metavar="FILE",
                        help="JSON LED map (columns, rows, serpentine, start, along, first, count, turn_leds, "
                             "brightness); default: a serpentine matrix over the island, LED 0 under A1 "
                             "(Cannons & Coastlines: a strip round the table edge, one segment per seat)")
    parser.add_argument("--hardware-config", type=Path, metavar="FILE",
                        help="JSON board settings: soft limits, slew, arming window (as `companion hardware --config`)")
    parser.add_argument("--cannon-calibration", type=Path, metavar="FILE",
                        help=f"from `companion calibrate cannon` (default: {CALIBRATION_FILE} in --data, then in "
                             "the current folder; without one the aim uses default ballistics)")
    parser.add_argument("--cannon-pose", metavar="X,Y,HEADING[,HEIGHT]",
                        help="where the cannon stands, in mm on board 1's sheet (x along its top edge, y down its "
                             "left edge), when the camera cannot see its base marker (id 48); for Cannons & "
                             "Coastlines in mm from the play area's top-left corner (x along the top edge, y down "
                             "the table); for Black Cannon in mm from the outer corner of square A1 (x along row 1, "
                             "y down column A; while a shot is owed it stands on the shooter's square); write "
                             "--cannon-pose=-150,90,0 when X is negative")


@dataclass
class HardwareSetup:
    """The parts serve hands to the dashboard and the pipeline."""

    status: Callable[[], dict]
    desk: object | None = None       # companion.hardware.desk.HardwareDesk
    spotter: object | None = None    # the game's camera spotter of the cannon (or None), for the live pipeline
    hardware: object | None = None   # firmware_bridge.connect.Hardware

    def close(self) -> None:
        if self.desk is not None:
            self.desk.close()
        if self.hardware is not None:
            self.hardware.close()


def read_settings(args, data: Path):
    """(BoardConfig, LedMap, Aimer) from the options; a UsageError names the bad one."""
    from firmware_bridge.aiming import AimingError, load
    from firmware_bridge.bridge import load_board_config
    from firmware_bridge.protocol import BoardConfig

    from companion.hardware.aim import Aimer, CannonFix, parse_pose
    from companion.hardware.led_map import LedMap, load_led_map

    try:
        led_map = load_led_map(args.leds) if args.leds else LedMap()
    except ValueError as error:
        raise UsageError(f"--leds: {error}") from None
    try:
        config = load_board_config(args.hardware_config) if args.hardware_config else BoardConfig()
    except ValueError as error:
        raise UsageError(f"--hardware-config: {error}") from None
    config = replace(config, led_count=led_map.count)
    calibration_path = args.cannon_calibration or next(
        (p for p in (data / CALIBRATION_FILE, Path(CALIBRATION_FILE)) if p.exists()), None)
    try:
        calibration = load(calibration_path) if calibration_path else None
    except AimingError as error:
        raise UsageError(f"--cannon-calibration: {error}") from None
    game = plugins()[args.game]
    framed = {"frame": game.load("hardware").table_frame()} if game.has("hardware") else {}
    aimer = Aimer(calibration, str(calibration_path) if calibration_path else "", **framed)
    if args.cannon_pose:
        try:
            aimer.place(CannonFix(parse_pose(args.cannon_pose), "--cannon-pose"))
        except ValueError as error:
            raise UsageError(f"--cannon-pose: {error}") from None
    return config, led_map, aimer


def open_board(spec: str, config, timeout_s: float = 5.0):
    """(Hardware or None, status). A missing port or a silent board must not stop the dashboard:
    the status then says why there is no board."""
    mode = MODES.get(spec, "port")
    if spec == "none":
        status = {"mode": mode, "state": "none", "message": "no hardware: started with --hardware none"}
        return None, lambda: dict(status)
    what = {"twin": "the software twin", "emulator": "the firmware under simavr"}.get(mode, f"the board on {spec}")
    try:
        from firmware_bridge.connect import open_hardware

        hardware = open_hardware(spec, config, timeout_s=timeout_s)
    except Exception as error:   # no port, no toolchain, a board that never said HELLO
        status = {"mode": mode, "state": "unavailable", "message": f"{what} did not answer: {error}"}
        return None, lambda: dict(status)
    return hardware, None


def attach(spec: str, settings, session, publish: Callable[[dict], None]) -> HardwareSetup:
    """Opens the board `spec` names (--hardware) with `settings` from read_settings and, when it
    answers, the game's LED follower, the aimer and the desk; otherwise a status that says why not."""
    config, led_map, aimer = settings
    game = plugins()[session.slug]
    if not game.has("hardware"):
        return HardwareSetup(lambda: {"mode": "none", "state": "none", "message": f"no hardware: {game.title} has none"})
    hardware, status = open_board(spec, config)
    if hardware is None:
        return HardwareSetup(status)
    from companion.hardware.desk import HardwareDesk

    follower, targets, spotter = game.load("hardware").parts(session, led_map, aimer)   # a hardware.part.GameHardware
    desk = HardwareDesk(hardware, aimer, follower=follower, targets=targets, publish=publish)
    return HardwareSetup(desk.status, desk, spotter, hardware)
