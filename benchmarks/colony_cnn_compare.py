"""The convolutional egg counter against the count trees, on TRAINING views only: the held-back fifth of the
first COUNT training views (seeds divisible by five, as benchmarks/colony_held_back.py), read by the trees
fitted on the other views (as colony_held_back.py fits them; `--more` views beyond the first COUNT added) and
by the network's probabilities saved by colony_train_cnn.py (--held-out-probabilities, fitted on none of
those views). Beside each alone: their probabilities averaged, their logarithms averaged, and both as the
inputs of a multinomial logistic regression fitted and read in turn on five parts of the held-back views
(whole views), so no log is read by a combination fitted on it.

    .venv/bin/python benchmarks/colony_cnn_compare.py 660 /tmp/cnn-held.npz --cache /tmp/colony-more-views
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np  # noqa: E402

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parent)]
from colony_counter_rows import training_rows  # noqa: E402
from colony_train_cnn import COUNTS, CONFIDENT  # noqa: E402
from colony_train_counter import _grow  # noqa: E402
from colony_views import DEFAULT_CACHE  # noqa: E402


def softmax(logits: np.ndarray, temperature: float = 1.0) -> np.ndarray:
    values = logits / temperature
    values = np.exp(values - values.max(axis=1, keepdims=True))
    return values / values.sum(axis=1, keepdims=True)


def least_temperature(logits: np.ndarray, truth: np.ndarray, most_wrong: float = 0.01) -> float:
    for temperature in np.arange(1.0, 6.01, 0.05):
        probabilities = softmax(logits, temperature)
        sure = probabilities.max(axis=1) >= CONFIDENT
        if not sure.any() or (probabilities.argmax(axis=1) != truth)[sure].mean() <= most_wrong:
            return float(temperature)
    return 6.0


def line(name: str, probabilities: np.ndarray, truth: np.ndarray) -> str:
    """Exact shares, log loss, and at the least temperature holding sure counts wrong to 1%: the share sure."""
    right = probabilities.argmax(axis=1) == truth
    logits = np.log(np.clip(probabilities, 1e-9, 1.0))
    loss = -logits[np.arange(len(truth)), truth].mean()
    temperature = least_temperature(logits, truth)
    sure = softmax(logits, temperature).max(axis=1) >= CONFIDENT
    return (f"| {name} | {right.mean():.4f} | {right[truth >= 3].mean():.4f} | {right[truth >= 5].mean():.4f} | "
            f"{loss:.4f} | {temperature:.2f} | {sure.mean():.3f} |")


def joined(trees: np.ndarray, cnn: np.ndarray) -> np.ndarray:
    """The two counters' probabilities joined as the reader joins them (counting.joined)."""
    from companion.games.the_colony.camera.counting import joined as reader_joined

    return reader_joined(trees, cnn)


def stacked(trees: np.ndarray, cnn: np.ndarray, truth: np.ndarray, seeds: np.ndarray) -> np.ndarray:
    """Both counters' log probabilities into a logistic regression, fitted on four fifths of the held-back
    views and read on the fifth left, in turn."""
    from sklearn.linear_model import LogisticRegression

    inputs = np.log(np.clip(np.concatenate([trees, cnn], axis=1), 1e-6, 1.0))
    views = np.array(sorted(set(seeds.tolist())))
    part_of = {seed: index % 5 for index, seed in enumerate(np.random.default_rng(0).permutation(views))}
    parts = np.array([part_of[seed] for seed in seeds])
    result = np.zeros_like(trees)
    for part in range(5):
        fit = parts != part
        model = LogisticRegression(C=1.0, max_iter=5000).fit(inputs[fit] / 5, truth[fit])
        result[np.ix_(parts == part, model.classes_)] = model.predict_proba(inputs[parts == part] / 5)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int)
    parser.add_argument("cnn", type=Path, help="colony_train_cnn.py's --held-out-probabilities file")
    parser.add_argument("--more", type=int, default=0)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    args = parser.parse_args()
    rows, labels, groups = training_rows(args.count + args.more, args.cache, "alone")
    held = (groups % 5 == 0) & (groups < 1000 + args.count)
    trees = _grow(rows[~held], labels[~held])
    tree_probabilities = np.zeros((held.sum(), COUNTS))
    tree_probabilities[:, trees.classes_] = trees.predict_proba(rows[held])
    saved = np.load(args.cnn)
    truth, seeds = labels[held], groups[held]
    if not (np.array_equal(saved["labels"], truth) and np.array_equal(saved["seeds"], seeds)):
        raise SystemExit("the network's held-back logs are not the trees': fit both on the same views")
    cnn = softmax(saved["logits"], float(saved["temperature"]))
    print(f"held back: {len(truth)} open logs of {len(set(seeds.tolist()))} views; trees fitted on "
          f"{len(set(groups[~held].tolist()))} views")
    print("| counter | exact | 3+ eggs | 5+ eggs | log loss | temperature for 1% sure wrong | sure |\n|---|---|---|---|---|---|---|")
    print(line("trees", tree_probabilities, truth))
    print(line("network", cnn, truth))
    print(line("mean of probabilities", (tree_probabilities + cnn) / 2, truth))
    geometric = np.exp((np.log(np.clip(tree_probabilities, 1e-9, 1)) + np.log(np.clip(cnn, 1e-9, 1))) / 2)
    print(line("mean of log probabilities", geometric / geometric.sum(axis=1, keepdims=True), truth))
    tree_temperature = least_temperature(np.log(np.clip(tree_probabilities, 1e-9, 1.0)), truth)
    print(line("mean of log probabilities, each at its own temperature (as the reader)",
               joined(softmax(np.log(np.clip(tree_probabilities, 1e-9, 1.0)), tree_temperature), cnn), truth))
    print(line("stacked (fitted on the other held-back views)", stacked(tree_probabilities, cnn, truth, seeds), truth))
    agree = tree_probabilities.argmax(axis=1) == cnn.argmax(axis=1)
    print(f"the two agree on {agree.mean():.3f} of logs; where they agree exact {(cnn.argmax(1) == truth)[agree].mean():.4f}")
    print("by count (trees / network): " + ", ".join(
        f"{c} {(tree_probabilities.argmax(1) == truth)[truth == c].mean():.2f}/{(cnn.argmax(1) == truth)[truth == c].mean():.2f}"
        for c in range(COUNTS) if (truth == c).any()))


if __name__ == "__main__":
    main()
