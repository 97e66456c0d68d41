"""The Cannons & Coastlines live path: fake camera -> reader -> still-table tracker -> session; the annotated view."""

from __future__ import annotations

import numpy as np

from companion.games.cannons_coastlines.camera.annotate import annotate_table
from companion.games.cannons_coastlines.camera.live import CoastCamera
from companion.live import Pipeline
from companion.games.cannons_coastlines.observation import TableObservation
from companion.games.cannons_coastlines.tracking import (CoastTracker, CoastTrackerSettings, Settling, TableCommitted,
                                                         Unchanged, Waiting)

from .coast_scenes import RULEBOOK, FakeTableCamera, FakeTableReader, coast_services, mat, ship, square, table

SCENE = table(ship("anna", "frigate", "navy", 20, 20, 0), ship("ben", "sloop", "pirates", 20, 30, 0),
              islands=[square("palm", 30, 10, holder="anna")], mats={"anna": mat(3)})


def seen(scene, stale=(), hidden=False, motion=0.0, mat_doubts=None):
    camera = FakeTableCamera(scene)
    observation = FakeTableReader(camera)(camera.image(), 0.0)
    return TableObservation(0.0, scene, observation.corners_px, observation.table_to_image,
                            {s: v.__class__(s, v.confidence, s in stale) for s, v in observation.ships.items()},
                            hidden=hidden, motion=motion, mat_doubts=mat_doubts or {})


# As the reader names a doubt that can change the points (camera/reader.py, _mat_from_reading).
UNSURE = {"anna": ("a prize mast from an unknown fleet",)}


def with_coins(scene, coins):
    return scene.replace(mats={"anna": mat(coins)})


def test_the_tracker_commits_a_still_table_once_and_waits_under_a_hand():
    tracker = CoastTracker(CoastTrackerSettings(still_frames=2))
    assert isinstance(tracker.update(seen(SCENE, hidden=True)), Waiting)
    assert isinstance(tracker.update(seen(SCENE, motion=0.3)), Waiting)
    assert isinstance(tracker.update(seen(SCENE)), Settling)
    assert isinstance(tracker.update(seen(SCENE)), TableCommitted)
    assert isinstance(tracker.update(seen(SCENE)), Unchanged)
    nudged = SCENE.with_ship(SCENE.ships["anna/frigate"].moved(x=20.05))   # pose noise, not a move
    assert isinstance(tracker.update(seen(nudged)), Unchanged)
    sailed = SCENE.with_ship(SCENE.ships["anna/frigate"].moved(x=23))
    assert isinstance(tracker.update(seen(sailed)), TableCommitted)


def test_a_hidden_ship_keeps_its_last_pose_marked_stale():
    tracker = CoastTracker(CoastTrackerSettings(still_frames=1))
    tracker.update(seen(SCENE))
    misread = SCENE.with_ship(SCENE.ships["ben/sloop"].moved(x=60, y=5))   # the reader's guess under an arm
    outcome = tracker.update(seen(misread, stale={"ben/sloop"}))
    assert isinstance(outcome, TableCommitted) and outcome.stale == {"ben/sloop"}
    assert (outcome.table.ships["ben/sloop"].x, outcome.table.ships["ben/sloop"].y) == (20, 30)


def test_an_unsure_mat_keeps_its_last_sure_holdings_and_its_wavering_is_no_change():
    tracker = CoastTracker(CoastTrackerSettings(still_frames=1))
    tracker.update(seen(SCENE))                                            # anna's 3 coins, read sure
    outcome = tracker.update(seen(with_coins(SCENE, 5), mat_doubts=UNSURE))
    assert isinstance(outcome, TableCommitted) and outcome.unsure_mats == UNSURE
    assert outcome.table.mat("anna").coin_count == 3                       # not the unsure 5
    assert isinstance(tracker.update(seen(with_coins(SCENE, 6), mat_doubts=UNSURE)), Unchanged)
    sure = tracker.update(seen(with_coins(SCENE, 4)))                      # read sure again: its count stands
    assert isinstance(sure, TableCommitted) and sure.unsure_mats == {} and sure.table.mat("anna").coin_count == 4


def test_the_first_table_keeps_an_unsure_reading_but_names_it():
    tracker = CoastTracker(CoastTrackerSettings(still_frames=1))
    outcome = tracker.update(seen(with_coins(SCENE, 5), mat_doubts=UNSURE))
    assert outcome.table.mat("anna").coin_count == 5 and outcome.unsure_mats == UNSURE   # nothing known before it


