"""`companion serve --publish mqtt://HOST[:PORT]/VENUE --table NAME ...`: the options and the
publisher they start. With no --publish nothing is imported and nothing changes."""

from __future__ import annotations

import argparse
from pathlib import Path

ACKS_FILE = "published.sqlite"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("publishing to a venue (MQTT)")
    group.add_argument("--publish", metavar="URL",
                       help="publish this table's status, state and events to a venue's MQTT broker, "
                            "mqtt://HOST[:PORT]/VENUE (mqtts:// for TLS); needs --table")
    group.add_argument("--table", metavar="NAME", help="this table's name at the venue (topics VENUE/tables/NAME/...)")
    group.add_argument("--mqtt-user", metavar="U", help="the broker user")
    group.add_argument("--mqtt-password-file", type=Path, metavar="F",
                       help="a file holding the broker password (its trailing newline is not part of it)")
    group.add_argument("--mqtt-tls", action="store_true", help="connect with TLS (the system's CA certificates)")
    group.add_argument("--mqtt-keepalive", type=int, default=10, metavar="S",
                       help="MQTT keep-alive in seconds (default 10): the venue shows a vanished table offline "
                            "after about 1.5 times this")


def check(args) -> None:
    """Refuse bad publishing options before anything opens (UsageError naming the option)."""
    from companion.cli import UsageError
    from companion.publish.address import AddressError, check_name, credentials, parse_address

    if args.publish is None:
        if args.table or args.mqtt_user or args.mqtt_password_file or args.mqtt_tls:
            raise UsageError("--table, --mqtt-user, --mqtt-password-file and --mqtt-tls need --publish URL")
        return
    if not args.table:
        raise UsageError("--publish needs --table NAME: the name this table has at the venue")
    try:
        args.publish_address = parse_address(args.publish, tls=args.mqtt_tls)
        check_name(args.table, "--table")
        args.publish_credentials = credentials(args.mqtt_user, args.mqtt_password_file)
        if not 1 <= args.mqtt_keepalive <= 3600:
            raise AddressError(f"--mqtt-keepalive is 1 to 3600 seconds, got {args.mqtt_keepalive}")
    except AddressError as error:
        raise UsageError(str(error)) from None


def attach(args, session, data: Path, title: str):
    """The started publisher, or None without --publish (call check() first)."""
    if args.publish is None:
        return None
    from companion.publish.acks import AckStore
    from companion.publish.publisher import PublishSettings, TablePublisher

    address = args.publish_address
    acks = AckStore(data / ACKS_FILE, f"{address.text}/{args.table}")
    settings = PublishSettings(keepalive=args.mqtt_keepalive, heartbeat=min(5.0, args.mqtt_keepalive / 2))
    return TablePublisher(session, address, args.table, acks, args.publish_credentials, settings, title=title).start()


def banner_line(publisher) -> str | None:
    if publisher is None:
        return None
    about = publisher.describe()
    return (f"publishing: {about['broker']} as table {about['table']} "
            f"(broker has events up to {about['acknowledged']}; the log is the truth)")
