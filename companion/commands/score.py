"""`companion score GAME IMAGE`: every player's points from a photo of the table, and a victory claim
judged on them as the start-of-turn snapshot (Cannons & Coastlines: CS-4, CS-5). The game's scoring
part does the reading; this command loads the photo and reports bad input."""

from __future__ import annotations

from typing import Any, Callable

from companion.cli import UsageError
from companion.games import plugins, plugins_with

# A game's `scoring` part: (the photo as a BGR picture, parsed arguments) -> exit status; it prints the
# points (and a claim's verdict) and raises ValueError quoting bad input.
ScoringPart = Callable[[Any, Any], int]


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "score", help="score a Cannons & Coastlines table from a photo",
        description="Read the harbour mats in a photo (.jpg or .png) of the table and print each player's "
        "coins, prizes and points (CS-4); --claim judges a victory claim on them (CS-5).")
    parser.add_argument("game", choices=plugins_with("scoring"), help="the game whose points are read")
    parser.add_argument("image", help="the photo: a .jpg or .png file")
    parser.add_argument("--json", action="store_true", help="print one JSON object: players and the values in use")
    parser.add_argument("--claim", metavar="PLAYER", help="judge PLAYER's victory claim on these points")
    parser.add_argument("--values", metavar="FILE", help="house prize values JSON: {faction: {kind: points}}")
    parser.add_argument("--factions", metavar="FILE", help="faction cards JSON (default: the bundled ones)")
    parser.add_argument("--seats", nargs="+", metavar="PLAYER=FACTION",
                        help="players in seat order with their factions (default: fleet colours, factions in file order)")
    parser.set_defaults(run=run)


def run(args) -> int:
    from companion.commands.read import load_photo

    score = plugins()[args.game].load("scoring")
    image = load_photo(args.image)
    try:
        return score(image, args)
    except ValueError as error:
        raise UsageError(str(error)) from None
