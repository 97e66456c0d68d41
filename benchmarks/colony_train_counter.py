"""Fit The Colony's egg counter on the TRAIN views only (benchmarks/colony_views.py: the three training
bead looks, and with --varied the VARIED views' randomised looks; spaces a hand hides are left out): first the bead-centre density (camera/bead_density.json,
`--only density`), then the two counters (camera/egg_counter.npz alone, egg_counter_total.npz with the
rules' total): boosted trees over the features of camera/features.py, the density's sum among them.

The density's truth is where each bead's middle shows: every bead of the view's scene (composed again
from its seed, no rendering) is projected through the render's camera and taken back onto the board
through the frame the reader found, so a tall or piled bead's centre lies where the reader sees it. Each
centre is spread over a small Gaussian (its sum one bead), and a small network learns that density from
the filter responses of camera/bead_centres.py. Half the views measure the bead size alone, half with
the rules' total, as the reader does in each mode.

For each counter a fifth of the training views (whole views) is held back first to choose its
temperature: the least softening under which, of the counts it would call sure (posterior at or over the
reader's `confident`), at most SURE_WRONG_SHARE are wrong. Then the trees are grown again on every
training view. The measured rows are cached per view (benchmarks/colony_counter_rows.py): measuring is
the slow part.

    .venv/bin/python benchmarks/colony_views.py train 660
    .venv/bin/python benchmarks/colony_train_counter.py 200 --only density
    .venv/bin/python benchmarks/colony_counter_rows.py 660          # measured once per view, cached
    .venv/bin/python benchmarks/colony_counter_rows.py 200 --smaller
    .venv/bin/python benchmarks/colony_train_counter.py 660 --smaller 200
    .venv/bin/python benchmarks/colony_train_counter.py 260 --varied 260 --smaller 160   # with varied looks"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from colony_counter_rows import MODES, training_rows  # noqa: E402
from colony_views import DEFAULT_CACHE, FIRST_SEED, seeds, view_look, view_options, view_paths  # noqa: E402
from companion.games.the_colony.camera.bead_centres import (DENSITY_FILE, INPUT_NAMES, bead_grid,  # noqa: E402
                                                            bead_inputs, patch_to_grid)
from companion.games.the_colony.camera.board_frame import locate_board, patch_grid, sample_patches  # noqa: E402
from companion.games.the_colony.camera.count_trees import CountTrees, trees_arrays  # noqa: E402
from companion.games.the_colony.camera.counting import MAX_COUNT, MODEL_FILE, TOTAL_MODEL_FILE, EggModel  # noqa: E402
from companion.games.the_colony.camera.features import FEATURE_NAMES, look_at_spaces  # noqa: E402
from companion.games.the_colony.camera.reader import picture_unit  # noqa: E402
from companion.games.the_colony.camera.settings import SETTINGS  # noqa: E402
from companion.games.the_colony.kit.board import space_places  # noqa: E402
from companion.games.the_colony.layout import default_layout  # noqa: E402

TREES = dict(max_iter=200, learning_rate=0.1, max_leaf_nodes=15, l2_regularization=1.0)
DENSITY_HIDDEN = (32, 16)
KEEP_SHARE = 0.06     # of the pixels worth predicting, the share kept for fitting the density (neighbours say the same)
SURE_WRONG_SHARE = 0.01
TEMPERATURES = np.round(np.arange(1.0, 8.01, 0.25), 2)


def bead_centres_mm(seed: int, frame, kind: str = "train") -> dict[str, np.ndarray]:
    """Every space's bead middles as the picture shows them, in board mm (seen through the frame)."""
    from companion.games.the_colony.render.scene import compose_scene, random_position

    scene = compose_scene(random_position(seed), seed, view_options(seed), look=view_look(kind, seed))
    height = scene.look.axes_mm[2]
    centres: dict[str, list] = {}
    for egg in scene.eggs:
        middle = (*scene.on_table(egg.xy), -(egg.base_mm + height * egg.scale))
        centres.setdefault(egg.space, []).append(scene.camera.project([middle])[0])
    return {space: frame.to_table(np.array(pixels)) for space, pixels in centres.items()}


