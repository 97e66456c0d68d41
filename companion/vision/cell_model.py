"""A small neural network (one hidden layer, numpy only) from cell features to a cell's token, with its fitting and its file.

Trained on rendered views with known truth (see benchmarks/read_accuracy.py --train);
stored as JSON with the weights in base64 float16, small enough to ship with the code.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

FILE_KIND = "companion-cell-model/1"


class ModelFileError(ValueError):
    """A model file that cannot be used; the message quotes its path."""


@dataclass(frozen=True, eq=False)
class CellModel:
    labels: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    note: str = ""

    def probabilities(self, features: np.ndarray) -> np.ndarray:
        x = (features - self.mean) / self.scale
        # One product: BLAS runs on one thread (see companion/__init__.py).
        hidden = np.maximum(x @ self.w1 + self.b1, 0.0)
        return _softmax(hidden @ self.w2 + self.b2)

    def predict(self, features: np.ndarray) -> tuple[list[str], np.ndarray, np.ndarray]:
        """Label, its probability, and all probabilities per row."""
        probabilities = self.probabilities(features.astype(np.float32))
        best = probabilities.argmax(axis=1)
        return [self.labels[i] for i in best], probabilities[np.arange(len(best)), best], probabilities

    def to_json(self) -> dict:
        arrays = {name: _encode(getattr(self, name)) for name in ("mean", "scale", "w1", "b1", "w2", "b2")}
        return {"labels": list(self.labels), "note": self.note, "arrays": arrays}



def save_models(path: Path, models: dict[str, CellModel], note: str = "") -> Path:
    """Several named networks in one file (the reader's cells and ships)."""
    data = {"kind": FILE_KIND, "note": note, "models": {name: model.to_json() for name, model in models.items()}}
    Path(path).write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    return Path(path)


def load_models(path: Path) -> dict[str, CellModel]:
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ModelFileError(f"{path}: no such model file") from None
    except json.JSONDecodeError as error:
        raise ModelFileError(f"{path}: not JSON ({error.msg} at line {error.lineno})") from None
    if not isinstance(data, dict) or data.get("kind") != FILE_KIND or not isinstance(data.get("models"), dict):
        raise ModelFileError(f"{path}: expected kind {FILE_KIND!r} with a 'models' table")
    try:
        return {name: _from_json(value) for name, value in data["models"].items()}
    except (KeyError, TypeError, ValueError) as error:
        raise ModelFileError(f"{path}: malformed model ({error})") from None


def _from_json(data: dict) -> CellModel:
    arrays = {name: _decode(value) for name, value in data["arrays"].items()}
    return CellModel(tuple(data["labels"]), note=data.get("note", ""), **arrays)


def fit(features: np.ndarray, labels: list[str], *, hidden: int = 48, epochs: int = 40, batch: int = 256,
        rate: float = 2e-3, decay: float = 1e-4, seed: int = 0, note: str = "", log=None) -> CellModel:
    """Fit by Adam on cross-entropy; rare labels weighted up by the square root of their rarity."""
    rng = np.random.default_rng(seed)
    names = tuple(sorted(set(labels)))
    target = np.array([names.index(label) for label in labels])
    mean = features.mean(axis=0)
    scale = features.std(axis=0) + 0.02  # shares are 0..1: a rarely seen class must not blow up
    x = ((features - mean) / scale).astype(np.float32)
    counts = np.bincount(target, minlength=len(names)).astype(np.float64)
    weights = np.sqrt(counts.max() / counts)[target].astype(np.float32)
    params = [rng.normal(0, np.sqrt(2.0 / x.shape[1]), (x.shape[1], hidden)).astype(np.float32),
              np.zeros(hidden, np.float32),
              rng.normal(0, np.sqrt(1.0 / hidden), (hidden, len(names))).astype(np.float32),
              np.zeros(len(names), np.float32)]
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    step = 0
    for epoch in range(epochs):
        order = rng.permutation(len(x))
        lr = rate * (0.5 * (1 + np.cos(np.pi * epoch / epochs)))
        total = 0.0
        for start in range(0, len(x), batch):
            index = order[start:start + batch]
            xb, tb, wb = x[index], target[index], weights[index]
            h_in = xb @ params[0] + params[1]
            h = np.maximum(h_in, 0)
            p = _softmax(h @ params[2] + params[3])
            total += float(-(wb * np.log(p[np.arange(len(tb)), tb] + 1e-9)).sum())
            grad_out = p.copy()
            grad_out[np.arange(len(tb)), tb] -= 1
            grad_out *= (wb / wb.sum())[:, None]
            grad_h = grad_out @ params[2].T * (h_in > 0)
            grads = [xb.T @ grad_h + decay * params[0], grad_h.sum(axis=0),
                     h.T @ grad_out + decay * params[2], grad_out.sum(axis=0)]
            step += 1
            for i, g in enumerate(grads):
                moments[i] = 0.9 * moments[i] + 0.1 * g
                squares[i] = 0.999 * squares[i] + 0.001 * g * g
                corrected = moments[i] / (1 - 0.9 ** step)
                params[i] -= lr * corrected / (np.sqrt(squares[i] / (1 - 0.999 ** step)) + 1e-8)
        if log:
            log(f"epoch {epoch + 1}/{epochs}: weighted loss {total / weights.sum():.4f}")
    return CellModel(names, mean.astype(np.float32), scale.astype(np.float32), *params, note=note)


def _softmax(logits: np.ndarray) -> np.ndarray:
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)


def _encode(array: np.ndarray) -> dict:
    data = np.ascontiguousarray(array, dtype=np.float16)
    return {"shape": list(array.shape), "float16": base64.b64encode(data.tobytes()).decode("ascii")}


def _decode(value: dict) -> np.ndarray:
    raw = base64.b64decode(value["float16"])
    return np.frombuffer(raw, np.float16).astype(np.float32).reshape(value["shape"])
