"""A small neural network (one hidden layer) from cell features to a cell's token, with its fitting and its file.

Fitted by scikit-learn on rendered views with known truth (see benchmarks/read_accuracy.py
--train; the `train` extra installs it); stored as JSON with the weights in base64 float16,
small enough to ship with the code, and read with numpy alone.
"""

from __future__ import annotations

import base64
import json
import warnings
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
    """Fit by scikit-learn's MLPClassifier (Adam on cross-entropy, one ReLU layer of `hidden`),
    rare labels weighted up by the square root of their rarity; the fitted weights become a
    CellModel, which reads with numpy alone (scikit-learn is needed to fit, not to read)."""
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.neural_network import MLPClassifier

    names = tuple(sorted(set(labels)))
    if len(names) < 2:
        raise ValueError(f"a model needs at least two labels to tell apart, got {list(names)!r}")
    target = np.array([names.index(label) for label in labels])
    mean = features.mean(axis=0)
    scale = features.std(axis=0) + 0.02  # shares are 0..1: a rarely seen class must not blow up
    x = ((features - mean) / scale).astype(np.float32)
    counts = np.bincount(target, minlength=len(names)).astype(np.float64)
    weights = np.sqrt(counts.max() / counts)[target]
    network = MLPClassifier((hidden,), activation="relu", solver="adam", alpha=decay, batch_size=batch,
                            learning_rate_init=rate, max_iter=epochs, tol=0.0, n_iter_no_change=epochs + 1,
                            random_state=seed, verbose=False)
    with warnings.catch_warnings():   # the epochs are fixed: stopping short of convergence is the plan
        warnings.simplefilter("ignore", ConvergenceWarning)
        network.fit(x, target, sample_weight=weights)
    if log:
        log(f"{network.n_iter_} epochs: loss {network.loss_:.4f}")
    w1, w2 = network.coefs_
    b1, b2 = network.intercepts_
    if len(names) == 2:   # one logistic output: as a softmax, the first label's logit is 0
        w2 = np.hstack([np.zeros_like(w2), w2])
        b2 = np.concatenate([np.zeros_like(b2), b2])
    # Rounded as the file keeps them (float16), so the model fitted reads as the model shipped.
    stored = [np.asarray(a).astype(np.float16).astype(np.float32) for a in (mean, scale, w1, b1, w2, b2)]
    return CellModel(names, *stored, note=note)


def _softmax(logits: np.ndarray) -> np.ndarray:
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)


def _encode(array: np.ndarray) -> dict:
    data = np.ascontiguousarray(array, dtype=np.float16)
    return {"shape": list(array.shape), "float16": base64.b64encode(data.tobytes()).decode("ascii")}


def _decode(value: dict) -> np.ndarray:
    raw = base64.b64decode(value["float16"])
    return np.frombuffer(raw, np.float16).astype(np.float32).reshape(value["shape"])
