"""How many of The Colony's eggs one picture shows at all, and what the egg reader makes of the rest (issue 16).

For each view (benchmarks/colony_views.py, its scene composed again from the seed) every bead's visible
share: its pixels in the frame's painter's order, ants and the hand drawn over, against its pixels drawn
alone (`render/visibility.py`). Over the open spaces (truth: no hand over 3% of the space, as
colony_egg_accuracy.py counts them):
1. beads in truth and beads showing at least 50% / 20% / 5% / any pixel, beads wholly hidden; the share of
   open spaces with a bead under 5% visible, by true count and by tilt;
2. the reader's exact rate (read as colony_egg_accuracy.py reads: one StreamMemory per view, alone and with
   the rules' total) on spaces where every bead shows 20% or more, a bead shows only 5-20%, a bead shows
   under 5%; how far off it is there (against the truth and against the beads showing 5% or more); the
   ceiling: the exact share of a reader counting every bead showing 5% (or 20%, or any pixel) perfectly;
3. the counts read sure and wrong, by the same visibility.

    .venv/bin/python benchmarks/colony_views.py train 100 --skip 1120 --cache /tmp/colony-eggs4-views
    .venv/bin/python benchmarks/colony_egg_visibility.py 100 --kind train --skip 1120 --cache /tmp/colony-eggs4-views
    .venv/bin/python benchmarks/colony_egg_visibility.py 1120 --kind train --shares-only   # the ceiling only, on
        # many more scenes: nothing rendered or read, every space with the hand taken away (about 0.5 s a view)

Splits measured (fresh tuning views, used by no fit or benchmark before; colony-eggs4, 2026-12-07): TRAIN
2120-2219 (`train 100 --skip 1120`) and VARIED 100720-100819 (`varied 100 --skip 720`). Never the MEASURE seeds.
Each view's shares are cached beside it (SEED.sight.json): they depend only on the render code.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import cv2  # noqa: E402

from colony_views import DEFAULT_CACHE, render_view, seeds, view_look, view_options  # noqa: E402
from companion.games.the_colony.camera.reader import ColonyReader, StreamMemory  # noqa: E402

SHOWING = (0.5, 0.2, 0.05)    # the visible shares tabulated; 5% is "the picture cannot show it"
CANNOT_SHOW = 0.05
SHOWS_WELL = 0.2
TILTS = ((0, 15), (15, 30), (30, 45.01))
MAX_COUNT = 12


def view_shares(cache: Path, kind: str, seed: int) -> dict[str, list[float]]:
    """Each space's beads' visible shares, from the seed's scene (cached beside the view)."""
    path = cache / kind / f"{seed}.sight.json"
    if path.exists():
        return json.loads(path.read_text())
    from companion.games.the_colony.render.visibility import bead_sights

    scene = _scene(kind, seed)
    shares: dict[str, list[float]] = {space: [] for space in scene.position.layout.ids}
    for sight in bead_sights(scene):
        shares[sight.space].append(round(sight.share, 4))
    path.write_text(json.dumps(shares), encoding="utf-8")
    return shares


def beads_in_one_place(scene) -> Counter:
    """Per space, the beads lying where another bead of it already is (centres nearer than half a bead's
    width, bottoms at the same height): the scene's last resort for a pile (`scene._on_top` puts a bead on
    a lower one's very spot, and the next such bead there too). Beads inside each other: no picture can
    count them, however much of each shows."""
    half_width = scene.look.axes_mm[1]
    found: set[int] = set()
    for index, egg in enumerate(scene.eggs):
        for other_index, other in enumerate(scene.eggs[:index]):
            if egg.space == other.space and abs(egg.base_mm - other.base_mm) < 0.5 and \
                    ((egg.xy[0] - other.xy[0]) ** 2 + (egg.xy[1] - other.xy[1]) ** 2) ** 0.5 < 0.5 * half_width:
                found |= {index, other_index}
    return Counter(scene.eggs[index].space for index in found)


