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
