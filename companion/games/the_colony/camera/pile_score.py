"""How likely a log holds a bead piled on others, from the counter's own feature row: a linear score
(pile_score.json, fitted by benchmarks/colony_fit_pile_score.py on TRAIN views 1000-1259 against the
render's truth of piled beads). A piled bead hides under or over the others, so the counter under-counts
such logs; the reader asks about a count the score calls likely piled rather than claiming it sure.

Cues taken from the pixels themselves (bright tops, outline lobes, the stretch along the lean of tall
beads) were measured and added almost nothing to the row's own (AUC 0.904 -> 0.908), so only the row is used."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import numpy as np

from companion.games.the_colony.camera.features import FEATURE_NAMES
from companion.games.the_colony.camera.settings import SETTINGS, ColonyReaderSettings

PILE_SCORE_FILE = Path(__file__).with_name("pile_score.json")
DARK_UNITS = FEATURE_NAMES.index("dark_units")


@lru_cache(maxsize=2)
def pile_weights(path: Path = PILE_SCORE_FILE) -> tuple[np.ndarray, float]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if tuple(data["features"]) != FEATURE_NAMES:
        raise ValueError(f"{path}: fitted on features {data['features']}, the reader measures {list(FEATURE_NAMES)}")
    return np.array(data["weights"], np.float64), float(data["bias"])


def pile_scores(rows: np.ndarray, settings: ColonyReaderSettings = SETTINGS,
                path: Path = PILE_SCORE_FILE) -> np.ndarray:
    """Per row its pile score (about the chance a bead lies piled); 0 for a log too bare to hold a
    pile (fewer than `pile_floor_units` beads' dark area)."""
    weights, bias = pile_weights(path)
    rows = np.asarray(rows, np.float64)
    scores = rows @ weights + bias
    return np.where(rows[:, DARK_UNITS] >= settings.pile_floor_units, scores, 0.0)


def fit_pile_score(rows: np.ndarray, piled: np.ndarray, settings: ColonyReaderSettings = SETTINGS) -> dict:
    """Least squares of `piled` (1 where the truth piles a bead) on the rows a pile can lie in: the
    score file's contents."""
    rows = np.asarray(rows, np.float64)
    kept = rows[:, DARK_UNITS] >= settings.pile_floor_units
    design = np.column_stack([rows[kept], np.ones(int(kept.sum()))])
    solution = np.linalg.lstsq(design, np.asarray(piled, np.float64)[kept], rcond=None)[0]
    return {"features": list(FEATURE_NAMES), "weights": solution[:-1].tolist(), "bias": float(solution[-1])}
