"""Fit The Colony's egg counter (companion/games/the_colony/camera/egg_model.json) on the TRAIN views
only (benchmarks/colony_views.py: the three training bead looks; spaces a hand hides are left out).

A fifth of the training views (whole views) is held back first to choose the network's temperature:
the least softening under which, of the counts it would call sure (posterior at or over the reader's
`confident`), at most SURE_WRONG_SHARE are wrong. Then the network is fitted again on every training
view. The measured rows are cached beside the views (train-rows-COUNT-MODE.npz): measuring is the slow part.

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
from companion.games.the_colony.camera.settings import SETTINGS  # noqa: E402
from companion.games.the_colony.layout import default_layout  # noqa: E402

HIDDEN = (48, 24)
SURE_WRONG_SHARE = 0.01
TEMPERATURES = np.round(np.arange(1.0, 8.01, 0.25), 2)


def training_rows(count: int, cache: Path, with_total: bool = False):
    stored = cache / f"train-rows-{count}-{'total' if with_total else 'alone'}.npz"
    if stored.exists():
        saved = np.load(stored)
        return saved["rows"], saved["labels"], saved["groups"]
    rows, labels, groups = _measure_rows(count, cache, with_total)
    np.savez(stored, rows=rows, labels=labels, groups=groups)
    return rows, labels, groups


def _measure_rows(count: int, cache: Path, with_total: bool):
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
    held_back = _model(network, mean, scale, 1.0)
    temperature = choose_temperature(held_back.logits(rows[check]), labels[check])
    print(f"{len(rows)} spaces from {len(set(groups))} views; check share exact "
          f"{(network.predict((rows[check] - mean) / scale) == labels[check]).mean():.4f}; temperature {temperature}")
    network.fit((rows - mean) / scale, labels)
    classes = list(network.classes_)
    if classes != list(range(13)):
        raise SystemExit(f"the training views lack some counts: {classes}")
    model = _model(network, mean, scale, temperature)
    data = model.to_json()
    data["features"] = list(FEATURE_NAMES)
    rounded = json.loads(json.dumps(data), parse_float=lambda v: round(float(v), 6))
    path.write_text(json.dumps(rounded, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {path}")


def _model(network, mean, scale, temperature: float) -> EggModel:
    return EggModel({"features": list(FEATURE_NAMES), "mean": mean.tolist(), "scale": scale.tolist(),
                     "temperature": temperature,
                     "layers": [[w.tolist(), b.tolist()] for w, b in zip(network.coefs_, network.intercepts_)]})


def choose_temperature(logits: np.ndarray, labels: np.ndarray) -> float:
    """The least temperature under which at most SURE_WRONG_SHARE of the sure counts are wrong."""
    confident = SETTINGS.confident
    for temperature in TEMPERATURES:
        values = logits / temperature
        values = np.exp(values - values.max(axis=1, keepdims=True))
        probabilities = values / values.sum(axis=1, keepdims=True)
        sure = probabilities.max(axis=1) >= confident
        wrong = sure & (probabilities.argmax(axis=1) != labels)
        print(f"  temperature {temperature}: sure {sure.mean():.3f}, wrong among sure {wrong.sum() / max(sure.sum(), 1):.4f}")
        if wrong.sum() <= SURE_WRONG_SHARE * max(sure.sum(), 1):
            return float(temperature)
    return float(TEMPERATURES[-1])


if __name__ == "__main__":
    main()
