"""Rendered clips of whole turns with hands, refereed by the real reader through the live pipeline and a
real session: every move the clip shows must be played, and nothing committed while a hand is in view.

The bundled clip (samples/colony/turns.mp4) is what `serve --game the-colony` plays with no camera; a
longer clip is rendered here from a seed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games.the_colony.camera.live import CLIP, TheColonyCamera
from companion.games.the_colony.camera.live_reader import LiveColonyReader
from companion.games.the_colony.record import RECORD
from companion.games.the_colony.render.clip import render_clip
from companion.games.the_colony.text import parse_board
from companion.live import Pipeline
from companion.session import EventLog, Session
from companion.tracking import Committed
from companion.vision.frames import open_source

ROOT = Path(__file__).resolve().parents[3]
SEED, TURNS = 23, 3    # not the bundled clip's seed: a sowing, a pass the table never shows, relays, an ant move


def moves_played(session: Session) -> list[dict]:
    """The session's sowings, ant moves and passes as the clip's truth writes its moves."""
    played = []
    for event in session.log.events():
        body = event.body
        if event.type == "sowing":
            played.append({"type": "sow", "space": body["space"], "via": list(body["via"])})
        elif event.type == "ant":
            played.append({"type": "move-ant", "from": body["from"], "to": body["to"]})
        elif event.type == "pass":
            played.append({"type": "pass"})
    return played


def referee(frames, tmp_path) -> tuple[Session, list]:
    """Every frame through the pipeline, in order; the session and each frame's tracker outcome."""
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    pipeline = Pipeline(TheColonyCamera, session, None, LiveColonyReader().read_frame, pace=False,
                        auto_confirm=True, restart_on_loop=True)
    pipeline.camera.new_pass()
    outcomes = [pipeline.process(image, index / 2.5) for index, image in enumerate(frames)]
    return session, outcomes


def test_serve_with_no_camera_plays_the_bundled_clip():
    assert TheColonyCamera.clip() == CLIP == ROOT / "samples" / "colony" / "turns.mp4"
    sizes = CLIP.stat().st_size + CLIP.with_suffix(".json").stat().st_size
    assert sizes <= 300 * 1024


def seen_moves(truth: dict) -> list[dict]:
    """The clip's moves a camera can see: a pass at the very end leaves the table as it was, and no
    sowing after it shows it."""
    moves = [{k: v for k, v in move.items() if k in ("type", "space", "via", "from", "to")} for move in truth["moves"]]
    while moves and moves[-1]["type"] == "pass":
        moves.pop()
    return moves


def check_refereed(session: Session, outcomes: list, truth: dict) -> None:
    assert [e.body["message"] for e in session.log.events() if e.type == "question"] == []
    assert moves_played(session) == seen_moves(truth)          # every move, right
    last = next(move for move in reversed(truth["moves"]) if move["type"] != "pass")
    assert session.state.position.eggs == parse_board(last["board"]).eggs
    assert session.state.position.ants == parse_board(last["board"]).ants
    commits = [index for index, outcome in enumerate(outcomes) if isinstance(outcome, Committed)]
    assert commits and all(not truth["frames"][index]["hand"] for index in commits)   # none under a hand


@pytest.mark.slow   # a minute or more: the reader reads every frame
def test_the_bundled_clip_gives_every_move_and_commits_nothing_under_a_hand(tmp_path):
    truth = json.loads(CLIP.with_suffix(".json").read_text())
    frames = [frame.image for frame in open_source(str(CLIP))]
    assert len(frames) == truth["clip"]["frame_count"]
    session, outcomes = referee(frames, tmp_path)
    check_refereed(session, outcomes, truth)


# What still stops the longer clip (a known gap, checked below): with the colony-egg look the counts
# read after red's second sowing (and its ant move) fit no legal move well enough, so the camera asks;
# the right move is the closest. The glass-bead look plays every move.
LONGER_GAP = "the counts read after a sowing fit no legal move well enough, and the camera asked instead of playing"


@pytest.mark.slow   # a few minutes each: every frame is rendered, then read
@pytest.mark.parametrize("look", ["glass-bead", "colony-egg"])
def test_a_longer_clip_rendered_from_a_seed_never_plays_a_wrong_move(tmp_path, look):
    clip = render_clip(SEED, TURNS, look=look)
    truth = clip.truth
    assert len(truth["moves"]) >= 2 * TURNS - 1
    session, outcomes = referee(clip.frames, tmp_path)
    played, expected = moves_played(session), seen_moves(truth)
    assert played == expected[:len(played)]                      # what it played is right, and in order
    commits = [index for index, outcome in enumerate(outcomes) if isinstance(outcome, Committed)]
    assert all(not truth["frames"][index]["hand"] for index in commits)   # none under a hand
    if played != expected:
        pytest.xfail(f"{len(played)} of {len(expected)} moves played: {LONGER_GAP}")
    check_refereed(session, outcomes, truth)
