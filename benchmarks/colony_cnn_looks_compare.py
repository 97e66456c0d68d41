"""Leave one look out, the trees beside the network: trees grown as colony_train_counter.py grows them on
the same views as colony_cnn_looks.py fitted the network (the other two training looks, 2060 views and 400
of them shrunk, less the held-back fifth), each counter's temperature and the joined one's chosen on that
held-back fifth (at most 1% of the sure counts wrong there), then every full-size view of the look left out
read by the trees alone, the network alone and the two joined as the reader joins them.

    .venv/bin/python benchmarks/colony_cnn_looks_compare.py pony-bead /tmp/looks-plain-pony.npz \\
        /tmp/looks-own-scale-pony.npz --cache /tmp/colony-more-views
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np  # noqa: E402

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parent)]
from colony_cnn_compare import joined, least_temperature, softmax  # noqa: E402
from colony_counter_rows import training_rows  # noqa: E402
from colony_train_cnn import CONFIDENT, COUNTS  # noqa: E402
from colony_train_counter import _grow  # noqa: E402
from colony_views import DEFAULT_CACHE, view_look  # noqa: E402


def logits(probabilities: np.ndarray) -> np.ndarray:
    return np.log(np.clip(probabilities, 1e-9, 1.0))


def line(name: str, check: tuple[np.ndarray, np.ndarray], unseen: tuple[np.ndarray, np.ndarray]) -> str:
    """Exact on the look left out (all, 3+, 5+), log loss, and at the temperature chosen on the held-back
    fifth: the share called sure and the share of those wrong, there and on the look left out."""
    temperature = least_temperature(logits(check[0]), check[1])
    probabilities, truth = unseen
    right = probabilities.argmax(axis=1) == truth
    softened = softmax(logits(probabilities), temperature)
    sure = softened.max(axis=1) >= CONFIDENT
    loss = -np.log(np.clip(softened[np.arange(len(truth)), truth], 1e-9, 1)).mean()
    check_right = (check[0].argmax(axis=1) == check[1]).mean()
    return (f"| {name} | {check_right:.4f} | {right.mean():.4f} | {right[truth >= 3].mean():.4f} | "
            f"{right[truth >= 5].mean():.4f} | {loss:.3f} | {temperature:.2f} | {sure.mean():.3f} | "
            f"{(softened.argmax(axis=1) != truth)[sure].mean() if sure.any() else 0.0:.4f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("look")
    parser.add_argument("networks", type=Path, nargs="*", help="colony_cnn_looks.py's --out files")
    parser.add_argument("--count", type=int, default=2060)
    parser.add_argument("--smaller", type=int, default=400)
    parser.add_argument("--held", type=int, default=660)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--trees", type=Path, help="the trees' probabilities kept here (read again if there)")
    args = parser.parse_args()
    rows, labels, groups = training_rows(args.count, args.cache, "alone", args.smaller)
    full_size = np.ones(len(groups), bool)
    full_size[len(training_rows(args.count, args.cache, "alone")[1]):] = False
    left_out = np.array([view_look("train", int(seed)) == args.look for seed in groups])
    held = (groups % 5 == 0) & (groups < 1000 + args.held)
    check_where, unseen_where = held & full_size & ~left_out, left_out & full_size
    if args.trees and args.trees.exists():
        kept = np.load(args.trees)
        check_trees, unseen_trees = kept["check"], kept["unseen"]
    else:
        trees = _grow(rows[~held & ~left_out], labels[~held & ~left_out])
        check_trees, unseen_trees = (np.zeros((where.sum(), COUNTS)) for where in (check_where, unseen_where))
        check_trees[:, trees.classes_] = trees.predict_proba(rows[check_where])
        unseen_trees[:, trees.classes_] = trees.predict_proba(rows[unseen_where])
        if args.trees:
            np.savez(args.trees, check=check_trees, unseen=unseen_trees)
    check_truth, unseen_truth = labels[check_where], labels[unseen_where]
    tree_temperature = least_temperature(logits(check_trees), check_truth)
    print(f"{args.look} left out: trees fitted on {(~held & ~left_out).sum()} open logs; held-back fifth of the "
          f"other looks {check_where.sum()} logs, the look left out {unseen_where.sum()} logs of "
          f"{len(set(groups[unseen_where].tolist()))} views; trees' temperature {tree_temperature:.2f}")
    print("| counter | exact, held-back fifth | exact, look left out | 3+ eggs | 5+ eggs | log loss | "
          "temperature | sure | sure wrong |\n|---|---|---|---|---|---|---|---|---|")
    print(line("trees", (check_trees, check_truth), (unseen_trees, unseen_truth)))
    for path in args.networks:
        saved = np.load(path)
        if not (np.array_equal(saved["check_labels"], check_truth) and np.array_equal(saved["unseen_seeds"], groups[unseen_where])
                and np.array_equal(saved["unseen_labels"], unseen_truth)):
            raise SystemExit(f"{path}: the network's logs are not the trees'")
        cnn_temperature = least_temperature(saved["check_logits"], check_truth)
        check_cnn, unseen_cnn = softmax(saved["check_logits"], cnn_temperature), softmax(saved["unseen_logits"], cnn_temperature)
        print(line(f"network {path.stem}", (check_cnn, check_truth), (unseen_cnn, unseen_truth)))
        both_check = joined(softmax(logits(check_trees), tree_temperature), check_cnn)
        both_unseen = joined(softmax(logits(unseen_trees), tree_temperature), unseen_cnn)
        print(line(f"joined {path.stem}", (both_check, check_truth), (both_unseen, unseen_truth)))
        right_trees, right_cnn = unseen_trees.argmax(1) == unseen_truth, unseen_cnn.argmax(1) == unseen_truth
        print("  by count (trees / network): " + ", ".join(
            f"{c} {right_trees[unseen_truth == c].mean():.2f}/{right_cnn[unseen_truth == c].mean():.2f}"
            for c in range(COUNTS) if (unseen_truth == c).any()))


if __name__ == "__main__":
    main()