def _scene(kind: str, seed: int):
    from companion.games.the_colony.render.scene import compose_scene, random_position

    return compose_scene(random_position(seed), seed, view_options(seed), look=view_look(kind, seed))


def space_rows(args) -> list[dict]:
    """One row per open space and view: truth, shares, tilt and the two readings."""
    reader = ColonyReader()
    confident = reader.settings.confident
    rows = []
    for seed in seeds(args.kind, args.count, args.skip):
        picture, truth_path = render_view(args.cache, args.kind, seed)
        truth = json.loads(truth_path.read_text())
        shares = view_shares(args.cache, args.kind, seed)
        in_one_place = beads_in_one_place(_scene(args.kind, seed))
        image = cv2.imread(str(picture))
        memory = StreamMemory()
        readings = {}
        for mode in ("alone", "total"):
            on_board = 57 - sum(truth["collected"].values()) if mode == "total" else None
            readings[mode] = reader.read(image, eggs_on_board=on_board, memory=memory)
        for space, expected in truth["spaces"].items():
            if expected["hidden"]:
                continue
            row = {"seed": seed, "space": space, "eggs": expected["eggs"], "shares": shares[space],
                   "tilt": view_options(seed).tilt_deg, "piled": expected["piled"], "in_one_place": in_one_place[space]}
            for mode, observation in readings.items():
                reading = observation.reading(space) if observation.located else None
                row[mode] = {"eggs": reading.eggs if reading else -1,
                             "sure": bool(reading and reading.confidence >= confident and not reading.hidden)}
            rows.append(row)
    return rows


def scene_rows(args) -> list[dict]:
    """Shares only, nothing rendered or read: every space of each seed's scene with its hand taken away
    (a hand is chance; a pile is what the picture cannot show), for a larger sample of the ceiling."""
    from dataclasses import replace

    from companion.games.the_colony.render.visibility import bead_sights

    rows = []
    for seed in seeds(args.kind, args.count, args.skip):
        options = view_options(seed)
        scene = replace(_scene(args.kind, seed), hand=None)
        in_one_place = beads_in_one_place(scene)
        shares: dict[str, list[float]] = {space: [] for space in scene.position.layout.ids}
        for sight in bead_sights(scene):
            shares[sight.space].append(round(sight.share, 4))
        rows += [{"seed": seed, "space": space, "eggs": len(values), "shares": values, "tilt": options.tilt_deg,
                  "piled": sum(egg.piled for egg in scene.eggs if egg.space == space),
                  "in_one_place": in_one_place[space]} for space, values in shares.items()]
    return rows


def visibility_group(row: dict) -> str:
    low = min(row["shares"], default=1.0)
    return "a bead under 5%" if low < CANNOT_SHOW else "a bead 5-20%" if low < SHOWS_WELL else "every bead 20%+"


def hides_a_bead(row: dict) -> bool:
    return visibility_group(row) == "a bead under 5%"


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}% ({part}/{whole})" if whole else "-"


def beads_table(rows: list[dict]) -> list[str]:
    lines = ["| true count | open spaces | beads | showing 50%+ | 20%+ | 5%+ | any pixel | wholly hidden "
             "| spaces with a bead under 5% |", "|---|---|---|---|---|---|---|---|---|"]
    for count in [*range(MAX_COUNT + 1), "all"]:
        chosen = [row for row in rows if count == "all" or row["eggs"] == count]
        shares = [share for row in chosen for share in row["shares"]]
        hidden_spaces = sum(hides_a_bead(row) for row in chosen)
        lines.append(f"| {count} | {len(chosen)} | {len(shares)} | "
                     + " | ".join(str(sum(share >= bar for share in shares)) for bar in SHOWING)
                     + f" | {sum(share > 0 for share in shares)} | {sum(share == 0 for share in shares)} | "
                     f"{percent(hidden_spaces, len(chosen))} |")
    return lines


