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
    parser.add_argument("--pieces", metavar="FILE",
                        help="your own pieces' looks (companion calibrate pieces); default ./pieces-GAME.json when it is there")
    parser.set_defaults(run=run)


def run(args) -> int:
    import inspect

    from companion.commands.read import load_photo, taught_pieces_file

    game = plugins()[args.game]
    score = game.load("scoring")
    image = load_photo(args.image)
    # A scoring part that reads taught pieces takes them as `pieces`; the others are told the file is unused.
    reads_taught = "pieces" in inspect.signature(score).parameters
    pieces = taught_pieces_file(game, getattr(args, "pieces", None), reads_taught)
    try:
        if pieces is not None:
            return score(image, args, pieces=pieces)
        return score(image, args)
    except ValueError as error:
        raise UsageError(str(error)) from None
