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


class StopAfterTheFirstGame:
    """The clip's frames until the camera has started its game: then the source ends, as when serve is killed."""

    def __init__(self, session, source):
        self.session, self.source = session, source
        self.description = source.description

    def __iter__(self):
        for frame in self.source:
            if any(e.type == "game" for e in self.session.log.events()):
                return
            yield frame

    def close(self):
        self.source.close()


@pytest.mark.slow   # 6 s
def test_serve_restarted_just_after_the_camera_started_its_game_goes_on_with_the_clip_s_moves(tmp_path):
    """The camera guessed who moves first when it started the game; a serve restarted before the first move
    must still take the first move from the table (it asked 'no move of Portugal's explains H10')."""
    truth = json.loads(CLIP.with_suffix(".json").read_text())
    log = tmp_path / "game.sqlite"
    session = Session(EventLog(log), RECORD)
    Pipeline(ColonyCamera, session, lambda on_status: StopAfterTheFirstGame(session, open_source(str(CLIP), on_status=on_status)),
             IslandReader().read, pace=False, auto_confirm=True, restart_on_loop=True).run()
    assert [e.type for e in session.log.events()] == ["game"]
    session.log.close()

    resumed = Session(EventLog(log), RECORD)
    Pipeline(ColonyCamera, resumed, lambda on_status: open_source(str(CLIP), on_status=on_status), IslandReader().read,
             pace=False, auto_confirm=True, restart_on_loop=True).run()
    events = resumed.log.events()
    assert [e.body["message"] for e in events if e.type == "question"] == []
    assert moves_played(events) == [turn["turn"] for turn in truth["turns"]]
