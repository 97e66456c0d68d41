"""Beads fused into one: two tall pony beads side by side make one density cell holding about two beads,
and the counter reads them as one. Such a count is asked unless the counter is sure enough of it."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.games.the_colony.camera.features import FEATURE_NAMES
from companion.games.the_colony.camera.reader import FUSED, _fused
from companion.games.the_colony.camera.settings import SETTINGS

ROOT = Path(__file__).resolve().parents[4]
LARGEST_CELL = FEATURE_NAMES.index("largest_cell")


def test_a_cell_holding_two_beads_asks_a_count_short_of_very_sure_and_a_lone_bead_cell_asks_nothing():
    rows = np.zeros((4, len(FEATURE_NAMES)))
    rows[:, LARGEST_CELL] = [2.0, 2.0, 1.1, SETTINGS.fused_cell]
    confidence = np.array([0.88, 0.97, 0.85, SETTINGS.fused_confident - 0.01])
    assert _fused(rows, confidence, SETTINGS).tolist() == [True, False, False, True]


@pytest.mark.slow
def test_two_pony_beads_read_as_one_are_asked_not_claimed(tmp_path):
    # VARIED view 100374 (a tuning seed), read alone: L10 holds 2 tall beads side by side, read 1 at 87%,
    # and L3 3 (a pair touching), read 2 at 90%; their largest cells hold 1.9 and 1.5 beads.
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from colony_views import render_view
    from companion.games.the_colony.camera.reader import ColonyReader

    picture, truth_path = render_view(tmp_path, "varied", 100374)
    truth = json.loads(truth_path.read_text())
    image = cv2.imread(str(picture))
    observation = ColonyReader().read(image)
    for space in ("L3", "L10"):
        reading = observation.reading(space)
        assert reading.eggs == truth["spaces"][space]["eggs"] - 1
        assert reading.confidence < SETTINGS.confident and reading.question.startswith(FUSED), reading
    # Without the rule the same counts were claimed sure: it is the fused cell that asks them.
    unfused = ColonyReader(settings=dataclasses.replace(SETTINGS, fused_cell=100.0)).read(image)
    assert all(unfused.reading(space).confidence >= SETTINGS.confident for space in ("L3", "L10"))
    assert [r.eggs for r in unfused.spaces] == [r.eggs for r in observation.spaces]   # asked, never recounted
