"""The bundled clip that `companion serve` plays with no arguments, refereed by the real reader
through the whole live pipeline: it must give exactly the turns the clip's truth lists."""

import json
from pathlib import Path

import pytest

from companion.games.cannonball_colony.camera.reader import IslandReader
from companion.live import Pipeline
from companion.session import EventLog, Session
from companion.vision.frames import open_source
from companion.games.cannonball_colony.camera.live import ColonyCamera
from companion.games.cannonball_colony.record import RECORD, moves_played
from companion.games.cannonball_colony.view import summary

CLIP = Path(__file__).resolve().parents[3] / "samples" / "renders" / "turns.mp4"


def test_serve_with_no_arguments_plays_this_clip():
    assert ColonyCamera.clip() == CLIP


@pytest.mark.slow   # 3 s
def test_the_bundled_clip_is_refereed_move_by_move_with_no_question(tmp_path):
    truth = json.loads(CLIP.with_suffix(".json").read_text())
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    reader = IslandReader()
    frames = []
    pipeline = Pipeline(ColonyCamera, session, lambda on_status: open_source(str(CLIP), on_status=on_status),
                        reader.read, publish_frame=frames.append, pace=False, auto_confirm=True,
                        restart_on_loop=True)
    pipeline.run()   # one pass, in this thread

    assert pipeline.status()["state"] == "ended" and len(frames) == len(truth["frames"])
    events = session.log.events()
    assert [e.type for e in events if e.type == "question"] == []
    played = moves_played(events)
    assert played == [turn["turn"] for turn in truth["turns"]]
    assert all(e.body["verdict"]["legal"] for e in events if e.type == "move")
    assert summary(session.state)["board"].splitlines()[-12:] == truth["states"][-1]["board_text"].splitlines()[-12:]
