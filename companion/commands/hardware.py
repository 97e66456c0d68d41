"""`companion hardware ...`: find, test, aim, light and flash the cannon-and-LEDs board."""

from __future__ import annotations

import json

from companion.cli import UsageError

PATTERN_NAMES = ("off", "ok", "refused", "fault", "rainbow", "test")  # devices.PATTERNS, without importing it


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "hardware",
        help="the serial board: servo cannon and LED indicators",
        description="Talk to the Arduino-class board that drives the cannon and the LEDs, to its "
                    "firmware running in the simavr emulator, or to a software twin of it.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    listing = actions.add_parser("list", help="serial ports that look like a supported board")
    listing.add_argument("--all", action="store_true", help="every serial port, not just known boards")
    listing.add_argument("--json", action="store_true", help="print one JSON array")
    listing.set_defaults(run=run_list)

    test = actions.add_parser("test", help="handshake, round trips, servo pulses, failsafe, noise, LEDs",
                              description="Exercise the board and report what was measured. With "
                                          "--emulator the firmware is built when needed and run in simavr. "
                                          "On a real board the servos visit 0, 90 and 180 degrees only where "
                                          "--config's soft limits allow, and the cannon is never armed.")
    _add_target(test)
    test.add_argument("--json", action="store_true", help="print exactly one JSON object")
    test.add_argument("--round-trips", type=int, default=100, metavar="N", help="commands timed (default 100)")
    test.set_defaults(run=run_test)

    aim = actions.add_parser("aim", help="point the cannon at a table point (mm) or at servo angles",
                             description="Aims without arming or firing: firing needs a person's "
                                         "confirmation on the dashboard.")
    aim.add_argument("x", type=float, help="table x in mm (or the pan angle with --angles)")
    aim.add_argument("y", type=float, help="table y in mm (or the tilt angle with --angles)")
    aim.add_argument("--angles", action="store_true", help="X Y are pan and tilt servo angles in degrees")
    aim.add_argument("--calibration", default="cannon-calibration.json", metavar="FILE",
                     help="from `companion calibrate cannon` (default ./cannon-calibration.json)")
    _add_target(aim)
    aim.set_defaults(run=run_aim)

    leds = actions.add_parser("leds", help="light the LEDs: a pattern, a fill colour or single pixels")
    what = leds.add_mutually_exclusive_group(required=True)
    what.add_argument("--pattern", choices=PATTERN_NAMES, help="a built-in test pattern of the firmware")
    what.add_argument("--fill", metavar="R,G,B", help="every LED one colour, e.g. 0,40,0")
    what.add_argument("--pixel", action="append", metavar="I=R,G,B", help="one LED (repeatable), e.g. 5=255,0,0")
    leds.add_argument("--count", type=int, metavar="N", help="LEDs on the strip (default: --config's, else 144)")
    leds.add_argument("--hold", type=float, default=0.0, metavar="S",
                      help="keep the link up S seconds (the board shows its fault pattern once the host goes quiet)")
    _add_target(leds)
    leds.set_defaults(run=run_leds)

    flash = actions.add_parser("flash", help="build the firmware and upload it with avrdude")
    flash.add_argument("--port", help="the board's serial port (default: the one board found by USB id)")
    flash.add_argument("--programmer", default="arduino", help="avrdude programmer (default: arduino bootloader)")
    flash.add_argument("--baud", type=int, default=115200, help="bootloader speed (default 115200; old Nanos: 57600)")
    flash.add_argument("--dry-run", action="store_true", help="build, then print the avrdude command only")
    flash.set_defaults(run=run_flash)



def _add_target(parser) -> None:
    target = parser.add_mutually_exclusive_group()
    target.add_argument("--port", help="the board's serial port (default: the one board found by USB id)")
    target.add_argument("--emulator", action="store_true", help="the real firmware in simavr")
    target.add_argument("--twin", action="store_true", help="the Python twin of the firmware")
    parser.add_argument("--config", metavar="FILE", help="JSON board settings: soft limits, slew, led_count, ...")


def _spec(args) -> str:
    return "emulator" if args.emulator else "twin" if args.twin else args.port or "auto"


def _open(args, config=None, aiming=None):
    from firmware_bridge.bridge import load_board_config
    from firmware_bridge.connect import open_hardware
    from firmware_bridge.emulator import EmulatorError
    from firmware_bridge.link import LinkError
    from firmware_bridge.protocol import BoardConfig

    try:
        base = load_board_config(args.config) if args.config else BoardConfig()
    except ValueError as error:
        raise UsageError(f"--config: {error}") from None
    try:
        return open_hardware(_spec(args), config(base) if config else base, aiming=aiming)
    except (LinkError, EmulatorError, OSError, LookupError, ValueError) as error:
        raise UsageError(f"cannot reach the board ({_spec(args)}): {error}") from None


def run_list(args) -> int:
    from firmware_bridge.ports import list_ports

    ports = list_ports(include_unknown=args.all)
    if args.json:
        print(json.dumps([p.to_dict() for p in ports]))
        return 0
    if not ports:
        print("no supported board found (try --all to see every serial port)")
    for port in ports:
        ids = f"{port.vid:04x}:{port.pid:04x}" if port.vid is not None else "no USB id"
        print(f"{port.device}  {port.board or port.description}  [{ids}]"
              + (f"  serial {port.serial_number}" if port.serial_number else ""))
    return 0


