"""A second bead density for The Colony, fitted so that its SUM over each log counts the log's eggs, on
TRAIN views only (benchmarks/colony_views.py); the fifth of them whose seeds divide by five is held back,
to compare and to watch the fit.

The bead-centre density (camera/bead_density.json, benchmarks/colony_train_counter.py --only density) is
fitted pixel by pixel: it learns where bead middles lie (its peaks and cells), but nothing holds a log's
sum to its count, and from five eggs up that sum is off by about one egg (standard deviation), short by
one or two at ten or more (piled beads hide). Here every pixel of each log is kept and a copy of that
network, on the same filter responses, is trained further by Adam on the pixel error plus SUM_WEIGHT
times the squared difference between its sum over the log (the circle moved the way bead middles lean,
as the reader sums it) and the log's egg count. Logs are drawn in batches, many-egg logs more often
(MANY_EGGS_DRAW). The reader does not use it (README: its sum as one more input of the count trees
gained little and the sure counts' errors rose; the reader that used it is commit cf105f5).

    .venv/bin/python benchmarks/colony_density_sums.py 660 --report       # the density's sums, held back
    .venv/bin/python benchmarks/colony_density_sums.py 660 --fit --out /tmp/bead_sum_density.json
    .venv/bin/python benchmarks/colony_density_sums.py 660 --report --against /tmp/bead_sum_density.json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from colony_train_counter import _write, bead_centres_mm, target_density  # noqa: E402
from colony_views import DEFAULT_CACHE, seeds, view_look, view_options, view_paths  # noqa: E402
from companion.games.the_colony.camera.bead_centres import DENSITY_FILE, bead_grid, bead_inputs, patch_to_grid  # noqa: E402
from companion.games.the_colony.camera.board_frame import lean_mm, locate_board, patch_grid, sample_patches  # noqa: E402
from companion.games.the_colony.camera.counting import EggModel, egg_model  # noqa: E402
from companion.games.the_colony.camera.features import look_at_spaces  # noqa: E402
from companion.games.the_colony.camera.reader import picture_unit  # noqa: E402
from companion.games.the_colony.camera.settings import SETTINGS  # noqa: E402
from companion.games.the_colony.kit.board import space_places  # noqa: E402
from companion.games.the_colony.layout import default_layout  # noqa: E402

SUM_WEIGHT = 0.3         # the log sum's squared error (beads) against the pixels' mean squared error
MANY_EGGS_DRAW = 4.0     # a log of twelve eggs is drawn this many times as often as an empty one (linear between)
EPOCHS = 10
BATCH_LOGS = 48
LEARNING_RATE = 1e-3


def view_logs(seed: int, cache: Path) -> list[dict]:
    """Every open log of a TRAIN view: all its pixels' inputs, their target density, which of them the
    reader sums over, the log's egg count; the view's mode (bead size alone or from the total) by seed."""
    picture, truth_path = view_paths(cache, "train", seed)
    if not picture.exists():
        return []
    truth = json.loads(truth_path.read_text())
    image = cv2.imread(str(picture))
    frame, _ = locate_board(image)
    if frame is None:
        return []
    layout = default_layout()
    grid = patch_grid(layout)
    spaces, _ = look_at_spaces(*sample_patches(image, frame, grid), grid)
    unit = picture_unit(spaces, 57 - sum(truth["collected"].values()) if seed % 2 else None)
    coarse = bead_grid(grid.space_side, grid.px_per_mm)
    centres = bead_centres_mm(seed, frame)
    leans = lean_mm(frame, grid.centres, SETTINGS.bead_height_mm)
    logs = []
    for place, space, lean in zip(space_places(layout), spaces, leans):
        if truth["spaces"][place.id]["hidden"] or space.near_darkness is None:
            continue
        inputs, where = bead_inputs(space.near_darkness, unit, coarse)
        on_grid = patch_to_grid(centres.get(place.id, np.zeros((0, 2))), place.centre, coarse)
        xx, yy = np.meshgrid(coarse.offsets - lean[0], coarse.offsets - lean[1])
        reach = (np.hypot(xx, yy) <= SETTINGS.bead_reach_mm)[where]
        logs.append({"inputs": inputs.astype(np.float32), "target": (target_density(on_grid, coarse)[where]
                                                                     / SETTINGS.density_unit).astype(np.float32),
                     "reach": reach, "eggs": truth["spaces"][place.id]["eggs"], "seed": seed})
    return logs


def collect(count: int, cache: Path) -> list[dict]:
    stored = cache / f"density-logs-{count}.npz"
    if stored.exists():
        data = dict(np.load(stored))     # each array read once (an npz reads an array again at every look-up)
        bounds = np.concatenate([[0], np.cumsum(data["sizes"])])
        return [{"inputs": data["inputs"][a:b], "target": data["target"][a:b], "reach": data["reach"][a:b],
                 "eggs": int(eggs), "seed": int(seed)}
                for a, b, eggs, seed in zip(bounds[:-1], bounds[1:], data["eggs"], data["seeds"])]
    logs = [log for seed in seeds("train", count) for log in view_logs(seed, cache)]
    np.savez(stored, inputs=np.concatenate([log["inputs"] for log in logs]),
             target=np.concatenate([log["target"] for log in logs]), reach=np.concatenate([log["reach"] for log in logs]),
             sizes=np.array([len(log["inputs"]) for log in logs]), eggs=np.array([log["eggs"] for log in logs]),
             seeds=np.array([log["seed"] for log in logs]))
    return logs


def log_sums(model: EggModel, logs: list[dict]) -> np.ndarray:
    return np.array([np.maximum(model.logits(log["inputs"])[:, 0], 0.0)[log["reach"]].sum() * SETTINGS.density_unit
                     if len(log["inputs"]) else 0.0 for log in logs])


def report(model: EggModel, logs: list[dict], title: str) -> None:
    """The sums' error by true count, and for logs of five eggs or more by bead look and tilt."""
    sums, eggs = log_sums(model, logs), np.array([log["eggs"] for log in logs])
    error = sums - eggs
    print(f"{title}: {len(logs)} logs; rounded sum exact {np.mean(np.round(sums) == eggs):.3f}")
    print("| eggs | logs | mean error | sd | rounded exact |\n|---|---|---|---|---|")
    for count in range(13):
        here = eggs == count
        if here.any():
            print(f"| {count} | {here.sum()} | {error[here].mean():+.2f} | {error[here].std():.2f} | "
                  f"{np.mean(np.round(sums[here]) == count):.2f} |")
    many = eggs >= 5
    view_seeds = np.array([log["seed"] for log in logs])
    for name, values in (("look", [view_look("train", int(s)) for s in view_seeds]),
                         ("tilt", [f"{15 * int(view_options(int(s)).tilt_deg // 15)}+" for s in view_seeds])):
        values = np.array(values)
        print(f"5+ eggs by {name}: " + ", ".join(f"{v} {error[many & (values == v)].mean():+.2f} sd "
                                                 f"{error[many & (values == v)].std():.2f}" for v in np.unique(values)))


