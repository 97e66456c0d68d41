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

from companion.vision.colour_classes import CLASS_INDEX

HIDDEN = "hidden"
CLASS_PAPER = CLASS_INDEX["paper"]


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
    """P(hidden) per row of hidden features (see context_features)."""
    probabilities = model.probabilities(features.astype(np.float32))
    return probabilities[:, model.labels.index(HIDDEN)]


def context_features(view, cells: np.ndarray) -> np.ndarray:
    """A cell's own features plus what a hand changes round it: the class shares over the
    cell and over its eight neighbours, and how much of the board's white frame is not paper
    in its three least papery stretches (an arm crosses the frame to reach the cell)."""
    from companion.games.cannonball_colony.camera.board_view import fraction_scale, frame_blocks

    settings = view.settings
    s, m = settings.px_per_cell, settings.margin_cells
    grid = view.fractions[int(m * s):int((m + 6) * s), int(m * s):int((m + 6) * s)]
    per_cell = grid.reshape(6, s, 6, s, -1).mean(axis=(1, 3)) / fraction_scale(settings)        # (6, 6, classes)
    padded = np.pad(per_cell, ((1, 1), (1, 1), (0, 0)), mode="edge")
    around = sum(padded[1 + dr:7 + dr, 1 + dc:7 + dc] for dr in (-1, 0, 1) for dc in (-1, 0, 1)) / 9
    blocks = frame_blocks(settings)
    paper = CLASS_PAPER
    band = (view.classes.reshape(-1)[blocks.indices] != paper).mean(axis=1)
    worst = np.sort(band)[-3:][::-1]
    board = np.broadcast_to(worst, (36, 3))
    return np.hstack([cells, per_cell.reshape(36, -1), around.reshape(36, -1), board]).astype(np.float32)
