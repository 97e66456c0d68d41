"""The HTTP API through Flask's test client: what a tablet or a tool sends, and what it is told back."""

from __future__ import annotations

import json

import pytest

from companion.dashboard import create_app

from .conftest import BOARD, Tablet


@pytest.fixture
def game(tablet):
    assert tablet.post("/api/game", {"sample": True}).status_code == 200
    return tablet


def test_healthz_names_camera_and_hardware(client):
    body = client.get("/healthz").get_json()
    assert body["ok"] is True and "camera" in body and "hardware" in body


def test_state_before_and_after_a_game_starts(client, tablet):
    assert client.get("/api/state").get_json() == {"game": None, "seq": 0, "question": None}
    tablet.post("/api/game", {"board": BOARD})
    state = client.get("/api/state").get_json()
    assert state["game"] == "cannonball-colony" and state["player"] == "france" and state["phase"] == "building"
    assert state["grid"]["rows"][2][3] == "Ff" and state["grid"]["landing"] == {"france": "A3", "spain": "L4"}
    france = state["players"][0]
    assert (france["letter"], france["shape"], france["forts"]) == ("F", "circle", 1)


@pytest.mark.parametrize("url", ["/", "/verdicts", "/dispute", "/turn", "/players", "/record", "/settings", "/pair"])
def test_every_screen_renders_with_its_tab(client, url):
    page = client.get(url)
    assert page.status_code == 200 and b'aria-current="page"' in page.data or url == "/pair"
    assert b'name="csrf-token"' in page.data


@pytest.mark.parametrize("body, reason", [
    ("{\"move\": ", "Malformed JSON: Expecting value at line 1, column 10."),
    ("[1, 2]", "Expected a JSON object, got list."),
    ("", "Empty body"),
    ("{\"move\": 7}", "Missing or empty field: move"),
    ("{\"move\": \"jump D4\"}", "Unknown move: bad move 'jump D4'"),
    ("{\"move\": \"fort Z99\"}", "Unknown move 'fort Z99': Z99 is outside the island's grid"),
])
def test_bad_requests_get_a_400_with_the_reason(game, body, reason):
    response = game.client.post("/api/move", data=body, content_type="application/json",
                                headers={"X-CSRF-Token": game.csrf})
    assert response.status_code == 400
    assert reason in response.get_json()["error"]


def test_a_legal_move_then_a_refused_one_with_its_rulings(game):
    played = game.post("/api/move", {"move": "road E1"}).get_json()
    assert played["legal"] and played["event"]["type"] == "move"
    refused = game.post("/api/move", {"move": "fort D1"}).get_json()
    assert not refused["legal"] and "confirm the turn or undo it" in refused["message"]
    assert game.post("/api/undo").get_json()["message"] == "Undone: road E1."
    fort = game.post("/api/move", {"move": "fort G3"}).get_json()
    assert [r["rule"] for r in fort["verdict"]["reasons"]] == ["CC-6", "CC-7"]
    assert fort["verdict"]["reasons"][0]["cells"] == ["D3", "E3", "F3", "G3"]   # the path to draw


def test_confirm_passes_the_turn_and_nothing_to_confirm_is_refused_with_the_reason(game):
    before = game.get("/api/state").get_json()["seq"]
    nothing = game.post("/api/confirm")
    assert nothing.status_code == 409
    body = nothing.get_json()
    assert body["ok"] is False and body["legal"] is False and body["event"] is None
    assert "Nothing to confirm" in body["error"] and body["message"] == body["error"]
    assert game.get("/api/state").get_json()["seq"] == before   # nothing was logged
    game.post("/api/move", {"move": "road E1"})
    assert game.post("/api/confirm").get_json()["legal"]
    assert game.get("/api/state").get_json()["player"] == "spain"


def test_moves_before_a_game_are_refused_with_what_to_do(tablet):
    response = tablet.post("/api/move", {"move": "road E1"})
    assert response.status_code == 409 and "start one on the Table screen" in response.get_json()["error"]


@pytest.mark.parametrize("query, sentence", [
    ("q=fort-distance&cells=D3,G3", "G3 is 3 steps from D3 along E3-F3-G3: too close for two forts of one player (CC-6)."),
    ("q=cannon-range&cells=D2,F2", "Blocked: a mountain at E2 stands between D2 and F2 (CC-7)."),
    ("q=check&kind=fort&cells=G3&player=france", "Not legal: France may not build a fort on G3."),
    ("q=check&kind=road&cells=E1", "Legal: France may build a road on E1."),
])
def test_disputes_answer_with_a_sentence_and_the_cells_to_draw(game, query, sentence):
    reply = game.get("/api/dispute?" + query).get_json()
    assert reply["sentence"] == sentence
    if "fort-distance" in query:
        assert reply["path"] == ["D3", "E3", "F3", "G3"] and reply["ends"] == ["D3", "G3"]


@pytest.mark.parametrize("query, reason", [
    ("q=distance&cells=D3,G3", "Unknown question 'distance'"),
    ("q=fort-distance&cells=D3", "does not match 'fort-distance A B'"),
    ("q=fort-distance&cells=D3,Z40", "outside the island's grid"),
    ("q=check&kind=castle&cells=D3", "cannot check 'castle'"),
])
def test_bad_disputes_say_what_is_wrong(game, query, reason):
    response = game.get("/api/dispute?" + query)
    assert response.status_code == 400 and reason in response.get_json()["error"]


