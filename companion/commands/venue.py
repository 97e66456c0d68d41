"""`companion venue mqtt://HOST[:PORT]/VENUE`: the venue board of every table publishing there."""

from __future__ import annotations

import signal
import sys
from pathlib import Path

from companion.cli import UsageError, port_number

# How long the command waits for the broker's first answer before serving anyway (it keeps trying).
FIRST_ANSWER_SECONDS = 5.0


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "venue", help="serve the venue board: every table publishing to an MQTT broker",
        description="Subscribe to a venue's MQTT broker and serve a page of every table (game, players, "
                    "scores, whose turn, the latest verdict, online or offline) with a read-only mirror "
                    "of each and the results of each game as CSV.")
    parser.add_argument("broker", metavar="mqtt://HOST[:PORT]/VENUE", help="the venue's broker and name")
    parser.add_argument("--host", default="127.0.0.1", help="address the page listens on (0.0.0.0: the network)")
    parser.add_argument("--port", type=port_number, default=8080,
                        help="TCP port of the page (default 8080; 0 picks one)")
    parser.add_argument("--mqtt-user", metavar="U", help="the broker user (read access to VENUE/#)")
    parser.add_argument("--mqtt-password-file", type=Path, metavar="F",
                        help="a file holding the broker password (its trailing newline is not part of it)")
    parser.add_argument("--mqtt-tls", action="store_true", help="connect with TLS (the system's CA certificates)")
    parser.add_argument("--threads", type=int, default=16, help="waitress worker threads (each open page holds one)")
    parser.set_defaults(run=run)


def run(args) -> int:
    import logging

    import waitress.server

    from companion.games import plugins
    from companion.publish.address import AddressError, credentials, parse_address
    from companion.venue.board import VenueBoard
    from companion.venue.listener import VenueListener
    from companion.venue.web import create_venue_app

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s", stream=sys.stderr)
    try:
        address = parse_address(args.broker, tls=args.mqtt_tls)
        login = credentials(args.mqtt_user, args.mqtt_password_file)
    except AddressError as error:
        raise UsageError(str(error)) from None
    if args.threads < 4:
        raise UsageError(f"--threads must be at least 4, got {args.threads}")
    board = VenueBoard(address.venue, {slug: plugin.title for slug, plugin in plugins().items()})
    listener = VenueListener(board, address, login).start()
    listener.answered.wait(FIRST_ANSWER_SECONDS)
    if listener.state == "refused":
        listener.close()
        raise UsageError(f"{address.text}: {listener.problem}")
    app = create_venue_app(board, listener.describe)
    try:
        server = waitress.server.create_server(app, host=args.host, port=args.port, threads=args.threads,
                                               ident="companion-venue", channel_timeout=60)
    except OSError as error:
        listener.close()
        raise UsageError(f"cannot listen on {args.host}:{args.port}: {error.strerror}") from None
    print(f"Venue board of {address.venue}: open http://{args.host}:{server.effective_port}/", flush=True)
    print(f"  broker {address.text}: {listener.state}{' (' + listener.problem + ')' if listener.problem else ''}",
          flush=True)

    def stop(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        listener.close()
    return 0
