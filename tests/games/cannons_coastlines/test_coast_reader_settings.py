"""The coast reader's thresholds are one settings object, its fitted weights a data file, and
each camera stream's reader keeps its own memory."""

import json
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.games.cannons_coastlines.camera.fittings import WEIGHTS_FILE, load_fitting_weights
from companion.games.cannons_coastlines.camera.reader import CoastReader, Seat, make_reader
from companion.games.cannons_coastlines.camera.settings import CoastReaderSettings, CoinSettings

SAMPLES = Path(__file__).resolve().parents[3] / "samples" / "coast"


@pytest.fixture(scope="module")
def sample():
    truth = json.loads((SAMPLES / "coast-2-straight-even.json").read_text(encoding="utf-8"))
    seats = [Seat(player, truth["table"]["factions"][player]) for player in truth["table"]["players"]]
    return cv2.imread(str(SAMPLES / "coast-2-straight-even.jpg")), truth, seats


def test_the_settings_given_are_the_settings_read_with(sample):
    image, truth, seats = sample
    # No coin's face lies 1000 below the paper (lightness is 0-255): asked that, none is found.
    stern = CoastReaderSettings(coins=CoinSettings(face_below_paper=1000.0))
    table = make_reader(stern).read_frame(image, 1.0, None, seats=seats).table
    assert sum(mat.coin_count for mat in table.mats.values()) == 0
    assert sum(sum(m["coins"].values()) for m in truth["mats"]) > 0
    assert make_reader().settings == CoastReaderSettings()


def test_two_streams_do_not_share_what_they_read_last(sample):
    image, _, seats = sample
    one, other = make_reader(), make_reader()
    first = one.read_frame(image, 1.0, None, seats=seats)
    assert one.last is not None and one.last.timestamp == 1.0 and other.last is None
    # `first` is not the other reader's observation: it reads afresh and keeps its own.
    again = other.read_frame(image, 2.0, first, seats=seats)
    assert other.last.timestamp == 2.0 and one.last.timestamp == 1.0
    assert again.table.ships.keys() == first.table.ships.keys()
    assert set(one.stage_seconds) >= {"markers", "table frame", "ships", "mats"}


def test_the_fittings_weights_come_from_their_file():
    weights = load_fitting_weights()
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    assert np.array_equal(weights.mast, data["mast"]) and np.array_equal(weights.crate, data["crate"])
    assert CoastReader().weights.mast.shape == (5,)


def test_a_fittings_weights_file_of_the_wrong_shape_is_refused(tmp_path):
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    broken = tmp_path / "weights.json"
    broken.write_text(json.dumps({**data, "crate": [1.0, 2.0]}), encoding="utf-8")
    with pytest.raises(ValueError, match="'crate' must be a list of 3 numbers"):
        load_fitting_weights(broken)
    with pytest.raises(ValueError, match="no such fitting weights file"):
        load_fitting_weights(tmp_path / "missing.json")


def test_settings_are_frozen_and_compare_by_value():
    settings = CoastReaderSettings()
    with pytest.raises(AttributeError):
        settings.coins = CoinSettings()
    assert replace(settings, coins=CoinSettings(min_votes=0.5)) != settings
    assert hash(settings.fittings) == hash(CoastReaderSettings().fittings)
