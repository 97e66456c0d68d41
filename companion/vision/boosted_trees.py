"""A classifier of boosted trees (scikit-learn's HistGradientBoostingClassifier, fitted offline) kept as
plain arrays in an .npz file and walked here with numpy: a reader needs neither scikit-learn nor a pickle.
Each class's score is the sum of its trees' leaves; the softmax of the scores over the `temperature`
(chosen on training views the trees did not see) is each class's probability, so a class the trees cannot
tell comes out unsure rather than wrong with confidence. Shared by the games' learned readers (an egg
counter, a die-face reader); `trees_arrays` turns a fitted classifier into the arrays."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

LEAF = -1      # `feature` of a leaf


class BoostedTrees:
    def __init__(self, arrays):
        self.feature = np.asarray(arrays["feature"], np.int32)       # (trees, nodes); LEAF at a leaf
        self.threshold = np.asarray(arrays["threshold"], np.float64)  # go left when the value is at most this
        self.left = np.asarray(arrays["left"], np.int32)
        self.right = np.asarray(arrays["right"], np.int32)
        self.value = np.asarray(arrays["value"], np.float64)          # a leaf's share of its class's score
        self.count = np.asarray(arrays["count"], np.int32)            # (trees,) the class each tree scores
        self.baseline = np.asarray(arrays["baseline"], np.float64)    # (classes,)
        self.temperature = float(arrays["temperature"])
        self.inputs = tuple(str(name) for name in arrays["inputs"])
        self.depth = int(arrays["depth"])
        self._value = self.value.ravel()
        # The walk's flat arrays: each node's feature and threshold (a leaf reads feature 0 and goes left whatever it
        # reads, as a NaN goes right: both ways lead back to the leaf), and its two children, right then left, as
        # flat node indices.
        trees, width = self.feature.shape
        leaf = self.feature == LEAF
        here = np.arange(trees * width, dtype=np.int64).reshape(trees, width)
        first = (np.arange(trees, dtype=np.int64) * width)[:, None]
        self._leaf = leaf.ravel()
        self._split_feature = np.where(leaf, 0, self.feature).ravel().astype(np.int64)
        self._split_threshold = np.where(leaf, np.inf, self.threshold).ravel()
        self._children = np.stack([np.where(leaf, here, first + self.right),
                                   np.where(leaf, here, first + self.left)], axis=2).ravel()
        # (classes, trees): each tree adds its leaf to its own class's score
        self._to_counts = (self.count[None, :] == np.arange(len(self.baseline))[:, None]).astype(np.float64)

    def logits(self, rows) -> np.ndarray:
        rows = np.asarray(rows, np.float64)
        trees, width = self.feature.shape
        # Every (tree, row) pair walks down at once, on flat arrays (one take per step, not 2-D indexing).
        start = np.repeat(np.arange(trees, dtype=np.int64) * width, len(rows))
        row_start = np.tile(np.arange(len(rows), dtype=np.int64) * rows.shape[1], trees)
        at = start
        values = rows.ravel()
        ends, walking = at, None
        for step in range(self.depth):     # a walker at its leaf stays there
            goes_left = values.take(row_start + self._split_feature.take(at)) <= self._split_threshold.take(at)
            at = self._children.take(2 * at + goes_left)
            if step + 1 == self.depth // 2:
                # Halfway down the deepest tree most walkers are at their leaves (most trees are far shallower):
                # those are put down where they stand, and only the others walk on.
                ends = at.copy()
                walking = np.flatnonzero(~self._leaf.take(at))
                at, row_start = at[walking], row_start[walking]
        if walking is None:
            ends = at
        else:
            ends[walking] = at
        leaves = self._value.take(ends).reshape(trees, len(rows))
        return self.baseline + (self._to_counts @ leaves).T

    def probabilities(self, rows) -> np.ndarray:
        values = self.logits(rows) / self.temperature
        values -= values.max(axis=1, keepdims=True)
        exp = np.exp(values)
        return exp / exp.sum(axis=1, keepdims=True)


def trees_arrays(classifier, inputs, temperature: float) -> dict:
    """A fitted HistGradientBoostingClassifier (numeric inputs, no missing values) as BoostedTrees' arrays."""
    # scikit-learn keeps the grown trees in _predictors (per iteration, one per class) and the scores'
    # starting point in _baseline_prediction; it has no public export of them
    grown = [(count, tree.nodes) for iteration in classifier._predictors for count, tree in enumerate(iteration)]
    width = max(len(nodes) for _, nodes in grown)
    arrays = {name: np.zeros((len(grown), width), kind) for name, kind in
              (("feature", np.int32), ("threshold", np.float64), ("left", np.int32), ("right", np.int32),
               ("value", np.float32))}
    for index, (_, nodes) in enumerate(grown):
        size = len(nodes)
        arrays["feature"][index, :size] = np.where(nodes["is_leaf"], LEAF, nodes["feature_idx"])
        arrays["feature"][index, size:] = LEAF
        arrays["threshold"][index, :size] = nodes["num_threshold"]
        arrays["left"][index, :size] = nodes["left"]
        arrays["right"][index, :size] = nodes["right"]
        arrays["value"][index, :size] = nodes["value"]
    arrays.update(count=np.array([count for count, _ in grown], np.int32),
                  baseline=np.asarray(classifier._baseline_prediction, np.float64).ravel(),
                  temperature=np.array(temperature), inputs=np.array(inputs),
                  depth=np.array(max(int(nodes["depth"].max()) for _, nodes in grown)))
    return arrays


@lru_cache(maxsize=2)
def load_trees(path: Path) -> BoostedTrees:
    with np.load(path, allow_pickle=False) as arrays:
        return BoostedTrees(arrays)
