"""The `companion` command: a thin dispatcher over the subcommand modules."""

from __future__ import annotations

import argparse
import importlib
import sys

DISTRIBUTION = "tabletop-companion"
MAX_PORT = 65535

# Subcommand name -> module defining register(subparsers); its parser sets `run(args) -> int`.
COMMANDS = {
    "referee": "companion.commands.referee",
    "print": "companion.commands.print_kit",
    "markers": "companion.commands.markers",
    "calibrate": "companion.commands.calibrate",
    "render": "companion.commands.render",
    "serve": "companion.commands.serve",
    "hardware": "companion.commands.hardware",
    "read": "companion.commands.read",
    "score": "companion.commands.score",
    "venue": "companion.commands.venue",
}


class UsageError(Exception):
    """A bad command line or a bad input file: printed to stderr, exit status 2."""


def version() -> str:
    """The installed distribution's version; the source tree's when run from an uninstalled checkout."""
    from importlib import metadata

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "unknown (not installed: pip install -e .)"


def port_number(text: str) -> int:
    """An argparse type: a TCP port, 0 (pick a free one) to 65535; the OS would wrap a larger one."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number from 0 to 65535, got {text!r}") from None
    if not 0 <= port <= MAX_PORT:
        raise argparse.ArgumentTypeError(f"a port is 0 to {MAX_PORT} (0 picks a free one), got {port}")
    return port


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, or just one subcommand's part of it: importing every command
    module costs start-up time that `companion referee` on a text board must not pay."""
    parser = argparse.ArgumentParser(
        prog="companion",
        description="A companion for physical tabletop games: sees the table, referees, shows it.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}",
                        help="print the installed version and exit")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, module in COMMANDS.items():
        if only in (None, name):
            importlib.import_module(module).register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(argv[0] if argv and argv[0] in COMMANDS else None)
    if not argv:   # a first try with no words: show what there is to do
        parser.print_help()
        return 0
    wanted = _asks_for_a_group(parser, argv)
    if wanted is not None:
        wanted.print_help()
        return 0
    args, unknown = parser.parse_known_args(argv)
    if unknown and not getattr(args, "game_options", False):
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    args.unknown_options = unknown   # a game's own options (`referee`), read by the game itself
    try:
        return args.run(args)
    except UsageError as error:
        print(f"companion {args.command}: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


def _asks_for_a_group(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.ArgumentParser | None:
    """The parser of a command group named with nothing after it (`companion calibrate`), whose
    help says more than argparse's "the following arguments are required"."""
    for word in argv:
        if word.startswith("-"):
            return None
        subparsers = next((action for action in parser._actions if isinstance(action, argparse._SubParsersAction)), None)
        if subparsers is None or word not in subparsers.choices:
            return None
        parser = subparsers.choices[word]
    has_group = any(isinstance(action, argparse._SubParsersAction) for action in parser._actions)
    return parser if has_group else None
