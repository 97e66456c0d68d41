"""The `companion` command: a thin dispatcher over the subcommand modules."""

from __future__ import annotations

import argparse
import importlib
import sys

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
}


class UsageError(Exception):
    """A bad command line or a bad input file: printed to stderr, exit status 2."""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, or just one subcommand's part of it: importing every command
    module costs start-up time that `companion referee` on a text board must not pay."""
    parser = argparse.ArgumentParser(
        prog="companion",
        description="A companion for physical tabletop games: sees the table, referees, shows it.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, module in COMMANDS.items():
        if only in (None, name):
            importlib.import_module(module).register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(argv[0] if argv and argv[0] in COMMANDS else None)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except UsageError as error:
        print(f"companion {args.command}: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
