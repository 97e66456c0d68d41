"""The small cell network: it learns a plain rule, and survives its file."""

import numpy as np

from companion.vision.cell_model import fit, load_models, save_models


def test_it_learns_and_round_trips_through_its_file(tmp_path):
    rng = np.random.default_rng(0)
    features = rng.random((600, 10)).astype(np.float32)
    labels = ["a" if f[0] + f[1] > 1 else ("b" if f[2] > 0.5 else "c") for f in features]
    model = fit(features, labels, hidden=16, epochs=60, rate=1e-2)
    predicted, _, _ = model.predict(features)
    assert np.mean([p == t for p, t in zip(predicted, labels)]) > 0.95
    path = save_models(tmp_path / "model.json", {"cells": model}, "a test")
    again = load_models(path)["cells"]
    assert again.labels == model.labels
    assert np.allclose(again.probabilities(features), model.probabilities(features), atol=2e-3)


def test_two_labels_apart_by_a_line_are_learnt_and_read_as_a_softmax():
    rng = np.random.default_rng(1)
    features = rng.normal(size=(400, 4)).astype(np.float32)
    labels = ["hidden" if f[0] - 0.5 * f[3] > 0.2 else "clear" for f in features]
    model = fit(features, labels, hidden=8, epochs=80, rate=1e-2)
    predicted, best, probabilities = model.predict(features)
    assert model.labels == ("clear", "hidden") and probabilities.shape == (400, 2)
    assert np.mean([p == t for p, t in zip(predicted, labels)]) > 0.97
    assert np.allclose(probabilities.sum(axis=1), 1.0) and np.all(best >= 0.5)


def test_one_label_alone_is_nothing_to_learn():
    import pytest

    with pytest.raises(ValueError, match="at least two labels"):
        fit(np.zeros((5, 3), np.float32), ["a"] * 5)
