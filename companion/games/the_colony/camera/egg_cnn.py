"""A small convolutional egg counter over each log's own picture (log_pictures.py), run with numpy: the
weights (egg_cnn.npz) are fitted with PyTorch by benchmarks/colony_train_cnn.py on training views only,
batch norms folded into the convolutions. Three-by-three convolutions with ReLU, each but the last
followed by a 2x2 max pool; the last one's channels averaged over the picture, joined by the picture's
bead size and the log's lean, and two dense layers give each count's probability 0..12 (softened by the
temperature chosen on held-back training views)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

CNN_FILE = Path(__file__).with_name("egg_cnn.npz")


def scalar_inputs(unit_mm2: float, leans_mm: np.ndarray) -> np.ndarray:
    """(n, 2): the picture's bead area (log, about 0 for a 30 mm2 bead) and each log's lean in mm."""
    leans_mm = np.asarray(leans_mm, np.float32).reshape(-1, 2)
    return np.stack([np.full(len(leans_mm), np.log(max(unit_mm2, 1.0) / 30.0), np.float32),
                     np.hypot(leans_mm[:, 0], leans_mm[:, 1])], axis=1).astype(np.float32)


def _conv3(values: np.ndarray, weights: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """Same-size 3x3 convolution of (n, h, w, c) values; `weights` (9 * c, out), rows in (dy, dx, c) order."""
    count, height, width, channels = values.shape
    padded = np.pad(values, ((0, 0), (1, 1), (1, 1), (0, 0)))
    columns = np.concatenate([padded[:, dy:dy + height, dx:dx + width] for dy in range(3) for dx in range(3)], axis=3)
    return (columns.reshape(count * height * width, 9 * channels) @ weights + bias).reshape(count, height, width, -1)


def _pool2(values: np.ndarray) -> np.ndarray:
    count, height, width, channels = values.shape
    return values.reshape(count, height // 2, 2, width // 2, 2, channels).max(axis=(2, 4))


class EggCnn:
    def __init__(self, data):
        self.convs = []
        index = 0
        while f"conv{index}_w" in data:
            weights = np.asarray(data[f"conv{index}_w"], np.float32)        # torch's (out, c, 3, 3)
            self.convs.append((np.ascontiguousarray(weights.transpose(2, 3, 1, 0).reshape(-1, len(weights))),
                               np.asarray(data[f"conv{index}_b"], np.float32)))
            index += 1
        self.dense = [(np.asarray(data[f"dense{i}_w"], np.float32).T, np.asarray(data[f"dense{i}_b"], np.float32))
                      for i in range(2)]
        self.scalar_mean = np.asarray(data["scalar_mean"], np.float32)
        self.scalar_scale = np.asarray(data["scalar_scale"], np.float32)
        self.temperature = float(data["temperature"])

    def logits(self, pictures: np.ndarray, scalars: np.ndarray) -> np.ndarray:
        """(n, 13) from (n, 3, side, side) pictures and (n, 2) scalar_inputs."""
        values = np.ascontiguousarray(np.asarray(pictures, np.float32).transpose(0, 2, 3, 1))
        for index, (weights, bias) in enumerate(self.convs):
            values = np.maximum(_conv3(values, weights, bias), 0.0)
            if index < len(self.convs) - 1:
                values = _pool2(values)
        pooled = values.mean(axis=(1, 2))
        joined = np.concatenate([pooled, (np.asarray(scalars, np.float32) - self.scalar_mean) / self.scalar_scale], 1)
        hidden = np.maximum(joined @ self.dense[0][0] + self.dense[0][1], 0.0)
        return hidden @ self.dense[1][0] + self.dense[1][1]

    def probabilities(self, pictures: np.ndarray, scalars: np.ndarray) -> np.ndarray:
        if len(pictures) == 0:
            return np.zeros((0, len(self.dense[1][1])))
        values = self.logits(pictures, scalars).astype(np.float64) / self.temperature
        values -= values.max(axis=1, keepdims=True)
        exp = np.exp(values)
        return exp / exp.sum(axis=1, keepdims=True)


@lru_cache(maxsize=2)
def egg_cnn(path: Path = CNN_FILE) -> EggCnn:
    with np.load(path) as data:
        return EggCnn(dict(data))