def tilt_table(rows: list[dict]) -> list[str]:
    lines = ["| tilt | open spaces | with a bead under 5% | of those with 4+ eggs | beads under 5% of all beads |",
             "|---|---|---|---|---|"]
    for low, high in TILTS:
        chosen = [row for row in rows if low <= row["tilt"] < high]
        full = [row for row in chosen if row["eggs"] >= 4]
        shares = [share for row in chosen for share in row["shares"]]
        lines.append(f"| {low}-{int(high)} | {len(chosen)} | "
                     f"{percent(sum(hides_a_bead(r) for r in chosen), len(chosen))} | "
                     f"{percent(sum(hides_a_bead(r) for r in full), len(full))} | "
                     f"{percent(sum(share < CANNOT_SHOW for share in shares), len(shares))} |")
    return lines


def reader_table(rows: list[dict]) -> list[str]:
    lines = ["| reading | spaces where | spaces | exact | read short / long (share of all wrong counts) "
             "| mean read - true | mean read - beads showing 5%+ | asked | sure and wrong |",
             "|---|---|---|---|---|---|---|---|---|"]
    for mode in ("alone", "total"):
        all_wrong = sum(row[mode]["eggs"] != row["eggs"] for row in rows)
        for group in ("every bead 20%+", "a bead 5-20%", "a bead under 5%"):
            chosen = [row for row in rows if visibility_group(row) == group]
            if not chosen:
                continue
            read = [row[mode]["eggs"] for row in chosen]
            exact = sum(r == row["eggs"] for r, row in zip(read, chosen))
            short = sum(r < row["eggs"] for r, row in zip(read, chosen))
            off = sum(r - row["eggs"] for r, row in zip(read, chosen)) / len(chosen)
            showing = [sum(share >= CANNOT_SHOW for share in row["shares"]) for row in chosen]
            off_showing = sum(r - s for r, s in zip(read, showing)) / len(chosen)
            asked = sum(not row[mode]["sure"] for row in chosen)
            sure_wrong = sum(row[mode]["sure"] and r != row["eggs"] for r, row in zip(read, chosen))
            lines.append(f"| {mode} | {group} | {len(chosen)} | {percent(exact, len(chosen))} | {short} / "
                         f"{len(chosen) - exact - short} ({percent(len(chosen) - exact, all_wrong)}) | {off:+.2f} | "
                         f"{off_showing:+.2f} | "
                         f"{percent(asked, len(chosen))} | {sure_wrong} |")
    return lines


def by_count_table(rows: list[dict]) -> list[str]:
    """The reader against the picture, count by count: what it reads where every bead shows well."""
    lines = ["| true count | open spaces | every bead 20%+ | exact there, alone | exact there, total "
             "| ceiling (no bead under 5%) |", "|---|---|---|---|---|---|"]
    for count in range(MAX_COUNT + 1):
        chosen = [row for row in rows if row["eggs"] == count]
        clear = [row for row in chosen if visibility_group(row) == "every bead 20%+"]
        exact = {mode: sum(row[mode]["eggs"] == count for row in clear) for mode in ("alone", "total")}
        seen = sum(visibility_group(row) != "a bead under 5%" for row in chosen)
        lines.append(f"| {count} | {len(chosen)} | {len(clear)} | {percent(exact['alone'], len(clear))} | "
                     f"{percent(exact['total'], len(clear))} | {percent(seen, len(chosen))} |")
    return lines