def test_a_correction_by_cell_is_logged_with_what_was_misread(game):
    event = game.post("/api/correct", {"cell": "E6", "token": "r"}).get_json()["event"]
    assert event["type"] == "correction" and event["note"] == "E6 was read as g; it is r"
    assert game.get("/api/state").get_json()["grid"]["rows"][5][4] == "r"
    bad = game.post("/api/correct", {"cell": "E6", "token": "Fp"})
    assert bad.status_code == 400 and "Portugal is not playing" in bad.get_json()["error"]
    bad = game.post("/api/correct", {"cell": "E6", "token": "x"})
    assert bad.status_code == 400 and "Unknown cell token 'x'" in bad.get_json()["error"]


def test_an_open_question_shows_in_the_state_until_dismissed(game, services):
    services.session.note({"type": "question", "message": "What is at E6?", "cells": ["E6"], "source": "camera"})
    assert game.get("/api/state").get_json()["question"]["cells"] == ["E6"]
    assert game.post("/api/dismiss").status_code == 200
    assert game.get("/api/state").get_json()["question"] is None
    assert game.post("/api/dismiss").status_code == 409


def test_the_record_exports_every_event_as_json_lines(game):
    game.post("/api/move", {"move": "road E1"})
    game.post("/api/confirm")
    export = game.get("/api/record.jsonl")
    assert export.mimetype == "application/x-ndjson"
    assert export.headers["Content-Disposition"] == "attachment; filename=cannonball-colony-game.jsonl"
    lines = [json.loads(line) for line in export.data.decode().splitlines()]
    assert [(e["seq"], e["type"]) for e in lines] == [(1, "game"), (2, "move"), (3, "confirm")]
    assert [e["seq"] for e in game.get("/api/record?after=1").get_json()] == [2, 3]


def test_a_random_island_for_named_countries(tablet):
    assert tablet.post("/api/game", {"players": ["portugal", "england"], "seed": 4}).status_code == 200
    assert [p["country"] for p in tablet.get("/api/state").get_json()["players"]] == ["portugal", "england"]
    bad = tablet.post("/api/game", {"players": ["france", "narnia"]})
    assert bad.status_code == 400 and "unknown country 'narnia'" in bad.get_json()["error"]


# --- security ------------------------------------------------------------------------------

def test_posts_without_the_csrf_token_are_refused(client):
    response = client.post("/api/game", json={"sample": True})
    assert response.status_code == 403 and "CSRF" in response.get_json()["error"]


def test_another_browsers_token_or_a_forged_one_is_refused(app, tablet):
    other = app.test_client()
    other.get("/api/session")                    # a session of its own, with its own token
    borrowed = other.post("/api/game", json={"sample": True}, headers={"X-CSRF-Token": tablet.csrf})
    forged = tablet.client.post("/api/game", json={"sample": True}, headers={"X-CSRF-Token": tablet.csrf[:-2] + "xx"})
    assert borrowed.status_code == forged.status_code == 403 and "CSRF" in forged.get_json()["error"]
    assert tablet.post("/api/game", {"sample": True}).status_code == 200


def test_the_session_cookie_is_samesite_lax_and_httponly(client):
    cookie = client.get("/api/session").headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_localhost_mode_refuses_other_host_names(client):
    response = client.get("/api/state", headers={"Host": "evil.example:8000"})
    assert response.status_code == 403 and "this computer only" in response.get_json()["error"]


@pytest.fixture
def lan(tmp_path, services):
    services.session.act({"type": "start", "board": BOARD})
    app = create_app({"DATA": tmp_path, "LAN": True, "PAIRING_CODE": "135790", "VIEWER_CODE": "864200", "RATE_BURST": 5,
                      "RATE_PER_SECOND": 0.01}, services=services)
    return app


def test_lan_mode_needs_pairing_before_any_change(lan):
    tablet = Tablet(lan.test_client())
    refused = tablet.post("/api/move", {"move": "road E1"})
    assert refused.status_code == 403 and "not paired" in refused.get_json()["error"]
    wrong = tablet.client.post("/pair", data={"code": "000000", "csrf_token": tablet.csrf})
    assert wrong.status_code == 403 and b"not the one on the host" in wrong.data
    right = tablet.client.post("/pair", data={"code": "135790", "csrf_token": tablet.csrf})
    assert right.status_code == 302
    assert tablet.get("/api/session").get_json()["paired"] is True
    assert tablet.post("/api/move", {"move": "road E1"}).get_json()["legal"]
    other = Tablet(lan.test_client())   # pairing is per tablet
    assert other.post("/api/undo").status_code == 403


def test_lan_mode_rate_limits_changes_and_pairing_guesses(lan):
    tablet = Tablet(lan.test_client())
    codes = [tablet.client.post("/pair", data={"code": f"{n:06d}", "csrf_token": tablet.csrf}).status_code
             for n in range(7)]
    assert codes[:5] == [403] * 5 and codes[5:] == [429, 429]
    paired = Tablet(lan.test_client(), )
    paired.client.environ_base["REMOTE_ADDR"] = "10.0.0.9"
    paired.client.post("/pair", data={"code": "135790", "csrf_token": paired.csrf})
    statuses = [paired.post("/api/confirm").status_code for _ in range(6)]
    assert statuses[:4] == [409] * 4 and statuses[-1] == 429   # nothing to confirm, then too many
    assert "Too many changes" in paired.post("/api/confirm").get_json()["error"]
