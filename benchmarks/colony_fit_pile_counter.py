"""Fit The Colony's pile counter (camera/pile_counter.npz) on VARIED views the egg counter never saw
(benchmarks/colony_views.py varied, seeds 100000 on; the counter is fitted on TRAIN views only): boosted
trees over each open log's counter row on the total's bead size, the same row on the lone beads' size and
its pile score, read as the reader reads with the rules' total. The reader mixes its odds with the
counter's for the logs whose beads may lie piled (pile_counter.py); a second counter fitted on other bead
looks errs elsewhere than the first. The temperature is the one chosen on the tuning splits
(TRAIN 660-719, VARIED 260-319), never on the MEASURE views. Measured rows are cached in --rows.

    .venv/bin/python benchmarks/colony_fit_pile_counter.py 260 --cache /tmp/colony-beads-views --rows /tmp/NAME-pile-rows
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from colony_train_counter import TREES  # noqa: E402
from colony_views import DEFAULT_CACHE, seeds, view_paths  # noqa: E402
from companion.games.the_colony.camera.count_trees import trees_arrays  # noqa: E402
from companion.games.the_colony.camera.counting import MAX_COUNT  # noqa: E402
from companion.games.the_colony.camera.pile_counter import PILE_COUNTER_FILE, PILE_INPUT_NAMES, pile_inputs  # noqa: E402
from companion.games.the_colony.camera.reader import ColonyReader, measure  # noqa: E402

TEMPERATURE = 1.5     # chosen on the tuning splits (1.5 and 2.5 tried)


def view_inputs(seed: int, cache: Path, rows: Path, reader: ColonyReader) -> dict | None:
    """The open logs' pile counter inputs and true counts of one VARIED view (cached in `rows`)."""
    stored = rows / f"{seed}.npz"
    if stored.exists():
        return dict(np.load(stored))
    picture, truth_path = view_paths(cache, "varied", seed)
    if not (picture.exists() and truth_path.exists()):
        return None
    truth = json.loads(truth_path.read_text())
    _, measured = measure(cv2.imread(str(picture)), reader.layout, reader.settings, None,
                          57 - sum(truth["collected"].values()))
    if measured is None:
        return None
    settings = reader.settings
    open_logs = np.array([not truth["spaces"][space]["hidden"] and hand <= settings.hand_share and
                          ant.hand_share <= settings.hand_share and inside >= settings.inside_whole
                          for space, hand, ant, inside in zip(reader.layout.ids, measured.hand, measured.ants,
                                                              measured.inside)])
    result = {"inputs": pile_inputs(measured, settings)[open_logs],
              "labels": np.array([truth["spaces"][space]["eggs"] for space in reader.layout.ids])[open_logs]}
    rows.mkdir(parents=True, exist_ok=True)
    np.savez(stored, **result)
    return result


def main() -> None:
    from sklearn.ensemble import HistGradientBoostingClassifier

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int, help="the first COUNT VARIED views (the tuning split starts at 260)")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--rows", type=Path, required=True, help="a folder for the measured inputs")
    parser.add_argument("--out", type=Path, default=PILE_COUNTER_FILE)
    args = parser.parse_args()
    if args.count > 260:
        raise SystemExit("VARIED views 260 on are the tuning split: fit on fewer")
    reader = ColonyReader()
    views = [view for view in (view_inputs(seed, args.cache, args.rows, reader) for seed in seeds("varied", args.count))
             if view is not None]
    inputs = np.concatenate([view["inputs"] for view in views])
    labels = np.concatenate([view["labels"] for view in views])
    trees = HistGradientBoostingClassifier(**TREES, random_state=0).fit(inputs, labels)
    if list(trees.classes_) != list(range(MAX_COUNT + 1)):
        raise SystemExit(f"the views lack some counts: {list(trees.classes_)}")
    np.savez_compressed(args.out, **trees_arrays(trees, PILE_INPUT_NAMES, TEMPERATURE))
    print(f"{len(labels)} open logs of {len(views)} VARIED views; wrote {args.out} ({args.out.stat().st_size // 1024} kB)")


if __name__ == "__main__":
    main()
