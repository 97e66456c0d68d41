"""Each log's own picture for the convolutional counter: balanced on the paper and turned so the view's lean
points up; and the counter, run with numpy, on the sample photos."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.games.the_colony.camera.egg_cnn import egg_cnn, scalar_inputs
from companion.games.the_colony.camera.features import bead_unit
from companion.games.the_colony.camera.log_pictures import log_picture
from companion.games.the_colony.camera.reader import measure
from companion.games.the_colony.camera.settings import SETTINGS
from companion.games.the_colony.layout import default_layout

SAMPLES = Path(__file__).resolve().parents[4] / "samples" / "colony"
SIDE = int(round(2 * SETTINGS.annulus_mm[1] * SETTINGS.px_per_mm))


def patch_with_bead(offset_mm) -> np.ndarray:
    """A balanced patch (paper 1) with one black bead of 3 mm radius `offset_mm` from the log's centre."""
    patch = np.ones((SIDE, SIDE, 3), np.float32)
    centre = SIDE / 2 + np.asarray(offset_mm) * SETTINGS.px_per_mm
    cv2.circle(patch, tuple(int(round(v)) for v in centre), int(3 * SETTINGS.px_per_mm), (0.05, 0.05, 0.05), -1)
    return patch


def dark_middle(picture: np.ndarray) -> tuple[float, float]:
    """Where the picture's dark mass lies, from its centre, in picture pixels (x right, y down)."""
    darkness = np.clip(picture.mean(axis=0), 0, None)
    ys, xs = np.indices(darkness.shape)
    middle = SETTINGS.cnn_side / 2 - 0.5
    return float((xs * darkness).sum() / darkness.sum() - middle), float((ys * darkness).sum() / darkness.sum() - middle)


@pytest.mark.parametrize("lean", [(1.0, 0.0), (0.0, 1.0), (-1.0, -1.0), (2.0, -0.5)])
def test_a_log_is_turned_so_its_lean_points_up(lean):
    bead_at = 7.0 * np.asarray(lean) / np.hypot(*lean)    # the bead lies the way the view leans
    picture = log_picture(patch_with_bead(bead_at), lean, SETTINGS.px_per_mm)
    x, y = dark_middle(picture)
    assert y < -10 and abs(x) < 2, (x, y)


def test_paper_is_zero_and_a_black_bead_near_one():
    picture = log_picture(patch_with_bead((0.0, 0.0)), (0.0, 0.0), SETTINGS.px_per_mm)
    assert picture.shape == (3, SETTINGS.cnn_side, SETTINGS.cnn_side)
    middle = SETTINGS.cnn_side // 2
    assert np.abs(picture[:, :4, :4]).max() < 0.01
    assert picture[:, middle, middle].min() > 0.9


@pytest.mark.parametrize("photo", sorted(SAMPLES.glob("colony-*.jpg")), ids=lambda p: p.stem)
def test_the_convolutional_counter_alone_reads_a_sample_photos_few_egg_logs(photo):
    """Logs of up to three eggs are what the network reads right nearly always (held-back training views:
    97% or more); more are often an egg off, as the trees are."""
    truth = json.loads(photo.with_suffix(".json").read_text())["spaces"]
    _, measured = measure(cv2.imread(str(photo)), default_layout())
    pictures = np.stack([look.picture for look in measured.looks])
    probabilities = egg_cnn().probabilities(pictures, scalar_inputs(bead_unit(list(measured.looks)), measured.leans))
    read = dict(zip(default_layout().ids, probabilities.argmax(axis=1)))
    few = [space for space, expected in truth.items() if not expected["hidden"] and expected["eggs"] <= 3]
    right = sum(read[space] == truth[space]["eggs"] for space in few)
    assert len(few) >= 5 and right >= len(few) - 1, {space: (read[space], truth[space]["eggs"]) for space in few}
    open_spaces = [space for space, expected in truth.items() if not expected["hidden"]]
    assert all(abs(int(read[space]) - truth[space]["eggs"]) <= 3 for space in open_spaces)