class Trainer:
    """The density network as arrays (standardised inputs -> relu layers -> one output), fitted by Adam
    on the pixel error and each log's sum error."""

    def __init__(self, model: EggModel, sum_weight: float = SUM_WEIGHT):
        self.model, self.sum_weight = model, sum_weight
        self.params = [array.astype(np.float64).copy() for layer in model.layers for array in layer]
        self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in self.params]
        self.steps = 0

    def step(self, batch: list[dict]) -> tuple[float, float]:
        inputs = (np.concatenate([log["inputs"] for log in batch]) - self.model.mean) / self.model.scale
        target = np.concatenate([log["target"] for log in batch]).astype(np.float64)
        reach = np.concatenate([log["reach"] for log in batch])
        owner = np.repeat(np.arange(len(batch)), [len(log["inputs"]) for log in batch])
        eggs = np.array([log["eggs"] for log in batch], np.float64)
        activations, values = [inputs.astype(np.float64)], inputs.astype(np.float64)
        layers = len(self.params) // 2
        for index in range(layers):
            values = values @ self.params[2 * index] + self.params[2 * index + 1]
            if index < layers - 1:
                values = np.maximum(values, 0.0)
            activations.append(values)
        out = values[:, 0]
        density = np.maximum(out, 0.0)
        sums = np.bincount(owner, weights=density * reach, minlength=len(batch)) * SETTINGS.density_unit
        pixel_loss = float(np.mean((out - target) ** 2))
        sum_loss = float(np.mean((sums - eggs) ** 2))
        grad = 2 * (out - target) / len(out)
        grad += self.sum_weight * 2 * (sums - eggs)[owner] / len(batch) * SETTINGS.density_unit * (out > 0) * reach
        grad = grad[:, None]
        self.steps += 1
        for index in range(layers - 1, -1, -1):
            below = activations[index]
            gradients = (below.T @ grad, grad.sum(axis=0))
            if index > 0:
                grad = (grad @ self.params[2 * index].T) * (below > 0)
            for offset, g in enumerate(gradients):
                self._adam(2 * index + offset, g)
        return pixel_loss, sum_loss

    def _adam(self, index: int, gradient: np.ndarray) -> None:
        first, second = self.moments[index]
        first *= 0.9
        first += 0.1 * gradient
        second *= 0.999
        second += 0.001 * gradient ** 2
        corrected = first / (1 - 0.9 ** self.steps), second / (1 - 0.999 ** self.steps)
        self.params[index] -= LEARNING_RATE * corrected[0] / (np.sqrt(corrected[1]) + 1e-8)

    def fitted(self) -> EggModel:
        data = self.model.to_json()
        data["layers"] = [[self.params[2 * i].tolist(), self.params[2 * i + 1].tolist()] for i in range(len(self.params) // 2)]
        return EggModel(data)


def fit(logs: list[dict], check: list[dict], epochs: int = EPOCHS, sum_weight: float = SUM_WEIGHT) -> EggModel:
    """Adam over batches of logs from the current density network; `check` (logs never fitted) printed per epoch."""
    rng = random.Random("colony density sums")
    trainer = Trainer(egg_model(DENSITY_FILE), sum_weight)
    draws = [1.0 + (MANY_EGGS_DRAW - 1.0) * log["eggs"] / 12 for log in logs]
    per_epoch = len(logs) // BATCH_LOGS
    for epoch in range(epochs):
        losses = [trainer.step(rng.choices(logs, weights=draws, k=BATCH_LOGS)) for _ in range(per_epoch)]
        model = trainer.fitted()
        sums = log_sums(model, check)
        eggs = np.array([log["eggs"] for log in check])
        print(f"epoch {epoch + 1}: pixel {np.mean([p for p, _ in losses]):.4f} sum {np.mean([s for _, s in losses]):.3f}; "
              f"check: 5+ eggs sd {np.std((sums - eggs)[eggs >= 5]):.3f}, rounded exact {np.mean(np.round(sums) == eggs):.3f}",
              flush=True)
    return trainer.fitted()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--fit", action="store_true", help="fit on four fifths and write --out")
    parser.add_argument("--epochs", type=int, default=EPOCHS)
    parser.add_argument("--sum-weight", type=float, default=SUM_WEIGHT)
    parser.add_argument("--out", type=Path, default=Path("bead_sum_density.json"), help="where --fit writes the network")
    parser.add_argument("--against", type=Path, help="a summing density written by --fit, reported beside the first")
    parser.add_argument("--report", action="store_true", help="both densities' sums on the fifth held back")
    args = parser.parse_args()
    logs = collect(args.count, args.cache)
    held = [log for log in logs if log["seed"] % 5 == 0]
    fitted = [log for log in logs if log["seed"] % 5]
    if args.report:
        for path in (DENSITY_FILE, args.against) if args.against else (DENSITY_FILE,):
            report(egg_model(path), held, f"held-back fifth, {path.name}")
    if args.fit:
        model = fit(fitted, held, args.epochs, args.sum_weight)
        report(model, held, "held-back fifth, refitted")
        _write(model, args.out)


if __name__ == "__main__":
    main()
