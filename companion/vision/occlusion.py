"""Cells under a hand, an arm or its shadow: nothing read there can be trusted this frame.

A network ("hidden") trained on rendered views with hands (truth: cells at least a tenth
covered) reads the same lean-turned class shares as the cell network: skin, sleeves and
the hand's shadow show as colours and shapes no printed cell or piece has. A cell is hidden
when the network is sure enough; a single doubtful cell far from any other is more likely a
strange reflection than an arm, and needs more certainty.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

HIDDEN = "hidden"


@dataclass(frozen=True)
class OcclusionSettings:
    probability: float = 0.5        # P(hidden) from which a cell counts as hidden
    lone_probability: float = 0.9   # ... when none of its eight neighbours is hidden too


def hidden_cells(probabilities: dict, settings: OcclusionSettings = OcclusionSettings()) -> set:
    """Keys (board, col, row) whose P(hidden) makes them hidden, from a key -> P(hidden) map."""
    likely = {key for key, p in probabilities.items() if p >= settings.probability}
    hidden = set()
    for key in likely:
        board, col, row = key
        neighbours = {(board, col + dc, row + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1)} - {key}
        if neighbours & likely or probabilities[key] >= settings.lone_probability:
            hidden.add(key)
    return hidden


def hidden_probability(model, features: np.ndarray) -> np.ndarray:
    """P(hidden) per row of cell features."""
    probabilities = model.probabilities(features.astype(np.float32))
    return probabilities[:, model.labels.index(HIDDEN)]
