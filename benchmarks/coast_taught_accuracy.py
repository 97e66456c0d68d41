"""Cannons & Coastlines read with a group's own masts, crates and coins: taught from one photo of the
teaching sheet, and untaught.

Run: .venv/bin/python benchmarks/coast_taught_accuracy.py [--first 9000 --count 40] [--only tuned]

Each seed draws a piece set (companion/games/cannons_coastlines/render/piece_sets.py: masts,
crates and coins of other proportions, materials and colours, each fleet's paint and each coin
kind's colour spread round its ink's hue), a table with those pieces on its mats (the table,
tilt, light and JPEG of benchmarks/coast_views.py's view of the same seed; a mat's coins cut to
what its coin zone holds), and a photo of the teaching sheet with the same pieces under the same
light, sensor and slant. The table is read twice: untaught (the kit's looks) and taught from that
one photo.

Families: HELD_OUT's never stood in a view used to tune anything; the "held-out" rows give every
set one kind (mast, crate or coin, by seed) of its held-out family. The other rows draw from the
other families only. Seeds 500-515 (500-539 for the shape doubts, 500-699 for the taught coins, 700-899 for the masts'
bands on their blobs, 900-999 for pale masts' paint off the prizes, 1000-1099 for the sure-and-wrong doubts of
2026-12-05, 1100-1299 for masts counted no further than their blob is long and pale-faced coins by their rims, with
500-1099 checked again, 1300-1499 for masts end to end read by a fleet's faint paint and striped masts read as crates
asked, with 500-1299 checked again, 1500-1699 for a striped mast's band halves against a crate, pale-faced coins far
from every other counted by their rims and a coin lying over another asked, with 1300-1499, 1100-1199 and 500-599 checked
again, 1700-1899 for masts in a row counted by the gaps in their paint, masts with no room on their blob asked and bands
left as specks near a prize, with 1100-1199, 1300-1699 and 500-599 checked again, 1900-2099 for a crate's lid too pale
for the mask, a coin's ring at the fittings' bottom edge and bands running together across pale poles, with 1100-1899
and 500-599 checked again, 2100-2299 for pale coins packed among others, a small crate against masts and a mast against
a crate asked, with 1100-2099 and 500-599 checked again, 2300-2499 for masts against a crate of their fleet, a doubt
tried and not kept, 2500-2699 for a pale mast's band left as specks, gathered nearest first and kept whole beside a
crate of its paint, with 1300-2499, 1100-1199 and 500-599 checked again, 2700-2899 as a check on masts and a crate on
a blob far longer than they lie end to end asked, with 500-2699 checked again, 2900-3099 for a band of paint wholly off
the prize mask, specks lying as one band and a coin's spot on a hull leaning in, with 500-599, 1100-1199 and 1300-2899
checked again, 3100-3299 for a band of another fleet's paint against a crate and masts on one blob reaching fewer bands
in their row, with 500-599, 1100-1199 and 1300-3099 checked again, 3300-3499 for a pale mast's foot in line with an
unpainted mast, with 500-599, 1100-1199 and 1300-3299 checked again, 3500-3699 for a coin's width covered clear of every
coin counted asked, with 500-599, 1100-1199 and 1300-3499 checked again, 3700-3899 for a fleet's paint on a mast blob
that no mast read from it is of asked, with 3400-3699 checked again, 3900-4099 for specks of a pale mast's pole on a
fittings zone read empty asked, with 3400-3899 checked again, 4100-4299 for a blob read as one crate barely as thick as
one and as long as a taught mast asked, its bar set on 3400-4199 before 4200-4299 was read, with 3400-4099 checked
again, 4300-4499 for a prize whose fleet's paint was not seen counted where every fleet it can come from gives the
same points, with 3400-4299 checked again, 4500-4699 as a check on a pale mast where nothing is read asked, its bars
set on 3400-4499 before 4500-4699 was read, 3400-4699 (no fresh views: the kept mats read again) for a crate's paint
running off it onto masts read short of their row's bands asked, 4700-4899 (kept once with main's code, read again) for a
mast blob showing a pennant's colour but no patch of paint not left out as another mast's pole's end, its bars set on
3400-4799 before 4800-4899 was read, with 3400-4699 checked again, 4900-5099 (kept once, read again) for a crate's lid as
light as the paper but tinted, enclosed in its blob, measured with it and a crate voted by its wood's faint tint asked, their
bars set on 3400-4999 before 5000-5099 was read, with 3400-4899 checked again, 3400-5099 again for coast-taught34 (kept
mats read again: a coin's kind alone a note, not asked, on a mat with no prize read, its bar set on them), 5100-5299 (kept
once with main's code, read again after the change was made on 3400-5099) for coast-taught35's specks weighed by the
colours of the fleets a prize may come from (and a prize's fleet alone a note where every such fleet gives the same
points, tried and not kept: 5231 ben sure and wrong), with 3400-5099 checked again, 3400-5299 again for coast-taught36
(kept mats read again: the coin zone's cover past the coins read measured clear of them, grain opened away, its bar
set on them), 5300-5499 (kept once with main's code, read again) for coast-taught37's masts read by their colours
counted in their fleet's row and unread paint as dense as half the read masts' own asked (both set on 3400-5299
before 5300-5499 was read), with 3400-5299 checked again, 3400-5499 again for coast-taught38 (kept mats
read again: a coin's kind alone a note on a mat whose every crate read lies alone on its blob, 0.8-2.0 of a taught
crate, its bars set on them), 5500-5699 (kept once with main's code, read again) for coast-taught39's masts read on a
blob more than its length holds asked (its bar set on 3400-4499 and 5500-5599 before the rest was read), a crate blob
whose thick parts' paint is no crate's read asked and stretches of pole let go together where no mast is read asked,
with 3400-5499 checked again), 3400-5699 again for coast-taught40 (kept mats read again: the specks doubt's bar taught,
set on them, not merged), 5700-5899 (kept once with main's code, read again) for coast-taught41: that specks bar's first
check on views it was not set on, and a fleet's paint as dark as wood on a mast blob no prize of it was read from asked
(its bar set on 3400-4699 before 5700-5899 was read), with 3400-5699 checked again), 5900-6099 (kept once with main's
code, read again) for coast-taught42's taught coins' width from the coins seen whole on their squares (its bar set on
5900-5999 before 6000-6099 was read), 5900-6099 again for coast-taught43 (kept mats read again: a coin counted over
the coin zone's bottom line touching a prize hull asked, its bar set on them) were used while tuning (the held-out
row ran on 500-515 once, as a check, changing nothing; never on 700-6099);
the default seeds (9000 on) were kept apart.

Measured 2026-12-02, seeds 9000-9039 (112 players a row), far from the issue's 99%; after the shape
doubts (camera/fitting_doubts.py), confidently wrong and right-but-unsure before them in brackets:
                    points exact  masts exact  crates exact  coins exact (by kind)  confidently wrong  right, unsure
  tuned     untaught    79.5%        85.7%        97.3%        89.3% (33.0%)         2.7% (2.7)     58.9% (56.2)
            taught      88.4%        91.1%        97.3%        94.6% (67.9%)         2.7% (3.6)     37.5% (35.7)
  held-out  untaught    68.8%        58.0%        63.4%        88.4% (41.1%)         4.5% (4.5)     42.0% (42.0)
            taught      75.0%        59.8%        63.4%        94.6% (72.3%)         8.0% (11.6)    25.0% (24.1)

Then teaching measures how thick a group's masts are, and where they are as thick as a crate (sails painted
all over) every blob read as crates alone is doubted: the tuned rows are unchanged (their masts measure 2.5-5.7
mm on seeds 500-539, under a crate's 6.8); held out, taught, confidently wrong 8.0% -> 4.5% (9 -> 5 of 112) and
right, unsure 25.0% -> 31.2%; points exact unchanged.

Reported per row, per player (a mat): points exact (CS-4), prize masts and crates exact (by fleet),
coins exact (their count; by kind beside it), and confidently wrong: points wrong on a mat the
reader was sure of (confidence >= 0.6 and no doubt named); and right, unsure: points right on a mat the
reader was not sure of (what the doubts cost: the players are asked).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DEFAULT_CACHE = Path("/tmp/companion-coast-taught-views/v1")
HELD_OUT = {"mast": "banner", "crate": "barrel", "coin": "chip"}
CONFIDENT = 0.6
MEASURE_FIRST = 9000


def families(held_out_kind: str | None) -> dict[str, tuple[str, ...]]:
    """The families a set draws from: the tuned ones, or for `held_out_kind` its held-out family only."""
    from companion.games.cannons_coastlines.render.piece_sets import FAMILIES

    return {kind: (HELD_OUT[kind],) if kind == held_out_kind else tuple(f for f in names if f != HELD_OUT[kind])
            for kind, names in FAMILIES.items()}


def piece_set_for(seed: int, held_out: bool):
    from companion.games.cannons_coastlines.render.piece_sets import choose_piece_set

    return choose_piece_set(seed, families(("mast", "crate", "coin")[seed % 3] if held_out else None))


def table_for(seed: int, pieces):
    """The view's table, each mat's coins cut to what the set's coins leave room for."""
    from companion.games.cannons_coastlines.render import random_coast_table
    from companion.games.cannons_coastlines.render.samples import measured_view
    from companion.games.cannons_coastlines.render.scene import coin_spots

    players, options = measured_view(seed)
    table = random_coast_table(seed, players)
    columns, rows = coin_spots(pieces.coin.diameter_mm)
    mats = {}
    for player, mat in table.mats.items():
        kinds = sorted(kind for kind, count in mat.coins.items() for _ in range(count))[:columns * rows]
        mats[player] = dataclasses.replace(mat, coins=dict(Counter(kinds)))
    return dataclasses.replace(table, mats=mats), options


