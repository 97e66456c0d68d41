"""The bundled Cannonades clip that `serve --game cannonades` plays with no camera, refereed by the real
streaming reader through the whole live pipeline into a session of physical cards: the camera's verdicts
must be the rules' own for each still table of the clip (its truth, computed from the tables as placed),
a shot judged with its rule, ben's Vendetta applied, the shootout, and the tiebreak where the game ends.
A face-down ship's card is named nowhere before it is turned up; the log resumes to the same game."""

from __future__ import annotations

import json
import time

import pytest

from companion.games.cannonades.camera.live import CardsCamera, make_reader
from companion.games.cannonades.record import RECORD
from companion.games.cannonades.render.clip import SETUP, expected_verdicts
from companion.live import Pipeline
from companion.session import EventLog, Session
from companion.vision.frames import open_source

CLIP = CardsCamera.clip()
TRUTH = json.loads(CLIP.with_suffix(".json").read_text(encoding="utf-8")) if CLIP else None
# Face down as the camera joins, and the still table where each is first turned up.
HIDDEN_UNTIL = {"S13": 2, "S33": 3, "S26": 8, "S20": 8}


def test_serve_with_no_camera_plays_this_clip_its_truth_is_the_rules_own_and_it_is_small():
    assert CLIP is not None and CLIP.parent.name == "cannonades" and CLIP.stat().st_size <= 300 * 1024
    assert TRUTH["setup"] == SETUP and TRUTH["expected"] == expected_verdicts()
    shot = TRUTH["expected"][2]["verdicts"][0]
    assert shot.startswith("anna hits S13 with C26: no clan in common, S13 is damaged") and "Vendetta is due" in shot


@pytest.fixture(scope="module")
def refereed(tmp_path_factory):
    path = tmp_path_factory.mktemp("clip") / "game.sqlite"
    session = Session(EventLog(path), RECORD)
    pipeline = Pipeline(CardsCamera, session, lambda on_status: open_source(str(CLIP), on_status=on_status),
                        make_reader(), pace=False, auto_confirm=True, restart_on_loop=True)
    started = time.perf_counter()
    pipeline.run()   # one pass, in this thread
    return session, pipeline, time.perf_counter() - started, path


@pytest.mark.slow   # the clip read once: about 6 s
def test_the_clip_is_refereed_to_the_rules_verdicts_and_ends_in_the_tiebreak(refereed):
    session, pipeline, seconds, _ = refereed
    events = [event.body for event in session.log.events()]
    assert events[0]["type"] == "table-game" and events[0]["source"] == "camera"
    said = [verdict["sentence"] for body in events for verdict in body.get("verdicts", ())]
    assert said == [sentence for state in TRUTH["expected"][:-1] for sentence in state["verdicts"]]
    assert [body["type"] for body in events].count("table-end") == sum(s["turns_ended"] for s in TRUTH["expected"][:-1])
    assert not [body for body in events if body["type"] == "question"]
    rules = [verdict["rule"] for body in events for verdict in body.get("verdicts", ())]
    assert {"CN-3", "rules:captains-grin", "CN-8", "rules:tiebreakers"} <= set(rules)
    end = session.view(None)
    final = TRUTH["expected"][-1]
    assert (end["over"], end["winners"], end["why"], end["standings"]) == \
           (True, final["winners"], final["why"], final["standings"])
    print(f"\nthe clip read in {seconds:.1f} s: {pipeline.frames_seen} frames "
          f"({1000 * seconds / pipeline.frames_seen:.0f} ms a frame), {pipeline.commits} still tables")


@pytest.mark.slow
def test_no_face_down_ship_is_named_before_it_is_turned_up_and_the_log_resumes(refereed):
    session, _, _, path = refereed
    seen_tables = 0
    for event in session.log.events():
        text = json.dumps(session.event_view(event)) + json.dumps(event.body)
        seen_tables += event.type == "seen"
        for card, state in HIDDEN_UNTIL.items():
            if seen_tables <= state:   # the first seen is state 0
                assert card not in text, (card, event.body)
    assert Session(EventLog(path), RECORD).view(None) == session.view(None)
