"""Taught, where the picture cannot tell, the reader says so rather than guess with confidence: a yellow piece
whose paint the grass's ink names, read as grass by the network, is asked about when the taught looks see a
piece standing there, and read as that piece (unsure) when its middle is not the grass's print either."""

from __future__ import annotations

import json
from dataclasses import replace

import cv2
import pytest

from benchmarks.read_accuracy import truth_tokens
from benchmarks.taught_accuracy import render_pair
from calibration.pieces import teach
from companion.games.cannonball_colony.camera.land_doubt import LandDoubtSettings
from companion.games.cannonball_colony.camera.reader import IslandReader, ReaderSettings
from companion.games.cannonball_colony.camera.taught import TaughtPieces
from companion.games.cannonball_colony.render.teaching import sheet_record

CONFIDENT = 0.6


@pytest.mark.slow   # 10 s: the benchmark's tuning seed 6085 rendered, then read twice
def test_a_yellow_wedge_the_network_read_as_grass_is_asked_about(tmp_path):
    island, truth, sheet = render_pair(6085, False, tmp_path)
    cell = (2, 2, 2)   # board 2, a 17 mm yellow wedge fort of Spain on a road tile among grass
    assert truth_tokens(json.loads(truth.read_text()))[0][cell] == "Fs"
    taught = TaughtPieces(teach([("sheet.png", cv2.imread(str(sheet)))], sheet_record()))
    image = cv2.imread(str(island))

    taught.settings = replace(taught.settings, doubt_standing_land=False)
    # (its paint is not the grass's either: without that check too; the taught doubt is looked at here)
    unchecked = IslandReader(ReaderSettings(land=LandDoubtSettings(check_paint=False)), taught=taught).read_stages(image, 0.0)
    assert unchecked.tokens[cell] == "g" and unchecked.probabilities[cell] >= CONFIDENT   # sure, and wrong

    taught.settings = replace(taught.settings, doubt_standing_land=True, read_standing_land=False)
    reading = IslandReader(taught=taught).read_stages(image, 0.0)
    assert reading.tokens[cell] == "g" and reading.probabilities[cell] < CONFIDENT
    assert str(reading.doubts[cell]).startswith("the network saw grass, the taught looks a ")
    assert "of spain (its paint on " in str(reading.doubts[cell])

    # Its middle's colour is not the grass's print either (0.21 from the board's other grass cells): the piece, unsure.
    taught.settings = replace(taught.settings, read_standing_land=True)
    reading = IslandReader(taught=taught).read_stages(image, 0.0)
    assert reading.tokens[cell] == "Fs" and reading.probabilities[cell] < CONFIDENT
    assert "from the board's ink" in str(reading.doubts[cell]) and str(reading.doubts[cell]).endswith("read as that piece")