def target_density(centres: np.ndarray, grid) -> np.ndarray:
    sigma = SETTINGS.density_sigma_mm * grid.px_per_mm
    axis = np.arange(grid.side, dtype=np.float64)
    density = np.zeros((grid.side, grid.side))
    for column, row in centres:
        density += np.outer(np.exp(-(axis - row) ** 2 / (2 * sigma ** 2)), np.exp(-(axis - column) ** 2 / (2 * sigma ** 2)))
    return density / (2 * np.pi * sigma ** 2)


def view_rows(seed: int, cache: Path, rng: random.Random, kind: str = "train"):
    layout = default_layout()
    picture, truth_path = view_paths(cache, kind, seed)
    if not picture.exists():
        return [], []
    truth = json.loads(truth_path.read_text())
    image = cv2.imread(str(picture))
    frame, _ = locate_board(image)
    if frame is None:
        return [], []
    grid = patch_grid(layout)
    spaces, _ = look_at_spaces(*sample_patches(image, frame, grid), grid)
    total = 57 - sum(truth["collected"].values()) if seed % 2 else None
    unit = picture_unit(spaces, total)
    coarse = bead_grid(grid.space_side, grid.px_per_mm)
    centres = bead_centres_mm(seed, frame, kind)
    rows, targets = [], []
    for place, space in zip(space_places(layout), spaces):
        if truth["spaces"][place.id]["hidden"] or space.near_darkness is None:
            continue
        inputs, where = bead_inputs(space.near_darkness, unit, coarse)
        on_grid = patch_to_grid(centres.get(place.id, np.zeros((0, 2))), place.centre, coarse)
        density = target_density(on_grid, coarse)[where] / SETTINGS.density_unit
        keep = np.array([rng.random() < KEEP_SHARE for _ in range(len(inputs))], bool)
        rows.append(inputs[keep])
        targets.append(density[keep])
    return rows, targets


def fit_density(count: int, cache: Path, varied: int = 0, out: Path = DENSITY_FILE) -> None:
    from sklearn.neural_network import MLPRegressor

    rng = random.Random("colony density")
    rows, targets = [], []
    for seed, kind in [(seed, "train") for seed in seeds("train", count)] + [(seed, "varied") for seed in seeds("varied", varied)]:
        more_rows, more_targets = view_rows(seed, cache, rng, kind)
        rows += more_rows
        targets += more_targets
    rows, targets = np.concatenate(rows).astype(np.float64), np.concatenate(targets)
    mean, scale = rows.mean(axis=0), rows.std(axis=0) + 1e-6
    network = MLPRegressor(hidden_layer_sizes=DENSITY_HIDDEN, alpha=1e-4, max_iter=60, early_stopping=True,
                           random_state=0)
    network.fit((rows - mean) / scale, targets)
    print(f"{len(rows)} pixels; R^2 on the fit's own check share {network.best_validation_score_:.4f}")
    _write(_model(network, mean, scale, 1.0, INPUT_NAMES), out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--only", choices=("density", *MODES), help="fit one of the networks "
                        "(the density is fitted only when asked: the count networks' inputs are measured with it)")
    parser.add_argument("--smaller", type=int, default=0, help="also the first N views shrunk to the live clips' "
                        "size (benchmarks/colony_counter_rows.py --smaller)")
    parser.add_argument("--varied", type=int, default=0, help="also the first N VARIED views")
    parser.add_argument("--out", type=Path, help="write the fitted files into this folder (default: the reader's own)")
    parser.add_argument("--sure-wrong-share", type=float, default=SURE_WRONG_SHARE,
                        help="the most of the held-back sure counts that may be wrong (chooses the temperature)")
    parser.add_argument("--varied-weight", type=float, default=1.0,
                        help="each VARIED view's space weighs this against a TRAIN view's in growing the trees")
    args = parser.parse_args()
    if args.only == "density":
        fit_density(args.count, args.cache, args.varied, args.out / DENSITY_FILE.name if args.out else DENSITY_FILE)
        return
    for mode, path in zip(MODES, (MODEL_FILE, TOTAL_MODEL_FILE)):
        if args.only in (None, mode):
            fit(*training_rows(args.count, args.cache, mode, args.smaller, args.varied),
                args.out / path.name if args.out else path, args.sure_wrong_share, args.varied_weight)


