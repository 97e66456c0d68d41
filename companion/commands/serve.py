"""`companion serve`: the live pipeline and the tablet dashboard, served by waitress."""

from __future__ import annotations

import os
import signal
import socket
import sys
from pathlib import Path

from companion.cli import UsageError, port_number
from companion.commands.read import taught_pieces_file
from companion.hardware import setup as serve_hardware
from companion.games import plugins, plugins_with
from companion.publish import options as publish_options

# Each tablet holds two long-lived requests (events and video); 48 threads serve ten tablets
# with room left for page loads and the buttons.
DEFAULT_THREADS = 48


# What serve played before there was a --game; later games (black_cannon sorts before it) do not take its place.
FIRST_GAME = "cannonball-colony"


def default_game() -> str | None:
    """What `companion serve` plays with no --game: Cannonball Colony, or else the first game (in folder
    order) with a demo to start from."""
    with_demo = [slug for slug, plugin in plugins().items() if plugin.has("demo")]
    return FIRST_GAME if FIRST_GAME in with_demo else next(iter(with_demo), None)


def default_data_dir(game: str) -> Path:
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "tabletop-companion" / game


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="run the camera pipeline and the tablet dashboard",
        description="Watch the table (or the bundled sample clip), referee it, and serve the tablet "
        "dashboard. With no arguments it plays the default game's bundled clip, if it has one, in a loop.",
    )
    # The dashboard is made of the game's screens: a game without them cannot be served yet.
    parser.add_argument("--game", choices=plugins_with("screens"), default=default_game(),
                        help=f"the game on the table (default {default_game()})")
    parser.add_argument("--source", metavar="S",
                        help="camera index (0), video file, folder of images, 'samples', or 'none' "
                             "(no camera: the players play on the game's own screens, and the status line says how); "
                             "default: the bundled sample clip, played in a loop")
    parser.add_argument("--pieces", metavar="FILE",
                        help="your own pieces' looks (companion calibrate pieces) for the camera to read with; "
                             "default ./pieces-GAME.json when it is there; the Pieces screen's Save writes there")
    parser.add_argument("--loop", action="store_true",
                        help="replay a recorded --source from the start when it ends (the bundled clip always loops)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on; 0.0.0.0 opens it to tablets on the network (LAN mode, "
                             "with a pairing code)")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="in LAN mode, a further name tablets may reach this machine by (its own names and "
                             "addresses are allowed; repeatable)")
    parser.add_argument("--revoke-pairings", action="store_true",
                        help="in LAN mode, unpair every tablet paired before (they pair again with the new code)")
    parser.add_argument("--port", type=port_number, default=8000, help="TCP port, 0 to 65535 (0 picks a free one)")
    parser.add_argument("--data", type=Path, metavar="DIR",
                        help="folder of the game's event log; a restart resumes it (default "
                             f"{default_data_dir('GAME')})")
    parser.add_argument("--board", type=Path, metavar="FILE",
                        help="start a new game from this board text (Cannons & Coastlines: a table as JSON) "
                             "when the log holds none")
    parser.add_argument("--fps", type=float, default=15.0, help="frame-rate cap of the live video (default 15)")
    parser.add_argument("--source-fps", type=float, default=10.0,
                        help="frames a second when the source is a folder of images (default 10)")
    parser.add_argument("--threads", type=int, default=DEFAULT_THREADS, help="waitress worker threads")
    parser.add_argument("--no-qr", action="store_true", help="do not print the QR code")
    parser.add_argument("--bot", action="append", default=[], metavar="SEAT[:LEVEL]",
                        help="give SEAT to the computer (repeatable; games with a bot part); LEVEL defaults to the "
                             "strongest. With no camera its moves are played at once; with one, the tablets and "
                             "LEDs show where its pieces go and the camera must see them placed")
    serve_hardware.add_arguments(parser)
    publish_options.add_arguments(parser)
    parser.set_defaults(run=run)


def load_reader(camera, title: str, pieces: str | None = None):
    """The game's camera reader, (image_bgr, timestamp, previous) -> observation, with a note for the banner;
    (None, why) while it is not installed. A reader that reads taught pieces gets `pieces` (a file)."""
    if camera is None:
        return None, f"{title} has no camera part: nothing on the table is refereed"
    try:
        reader = camera.reader(pieces=pieces) if pieces is not None else camera.reader()
    except ModuleNotFoundError as error:
        return None, f"{error.name} is not installed yet: the camera picture is shown but not refereed"
    except ValueError as error:   # a bad pieces file: CalibrationFileError quotes it
        raise UsageError(f"--pieces: {error}") from None
    taught = f", pieces as taught in {pieces}" if pieces is not None else ""
    return reader, f"{reader.__module__}.{reader.__qualname__}{taught}"


def reads_taught(camera) -> bool:
    import inspect

    return camera is not None and "pieces" in inspect.signature(camera.reader).parameters