def ceiling_lines(rows: list[dict]) -> list[str]:
    """A reader that counts every bead showing at least BAR perfectly, and misses the rest."""
    lines = ["| a perfect counter of the beads showing | exact per open space | exact, spaces of 4+ eggs |",
             "|---|---|---|"]
    full = [row for row in rows if row["eggs"] >= 4]
    for name, bar in (("any pixel", 1e-9), ("5% or more", CANNOT_SHOW), ("20% or more", SHOWS_WELL),
                      ("50% or more", 0.5)):
        exact = lambda chosen: sum(all(share >= bar for share in row["shares"]) for row in chosen)  # noqa: E731
        lines.append(f"| {name} | {percent(exact(rows), len(rows))} | {percent(exact(full), len(full))} |")
    countable = lambda chosen: sum(all(share >= CANNOT_SHOW for share in row["shares"])  # noqa: E731
                                   and not row.get("in_one_place") for row in chosen)
    lines.append(f"| 5% or more, no two beads in one place | {percent(countable(rows), len(rows))} | "
                 f"{percent(countable(full), len(full))} |")
    lines.append(f"\nspaces with beads in one place: {sum(bool(row.get('in_one_place')) for row in rows)} "
                 f"({sum(row.get('in_one_place', 0) for row in rows)} beads); of the spaces with a bead under 5%: "
                 f"{sum(bool(row.get('in_one_place')) and hides_a_bead(row) for row in rows)}")
    per_view = Counter()
    for seed in {row["seed"] for row in rows}:
        per_view[min(2, sum(hides_a_bead(r) for r in rows if r["seed"] == seed))] += 1
    views = sum(per_view.values())
    lines.append(f"\nviews by their open spaces with a bead under 5%: none {per_view[0]}, one {per_view[1]}, two or "
                 f"more {per_view[2]}; whole positions a perfect counter of the beads showing 5%+ reads exact: "
                 f"{percent(per_view[0], views)}")
    return lines


def sure_wrong_lines(rows: list[dict]) -> list[str]:
    lines = ["| reading | sure and wrong | where a bead shows under 5% (the picture cannot show the count) "
             "| of those, short by the hidden beads exactly | the rest (the picture shows every bead 5%+) |",
             "|---|---|---|---|---|"]
    listed = []
    for mode in ("alone", "total"):
        wrong = [row for row in rows if row[mode]["sure"] and row[mode]["eggs"] != row["eggs"]]
        cannot = [row for row in wrong if hides_a_bead(row)]
        exactly_short = sum(row[mode]["eggs"] == sum(share >= CANNOT_SHOW for share in row["shares"])
                            for row in cannot)
        lines.append(f"| {mode} | {len(wrong)} | {len(cannot)} | {exactly_short} | {len(wrong) - len(cannot)} |")
        listed += [f"{mode}: {row['seed']} {row['space']} true {row['eggs']} read {row[mode]['eggs']}, tilt "
                   f"{row['tilt']:.0f}, piled {row['piled']}, shares "
                   + " ".join(f"{share:.2f}" for share in sorted(row["shares"])) for row in wrong]
    return lines + [""] + listed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int)
    parser.add_argument("--kind", choices=("train", "varied"), required=True, help="tuning views only")
    parser.add_argument("--skip", type=int, default=0, help="start after the kind's first SKIP seeds")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--rows", type=Path, help="also write every open space's row here (JSON lines)")
    parser.add_argument("--shares-only", action="store_true",
                        help="no picture, no reader: every space of the seeds' scenes, hands taken away (the ceiling)")
    parser.add_argument("--from-rows", type=Path, help="tabulate rows written by --rows, reading nothing")
    args = parser.parse_args()
    if args.from_rows:
        rows = [json.loads(line) for line in args.from_rows.read_text().splitlines()]
    else:
        rows = scene_rows(args) if args.shares_only else space_rows(args)
    if args.rows:
        args.rows.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    read = "alone" in rows[0] if rows else False
    first = seeds(args.kind, args.count, args.skip)
    print(f"{args.kind} {first.start}-{first.stop - 1}: {len(rows)} {'open ' if read else ''}spaces\n")
    tables = (beads_table, tilt_table, reader_table, by_count_table, ceiling_lines, sure_wrong_lines) if read else \
        (beads_table, tilt_table, ceiling_lines)
    for table in tables:
        text = "\n".join(table(rows)) + "\n"
        print(text if read else text.replace("open space", "space"))   # no hand: every space is open


if __name__ == "__main__":
    main()
