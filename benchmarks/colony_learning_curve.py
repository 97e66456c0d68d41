"""Does The Colony's egg counter want more training views? On TRAINING views only: the held-back fifth
of the first COUNT training views (seeds divisible by five, as benchmarks/colony_held_back.py) is read by
trees grown as benchmarks/colony_train_counter.py grows them on a growing share of the other views (whole
views, drawn in a fixed order), with `--more` views rendered beyond the first COUNT added to the pool.
`--leave-out` fits without some of the counter's inputs (camera/features.py FEATURE_NAMES).

    .venv/bin/python benchmarks/colony_views.py train 1460        # 800 views more (seeds 1660-2459)
    .venv/bin/python benchmarks/colony_counter_rows.py 1460
    .venv/bin/python benchmarks/colony_learning_curve.py 660 --more 800
    .venv/bin/python benchmarks/colony_learning_curve.py 660 --leave-out cell_peaks,cell_beads,largest_cell
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np  # noqa: E402

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parent)]
from colony_counter_rows import training_rows  # noqa: E402
from colony_train_counter import _grow  # noqa: E402
from colony_views import DEFAULT_CACHE  # noqa: E402
from companion.games.the_colony.camera.features import FEATURE_NAMES  # noqa: E402

SHARES = (0.25, 0.5, 1.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int, help="the first COUNT training views: their fifth is held back")
    parser.add_argument("--more", type=int, default=0, help="views rendered after the first COUNT, all for fitting")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--mode", default="alone", choices=("alone", "total"))
    parser.add_argument("--leave-out", default="", help="inputs to fit without, comma-separated")
    parser.add_argument("--shares", default=",".join(map(str, SHARES)), help="shares of the pool to fit on")
    args = parser.parse_args()
    rows, labels, groups = training_rows(args.count + args.more, args.cache, args.mode)
    left_out = [name for name in args.leave_out.split(",") if name]
    rows = rows[:, [index for index, name in enumerate(FEATURE_NAMES) if name not in left_out]]
    first = 1000 + args.count
    held = (groups % 5 == 0) & (groups < first)
    pool = sorted(set(groups[~held].tolist()))
    random.Random("colony learning curve").shuffle(pool)
    truth = labels[held]
    print(f"held back: {held.sum()} open logs of {len(set(groups[held]))} views")
    print("| views fitted | logs | exact | 3+ eggs | 5+ eggs | log loss |\n|---|---|---|---|---|---|")
    for share in (float(value) for value in args.shares.split(",")):
        chosen = np.isin(groups, pool[:round(share * len(pool))])
        trees = _grow(rows[chosen], labels[chosen])
        probabilities = trees.predict_proba(rows[held])
        read = trees.classes_[probabilities.argmax(axis=1)]
        right = read == truth
        where = np.searchsorted(trees.classes_, truth)
        loss = -np.log(np.clip(probabilities[np.arange(len(truth)), np.minimum(where, len(trees.classes_) - 1)], 1e-9, 1))
        print(f"| {len(set(groups[chosen]))} | {chosen.sum()} | {right.mean():.4f} | {right[truth >= 3].mean():.4f} | "
              f"{right[truth >= 5].mean():.4f} | {loss.mean():.4f} |", flush=True)


if __name__ == "__main__":
    main()
