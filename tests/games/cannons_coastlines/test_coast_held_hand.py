"""A hand resting on a harbour mat, over its marker: the mat is not placed in that frame, yet the hand is over
it (where it was last placed) and the reader says a hand is over the table in every frame it rests there."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from companion.games.cannons_coastlines.camera.reader import make_reader
from companion.games.cannons_coastlines.kit import pieces as kit
from companion.games.cannons_coastlines.render.clip import CLIP_OPTIONS, clip_start
from companion.games.cannons_coastlines.render.draw import render_coast_frame
from companion.games.cannons_coastlines.render.scene import compose_coast_scene
from companion.render.hands import SKIN_TONES, SLEEVES, HandPose


def noisy(image: np.ndarray, seed: int) -> np.ndarray:
    noise = np.random.default_rng(seed).normal(0, 2.5, image.shape)
    return np.clip(image + noise, 0, 255).astype(np.uint8)


@pytest.fixture(scope="module")
def a_hand_on_blue_s_mat():
    """The bundled clip's table, then a hand laid on blue's mat marker for three frames, then gone."""
    scene = compose_coast_scene(clip_start(7), 7, CLIP_OPTIONS)
    mat = next(pose for pose in scene.mats if pose.player == "blue")
    marker = kit.MAT_MARKER_AT[0] + kit.MAT_MARKER_MM / 2, kit.MAT_MARKER_AT[1] + kit.MAT_MARKER_MM / 2
    target = mat.to_render(*marker)
    side = 1.0 if target[1] > 0 else -1.0
    hand = HandPose((target[0] + 80, target[1] + 560 * side), target, 12.0, SKIN_TONES[4], SLEEVES[1], 0.6, True, 3.0,
                    0.2)
    clear = render_coast_frame(scene).image
    held = render_coast_frame(replace(scene, hand=hand)).image
    reader, previous, seen = make_reader(), None, []
    for index, image in enumerate([clear, clear, held, held, held, held, clear, clear]):
        previous = reader.read_frame(noisy(image, index), index / 4, previous)
        seen.append(previous)
    return seen


def test_a_hand_on_a_mat_s_marker_is_over_the_table_in_every_frame_it_rests_there(a_hand_on_blue_s_mat):
    seen = a_hand_on_blue_s_mat
    # The first frame with the hand moves (the motion test waits); the hand is seen in every calm frame after.
    assert [o.hidden for o in seen] == [False, False, False, True, True, True, False, False]
    assert seen[2].motion > 0.004
    assert seen[3].motion == 0.0        # resting: the motion test alone would have let it through
    assert [p for p in seen[3].problems if "blue's mat" in p and "not seen" in p], "the hand must hide the marker"
    assert seen[3].hidden_outline_px


def test_once_the_hand_has_gone_the_mat_is_read_again(a_hand_on_blue_s_mat):
    assert seen_mat(a_hand_on_blue_s_mat[-1]) == seen_mat(a_hand_on_blue_s_mat[1])


def seen_mat(observation):
    return observation.table.mats.get("blue")