def teach_in_place(pipeline, camera, title: str):
    """What the Pieces screen's Save does with the looks it wrote: the running reader reads with them at once,
    when there is one and it reads taught pieces; a sentence says what happened."""
    def use(path: Path) -> str:
        if pipeline.reader is None or pipeline.open_source is None:
            return f"no camera is being read; serve reads {path} when started with one"
        if not reads_taught(camera):
            return f"{title} cannot read taught pieces yet; {path} is kept for when it can"
        reader, _ = load_reader(camera, title, str(path))
        pipeline.use_reader(reader)
        return "the camera reads with them from now on"

    return use


def start_game(game, session, board: Path | None, no_camera: bool) -> None:
    """A game from --board, or from the game's demo file when nothing will be seen; the camera
    starts one otherwise. Nothing happens when the log already holds a game."""
    if not (board or no_camera) or session.state is not None or not (board or game.has("demo")):
        return
    path = board or game.load("demo")
    try:
        session.act(session.record.start(path.read_text(encoding="utf-8"), source="serve"))
    except (OSError, ValueError) as error:
        raise UsageError(f"cannot start a game from {str(path)!r}: {error}") from None


def computer_seats(game, session, specs: list[str], camera: bool, publish):
    """The computer's seats (--bot) when the game has a bot part, so the Players screen can offer them
    even with none given; a UsageError for --bot on a game without one, or a bad seat or level."""
    if not game.has("bot"):
        if specs:
            raise UsageError(f"--bot: {game.title} has no computer player yet")
        return None
    from companion.bots import BotSeatError, ComputerSeats, parse_bot_specs

    bot = game.load("bot")
    try:
        seats = parse_bot_specs(specs, bot, session.record, session.snapshot().state)
    except BotSeatError as error:
        raise UsageError(str(error)) from None
    return ComputerSeats(session, bot, seats, camera=camera, publish=publish)


def calibration_status(data: Path):
    from calibration.store import DEFAULT_INTRINSICS_FILE, CalibrationFileError, check_intrinsics

    path = data / DEFAULT_INTRINSICS_FILE.name if (data / DEFAULT_INTRINSICS_FILE.name).exists() else DEFAULT_INTRINSICS_FILE

    def status() -> dict:
        try:
            result = check_intrinsics(path)
        except CalibrationFileError as error:
            return {"state": "bad", "message": str(error), "path": str(path)}
        message = "usable" if result.ok else "; ".join(result.reasons)
        return {"state": result.state.value, "message": f"{path}: {message}", "path": str(path)}

    return status


