"""Fit The Colony's pile score (camera/pile_score.json) on the first TRAIN views only (default 260:
seeds 1000-1259; never the tuning views past them, the VARIED or the MEASURE views): the counter's rows
of every open space, alone and with the rules' total (benchmarks/colony_counter_rows.py, cached), against
the render's truth of whether a bead lies piled there. Prints the score's AUC over five folds of whole
views (fitted on four, scored on the fifth) before writing the score fitted on all of them.

    .venv/bin/python benchmarks/colony_fit_pile_score.py 260 --cache /tmp/colony-beads-views
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

import numpy as np  # noqa: E402
from sklearn.metrics import roc_auc_score  # noqa: E402

from colony_counter_rows import MODES, view_rows  # noqa: E402
from colony_views import DEFAULT_CACHE, seeds, view_paths  # noqa: E402
from companion.games.the_colony.camera.pile_score import DARK_UNITS, PILE_SCORE_FILE, fit_pile_score  # noqa: E402
from companion.games.the_colony.camera.settings import SETTINGS  # noqa: E402
from companion.games.the_colony.layout import default_layout  # noqa: E402

FOLDS = 5


def piled_rows(count: int, cache: Path):
    """(rows, piled 0/1, seed per row) over the open spaces of the first `count` TRAIN views."""
    ids = default_layout().ids
    rows, piled, groups = [], [], []
    for seed in seeds("train", count):
        view = view_rows(seed, cache)
        if view is None:
            continue
        truth = json.loads(view_paths(cache, "train", seed)[1].read_text())["spaces"]
        open_spaces = ~view["hidden"]
        for mode in MODES:
            rows.append(view[mode][open_spaces])
            piled.append(np.array([truth[space]["piled"] > 0 for space in ids])[open_spaces])
            groups.append(np.full(int(open_spaces.sum()), seed))
    return np.concatenate(rows), np.concatenate(piled).astype(float), np.concatenate(groups)


def held_out_auc(rows: np.ndarray, piled: np.ndarray, groups: np.ndarray) -> float:
    """The chance a piled log scores above a flat one (both able to hold a pile), each scored by a fit
    that did not see its view."""
    scores = np.zeros(len(rows))
    views = np.unique(groups)
    np.random.default_rng(0).shuffle(views)
    for fold in np.array_split(views, FOLDS):
        held = np.isin(groups, fold)
        fitted = fit_pile_score(rows[~held], piled[~held])
        scores[held] = rows[held] @ np.array(fitted["weights"]) + fitted["bias"]
    able = rows[:, DARK_UNITS] >= SETTINGS.pile_floor_units
    return float(roc_auc_score(piled[able], scores[able]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int, nargs="?", default=260)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    args = parser.parse_args()
    rows, piled, groups = piled_rows(args.count, args.cache)
    print(f"{len(np.unique(groups))} views, {len(rows)} rows; held-out AUC {held_out_auc(rows, piled, groups):.3f}")
    PILE_SCORE_FILE.write_text(json.dumps(fit_pile_score(rows, piled)), encoding="utf-8")
    print(f"written {PILE_SCORE_FILE}")


if __name__ == "__main__":
    main()
