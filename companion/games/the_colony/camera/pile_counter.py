"""A second opinion on the logs whose beads may lie piled: boosted trees (pile_counter.npz, fitted by
benchmarks/colony_fit_pile_counter.py on VARIED views, bead looks the egg counter was never fitted on)
over the log's counter row on the total's bead size, the same row on the lone beads' size and its pile
score. A piled bead hides from every feature, so no one counter sees it; two counters fitted on different
bead looks err on different logs. With the rules' total, a piled log's count odds are the two counters'
weighted geometric mean (`pile_counter_weight`) before the counts are fixed together; the log stays a
question (reader.py): the mix counts it, it does not vouch for it."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from companion.games.the_colony.camera.count_trees import count_trees
from companion.games.the_colony.camera.features import FEATURE_NAMES
from companion.games.the_colony.camera.pile_score import pile_scores
from companion.games.the_colony.camera.settings import SETTINGS, ColonyReaderSettings

PILE_COUNTER_FILE = Path(__file__).with_name("pile_counter.npz")
PILE_INPUT_NAMES = (*FEATURE_NAMES, *(f"own_{name}" for name in FEATURE_NAMES), "pile_score")


def pile_inputs(measured, settings: ColonyReaderSettings = SETTINGS) -> np.ndarray:
    """Each log's inputs: its row, its row on the lone beads' size (the same row when the sizes agree), its
    pile score. `measured` is the reader's SpaceFeatures."""
    own = measured.own_rows if measured.own_rows is not None else measured.rows
    return np.column_stack([measured.rows, own, pile_scores(measured.rows, settings)])


def with_pile_counter(probabilities: np.ndarray, measured, piled: np.ndarray,
                      settings: ColonyReaderSettings = SETTINGS, path: Path = PILE_COUNTER_FILE) -> np.ndarray:
    """`probabilities` with the rows of the `piled` logs mixed with the pile counter's odds."""
    if not piled.any():
        return probabilities
    second = count_trees(path).probabilities(pile_inputs(measured, settings)[piled])
    weight = settings.pile_counter_weight
    mixed = np.clip(second, 1e-9, 1.0) ** weight * np.clip(probabilities[piled], 1e-9, 1.0) ** (1.0 - weight)
    result = probabilities.copy()
    result[piled] = mixed / mixed.sum(axis=1, keepdims=True)
    return result
