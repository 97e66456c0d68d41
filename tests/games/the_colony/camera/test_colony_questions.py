"""Every space the reader asks about says why (a hand, a pile with its count and posterior, or a low
posterior at N eggs), and the problems list is made of those questions; a sure count asks nothing."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from companion.games.the_colony.camera.reader import HAND_HIDES, PILED, ColonyReader
from companion.games.the_colony.camera.settings import SETTINGS

PHOTO = Path(__file__).resolve().parents[4] / "samples" / "colony" / "colony-cool-tilt-25-hand.jpg"


@pytest.mark.slow
def test_every_asked_space_says_why_and_every_sure_one_says_nothing():
    truth = json.loads(PHOTO.with_suffix(".json").read_text())
    observation = ColonyReader().read(cv2.imread(str(PHOTO)), eggs_on_board=57 - sum(truth["collected"].values()))
    for reading in observation.spaces:
        asked = reading.hidden or reading.confidence < SETTINGS.confident
        assert bool(reading.question) == asked, reading
        if asked:
            assert f"{reading.space}: {reading.question}" in observation.problems
        if reading.hidden:
            assert reading.question == HAND_HIDES
    assert any(r.hidden for r in observation.spaces)          # the photo's hand
    assert any(r.question.startswith(PILED) for r in observation.spaces)
    assert len(observation.problems) == sum(bool(r.question) for r in observation.spaces)
