"""Clips of whole turns: still frames really are still, and the truth follows the turns."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.games.cannonball_colony.autoplay import random_game
from companion.games.cannonball_colony.text import parse_board
from companion.games.cannonball_colony.render import RenderOptions
from companion.games.cannonball_colony.render.clip import Pacing, render_clip, write_video

QUICK = Pacing(fps=10, idle=2, approach=3, hold=3, retreat=2)

pytestmark = pytest.mark.slow   # every test shares a 4 s rendered clip


@pytest.fixture(scope="module")
def clip():
    start = random_game(2, 7, 12).position
    options = RenderOptions(size=(320, 180), tilt_deg=25, light="even", noisy=False)
    return start, render_clip(start, 7, 2, options, QUICK)


def test_frames_flagged_still_repeat_the_last_frame_and_a_hand_shows_in_the_others(clip):
    _, filmed = clip
    records = filmed.truth["frames"]
    flags = [record["still"] for record in records]
    assert any(flags) and not all(flags)
    for index in range(1, len(filmed.frames)):
        same = np.array_equal(filmed.frames[index], filmed.frames[index - 1])
        if flags[index]:
            # A noiseless camera: a still table gives exactly the same pixels.
            assert same, index
        else:
            # Not still: a hand or its shadow is in view, now or in the frame before.
            assert records[index]["hand"] or records[index - 1]["hand"], index


def test_every_frame_with_a_hand_or_its_shadow_in_view_is_not_still(clip):
    _, filmed = clip
    for record in filmed.truth["frames"]:
        if record["hand"] is not None:
            assert not record["still"]
            assert record["hand"]["in_view"] or record["hand_shadow_only"]
    covering = [record for record in filmed.truth["frames"] if record["hand"] and record["hand"]["covers_board"]]
    assert covering, "the hands never reached the board"


def test_the_table_changes_only_while_a_hand_is_there_and_ends_as_the_game_does(clip):
    start, filmed = clip
    frames = filmed.truth["frames"]
    for before, after in zip(frames, frames[1:]):
        if after["state"] != before["state"]:
            assert after["hand"] is not None and after["hand"]["covers_board"]
    states = filmed.truth["states"]
    game = random_game(2, 7, 12)
    assert parse_board(states[0]["board_text"]) == start
    assert frames[-1]["still"] and frames[-1]["state"] == len(states) - 1
    assert len(filmed.truth["turns"]) == 2
    final = parse_board(states[-1]["board_text"])
    assert final.players == game.position.players and final.boards == game.position.boards


def test_a_covered_cell_in_a_frame_is_under_the_hand_in_that_frame(clip):
    _, filmed = clip
    record = max((r for r in filmed.truth["frames"] if r["hand"]), key=lambda r: len(r["hand"]["covered_cells"]))
    assert record["hand"]["covered_cells"]
    for cell in record["hand"]["covered_cells"]:
        assert record["hand"]["cell_shares"][cell] >= 0.10


def test_a_clip_is_written_as_a_video_with_every_frame(clip, tmp_path):
    _, filmed = clip
    path = tmp_path / "turns.avi"
    write_video(path, filmed.frames, filmed.truth["clip"]["fps"])
    video = cv2.VideoCapture(str(path))
    count = 0
    while video.read()[0]:
        count += 1
    assert count == len(filmed.frames)
    with pytest.raises(ValueError, match=r"cannot write a clip to '.*turns.gif': the name must end in .avi or .mp4"):
        write_video(tmp_path / "turns.gif", filmed.frames, 10)
