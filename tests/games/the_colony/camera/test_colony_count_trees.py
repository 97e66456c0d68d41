"""The egg counter's boosted trees walked with numpy (camera/count_trees.py): the same counts and
probabilities as the scikit-learn trees they were taken from, softened by their temperature, and the
bundled counters reading the reader's features in the reader's order."""

from __future__ import annotations

import numpy as np
import pytest

from companion.games.the_colony.camera.count_trees import CountTrees, count_trees, trees_arrays
from companion.games.the_colony.camera.counting import MODEL_FILE, TOTAL_MODEL_FILE
from companion.games.the_colony.camera.features import FEATURE_NAMES


@pytest.fixture(scope="module")
def grown():
    """Trees that learnt a count from a noisy dark area (in beads) and a peak count, from a seed."""
    from sklearn.ensemble import HistGradientBoostingClassifier

    rng = np.random.default_rng(16)
    eggs = rng.integers(0, 6, 1500)
    rows = np.stack([eggs + rng.normal(0, 0.3, len(eggs)), eggs - rng.integers(0, 2, len(eggs))], axis=1)
    trees = HistGradientBoostingClassifier(max_iter=30, max_leaf_nodes=7, random_state=0).fit(rows, eggs)
    return trees, rows


def test_the_walked_trees_give_the_fitted_trees_probabilities(grown, tmp_path):
    trees, rows = grown
    saved = tmp_path / "counter.npz"
    np.savez_compressed(saved, **trees_arrays(trees, ("dark_units", "peaks"), 1.0))
    walked = CountTrees(np.load(saved, allow_pickle=False))
    assert walked.inputs == ("dark_units", "peaks")
    expected = trees.predict_proba(rows[:200])
    assert np.abs(walked.probabilities(rows[:200]) - expected).max() < 1e-6
    assert (walked.probabilities(rows[:200]).argmax(axis=1) == expected.argmax(axis=1)).all()


def test_a_higher_temperature_softens_the_counts_but_keeps_them(grown):
    trees, _ = grown
    between = np.array([[2.5, 2.0], [3.0, 3.0]])     # halfway between two and three eggs; clearly three
    sharp = CountTrees(trees_arrays(trees, ("dark_units", "peaks"), 1.0)).probabilities(between)
    soft = CountTrees(trees_arrays(trees, ("dark_units", "peaks"), 3.0)).probabilities(between)
    assert (sharp.argmax(axis=1) == soft.argmax(axis=1)).all()
    assert sharp.argmax(axis=1)[1] == 3
    assert (soft.max(axis=1) < sharp.max(axis=1)).all()
    assert soft[0].max() < 0.8      # the halfway space is not called sure


@pytest.mark.parametrize("path", (MODEL_FILE, TOTAL_MODEL_FILE), ids=lambda p: p.stem)
def test_the_bundled_counters_read_the_readers_features_and_count_up_to_twelve(path):
    counter = count_trees(path)
    assert counter.inputs == FEATURE_NAMES
    assert len(counter.baseline) == 13
    assert counter.temperature >= 1.0
    empty = np.zeros((1, len(FEATURE_NAMES)))
    assert counter.probabilities(empty)[0].argmax() == 0