def fit(rows, labels, groups, path: Path, sure_wrong_share: float = SURE_WRONG_SHARE,
        varied_weight: float = 1.0) -> None:
    """Boosted trees: first on four fifths of the training views, the fifth held back choosing the
    temperature, then on every training view (a VARIED view's spaces weighing `varied_weight` each)."""
    check = groups % 5 == 0
    weights = view_weights(groups, varied_weight)
    trees = _grow(rows[~check], labels[~check], weights[~check])
    held_back = CountTrees(trees_arrays(trees, FEATURE_NAMES, 1.0))
    temperature = choose_temperature(held_back.logits(rows[check]), labels[check], sure_wrong_share)
    print(f"{len(rows)} spaces from {len(set(groups))} views; check share exact "
          f"{(trees.predict(rows[check]) == labels[check]).mean():.4f}; temperature {temperature}")
    trees = _grow(rows, labels, weights)
    if list(trees.classes_) != list(range(MAX_COUNT + 1)):
        raise SystemExit(f"the training views lack some counts: {list(trees.classes_)}")
    np.savez_compressed(path, **trees_arrays(trees, FEATURE_NAMES, temperature))
    print(f"wrote {path} ({path.stat().st_size // 1024} kB)")


def view_weights(groups: np.ndarray, varied_weight: float) -> np.ndarray:
    """Each row's weight from its view's seed: `varied_weight` for a VARIED view, 1 for a TRAIN view."""
    return np.where(np.asarray(groups) >= FIRST_SEED["varied"], varied_weight, 1.0)


def _grow(rows, labels, weights=None):
    from sklearn.ensemble import HistGradientBoostingClassifier

    even = weights is None or bool(np.all(weights == 1.0))     # as before the weights: no sample_weight at all
    trees = HistGradientBoostingClassifier(**TREES, random_state=0)
    return trees.fit(rows, labels, sample_weight=None if even else weights)


def _model(network, mean, scale, temperature: float, names) -> EggModel:
    return EggModel({"features": list(names), "mean": mean.tolist(), "scale": scale.tolist(),
                     "temperature": temperature,
                     "layers": [[w.tolist(), b.tolist()] for w, b in zip(network.coefs_, network.intercepts_)]})


def _write(model: EggModel, path: Path) -> None:
    rounded = json.loads(json.dumps(model.to_json()), parse_float=lambda v: round(float(v), 6))
    path.write_text(json.dumps(rounded, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {path}")


def choose_temperature(logits: np.ndarray, labels: np.ndarray, sure_wrong_share: float = SURE_WRONG_SHARE) -> float:
    """The least temperature under which at most `sure_wrong_share` of the sure counts are wrong."""
    confident = SETTINGS.confident
    for temperature in TEMPERATURES:
        values = logits / temperature
        values = np.exp(values - values.max(axis=1, keepdims=True))
        probabilities = values / values.sum(axis=1, keepdims=True)
        sure = probabilities.max(axis=1) >= confident
        wrong = sure & (probabilities.argmax(axis=1) != labels)
        print(f"  temperature {temperature}: sure {sure.mean():.3f}, wrong among sure {wrong.sum() / max(sure.sum(), 1):.4f}")
        if wrong.sum() <= sure_wrong_share * max(sure.sum(), 1):
            return float(temperature)
    return float(TEMPERATURES[-1])


if __name__ == "__main__":
    main()
