"""`companion score cannons-coastlines IMAGE`: every player's points (CS-4) from a photo, and a
victory claim judged on them as the start-of-turn snapshot (CS-5)."""

from __future__ import annotations

import json
import sys

from companion.cli import UsageError
from companion.games import plugins, plugins_with


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


def _load_json(path: str, what: str):
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        raise UsageError(f"no {what} file at {path!r}") from None
    except json.JSONDecodeError as error:
        raise UsageError(f"{path!r}: not JSON at line {error.lineno} column {error.colno}: {error.msg}") from None


def score_photo(path: str, factions: str | None = None, values: str | None = None, seats=None):
    """(observation, value table, {player: Points}); UsageError quoting the input when it cannot be scored."""
    from companion.commands.read import load_photo
    from companion.games.cannons_coastlines.factions import FactionFileError, load_rulebook
    from companion.games.cannons_coastlines.camera.reader import Seat, read_frame
    from companion.games.cannons_coastlines.scoring import Holdings, points, value_table

    try:
        rulebook = load_rulebook(factions) if factions else load_rulebook()
    except FactionFileError as error:
        raise UsageError(str(error)) from None
    seat_list = None
    if seats:
        seat_list = []
        for entry in seats:
            player, _, faction = entry.partition("=")
            if not player or faction not in rulebook.factions:
                raise UsageError(f"bad --seats entry {entry!r}: expected PLAYER=FACTION with a faction of "
                                 f"{', '.join(rulebook.factions)}")
            seat_list.append(Seat(player, faction))
    house = _load_json(values, "values") if values else None
    try:
        table_values = value_table(rulebook, house)
    except ValueError as error:
        raise UsageError(f"{values!r}: {error}") from None
    image = load_photo(path)
    observation = read_frame(image, 0.0, None, seats=seat_list, rulebook=rulebook)
    if observation.table is None:
        raise UsageError(f"{path!r}: " + "; ".join(observation.problems))
    scores = {}
    for player in observation.table.players:
        mat = observation.table.mat(player)
        scores[player] = points(Holdings(mat.coin_count, dict(mat.prizes)), table_values)
    return observation, table_values, scores


def run(args) -> int:
    return plugins()[args.game].load("scoring")(args)


def score_coast(args) -> int:
    """Cannons & Coastlines' scoring part: the points table, or JSON, and the claim's verdict."""
    from companion.games.cannons_coastlines.scoring import judge_claim

    observation, values, scores = score_photo(args.image, args.factions, args.values, args.seats)
    verdict = None
    if args.claim:
        if args.claim not in scores:
            raise UsageError(f"--claim {args.claim!r}: not a player at this table (players: {', '.join(scores)})")
        verdict = judge_claim(args.claim, {player: score.total for player, score in scores.items()})
    if args.json:
        out = {"players": {player: score.to_json() for player, score in scores.items()}, "values": values}
        if verdict is not None:
            out["claim"] = {"player": args.claim, "wins": verdict.legal, "message": verdict.message,
                            "reasons": [reason.message for reason in verdict.reasons]}
        print(json.dumps(out, sort_keys=True))
    else:
        print(f"{'player':<10} {'coins':>5} {'prizes':>6} {'points':>6}")
        for player, score in scores.items():
            print(f"{player:<10} {score.coins:>5} {score.prize_points:>6} {score.total:>6}")
        if verdict is not None:
            print(("claim wins: " if verdict.legal else "claim fails: ") + verdict.message)
    for problem in observation.problems:
        print(f"note: {problem}", file=sys.stderr)
    return 0