def render_pair(seed: int, held_out: bool, cache: Path) -> tuple[Path, Path, Path]:
    """(table photo, its truth, teaching photo) of the seed, rendered once into the cache."""
    import cv2

    from companion.games.cannons_coastlines.render import render_coast_table
    from companion.games.cannons_coastlines.render.teaching import compose_teaching, render_teaching
    from companion.render.options import RenderOptions

    folder = cache / ("held-out" if held_out else "tuned")
    photo, truth, sheet = (folder / f"{seed}{suffix}" for suffix in (".png", ".json", "-sheet.png"))
    if photo.exists() and truth.exists() and sheet.exists():
        return photo, truth, sheet
    folder.mkdir(parents=True, exist_ok=True)
    pieces = piece_set_for(seed, held_out)
    table, options = table_for(seed, pieces)
    rendered = render_coast_table(table, seed, options, pieces)
    teaching = render_teaching(compose_teaching(pieces, seed, RenderOptions(jpeg_quality=options.jpeg_quality),
                                                like=rendered.scene))
    cv2.imwrite(str(photo), rendered.image)
    cv2.imwrite(str(sheet), teaching.image)
    truth.write_text(json.dumps({**rendered.truth, "piece_set": dataclasses.asdict(pieces)}), encoding="utf-8")
    return photo, truth, sheet


