"""From a space's inputs to its egg count: boosted trees (egg_counter.npz, count_trees.py, fitted by
benchmarks/colony_train_counter.py on the training bead looks only) give each count's probability;
what the rules know (57 eggs in all, less those collected) then fixes the counts together. The small
networks (EggModel) serve the bead-centre density."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import numpy as np

MODEL_FILE = Path(__file__).with_name("egg_counter.npz")
TOTAL_MODEL_FILE = Path(__file__).with_name("egg_counter_total.npz")   # for inputs scaled by the known total
MAX_COUNT = 12


class EggModel:
    """A multilayer perceptron: standardised features -> relu layers -> softmax over 0..12 eggs. Its
    `temperature` (fitted on training views the network did not see) softens an overconfident network,
    so a count it cannot tell comes out unsure rather than wrong with confidence."""

    def __init__(self, data: dict):
        # float32: the density network runs over thousands of pixels per log; float64 would add nothing
        self.mean = np.array(data["mean"], np.float32)
        self.scale = np.array(data["scale"], np.float32)
        self.layers = [(np.array(w, np.float32), np.array(b, np.float32)) for w, b in data["layers"]]
        self.features = tuple(data["features"])
        self.temperature = float(data.get("temperature", 1.0))

    def logits(self, rows) -> np.ndarray:
        values = (np.asarray(rows, np.float32) - self.mean) / self.scale
        for index, (weights, bias) in enumerate(self.layers):
            values = values @ weights + bias
            if index < len(self.layers) - 1:
                values = np.maximum(values, 0.0)
        return values

    def probabilities(self, rows) -> np.ndarray:
        values = self.logits(rows).astype(np.float64) / self.temperature
        values -= values.max(axis=1, keepdims=True)
        exp = np.exp(values)
        return exp / exp.sum(axis=1, keepdims=True)

    def to_json(self) -> dict:
        return {"features": list(self.features), "mean": self.mean.tolist(), "scale": self.scale.tolist(),
                "temperature": self.temperature, "layers": [[w.tolist(), b.tolist()] for w, b in self.layers]}


@lru_cache(maxsize=2)
def egg_model(path: Path) -> EggModel:
    return EggModel(json.loads(Path(path).read_text(encoding="utf-8")))


def with_total(probabilities: np.ndarray, total: int | None) -> tuple[np.ndarray, np.ndarray]:
    """Each space's count and the probability of that count, every space's count chosen together so
    that they sum to `total` (None: each on its own). The counts are the most likely joint choice; the
    probabilities the posterior marginals under the sum (forward-backward over running sums)."""
    probabilities = np.clip(probabilities, 1e-9, 1.0)
    if total is None or not 0 <= total <= MAX_COUNT * len(probabilities):
        counts = probabilities.argmax(axis=1)
        return counts, probabilities[np.arange(len(counts)), counts]
    spaces, counts = probabilities.shape
    log = np.log(probabilities)
    best = np.full((spaces + 1, total + 1), -np.inf)
    best[0, 0] = 0.0
    choice = np.zeros((spaces, total + 1), int)
    forward = np.zeros((spaces + 1, total + 1))
    forward[0, 0] = 1.0
    for index in range(spaces):
        for count in range(min(counts, total + 1)):
            shifted = np.full(total + 1, -np.inf)
            shifted[count:] = best[index, :total + 1 - count] + log[index, count]
            better = shifted > best[index + 1]
            best[index + 1][better] = shifted[better]
            choice[index][better] = count
            forward[index + 1, count:] += forward[index, :total + 1 - count] * probabilities[index, count]
    if not np.isfinite(best[spaces, total]):
        counts_alone = probabilities.argmax(axis=1)
        return counts_alone, probabilities[np.arange(spaces), counts_alone]
    chosen = np.zeros(spaces, int)
    left = total
    for index in range(spaces - 1, -1, -1):
        chosen[index] = choice[index][left]
        left -= chosen[index]
    backward = np.zeros((spaces + 1, total + 1))
    backward[spaces, 0] = 1.0            # backward[i, r]: ways for spaces i.. to make r more eggs
    for index in range(spaces - 1, -1, -1):
        for count in range(min(counts, total + 1)):
            backward[index, count:] += backward[index + 1, :total + 1 - count] * probabilities[index, count]
    whole = forward[spaces, total]
    marginal = np.zeros(spaces)
    for index in range(spaces):
        count = chosen[index]
        ways = sum(forward[index, before] * backward[index + 1, total - before - count]
                   for before in range(total - count + 1))
        marginal[index] = ways * probabilities[index, count] / whole
    return chosen, marginal