def test_the_camera_asks_about_an_unsure_mat_and_what_a_player_sets_wins(tmp_path, until):
    camera = FakeTableCamera(None)
    services = coast_services(tmp_path)
    session = services.session
    pipeline = Pipeline(CoastCamera, session, lambda on_status: camera, FakeTableReader(camera),
                        publish_frame=services.frames.publish, pace=False,
                        tracker_settings=CoastTrackerSettings(still_frames=3))
    pipeline.start()
    try:
        camera.show(SCENE)                                                  # anna holds 3 coins, read sure
        until(lambda: session.state is not None and session.state.turn is not None)
        camera.show(with_coins(SCENE, 7), mat_doubts=UNSURE)                # a prize the reader cannot place
        until(lambda: session.question is not None)
        assert "anna's mat (a prize mast from an unknown fleet)" in session.question["message"]
        assert session.state.table.mat("anna").coin_count == 3 and session.state.unsure == UNSURE
        acted = session.act({"type": "mat", "player": "anna", "source": "tablet",
                             "mat": {"coins": {"repair_crew": 4}, "prizes": {"pirates:mast": 1}}})
        assert acted.verdict.legal and session.question is None and session.state.unsure == {}
        assert acted.event.body["message"] == ("anna's mat set by hand: 4 coins; prizes: 1 pirates mast "
                                              "(was 3 coins; no prizes).")
        sailed = with_coins(SCENE, 9).with_ship(SCENE.ships["anna/frigate"].moved(x=26))
        camera.show(sailed, mat_doubts=UNSURE)                              # the camera, still unsure, sees a ship sail
        until(lambda: session.state.table.ships["anna/frigate"].x == 26)
        assert session.state.table.mat("anna") == mat(4, pirates_mast=1)  # what the player set, not the reading
        until(lambda: session.question is not None)                         # and it asks again
    finally:
        pipeline.stop()
    kinds = [e.type for e in session.log.events()]
    assert kinds == ["game", "turn", "table", "question", "mat", "table", "question"]


def test_the_pipeline_starts_a_game_from_the_camera_and_follows_the_table(tmp_path, until):
    camera = FakeTableCamera(None)
    services = coast_services(tmp_path)
    pipeline = Pipeline(CoastCamera, services.session, lambda on_status: camera, FakeTableReader(camera),
                        publish_frame=services.frames.publish, pace=False,
                        tracker_settings=CoastTrackerSettings(still_frames=3))
    pipeline.start()
    try:
        until(lambda: pipeline.frames_seen > 5)
        assert services.session.state is None            # no table seen yet
        camera.show(SCENE)
        until(lambda: services.session.state is not None and services.session.state.turn is not None)   # and a turn
        assert services.session.state.turn["player"] == "anna"
        camera.hand(True)
        camera.show(SCENE.without_ship("ben/sloop"))     # ben's last ship sinks under the hand
        until(lambda: pipeline.frames_seen > 40)
        assert services.session.state.result is None           # nothing committed under the hand
        camera.hand(False)
        until(lambda: services.session.state.result is not None)
        assert services.session.state.result["winner"] == "anna"
    finally:
        pipeline.stop()
    assert [e.type for e in services.session.log.events()] == ["game", "turn", "table", "result"]
    assert services.frames.jpeg()[1] is not None


def test_without_a_reader_the_picture_says_so(tmp_path):
    services = coast_services(tmp_path)
    pipeline = Pipeline(CoastCamera, services.session, None, None, publish_frame=services.frames.publish)
    assert pipeline.process(np.zeros((360, 640, 3), np.uint8), 0.0) is None
    assert pipeline.status()["state"] == "no reader"


def test_the_annotated_view_draws_the_aids_where_the_homography_puts_them():
    blank = FakeTableCamera(SCENE).image()
    picture = annotate_table(blank, seen(SCENE), RULEBOOK)
    changed = np.any(picture != blank, axis=2)
    # the frigate's centre (20, 20) in inches is at 20 + 8 * 20 = 180 px; the coin line runs to it from palm
    assert changed[170:190, 170:190].any()
    assert changed[100:140, 260:300].any()                # palm island (30..34, 10..14) -> 260..292, 100..132
    assert not changed[300:380, 400:560].any()            # open sea with nothing on it stays untouched