def evaluate(seeds, held_out: bool, cache: Path) -> dict:
    import cv2

    from calibration.pieces import teach
    from calibration.pose import SheetNotFound
    from companion.games.cannons_coastlines.camera.reader import CoastReader, Seat
    from companion.games.cannons_coastlines.camera.taught import TaughtCoast
    from companion.games.cannons_coastlines.factions import load_rulebook
    from companion.games.cannons_coastlines.render.teaching import sheet_record
    from companion.games.cannons_coastlines.scoring import Holdings, points, value_table

    values = value_table(load_rulebook())
    tallies = {mode: Counter() for mode in ("untaught", "taught")}
    errors = {mode: [] for mode in tallies}
    unlearned = Counter()
    for seed in seeds:
        photo, truth_path, sheet = render_pair(seed, held_out, cache)
        truth = json.loads(truth_path.read_text())
        image = cv2.imread(str(photo))
        try:
            looks = teach([(sheet.name, cv2.imread(str(sheet)))], sheet_record())
        except SheetNotFound:
            # A player would take the photo again; here the seed's taught reading is the untaught one.
            looks = None
            unlearned["the sheet itself (not located)"] += 1
        for label in looks.problems() if looks else ():
            unlearned[label] += 1
        seats = [Seat(player, truth["table"]["factions"][player]) for player in truth["table"]["players"]]
        readers = {"untaught": CoastReader(), "taught": CoastReader(taught=TaughtCoast(looks) if looks else None)}
        for mode, reader in readers.items():
            observation = reader.read_frame(image, 0.0, None, seats=seats)
            tally = tallies[mode]
            for mat in truth["mats"]:
                player = mat["player"]
                read = observation.table.mat(player) if observation.table is not None else None
                want_prizes = Counter((faction, kind) for faction, kind in mat["prizes"])
                want = points(Holdings(sum(mat["coins"].values()), dict(want_prizes)), values).total
                got = points(Holdings(read.coin_count, dict(read.prizes)), values).total if read else None
                sure = observation.confidence.get(f"mat {player}", 0.0) >= CONFIDENT and not any(
                    problem.startswith(f"{player}'s mat") for problem in observation.problems)
                tally["players"] += 1
                tally["points exact"] += got == want
                tally["confidently wrong"] += got != want and sure
                tally["right, unsure"] += got == want and not sure
                for kind in ("mast", "cargo"):
                    wanted = {key: n for key, n in want_prizes.items() if key[1] == kind}
                    seen = {key: n for key, n in (read.prizes.items() if read else ()) if key[1] == kind}
                    tally[f"{kind}s exact"] += wanted == seen
                tally["coins exact"] += bool(read) and read.coin_count == sum(mat["coins"].values())
                tally["coins by kind exact"] += bool(read) and dict(read.coins) == mat["coins"]
                if got != want:
                    errors[mode].append(f"{seed} {player}: points {got} for {want}"
                                        f"{' (sure)' if sure else ''}; coins {read.coin_count if read else None} for "
                                        f"{sum(mat['coins'].values())}; prizes {sorted(read.prizes.items()) if read else None} "
                                        f"for {sorted(want_prizes.items())}")
    return {"tallies": tallies, "errors": errors, "unlearned": unlearned}


