"""Cannons & Coastlines reader accuracy on rendered tables with exact truth (issue 7).

Each view is read as a single photo (no `previous`), with the truth's seats. Measured:
- points exact per player-view (CS-4: coins + prize values), the headline target (>= 99%);
- ships found (tags in view and not under the hand), and their pose error: position (mm) and
  heading (degrees), median and 95th percentile (targets 5 mm, 2 degrees);
- coins by kind exact per mat, prizes exact per mat, fittings exact per ship found;
- islands (at least half in view) found, matched by tag id or, for an island read without its
  tag, by its outline's centre lying in the true outline; holders exact on those (and on the
  islands whose tag is in view, the measure before islands were found by colour);
- rocks found (read centre within ROCK_MATCH_IN of the true one), centre error in mm, false rocks.
A short list of the misses is written beside the views (errors.txt) to look at.

    .venv/bin/python benchmarks/coast_accuracy.py            # seeds 7000-7299, 1280x720
    .venv/bin/python benchmarks/coast_accuracy.py --first 100 --count 12   # the dev seeds
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from coast_views import DEFAULT_CACHE, MEASURE_FIRST, render_views  # noqa: E402

from companion.games.cannons_coastlines.factions import load_rulebook  # noqa: E402
from companion.games.cannons_coastlines.camera.reader import Seat, make_reader  # noqa: E402
from companion.games.cannons_coastlines.scoring import Holdings, points, value_table  # noqa: E402


READER = make_reader()   # one reader for every view, as one camera would read them


def truth_points(mat: dict, values) -> int:
    prizes: dict[tuple[str, str], int] = {}
    for faction, kind in mat["prizes"]:
        prizes[(faction, kind)] = prizes.get((faction, kind), 0) + 1
    return points(Holdings(sum(mat["coins"].values()), prizes), values).total


def compare_view(seed: int, image, truth: dict, values) -> dict:
    """Counts and errors for one view."""
    seats = [Seat(player, truth["table"]["factions"][player]) for player in truth["table"]["players"]]
    started = time.perf_counter()
    observation = READER.read_frame(image, 0.0, None, seats=seats)
    elapsed = time.perf_counter() - started
    result = {"seed": seed, "seconds": elapsed, "players": 0, "points_exact": 0, "mats": 0, "coins_exact": 0,
              "prizes_exact": 0, "ships": 0, "found": 0, "fittings_exact": 0, "islands": 0, "holders_exact": 0,
              "islands_found": 0, "false_islands": 0, "tagged_islands": 0, "tagged_holders_exact": 0,
              "rocks": 0, "rocks_found": 0, "false_rocks": 0, "rock_mm": [],
              "position_mm": [], "heading_deg": [], "errors": []}
    table = observation.table
    if table is None:
        result["errors"].append(f"{seed}: table not found: {'; '.join(observation.problems)}")
    for mat in truth["mats"]:
        result["players"] += 1
        result["mats"] += 1
        player = mat["player"]
        read = table.mat(player) if table is not None else None
        want = truth_points(mat, values)
        got = points(Holdings(read.coin_count, dict(read.prizes)), values).total if read is not None else None
        if got == want:
            result["points_exact"] += 1
        else:
            result["errors"].append(f"{seed} {player}: points {got} for {want}")
        if read is not None and dict(read.coins) == mat["coins"]:
            result["coins_exact"] += 1
        elif read is not None:
            result["errors"].append(f"{seed} {player}: coins {dict(sorted(read.coins.items()))} for {mat['coins']}")
        want_prizes: dict[tuple[str, str], int] = {}
        for faction, kind in mat["prizes"]:
            want_prizes[(faction, kind)] = want_prizes.get((faction, kind), 0) + 1
        if read is not None and dict(read.prizes) == want_prizes:
            result["prizes_exact"] += 1
        elif read is not None:
            result["errors"].append(f"{seed} {player}: prizes {sorted(read.prizes.items())} for {sorted(want_prizes.items())}")
    markers = {marker["id"]: marker for marker in truth["markers"]}
    for ship in truth["ships"]:
        tag = markers[ship["marker"]]
        if ship["covered_by_hand"] or not tag["in_view"] or tag["hidden_share"] > 0.1:
            continue
        result["ships"] += 1
        read = table.ships.get(ship["id"]) if table is not None else None
        if read is None:
            result["errors"].append(f"{seed} ship {ship['id']} (tag {ship['marker']}) not found")
            continue
        result["found"] += 1
        error_mm = math.hypot(read.x - ship["x"], read.y - ship["y"]) * 25.4
        error_deg = abs((read.heading - ship["heading"] + 180) % 360 - 180)
        result["position_mm"].append(error_mm)
        result["heading_deg"].append(error_deg)
        if error_mm > 5 or error_deg > 2:
            result["errors"].append(f"{seed} ship {ship['id']}: off by {error_mm:.1f} mm, {error_deg:.1f} deg")
        if sorted(read.fittings) == sorted(ship["fittings"]):
            result["fittings_exact"] += 1
        else:
            result["errors"].append(f"{seed} ship {ship['id']}: fittings {list(read.fittings)} for {ship['fittings']}")
    read_islands = dict(table.islands) if table is not None else {}
    for island in truth["islands"]:
        if not _outline_in_view(island["outline_px"], truth["size"]):
            continue
        result["islands"] += 1
        read = _matching_island(island, read_islands)
        if read is not None:
            result["islands_found"] += 1
            del read_islands[read.id]
        if markers[island["marker"]]["in_view"]:
            result["tagged_islands"] += 1
            result["tagged_holders_exact"] += int(read is not None and read.holder == island["holder"])
        if read is not None and read.holder == island["holder"]:
            result["holders_exact"] += 1
        else:
            result["errors"].append(f"{seed} {island['id']}: holder {read.holder if read else 'unread'} for {island['holder']}")
    result["false_islands"] = len(read_islands)
    result["errors"] += [f"{seed} {island_id}: no such island" for island_id in read_islands]
    read_rocks = {name: np.array(outline).mean(0) for name, outline in (table.rocks.items() if table is not None else ())}
    for rock in truth["rocks"]:
        centre = np.array(rock["outline_in"]).mean(0)
        result["rocks"] += 1
        nearest = min(read_rocks, key=lambda name: np.linalg.norm(read_rocks[name] - centre), default=None)
        if nearest is None or np.linalg.norm(read_rocks[nearest] - centre) > ROCK_MATCH_IN:
            result["errors"].append(f"{seed} {rock['name']} at {centre.round(2).tolist()} not found")
            continue
        result["rocks_found"] += 1
        result["rock_mm"].append(float(np.linalg.norm(read_rocks.pop(nearest) - centre) * 25.4))
    result["false_rocks"] = len(read_rocks)
    result["errors"] += [f"{seed} {name} at {centre.round(2).tolist()}: no such rock" for name, centre in read_rocks.items()]
    return result


ROCK_MATCH_IN = 1.0   # a rock is 1.2-2" across


def _outline_in_view(outline_px, size) -> bool:
    """At least half the island's outline lies in the picture."""
    points = np.array(outline_px)
    inside = (points >= 0).all(1) & (points[:, 0] < size[0]) & (points[:, 1] < size[1])
    return bool(inside.mean() >= 0.5)


