"""Cannons & Coastlines' scoring part (`companion score`): every player's points (CS-4) read from a
photo of the harbour mats, and a victory claim judged on them (CS-5). Bad input raises ValueError
quoting it; the command turns that into its usage error."""

from __future__ import annotations

import json
import sys

from companion.games.cannons_coastlines.camera.reader import CoastReader, Seat
from companion.games.cannons_coastlines.camera.taught import load_taught
from companion.games.cannons_coastlines.factions import load_rulebook
from companion.games.cannons_coastlines.scoring import Holdings, judge_claim, points, value_table


def _load_json(path: str, what: str):
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        raise ValueError(f"no {what} file at {path!r}") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"{path!r}: not JSON at line {error.lineno} column {error.colno}: {error.msg}") from None


def score_photo(image, source: str, factions: str | None = None, values: str | None = None, seats=None,
                pieces: str | None = None):
    """(observation, value table, {player: Points}) of a BGR photo read from `source`, the mats read with
    the group's pieces as taught in the `pieces` file when given; ValueError (FactionFileError and
    CalibrationFileError among them) quoting the input when it cannot be scored."""
    rulebook = load_rulebook(factions) if factions else load_rulebook()
    seat_list = None
    if seats:
        seat_list = []
        for entry in seats:
            player, _, faction = entry.partition("=")
            if not player or faction not in rulebook.factions:
                raise ValueError(f"bad --seats entry {entry!r}: expected PLAYER=FACTION with a faction of "
                                 f"{', '.join(rulebook.factions)}")
            seat_list.append(Seat(player, faction))
    house = _load_json(values, "values") if values else None
    try:
        table_values = value_table(rulebook, house)
    except ValueError as error:
        raise ValueError(f"{values!r}: {error}") from None
    taught = load_taught(pieces) if pieces else None
    observation = CoastReader(rulebook=rulebook, taught=taught).read_frame(image, 0.0, None, seats=seat_list)
    if observation.table is None:
        raise ValueError(f"{source!r}: " + "; ".join(observation.problems))
    scores = {}
    for player in observation.table.players:
        mat = observation.table.mat(player)
        scores[player] = points(Holdings(mat.coin_count, dict(mat.prizes)), table_values)
    return observation, table_values, scores


def score_coast(image, args, pieces: str | None = None) -> int:
    """The points table, or JSON, and the claim's verdict, for `companion score`'s parsed `args`; the
    mats read with the group's taught pieces file `pieces` when given."""
    observation, values, scores = score_photo(image, args.image, args.factions, args.values, args.seats, pieces)
    verdict = None
    if args.claim:
        if args.claim not in scores:
            raise ValueError(f"--claim {args.claim!r}: not a player at this table (players: {', '.join(scores)})")
        verdict = judge_claim(args.claim, {player: score.total for player, score in scores.items()})
    unsure = observation.mat_doubts
    if args.json:
        out = {"players": {player: {**score.to_json(), "sure": player not in unsure, "doubts": list(unsure.get(player, ()))}
                           for player, score in scores.items()}, "values": values}
        if verdict is not None:
            out["claim"] = {"player": args.claim, "wins": verdict.legal, "message": verdict.message,
                            "reasons": [reason.message for reason in verdict.reasons]}
        print(json.dumps(out, sort_keys=True))
    else:
        print(f"{'player':<10} {'coins':>5} {'prizes':>6} {'points':>6}  read")
        for player, score in scores.items():
            read = "ask: " + "; ".join(unsure[player]) if player in unsure else "sure"
            print(f"{player:<10} {score.coins:>5} {score.prize_points:>6} {score.total:>6}  {read}")
        if verdict is not None:
            checks = f" (count {', '.join(sorted(unsure))} on the table: the camera is not sure)" if unsure else ""
            print(("claim wins: " if verdict.legal else "claim fails: ") + verdict.message + checks)
    for problem in observation.problems + observation.notes:
        print(f"note: {problem}", file=sys.stderr)
    return 0
