"""The `companion` command: a thin dispatcher over the subcommand modules."""

from __future__ import annotations

import argparse
import importlib
import sys

# Each module defines register(subparsers); the parser it adds sets `run(args) -> int`.
COMMAND_MODULES = (
    "companion.commands.referee",
    "companion.commands.print_kit",
    "companion.commands.markers",
)


class UsageError(Exception):
    """A bad command line or a bad input file: printed to stderr, exit status 2."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="A companion for physical tabletop games: sees the table, referees, shows it.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except UsageError as error:
        print(f"companion {args.command}: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