COLUMNS = ("points exact", "masts exact", "cargos exact", "coins exact", "coins by kind exact", "confidently wrong",
           "right, unsure")


def report(label: str, result: dict, cache: Path, row: str) -> None:
    print(f"\n== {label} ==")
    print(f"{'':10}" + "".join(f"{name:>22}" for name in COLUMNS))
    for mode, tally in result["tallies"].items():
        whole = max(tally["players"], 1)
        print(f"{mode:10}" + "".join(f"{f'{tally[name]}/{whole} = {tally[name] / whole:.1%}':>22}" for name in COLUMNS))
    if result["unlearned"]:
        print("squares not learned: " + ", ".join(f"{k} x{v}" for k, v in result["unlearned"].most_common()))
    for mode, lines in result["errors"].items():
        path = cache / f"errors-{row}-{mode}.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{mode}: {len(lines)} players' points wrong, listed in {path}")


KIT_LOOK_VIEWS = ((101, 0.0, "even"), (102, 22.0, "warm"), (103, 40.0, "cool"))


def kit_looks() -> None:
    """The kit's own masts, crates and coins taught from renders of the teaching sheet at three tilts and
    lights: what each covers of a mat (mat_looks.MatLooks' defaults, the untaught reader's)."""
    from calibration.pieces import teach
    from companion.games.cannons_coastlines.camera.taught import TaughtCoast
    from companion.games.cannons_coastlines.render.teaching import compose_teaching, render_teaching, sheet_record
    from companion.render.options import RenderOptions

    for seed, tilt, light in KIT_LOOK_VIEWS:
        photo = render_teaching(compose_teaching(None, seed, RenderOptions(tilt_deg=tilt, light=light, jpeg_quality=90))).image
        looks = TaughtCoast(teach([(f"kit {seed}", photo)], sheet_record())).looks
        print(f"seed {seed}, tilt {tilt:g}, {light}: mast {looks.mast_mm2:.0f} mm^2, crate {looks.crate_mm2:.0f}, "
              f"coin {looks.coin_mm2:.0f} ({looks.coin_diameter_mm:.1f} mm across); a mast {looks.mast_length_mm:.1f} mm long")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--first", type=int, default=MEASURE_FIRST)
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--only", choices=("tuned", "held-out"), help="one row of families only")
    parser.add_argument("--kit-looks", action="store_true", help="print what the kit's own pieces cover of a mat, and stop")
    args = parser.parse_args()
    if args.kit_looks:
        kit_looks()
        return
    seeds = range(args.first, args.first + args.count)
    started = time.time()
    for name, held in (("tuned", False), ("held-out", True)):
        if args.only in (None, name):
            described = (f"held-out families ({', '.join(f'{k} {v}' for k, v in HELD_OUT.items())}), one kind a set"
                         if held else "tuned families")
            args.cache.mkdir(parents=True, exist_ok=True)
            report(f"{name}: {described}, seeds {args.first}-{seeds[-1]}", evaluate(seeds, held, args.cache), args.cache, name)
    print(f"\n({time.time() - started:.0f} s)")


if __name__ == "__main__":
    main()
