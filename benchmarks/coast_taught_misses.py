"""Cannons & Coastlines taught: every player whose points are not read exact, or read right but unsure, with
what was read against the truth (coins, masts, crates and hulls by fleet) and the doubts named, one line each.

Run: nice -n 10 .venv/bin/python benchmarks/coast_taught_misses.py --first 500 --count 60 --cache DIR [--out FILE]

Reads the views benchmarks/coast_taught_accuracy.py renders (same --cache; tuned families only: this is a tuning
tool) with the taught reader alone (--untaught: the kit's looks). Each line starts with a cause: "coins" (the count), "masts", "crates",
"hulls", or several joined by "+", then "sure"/"unsure"; right but unsure lines start with "unsure-right" and
give the doubts that cost the players a question. A summary of the causes ends the listing; --out also keeps
every mat's reading as JSON lines, so two runs can be compared.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import coast_taught_accuracy as bench  # noqa: E402


def prizes_by_kind(prizes) -> dict[str, Counter]:
    by_kind = {kind: Counter() for kind in ("mast", "cargo", "hull")}
    for (faction, kind), count in prizes:
        by_kind[kind][faction] += count
    return by_kind


def read_seed(seed: int, cache: Path, untaught: bool = False) -> list[dict]:
    import cv2

    from calibration.pieces import teach
    from calibration.pose import SheetNotFound
    from companion.games.cannons_coastlines.camera.reader import CoastReader, Seat
    from companion.games.cannons_coastlines.camera.taught import TaughtCoast
    from companion.games.cannons_coastlines.factions import load_rulebook
    from companion.games.cannons_coastlines.render.teaching import sheet_record
    from companion.games.cannons_coastlines.scoring import Holdings, points, value_table

    values = value_table(load_rulebook())
    photo, truth_path, sheet = bench.render_pair(seed, False, cache)
    truth = json.loads(truth_path.read_text())
    try:
        looks = None if untaught else teach([(sheet.name, cv2.imread(str(sheet)))], sheet_record())
    except SheetNotFound:
        looks = None   # as the accuracy benchmark has it: the seed's taught reading is the untaught one
    seats = [Seat(player, truth["table"]["factions"][player]) for player in truth["table"]["players"]]
    observation = CoastReader(taught=TaughtCoast(looks) if looks else None).read_frame(cv2.imread(str(photo)), 0.0, None, seats=seats)
    rows = []
    for mat in truth["mats"]:
        player = mat["player"]
        read = observation.table.mat(player) if observation.table is not None else None
        want = [((faction, kind), 1) for faction, kind in mat["prizes"]]
        got = list(read.prizes.items()) if read else []
        doubts = [p.split(": ", 1)[-1] for p in observation.problems if p.startswith(f"{player}'s mat")]
        wanted, seen = prizes_by_kind(want), prizes_by_kind(got)
        truth_points = points(Holdings(sum(mat["coins"].values()), dict(Counter(k for k, _ in want))), values).total
        read_points = points(Holdings(read.coin_count, dict(read.prizes)), values).total if read else None
        sure = observation.confidence.get(f"mat {player}", 0.0) >= bench.CONFIDENT and not doubts
        causes = [kind + "s" for kind in ("mast", "cargo", "hull") if wanted[kind] != seen[kind]]
        if not read or read.coin_count != sum(mat["coins"].values()):
            causes.insert(0, "coins")
        rows.append({"seed": seed, "player": player, "points": [read_points, truth_points], "sure": sure,
                     "causes": causes, "coins": [read.coin_count if read else None, sum(mat["coins"].values())],
                     "coin kinds": [dict(read.coins) if read else None, mat["coins"]],
                     "prizes": {kind: [dict(seen[kind]), dict(wanted[kind])] for kind in wanted},
                     "doubts": doubts, "confidence": observation.confidence.get(f"mat {player}", 0.0)})
    return rows


def line(row: dict) -> str:
    right = row["points"][0] == row["points"][1]
    head = "unsure-right" if right else f"{'+'.join(row['causes']) or 'points'} {'sure' if row['sure'] else 'unsure'}"
    parts = [f"{head:22} {row['seed']} {row['player']}: points {row['points'][0]} for {row['points'][1]}"]
    if not right:
        parts.append(f"coins {row['coins'][0]} for {row['coins'][1]}")
        parts += [f"{kind}s {got} for {want}" for kind, (got, want) in row["prizes"].items() if got != want]
    parts.append(f"conf {row['confidence']:.2f}; " + " | ".join(row["doubts"]))
    return "; ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--first", type=int, default=500)
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--cache", type=Path, required=True)
    parser.add_argument("--out", type=Path, help="every mat's reading, as JSON lines")
    parser.add_argument("--untaught", action="store_true", help="read with the kit's looks instead")
    args = parser.parse_args()
    rows = [row for seed in range(args.first, args.first + args.count) for row in read_seed(seed, args.cache, args.untaught)]
    causes = Counter()
    for row in rows:
        right = row["points"][0] == row["points"][1]
        if not right or not row["sure"]:
            print(line(row))
        causes["exact" if right else "+".join(row["causes"]) + (" sure" if row["sure"] else "")] += 1
        causes["right, unsure" if right and not row["sure"] else "sure" if row["sure"] and not right else ""] += 1
    del causes[""]
    print(f"\n{len(rows)} players: " + ", ".join(f"{name} {n}" for name, n in causes.most_common()))
    if args.out:
        args.out.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")


if __name__ == "__main__":
    main()
