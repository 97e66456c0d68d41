"""Every reading of taught_accuracy.py's views as JSON, to tell whether a change (one meant only to be faster) changes
any: per seed, taught and untaught, every cell's token, probability (3 decimals) and doubt, every board's origin and
grid-to-picture matrix (3 decimals), the ships and the problems. Dump main's tree and the branch's, then diff:

    git archive main | tar -x -C /tmp/main-tree
    nice -n 10 .venv/bin/python benchmarks/taught_dump.py /tmp/main.json --tree /tmp/main-tree --first 6000 --count 40
    nice -n 10 .venv/bin/python benchmarks/taught_dump.py /tmp/branch.json --first 6000 --count 40
    cmp /tmp/main.json /tmp/branch.json

Tuned families only (the held-out family is not looked at while tuning); views rendered into --cache as
taught_accuracy.py renders them.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def dump(seeds, cache: Path) -> dict:
    import cv2

    from benchmarks.taught_accuracy import render_pair
    from calibration.pieces import teach
    from calibration.pose import SheetNotFound
    from companion.games.cannonball_colony.camera.reader import IslandReader
    from companion.games.cannonball_colony.camera.taught import TaughtPieces
    from companion.games.cannonball_colony.render.teaching import sheet_record

    cv2.setNumThreads(1)
    out: dict = {}
    for seed in seeds:
        paths = render_pair(seed, False, cache)
        if paths is None:
            out[str(seed)] = "not rendered"
            continue
        image, sheet = cv2.imread(str(paths[0])), cv2.imread(str(paths[2]))
        try:
            looks = teach([(paths[2].name, sheet)], sheet_record())
        except SheetNotFound:
            out[str(seed)] = "teaching sheet not found"
            continue
        out[str(seed)] = {mode: _reading(reader.read_stages(image, 0.0, None)) for mode, reader in
                          (("untaught", IslandReader()), ("taught", IslandReader(taught=TaughtPieces(looks))))}
    return out


def _reading(reading) -> dict:
    return {
        "cells": {repr(key): [reading.tokens[key], round(float(reading.probabilities.get(key, -1.0)), 3),
                              str(reading.doubts.get(key, ""))] for key in sorted(reading.tokens)},
        "boards": {str(board): [list(view.origin), [round(float(v), 3) for v in view.grid_to_image.ravel()]]
                   for board, view in sorted(reading.views.items())},
        "ships": {str(country): [round(v, 3) if isinstance(v, float) else str(v) for v in found]
                  for country, found in sorted(reading.ships.items(), key=lambda item: str(item[0]))},
        "problems": list(reading.observation.problems),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parents[1],
                        help="the source tree to read with (default: this one)")
    parser.add_argument("--first", type=int, default=6000)
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/companion-taught-views"))
    args = parser.parse_args()
    tree = args.tree.resolve()
    sys.path.insert(0, str(tree))
    import companion

    if not Path(companion.__file__).resolve().is_relative_to(tree):
        sys.exit(f"companion imported from {companion.__file__}, not from {tree}")
    args.out.write_text(json.dumps(dump(range(args.first, args.first + args.count), args.cache), indent=0,
                                   sort_keys=True), encoding="utf-8")
    print(f"written to {args.out}")


if __name__ == "__main__":
    main()
