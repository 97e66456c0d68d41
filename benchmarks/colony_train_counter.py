"""Fit The Colony's egg counter (companion/games/the_colony/camera/egg_model.json) on the TRAIN views
only (benchmarks/colony_views.py: the three training bead looks; spaces a hand hides are left out).

    .venv/bin/python benchmarks/colony_views.py train 260
    .venv/bin/python benchmarks/colony_train_counter.py 260
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

from colony_views import DEFAULT_CACHE, seeds, view_paths  # noqa: E402
from companion.games.the_colony.camera.counting import MODEL_FILE, TOTAL_MODEL_FILE, EggModel  # noqa: E402
from companion.games.the_colony.camera.features import FEATURE_NAMES  # noqa: E402
from companion.games.the_colony.camera.reader import measure  # noqa: E402
from companion.games.the_colony.layout import default_layout  # noqa: E402

HIDDEN = (48, 24)


def training_rows(count: int, cache: Path, with_total: bool = False):
    layout = default_layout()
    rows, labels, groups = [], [], []
    for seed in seeds("train", count):
        picture, truth_path = view_paths(cache, "train", seed)
        if not picture.exists():
            continue
        truth = json.loads(truth_path.read_text())
        total = 57 - sum(truth["collected"].values()) if with_total else None
        _, measured = measure(cv2.imread(str(picture)), layout, eggs_on_board=total)
        if measured is None:
            continue
        for index, space in enumerate(layout.ids):
            if not truth["spaces"][space]["hidden"]:
                rows.append(measured.rows[index])
                labels.append(truth["spaces"][space]["eggs"])
                groups.append(seed)
    return np.array(rows), np.array(labels), np.array(groups)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--only", choices=("alone", "total"), help="fit one of the two models")
    args = parser.parse_args()
    for with_total, path in ((False, MODEL_FILE), (True, TOTAL_MODEL_FILE)):
        if args.only and args.only != ("total" if with_total else "alone"):
            continue
        fit(*training_rows(args.count, args.cache, with_total), path)


def fit(rows, labels, groups, path: Path) -> None:
    from sklearn.neural_network import MLPClassifier

    mean, scale = rows.mean(axis=0), rows.std(axis=0) + 1e-6
    # A fifth of the training views (whole views) checks the fit; the measure views are never touched.
    check = groups % 5 == 0
    network = MLPClassifier(HIDDEN, alpha=1e-3, max_iter=2000, random_state=0)
    network.fit((rows[~check] - mean) / scale, labels[~check])
    print(f"{len(rows)} spaces from {len(set(groups))} views; check share exact "
          f"{(network.predict((rows[check] - mean) / scale) == labels[check]).mean():.4f}")
    network.fit((rows - mean) / scale, labels)
    classes = list(network.classes_)
    if classes != list(range(13)):
        raise SystemExit(f"the training views lack some counts: {classes}")
    model = EggModel({"features": list(FEATURE_NAMES), "mean": mean.tolist(), "scale": scale.tolist(),
                      "layers": [[w.tolist(), b.tolist()] for w, b in zip(network.coefs_, network.intercepts_)]})
    data = model.to_json()
    rounded = json.loads(json.dumps(data), parse_float=lambda v: round(float(v), 6))
    path.write_text(json.dumps(rounded, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