def _matching_island(island: dict, read_islands: dict):
    """The read island of the same tag id, else an untagged one (named by place or by the
    last frame) whose outline's centre lies inside the true outline."""
    if island["id"] in read_islands:
        return read_islands[island["id"]]
    contour = np.array(island["outline_in"], np.float32).reshape(-1, 1, 2)
    for island_id, read in read_islands.items():
        if island_id.startswith("island-at-") and len(read.outline) >= 3:
            centre = np.array(read.outline).mean(0)
            if cv2.pointPolygonTest(contour, (float(centre[0]), float(centre[1])), False) >= 0:
                return read
    return None


def share(part: int, whole: int) -> str:
    return f"{part}/{whole} = {100.0 * part / whole:.1f}%" if whole else "-"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=MEASURE_FIRST)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    args = parser.parse_args(argv)
    values = value_table(load_rulebook())
    views = render_views(range(args.first, args.first + args.count), args.cache)
    results = []
    for seed, (image_path, truth_path) in zip(range(args.first, args.first + args.count), views):
        truth = json.loads(truth_path.read_text(encoding="utf-8"))
        results.append(compare_view(seed, cv2.imread(str(image_path)), truth, values))
    total = {key: sum(r[key] for r in results) for key in results[0] if key not in ("seed", "errors", "position_mm", "heading_deg", "rock_mm")}
    rock_mm = np.array([v for r in results for v in r["rock_mm"]])
    position = np.array([v for r in results for v in r["position_mm"]])
    heading = np.array([v for r in results for v in r["heading_deg"]])
    errors = [line for r in results for line in r["errors"]]
    (args.cache / "errors.txt").write_text("\n".join(errors) + "\n", encoding="utf-8")
    print(f"Cannons & Coastlines reader on {len(results)} views (seeds {args.first}-{args.first + args.count - 1}, 1280x720)")
    print(f"  points exact per player-view   {share(total['points_exact'], total['players'])}   (target >= 99%)")
    print(f"  coins by kind exact per mat    {share(total['coins_exact'], total['mats'])}")
    print(f"  prizes exact per mat           {share(total['prizes_exact'], total['mats'])}")
    print(f"  ships found                    {share(total['found'], total['ships'])}")
    print(f"  fittings exact per ship found  {share(total['fittings_exact'], total['found'])}")
    print(f"  island holders exact           {share(total['holders_exact'], total['islands'])}   "
          f"(of islands whose tag is in view: {share(total['tagged_holders_exact'], total['tagged_islands'])})")
    print(f"  islands found                  {share(total['islands_found'], total['islands'])}, "
          f"{total['false_islands']} false")
    print(f"  rocks found                    {share(total['rocks_found'], total['rocks'])}, {total['false_rocks']} false"
          + (f"; centre error mm median {np.median(rock_mm):.1f}, p95 {np.percentile(rock_mm, 95):.1f}" if len(rock_mm) else ""))
    if len(position):
        print(f"  position error mm              median {np.median(position):.2f}, p95 {np.percentile(position, 95):.2f}, "
              f"max {position.max():.2f}   (target 5)")
        print(f"  heading error deg              median {np.median(heading):.2f}, p95 {np.percentile(heading, 95):.2f}, "
              f"max {heading.max():.2f}   (target 2)")
    print(f"  read time (all cores, single photo) median {1000 * np.median([r['seconds'] for r in results]):.0f} ms")
    print(f"  {len(errors)} misses listed in {args.cache / 'errors.txt'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
