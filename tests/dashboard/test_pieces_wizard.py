"""The Pieces screen's wizard, on rendered photos of the teaching sheet: squares tick as their pieces come into
view, the rest say why in the command's words, Save writes what `calibrate pieces` writes from the same frames
and the running reader reads with it at once; its requests refuse bad input with a 4xx and a sentence."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from calibration.pieces import PieceLooks, teach
from companion.commands.serve import teach_in_place
from companion.dashboard import create_app
from companion.dashboard.teaching import LEARNED, NOT_LEARNED, PiecesWizard, WizardRefused, still_of, wizard_for
from companion.games import plugins
from companion.games.cannonball_colony.camera.live import ColonyCamera
from companion.games.cannonball_colony.render.piece_sets import choose_piece_set
from companion.games.cannonball_colony.render.teaching import compose_teaching, render_teaching, sheet_record
from companion.live import Pipeline
from companion.render.options import RenderOptions
from companion.session import EventLog, Session

from .conftest import ROOT, Tablet, make_services

OPTIONS = RenderOptions(size=(1280, 720), jpeg_quality=85)
FIRST_ROWS = frozenset({"Ff", "Cf", "Bf", "Fs", "Cs", "Bs"})   # France's and Spain's pieces, not yet put down
TABLE = ROOT / "samples" / "boards" / "cannonball-colony-photo-straight-even.jpg"


def sheet_photo(seed: int, left_off: frozenset = frozenset()) -> np.ndarray:
    return render_teaching(compose_teaching(choose_piece_set(seed), seed, OPTIONS, left_off=left_off)).image


@pytest.fixture(scope="module")
def photos():
    """The sheet with France's and Spain's squares still bare, then with every piece on it (one table, light, camera)."""
    return {"half": sheet_photo(31, FIRST_ROWS), "full": sheet_photo(31)}


def colony_wizard(tmp_path, **options) -> PiecesWizard:
    return wizard_for(plugins()["cannonball-colony"], tmp_path / "pieces-cannonball-colony.json",
                      camera="the camera (test frames)", **options)


def states(wizard: PiecesWizard) -> dict:
    return {square["label"]: (square["state"], square["why"]) for square in wizard.status()["squares"]}


@pytest.mark.slow   # 6 s: renders two photos, teaches two frames
def test_squares_tick_as_their_pieces_come_and_the_others_say_why(photos, tmp_path):
    wizard = colony_wizard(tmp_path)
    assert wizard.status()["learned"] == 0 and not wizard.step()          # no frame yet: nothing to teach
    wizard.offer(photos["half"])
    assert wizard.step() and not wizard.step()                            # each frame is taught once
    status = wizard.status()
    assert (status["learned"], status["total"], status["progress"]) == (8, 14, pytest.approx(8 / 14, abs=1e-3))
    assert {label for label, (state, _) in states(wizard).items() if state == NOT_LEARNED} == FIRST_ROWS
    assert "Cs: empty in camera frame 1" in status["not_learned"]        # calibrate pieces' words
    assert status["sheet"].startswith("camera frame 1: the sheet is located by markers [44")
    wizard.offer(photos["full"])
    wizard.step()
    status = wizard.status()
    assert (status["learned"], status["progress"], status["not_learned"]) == (14, 1.0, [])
    assert {square["caption"] for square in status["squares"]} >= {"fort, spain", "road tile"}


@pytest.mark.slow   # 4 s
def test_a_frame_without_the_sheet_ticks_nothing_and_cannot_be_saved(tmp_path):
    wizard = colony_wizard(tmp_path)
    wizard.offer(cv2.imread(str(TABLE)))
    wizard.step()
    status = wizard.status()
    assert status["learned"] == 0 and "the teaching sheet is not located" in status["sheet"]
    assert "camera frame 1" in status["sheet"]
    with pytest.raises(WizardRefused, match="Nothing learned yet") as refused:
        wizard.save()
    assert refused.value.status == 409 and not wizard.save_to.exists()


@pytest.mark.slow   # 8 s: two frames taught by the wizard and again by teach()
def test_save_writes_the_looks_the_command_learns_from_the_same_frames(photos, tmp_path):
    used = []
    wizard = colony_wizard(tmp_path, use_looks=lambda path: used.append(path) or "read with them")
    for name in ("half", "full"):
        wizard.offer(photos[name])
        wizard.step()
    status = wizard.save()
    saved = PieceLooks.load(wizard.save_to, "cannonball-colony")
    command = teach([("camera frame 1", photos["half"]), ("camera frame 2", photos["full"])], sheet_record())
    assert saved.sources == command.sources == ("camera frame 1", "camera frame 2")
    assert [(s.label, s.status, s.photo) for s in saved.squares] == [(s.label, s.status, s.photo) for s in command.squares]
    for ours, theirs in zip(saved.squares, command.squares):
        if ours.balanced is not None:
            assert np.allclose(ours.balanced, theirs.balanced, atol=2e-3)
    assert used == [wizard.save_to]
    assert status["saved"]["use"] == "read with them" and status["saved"]["learned"] == 14


@pytest.mark.slow   # 5 s
def test_start_over_forgets_what_was_learned_and_teaches_the_frame_in_view_again(photos, tmp_path):
    wizard = colony_wizard(tmp_path)
    wizard.offer(photos["full"])
    wizard.step()
    assert wizard.status()["learned"] == 14
    assert wizard.reset()["learned"] == 0 and set(states(wizard).values()) == {("waiting", "no frame taught yet")}
    assert wizard.step() and wizard.status()["learned"] == 14


@pytest.mark.slow   # 10 s: renders a slanted photo, teaches two frames
def test_frames_from_nearly_overhead_say_the_heights_are_not_measured_until_a_slanted_frame_does(photos, tmp_path):
    wizard = colony_wizard(tmp_path)
    wizard.offer(photos["full"])              # the camera 8.6 degrees from straight down: every square, no height
    wizard.step()
    status = wizard.status()
    assert status["learned"] == 14 and status["not_learned"] == []
    assert status["heights"].startswith("Heights not measured for Ff, Cf, Bf, Fs, ")
    assert "camera frame 1 (8.6 degrees) looks at the sheet from nearly overhead" in status["heights"]
    assert "Slant the camera 30-45 degrees" in status["heights"]
    slanted = render_teaching(compose_teaching(choose_piece_set(31), 31, replace(OPTIONS, tilt_deg=38.0))).image
    assert wizard.start()["running"]          # Start teaches on, for the heights
    wizard.offer(slanted)                     # the thread teaches it, keeps it and stops
    deadline = time.monotonic() + 30
    while wizard.status()["running"] and time.monotonic() < deadline:
        time.sleep(0.1)
    status = wizard.status()
    assert status["heights"] == "" and not status["running"]
    saved = PieceLooks.load(Path(wizard.save()["saved"]["path"]), "cannonball-colony")
    assert saved.sources == ("camera frame 1", "camera frame 2") and saved.unmeasured_heights() == []


@pytest.mark.slow   # 4 s: the thread teaches the bundled still
@pytest.mark.parametrize("game, squares", [("cannonball-colony", 14), ("cannons-coastlines", 15)])
def test_with_no_camera_the_thread_learns_every_square_from_the_bundled_still_and_stops(game, squares, tmp_path):
    wizard = wizard_for(plugins()[game], tmp_path / "looks.json")
    assert wizard.source.startswith("sample photo") and still_of(game) is not None
    assert wizard.start()["running"]
    deadline = time.monotonic() + 30
    while wizard.status()["running"] and time.monotonic() < deadline:
        time.sleep(0.1)
    status = wizard.status()
    assert not status["running"] and status["learned"] == squares and status["frames"] == 1
    assert "sample photo" in status["sheet"]
    assert not wizard.start()["running"]          # every square learned: nothing to run for until Start over
    card = wizard.card()
    assert card.shape[0] > 200 and card.shape[1] > 500


def test_a_game_without_a_teaching_sheet_has_no_wizard_and_no_still_means_no_start(tmp_path):
    assert wizard_for(plugins()["the-colony"]) is None
    wizard = wizard_for(plugins()["black-cannon"], tmp_path / "looks.json")
    assert wizard.source == "no camera"   # no bundled still of its sheet
    with pytest.raises(WizardRefused, match="there is no camera: start companion serve with --source 0") as refused:
        wizard.start()
    assert refused.value.status == 503


@pytest.mark.slow   # 6 s: teaches a sheet, loads the taught reader
def test_save_makes_the_running_reader_read_with_the_taught_pieces(photos, tmp_path):
    services = make_services(tmp_path)
    pipeline = Pipeline(ColonyCamera, services.session, lambda on_status: iter(()), ColonyCamera.reader(), pace=False)
    wizard = colony_wizard(tmp_path, use_looks=teach_in_place(pipeline, ColonyCamera, "Cannonball Colony"))
    pipeline.see_frame = wizard.offer
    assert pipeline.reader.__self__.taught is None
    pipeline.show(photos["full"])          # the pipeline hands the wizard each frame as it shows it
    wizard.step()
    assert wizard.save()["saved"]["use"] == "the camera reads with them from now on"
    assert pipeline.reader.__self__.taught is not None


def test_without_a_camera_or_a_taught_reader_save_keeps_the_file_for_later(tmp_path):
    ships = plugins()["black-cannon"]     # its sheet prints, but its reader does not read taught pieces yet
    camera = ships.load("camera")
    session = Session(EventLog(tmp_path / "ships.sqlite"), ships.load("record"))
    pipeline = Pipeline(camera, session, lambda on_status: iter(()), lambda *args: None, pace=False)
    path = tmp_path / "p.json"
    assert teach_in_place(pipeline, camera, ships.title)(path) == \
        f"Black Cannon cannot read taught pieces yet; {path} is kept for when it can"
    colony = Pipeline(ColonyCamera, make_services(tmp_path).session, None, lambda *args: None, pace=False)
    assert teach_in_place(colony, ColonyCamera, "Cannonball Colony")(path) == \
        f"no camera is being read; serve reads {path} when started with one"      # serve --source none
    assert colony.reader is not None and colony.reader.__name__ == "<lambda>"    # untouched


# --- over HTTP ------------------------------------------------------------------------------


@pytest.fixture
def taught_app(tmp_path):
    services = make_services(tmp_path, pieces=colony_wizard(tmp_path))
    yield create_app({"TESTING": True, "DATA": tmp_path, "HEARTBEAT": 0.5}, services=services)
    services.broadcaster.close()


def test_the_pieces_tab_comes_before_settings_and_only_with_a_wizard(taught_app, tmp_path):
    page = taught_app.test_client().get("/pieces").get_data(as_text=True)
    assert page.index(">Pieces</a>") < page.index(">Settings</a>")
    (tmp_path / "plain").mkdir()
    plain = create_app({"TESTING": True, "DATA": tmp_path / "plain", "HEARTBEAT": 0.5},
                       services=make_services(tmp_path / "plain"))
    assert plain.test_client().get("/api/pieces").status_code == 404
    assert ">Pieces</a>" not in plain.test_client().get("/settings").get_data(as_text=True)


@pytest.mark.parametrize("request_, status, words", [
    (("post", "/api/pieces/save", None), 409, "Nothing learned yet"),
    (("post", "/api/pieces/start", None), 503, "has not sent a frame yet"),
    (("post", "/api/pieces/fly", None), 404, "the Pieces screen can start, stop, reset, save"),
    (("post", "/api/pieces/save", {"out": "/etc/passwd"}), 400, "take no fields"),
    (("post", "/api/pieces/reset", "{not json"), 400, "Malformed JSON"),
    (("get", "/api/pieces/save", None), 405, ""),
])
def test_bad_requests_get_a_4xx_with_a_short_sentence(taught_app, request_, status, words):
    tablet = Tablet(taught_app.test_client())
    method, url, body = request_
    if isinstance(body, str):
        response = tablet.client.post(url, data=body, content_type="application/json",
                                      headers={"X-CSRF-Token": tablet.csrf})
    else:
        response = tablet.post(url, body) if method == "post" else tablet.get(url)
    assert response.status_code == status
    error = response.get_json()["error"]
    assert words in error and len(error) < 200


def test_a_change_without_the_csrf_token_is_refused(taught_app):
    response = taught_app.test_client().post("/api/pieces/reset", json={})
    assert response.status_code == 403 and "CSRF" in response.get_json()["error"]


def test_the_pictures_are_served_before_anything_is_learned(taught_app):
    client = taught_app.test_client()
    card = client.get("/api/pieces/learned.png")
    assert card.status_code == 200 and card.mimetype == "image/png"
    picture = cv2.imdecode(np.frombuffer(client.get("/api/pieces/live.jpg").data, np.uint8), cv2.IMREAD_COLOR)
    assert picture is not None and picture.shape[1] == 960      # the waiting-for-the-camera placeholder


@pytest.mark.slow   # 10 s: a real serve process teaches its bundled still
def test_serve_with_no_camera_teaches_the_bundled_still_and_saves_beside_the_other_calibration_files(tmp_path):
    from .test_serve import Served

    served = Served(tmp_path / "data", cwd=tmp_path)
    try:
        assert served.get("api/pieces")["source"] == "sample photo cannonball-colony.jpg (no camera)"
        served.post("api/pieces/start")
        deadline = time.monotonic() + 60
        while served.get("api/pieces")["running"] and time.monotonic() < deadline:
            time.sleep(0.3)
        saved = served.post("api/pieces/save")["saved"]
    finally:
        served.stop()
    assert saved["learned"] == 14 and saved["path"] == "pieces-cannonball-colony.json"
    assert saved["use"] == "no camera is being read; serve reads pieces-cannonball-colony.json when started with one"
    assert PieceLooks.load(tmp_path / saved["path"], "cannonball-colony").sources == ("sample photo",)


def test_on_the_lan_a_watching_tablet_sees_the_wizard_but_cannot_save_or_start_over(tmp_path):
    services = make_services(tmp_path, pieces=colony_wizard(tmp_path))
    app = create_app({"DATA": tmp_path, "LAN": True, "PAIRING_CODE": "135790", "VIEWER_CODE": "864200"},
                     services=services)
    stranger = Tablet(app.test_client())
    assert stranger.get("/api/pieces").status_code == 403
    viewer = Tablet(app.test_client())
    assert viewer.client.post("/pair", data={"code": "864200", "csrf_token": viewer.csrf}).status_code == 302
    assert viewer.get("/api/pieces").get_json()["learned"] == 0
    refused = viewer.post("/api/pieces/reset")
    assert refused.status_code == 403 and "watch only" in refused.get_json()["error"]
    services.broadcaster.close()
