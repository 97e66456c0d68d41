"""The bundled samples (samples/renders): still what the code makes, and readable."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.games.cannonball_colony.text import parse_board
from companion.games.cannonball_colony.render import compose_scene
from companion.games.cannonball_colony.render.samples import CLIP, PHOTOS, demo_position
from companion.games.cannonball_colony.render.truth import scene_truth, state_truth
from companion.vision.markers import detect_markers

FOLDER = Path(__file__).resolve().parents[4] / "samples" / "renders"


def load(name: str) -> dict:
    return json.loads((FOLDER / f"{name}.json").read_text())


@pytest.mark.parametrize("sample", PHOTOS, ids=lambda sample: sample.name)
def test_a_bundled_photos_truth_is_what_its_seed_makes_today(sample, numbers_close):
    bundled = load(sample.name)
    scene = compose_scene(demo_position(sample.seed), sample.seed, sample.options)
    fresh = {**scene_truth(scene), **state_truth(scene)}
    assert bundled["board_text"] == fresh["board_text"]
    # The camera's pose comes out of numpy's and OpenCV's arithmetic: equal to a part in 10^9.
    numbers_close(bundled["camera"], json.loads(json.dumps(fresh["camera"])), rel=1e-9, abs_=1e-9, where="camera")
    for old, new in zip(bundled["markers"], fresh["markers"]):
        assert old["id"] == new["id"] and np.allclose(old["corners"], new["corners"], atol=1e-3)


@pytest.mark.parametrize("sample", PHOTOS, ids=lambda sample: sample.name)
def test_the_markers_in_a_bundled_photo_are_where_its_truth_says(sample):
    truth = load(sample.name)
    image = cv2.imread(str(FOLDER / f"{sample.name}.jpg"))
    assert image.shape[1::-1] == tuple(truth["size"])
    parse_board(truth["board_text"])
    found = {marker.id: np.array(marker.corners) for marker in detect_markers(image)}
    clear = {m["id"]: m for m in truth["markers"] if m["in_view"] and not m["hidden_share"]}
    seen = [i for i in clear if i in found]
    assert len(seen) >= 0.5 * len(clear)
    errors = np.concatenate([np.linalg.norm(found[i] - clear[i]["corners"], axis=1) for i in seen])
    assert np.median(errors) < 1.0 and errors.max() < 3.0


def test_the_bundled_clip_has_a_truth_for_every_frame():
    truth = load(CLIP.name)
    video = cv2.VideoCapture(str(FOLDER / f"{CLIP.name}.mp4"))
    frames = 0
    while video.read()[0]:
        frames += 1
    assert frames == truth["clip"]["frame_count"] == len(truth["frames"])
    assert any(frame["still"] for frame in truth["frames"])
    assert any(frame["hand"] and frame["hand"]["covers_board"] for frame in truth["frames"])


def test_the_samples_stay_small():
    total = sum(path.stat().st_size for path in FOLDER.iterdir())
    assert total < 3 * 1024 * 1024