def run_test(args) -> int:
    from dataclasses import replace

    from firmware_bridge.link import LinkError
    from firmware_bridge.selftest import TEST_CONFIG, run_selftest

    if args.round_trips < 1:
        raise UsageError(f"--round-trips must be at least 1, got {args.round_trips}")
    simulated = args.emulator or args.twin
    # Simulated boards get the full servo range; a real cannon keeps its configured limits.
    make_config = (lambda base: TEST_CONFIG) if simulated and not args.config else (
        lambda base: replace(base, led_count=base.led_count or TEST_CONFIG.led_count))
    with _open(args, make_config) as hardware:
        try:
            report = run_selftest(hardware, round_trips=args.round_trips)
        except LinkError as error:
            raise UsageError(f"the test stopped: {error}") from None
    if args.json:
        print(json.dumps(report))
    else:
        _print_report(report, simulated)
    passed = report["garbled_frames_survived"] and report["leds_ok"] and report["failsafe_ms"] is not None
    return 0 if passed else 1


def _print_report(report: dict, simulated: bool) -> None:
    hello = report["handshake"] or {}
    print(f"board {hello.get('board_id')}: firmware {hello.get('firmware')}, protocol {hello.get('protocol')}, "
          f"capabilities {', '.join(hello.get('capabilities', []))}")
    rt = report["round_trip_ms"]
    print(f"command round trip: median {rt['median']} ms, p95 {rt['p95']} ms (budget 20 ms)")
    for servo, widths in report["servo_pulses_us"].items():
        shown = ", ".join(f"{a} deg -> {w if w is not None else 'not measured'}" for a, w in widths.items())
        print(f"{servo} pulses (us): {shown}")
    failsafe = report["failsafe_ms"]
    print(f"failsafe: {'did not trip' if failsafe is None else f'{failsafe} ms after the last frame (target 300)'}")
    print(f"noise between frames: {'survived' if report['garbled_frames_survived'] else 'a command was lost'}")
    leds_what = "decoded frames match" if simulated else "acknowledged (check the strip by eye)"
    print(f"LEDs: {leds_what if report['leds_ok'] else 'FAILED'}")


def run_aim(args) -> int:
    from firmware_bridge.safety import AimOutOfLimits

    aiming = None
    if not args.angles:
        from firmware_bridge.aiming import AimingError, load

        try:
            aiming = load(args.calibration)
            pan, tilt = aiming.angles_for(args.x, args.y)
        except AimingError as error:
            raise UsageError(str(error)) from None
    else:
        pan, tilt = args.x, args.y
    with _open(args, aiming=aiming) as hardware:
        cannon = hardware.bridge.cannon
        try:
            seconds = cannon.aim(pan, tilt)
        except AimOutOfLimits as error:
            raise UsageError(str(error)) from None
        status = cannon.wait_on_target(timeout_s=seconds + 2.0)
    where = "" if args.angles else f"table ({args.x:g}, {args.y:g}) mm -> "
    print(f"{where}pan {pan:g} deg, tilt {tilt:g} deg: {'on target' if status.on_target else 'still moving'} "
          f"(not armed; arming and firing are done from the dashboard)")
    return 0


def _colour(text: str, where: str) -> tuple[int, int, int]:
    parts = text.split(",")
    try:
        colour = tuple(int(p) for p in parts)
    except ValueError:
        colour = ()
    if len(colour) != 3 or not all(0 <= c <= 255 for c in colour):
        raise UsageError(f"{where}: expected R,G,B with each 0..255, got {text!r}")
    return colour


def run_leds(args) -> int:
    import time
    from dataclasses import replace

    pixels = {}
    for item in args.pixel or ():
        index, _, colour = item.partition("=")
        if not index.strip().isdigit():
            raise UsageError(f"--pixel: expected I=R,G,B, got {item!r}")
        pixels[int(index)] = _colour(colour, f"--pixel {item}")
    fill = _colour(args.fill, "--fill") if args.fill else None
    if args.count is not None and not 1 <= args.count <= 256:
        raise UsageError(f"--count must be 1..256, got {args.count}")

    def config(base):
        return replace(base, led_count=args.count or base.led_count or 144)

    with _open(args, config) as hardware:
        leds = hardware.bridge.leds
        try:
            if args.pattern:
                leds.show_pattern(args.pattern)
            elif fill:
                leds.fill(fill)
            else:
                leds.set_pixels(pixels)
        except ValueError as error:
            raise UsageError(str(error)) from None
        time.sleep(max(args.hold, 0.0))
    print(f"{leds.count} LEDs set" + (f"; the board shows its fault pattern once this command has exited"
                                      if hardware.mode == "port" else ""))
    return 0


def run_flash(args) -> int:
    from firmware_bridge.emulator import EmulatorError
    from firmware_bridge.flash import FlashError, avrdude_command, flash
    from firmware_bridge.ports import NoBoardFound, find_board

    try:
        port = args.port or find_board()
    except NoBoardFound as error:
        if not args.dry_run:
            raise UsageError(str(error)) from None
        port = "PORT"
    try:
        if args.dry_run:
            from firmware_bridge.emulator import build

            build("firmware")
            print(" ".join(avrdude_command(port, args.programmer, args.baud)))
            return 0
        report = flash(port, args.programmer, args.baud)
    except (FlashError, EmulatorError) as error:
        raise UsageError(str(error)) from None
    print(report.splitlines()[-1] if report else f"flashed {port}")
    return 0