def lan_address() -> str:
    """The address tablets reach this machine on: the one the default route leaves from."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))   # TEST-NET: nothing is sent, the kernel just picks a route
        return probe.getsockname()[0]
    except OSError:
        return socket.gethostbyname(socket.gethostname())
    finally:
        probe.close()


def print_banner(url: str, pair_url: str | None, code: str | None, lines: list[str], qr: bool,
                 title: str) -> None:
    out = sys.stdout
    print(f"Tabletop Companion: {title}", file=out)
    print(f"  open  {url}", file=out)
    if qr:
        import segno

        segno.make(pair_url or url, error="m").terminal(out=out, compact=True, border=2)
    if code:
        print(f"  LAN mode: pairing code {code} (tablets scan the QR code, or open {url}pair and type it)", file=out)
    for line in lines:
        print(f"  {line}", file=out)
    out.flush()


def run(args) -> int:
    import waitress.server

    from calibration.pieces import default_pieces_file
    from companion.dashboard import create_app
    from companion.dashboard.broadcast import Broadcaster
    from companion.dashboard.security import new_pairing_code
    from companion.dashboard.teaching import wizard_for
    from companion.dashboard.video import FrameHub, placeholder
    from companion.dashboard.web import Services
    from companion.live import NoCamera, Pipeline
    from companion.session import EventLog, Session, SessionError
    from companion.vision.frames import FrameSourceError, open_source

    if args.threads < 4:
        raise UsageError(f"--threads must be at least 4 (each tablet holds two streams), got {args.threads}")
    if args.fps <= 0 or args.source_fps <= 0:
        raise UsageError("--fps and --source-fps must be more than 0")
    if args.game is None:
        raise UsageError(f"say which game with --game ({', '.join(plugins())}): none has a demo to default to")
    publish_options.check(args)
    data = (args.data or default_data_dir(args.game)).expanduser().resolve()
    game = plugins()[args.game]
    try:
        session = Session(EventLog(data / "game.sqlite"), game.load("record"))
    except (SessionError, OSError) as error:
        raise UsageError(f"cannot open the game log in {data}: {error}") from None

    camera = game.load("camera") if game.has("camera") else None
    # A computer seat whose hand the table cannot hold (Cannonades' cards) plays its game on the tablets.
    tablets_only = bool(args.bot) and camera is not None and not getattr(camera, "bots_at_table", True)
    if tablets_only and args.source not in (None, "none"):
        raise UsageError(f"--bot: a computer seat plays {game.title} on the tablets, not on the camera's table: "
                         "leave out --source (or give --source none)")
    clip = None if args.source or camera is None or tablets_only else camera.clip()
    spec = None if args.source == "none" else args.source or (str(clip) if clip else None)
    if spec is not None:
        try:   # refuse a bad --source now, with its reason, rather than in the pipeline thread
            open_source(spec, fps=args.source_fps)
        except FrameSourceError as error:
            raise UsageError(str(error)) from None
    hardware_settings = serve_hardware.read_settings(args, data)   # refuse bad options before opening anything
    pieces = taught_pieces_file(game, args.pieces, reads_taught(camera)) if spec is not None else None
    reader, reader_note = load_reader(camera, game.title, pieces)
    hub = FrameHub(max_fps=args.fps)
    broadcaster = Broadcaster(session)
    opener = (lambda on_status: open_source(spec, on_status=on_status, fps=args.source_fps)) if spec else None
    pipeline = Pipeline(camera or NoCamera, session, opener, reader, publish_frame=hub.publish,
                        publish_status=lambda status: broadcaster.publish_status("camera", status),
                        loop=clip is not None or args.loop, auto_confirm=clip is not None,
                        restart_on_loop=clip is not None)
    if spec is None:
        hub.publish(placeholder("No camera",
                                f"Start with --source 0 for a webcam; or {pipeline.camera.without_camera}."))
    else:   # a tablet gets a picture at once, even while a camera takes its time to open
        hub.publish(placeholder("Starting the camera", f"Opening {spec}: its picture follows in a moment."))

    teaching = wizard_for(game, Path(pieces or args.pieces or default_pieces_file(game.slug)),
                          camera=f"the camera ({spec})" if spec else None,
                          use_looks=teach_in_place(pipeline, camera, game.title))
    if teaching is not None and spec is not None:
        pipeline.see_frame = teaching.offer

    publisher = publish_options.attach(args, session, data, game.title)   # None without --publish
    start_game(game, session, args.board, reader is None or spec is None)
    computer = computer_seats(game, session, args.bot, camera=reader is not None and spec is not None,
                              publish=lambda status: broadcaster.publish_status("bot", status))
    pipeline.vet = computer.vet if computer else None

    lan = args.host not in ("127.0.0.1", "localhost", "::1")
    code = new_pairing_code() if lan else None
    server_info = {"data": str(data / "game.sqlite"), "lan": lan}
    hardware = serve_hardware.attach(args.hardware, hardware_settings, session,
                                     lambda status: broadcaster.publish_status("hardware", status))
    pipeline.see_cannon = hardware.spotter
    services = Services(session, broadcaster, hub, camera=pipeline.status, hardware=hardware.status,
                        calibration=calibration_status(data), server=server_info, cannon=hardware.desk,
                        bots=computer, pieces=teaching)
    app = create_app({"DATA": data, "LAN": lan, "PAIRING_CODE": code, "ALLOWED_HOSTS": args.allow_host,
                      "REVOKE_PAIRINGS": args.revoke_pairings}, services=services)
    try:
        server = waitress.server.create_server(app, host=args.host, port=args.port, threads=args.threads,
                                               ident="companion", channel_timeout=60,
                                               max_request_body_size=app.config["WIRE_BODY_BYTES"])
    except OSError as error:
        hardware.close()
        if publisher is not None:
            publisher.close()
        raise UsageError(f"cannot listen on {args.host}:{args.port}: {error.strerror}") from None
    port = server.effective_port
    shown = lan_address() if lan and args.host in ("0.0.0.0", "") else ("127.0.0.1" if not lan else args.host)
    url = f"http://{shown}:{port}/"
    server_info["url"] = url
    broadcaster.publish_status("hardware", services.hardware())
    lines = [f"camera: {spec or 'none'} ({'reader: ' + reader_note if reader else reader_note})",
             f"hardware: {services.hardware()['message']}",
             f"game log: {data / 'game.sqlite'} (event {session.last_seq()})",
             f"computer seats: {', '.join(f'{s} ({l})' for s, l in computer.seats.items()) or 'none'}"
             if computer else f"computer seats: {game.title} has no bot part",
             f"{args.threads} threads; live video capped at {args.fps:g} fps; Ctrl-C stops"]
    if publisher is not None:
        lines.append(publish_options.banner_line(publisher))
    if lan:
        lines.insert(0, f"viewer code {app.config['VIEWER_CODE']}: a tablet paired with it watches but cannot "
                        "change the game")
    print_banner(url, f"{url}pair?code={code}" if code else None, code, lines, qr=not args.no_qr,
                 title=game.title)

    def stop(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    pipeline.start()
    if computer:
        computer.start()
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        if computer:
            computer.stop()
        pipeline.stop()
        broadcaster.close()
        server.close()
        hardware.close()
        if publisher is not None:
            publisher.close()
    return 0
