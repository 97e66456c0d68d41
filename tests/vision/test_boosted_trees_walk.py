"""The boosted trees' walk on flat arrays (each leaf its own two children, no leaf test a step) scores every row as
the walk that stopped at the leaves did, to the bit: on the die-face reader's and the egg counter's trees, with
values on the thresholds, NaNs, and a single row or many."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from companion.games.black_cannon.camera.face_model import MODEL_FILE
from companion.vision.boosted_trees import LEAF, load_trees

COUNTER_FILES = sorted((Path(__file__).resolve().parents[2] / "companion" / "games").glob("*/camera/*.npz"))


def logits_stopping_at_leaves(trees, rows):
    """BoostedTrees.logits as first written: each step looks whether the walker is at a leaf."""
    rows = np.asarray(rows, np.float64)
    count, width = trees.feature.shape
    start = np.repeat(np.arange(count, dtype=np.int64) * width, len(rows))
    row_start = np.tile(np.arange(len(rows), dtype=np.int64) * rows.shape[1], count)
    at = start.copy()
    values = rows.ravel()
    feature_of, threshold_of = trees.feature.ravel(), trees.threshold.ravel()
    left, right = trees.left.ravel(), trees.right.ravel()
    for _ in range(trees.depth):
        feature = feature_of.take(at)
        inner = feature != LEAF
        if not inner.any():
            break
        goes_left = values.take(row_start + np.maximum(feature, 0)) <= threshold_of.take(at)
        at = np.where(inner, start + np.where(goes_left, left.take(at), right.take(at)), at)
    leaves = trees.value.ravel().take(at).reshape(count, len(rows))
    return trees.baseline + (trees._to_counts @ leaves).T


@pytest.mark.parametrize("path", sorted({MODEL_FILE, *COUNTER_FILES}), ids=lambda path: path.name)
def test_the_flat_walk_scores_as_the_walk_that_stopped_at_the_leaves(path):
    trees = load_trees(path)
    if not hasattr(trees, "feature"):
        pytest.skip("not a boosted trees file")
    rng = np.random.default_rng(14)
    width = len(trees.inputs)
    used = trees.feature[trees.feature != LEAF]
    rows = rng.normal(0, 1, (9, width)) * np.abs(trees.threshold[trees.feature != LEAF]).max()
    rows[0, used] = trees.threshold[trees.feature != LEAF]        # values on the thresholds themselves
    rows[1, used[: len(used) // 2]] = np.nan
    rows[2] = 0.0
    for batch in (rows, rows[:1], rows[:4]):
        assert np.array_equal(trees.logits(batch), logits_stopping_at_leaves(trees, batch))
