"""The pile counter: with the rules' total, the logs whose beads may lie piled are counted by both counters
(their odds mixed), every other log by the egg counter alone; a piled log stays a question; without the
total nothing changes."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.games.the_colony.camera.pile_counter import PILE_INPUT_NAMES, pile_inputs, with_pile_counter
from companion.games.the_colony.camera.pile_score import pile_scores
from companion.games.the_colony.camera.reader import PILED, ColonyReader, _count_probabilities, measure
from companion.games.the_colony.camera.settings import SETTINGS

PHOTO = Path(__file__).resolve().parents[4] / "samples" / "colony" / "colony-cool-tilt-25-hand.jpg"
WITHOUT = dataclasses.replace(SETTINGS, pile_counter_weight=0.0)


@pytest.fixture(scope="module")
def photo():
    truth = json.loads(PHOTO.with_suffix(".json").read_text())
    return cv2.imread(str(PHOTO)), 57 - sum(truth["collected"].values())


@pytest.mark.slow
def test_only_the_logs_the_pile_score_flags_get_the_pile_counters_say(photo):
    image, total = photo
    reader = ColonyReader()
    _, measured = measure(image, reader.layout, SETTINGS, None, total)
    assert pile_inputs(measured).shape == (len(reader.layout.ids), len(PILE_INPUT_NAMES))
    odds = _count_probabilities(measured, total, None, SETTINGS)
    piled = pile_scores(measured.rows) >= SETTINGS.pile_ask
    assert 0 < piled.sum() < len(piled)
    mixed = with_pile_counter(odds, measured, piled)
    assert np.array_equal(mixed[~piled], odds[~piled])
    assert not np.allclose(mixed[piled], odds[piled])
    assert np.allclose(mixed.sum(axis=1), 1.0)
    assert np.allclose(with_pile_counter(odds, measured, piled, WITHOUT), odds)


@pytest.mark.slow
def test_a_piled_log_counted_by_both_counters_is_still_asked(photo):
    image, total = photo
    observation = ColonyReader().read(image, eggs_on_board=total)
    piled = [r for r in observation.spaces if r.question.startswith(PILED)]
    assert piled and all(r.confidence <= SETTINGS.piled_confidence for r in piled)
    assert sum(r.eggs for r in observation.spaces) == total


@pytest.mark.slow
def test_without_the_total_the_pile_counter_changes_nothing(photo):
    image, _ = photo
    alone = ColonyReader().read(image)
    plain = ColonyReader(settings=WITHOUT).read(image)
    assert [(r.eggs, r.confidence) for r in alone.spaces] == [(r.eggs, r.confidence) for r in plain.spaces]
