"""How far the taught solids' heights are from the pieces' true heights: Cannonball Colony's teaching photos of
taught_accuracy.py, each kind's height as the reader takes it (camera/taught.py: the median of its squares') and
each square's, against the render's piece set (the truth is used here only, to measure).

Run: nice -n 10 .venv/bin/python benchmarks/taught_heights.py --first 6000 --count 100 [--cache DIR] [--kinds]

Prints, over the photos that measure heights (tilt from TeachSettings.least_height_tilt_deg on) and those that do
not: the kinds taught, the median and 90th percentile of |taught - true| in mm, and how many are more than 5 and
10 mm off; the same per square, and per family. --kinds lists every kind taught (seed, kind, family, true height,
each square's height, the kind's). Tuned families only (the held-out family is not looked at while tuning).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import defaultdict
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

OFF_MM = (5.0, 10.0)


def taught_heights(seeds, cache: Path) -> list[dict]:
    """One row per kind taught: seed, kind, family, true and taught heights, each square's, the photo's tilt."""
    import cv2

    from benchmarks.taught_accuracy import render_pair
    from calibration.pieces import TeachSettings, teach
    from calibration.pose import SheetNotFound
    from companion.games.cannonball_colony.camera.taught import TaughtPieces
    from companion.games.cannonball_colony.render.teaching import sheet_record

    cv2.setNumThreads(1)
    least_tilt = TeachSettings().least_height_tilt_deg
    rows = []
    for seed in seeds:
        paths = render_pair(seed, False, cache)
        if paths is None:
            continue
        _, truth_path, sheet = paths
        truth = {kind[0]: (family, width, height)
                 for kind, family, width, height, _ in json.loads(truth_path.read_text())["piece_set"]}
        try:
            looks = teach([(sheet.name, cv2.imread(str(sheet)))], sheet_record())
        except SheetNotFound:
            continue
        tilt = next(iter(looks.tilts_deg.values()))
        taught = TaughtPieces(looks)
        for kind, solid in taught.kind_solids.items():
            family, width, height = truth[kind]
            squares = {square.label: square.solid.height_mm for square in looks.squares
                       if square.solid is not None and square.label[0] == kind and len(square.label) == 2}
            rows.append({"seed": seed, "kind": kind, "family": family, "true_mm": height, "true_width_mm": width,
                         "taught_mm": round(solid.height_mm, 1), "width_mm": round(solid.width_mm, 1),
                         "squares_mm": {label: round(value, 1) for label, value in sorted(squares.items())},
                         "tilt_deg": round(tilt, 1), "measured": tilt >= least_tilt})
    return rows


def summary(errors: list[float]) -> str:
    import numpy as np

    if not errors:
        return "none"
    values = np.abs(np.array(errors))
    over = ", ".join(f"{int((values > limit).sum())} over {limit:g} mm" for limit in OFF_MM)
    return (f"{len(values):4d}: median {np.median(values):5.1f} mm, p90 {np.quantile(values, 0.9):5.1f}, {over}; "
            f"mean signed {np.mean(errors):+5.1f}")


def main() -> None:
    from benchmarks.taught_accuracy import DEFAULT_CACHE

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--first", type=int, default=6000)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--kinds", action="store_true", help="list every kind taught")
    parser.add_argument("--json", type=Path, help="write the rows as JSON lines")
    args = parser.parse_args()
    rows = taught_heights(range(args.first, args.first + args.count), args.cache)
    if args.json:
        args.json.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    if args.kinds:
        for row in rows:
            squares = " ".join(f"{value:5.1f}" for value in row["squares_mm"].values())
            print(f"{row['seed']} {row['kind']} {row['family']:9} tilt {row['tilt_deg']:5.1f} true {row['true_mm']:5.1f}"
                  f" taught {row['taught_mm']:5.1f}  squares {squares}")
    print(f"seeds {args.first}-{args.first + args.count - 1}, tuned families; |taught - true| height")
    for measured in (True, False):
        picked = [row for row in rows if row["measured"] == measured]
        name = "photos that measure heights" if measured else "photos from nearly overhead"
        print(f"  {name}:")
        print(f"    kinds   {summary([row['taught_mm'] - row['true_mm'] for row in picked])}")
        print(f"    squares {summary([value - row['true_mm'] for row in picked for value in row['squares_mm'].values()])}")
        families = defaultdict(list)
        for row in picked:
            families[row["family"]].append(row["taught_mm"] - row["true_mm"])
        for family, errors in sorted(families.items()):
            print(f"    {family:9} {summary(errors)}")
        widths = [row["width_mm"] - row["true_width_mm"] for row in picked]
        print(f"    widths  {summary(widths)}")


if __name__ == "__main__":
    main()
