"""The Colony's Play screen through Flask's test client: a sowing tried out asks each choice as the eggs
reach it and logs nothing; confirmed, it is logged with its path, counts and rule; the ant move or
pass; undo one step at a time; every seat sees the same logs; bad requests get a 4xx that says why."""

from __future__ import annotations

import pytest

from companion.dashboard import create_app
from companion.dashboard.broadcast import Broadcaster
from companion.dashboard.video import FrameHub
from companion.dashboard.web import Services
from companion.games.the_colony.demo import START_BOARD
from companion.games.the_colony.record import RECORD
from companion.session import EventLog, Session

from .conftest import Tablet

PLAYER_CODE, VIEWER_CODE = "246810", "975310"
# Red's ant on L5, black's on L10; the other logs as the lines say, every log not named empty.
ANTS_BOARD = ("turn: red\ncollected: red=2 black=1\nants: optional\n"
              "L1 0\nL2 0\nL3 0\nL4 0\nL5 2 R\nL6 0\nL7 0\nL8 0\nL9 0\nL10 4 B\nL11 1\nL12 0\nL13 0\nL14 0\n"
              "L15 0\nL16 0\nL17 0\nL18 0\nL19 0\n")


def colony_services(tmp_path) -> Services:
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    return Services(session, Broadcaster(session, heartbeat=0.5), FrameHub(max_fps=30))


@pytest.fixture
def colony(tmp_path):
    services = colony_services(tmp_path)
    app = create_app({"TESTING": True, "DATA": tmp_path, "HEARTBEAT": 0.5}, services=services)
    tablet = Tablet(app.test_client())
    assert tablet.post("/api/colony/game").status_code == 200   # the rulebook's setup
    yield tablet, services.session
    services.broadcaster.close()


def state(tablet) -> dict:
    return tablet.get("/api/state").get_json()


def test_a_new_game_is_the_rulebooks_setup_with_every_log_legal_for_red(colony):
    tablet, _ = colony
    view = state(tablet)
    assert view["game"] == "the-colony" and view["player"] == "red" and view["phase"] == "sow"
    assert view["legal"] == [f"L{n}" for n in range(1, 20)] and set(view["eggs"].values()) == {3}
    assert view["scores"] == {"red": 0, "black": 0} and view["undo"] is None and view["last_sowing"] is None
    layout = tablet.get("/api/colony/layout").get_json()
    assert len(layout["spaces"]) == 19 and layout["spaces"][2] == {"id": "L3", "kind": "double", "next": ["L4", "L19"],
                                                                   "at": [150.0, 30.0]}
    page = tablet.get("/").get_data(as_text=True)
    assert "Confirm sowing" in page and "colony.js" in page and ">Play<" in page


def test_trying_a_sowing_asks_the_double_logs_way_then_says_where_the_eggs_went_and_logs_nothing(colony):
    tablet, session = colony
    before = session.last_seq()
    asked = tablet.post("/api/colony/try", {"space": "L1", "via": []}).get_json()
    assert asked["done"] is False and asked["choice_at"] == "L3" and asked["options"] == ["L4", "L19"]
    assert asked["path"] == ["L2", "L3"] and asked["eggs"]["L1"] == 0 and asked["eggs"]["L3"] == 4
    assert asked["message"] == "Where do the eggs leaving L3 go: L4 or L19?"
    done = tablet.post("/api/colony/try", {"space": "L1", "via": ["L19"]}).get_json()
    assert done["done"] is True and done["path"] == ["L2", "L3", "L19"]
    assert done["ended_by"] == "collect and place an ant" and done["ant_placed"] == "L19" and done["collected"] == 1
    assert done["ants"] == {"L19": "red"} and done["eggs"]["L19"] == 3   # the last egg is collected, not placed
    assert [step["rule"] for step in done["steps"]] == ["rules:action"]
    assert session.last_seq() == before and state(tablet)["eggs"]["L1"] == 3   # nothing logged, nothing changed


def test_a_relay_from_the_centre_offers_the_centres_choice_after_the_pick_up(colony):
    tablet, _ = colony
    board = "turn: red\ncollected: red=0 black=0\nants: optional\n" + "".join(
        f"L{n} {1 if n in (17, 19) else 2}\n" for n in range(1, 20))
    tablet.post("/api/colony/game", {"board": board})
    first = tablet.post("/api/colony/try", {"space": "L17"}).get_json()   # one egg, and L17 is a double log
    assert first["choice_at"] == "L17" and first["options"] == ["L18", "L19"] and first["path"] == []
    relay = tablet.post("/api/colony/try", {"space": "L17", "via": ["L19"]}).get_json()
    # The egg joins the centre's one: both are picked up, and the centre offers its ways (TC-5).
    assert relay["done"] is False and relay["path"] == ["L19"] and relay["choice_at"] == "L19"
    assert relay["options"] == ["L3", "L8", "L12", "L17"] and relay["eggs"]["L19"] == 0
    done = tablet.post("/api/colony/try", {"space": "L17", "via": ["L19", "L12"]}).get_json()   # L12 asks next
    assert done["path"] == ["L19", "L12"] and done["choice_at"] == "L12" and done["options"] == ["L13", "L19"]


def test_confirm_sows_for_real_then_the_turn_ends_with_a_pass_and_undo_takes_back_one_step_at_a_time(colony):
    tablet, session = colony
    sown = tablet.post("/api/colony/sow", {"space": "L1", "via": ["L19"]}).get_json()
    assert sown["ok"] and sown["event"]["type"] == "sowing" and sown["event"]["path"] == ["L2", "L3", "L19"]
    view = state(tablet)
    assert view["phase"] == "move-ant" and view["player"] == "red" and view["scores"] == {"red": 4, "black": 0}
    last = view["last_sowing"]
    assert last["player"] == "red" and last["space"] == "L1" and last["via"] == ["L19"]
    assert last["eggs_before"]["L1"] == 3 and last["steps"][0]["rule"] == "rules:action"
    assert view["undo"] == "Red's sowing from L1"
    assert tablet.post("/api/colony/pass").status_code == 200
    view = state(tablet)
    assert view["player"] == "black" and view["phase"] == "sow" and "L19" not in view["legal"]
    assert view["undo"] == "Red's choice to move no ant" and view["last_sowing"]["path"] == ["L2", "L3", "L19"]

    undone = tablet.post("/api/colony/undo").get_json()
    assert undone["message"] == "Undone: Red's choice to move no ant." and undone["event"]["type"] == "undo"
    assert state(tablet)["phase"] == "move-ant" and state(tablet)["player"] == "red"
    tablet.post("/api/colony/undo")
    view = state(tablet)
    assert view["eggs"]["L1"] == 3 and view["ants"] == {} and view["last_sowing"] is None and view["undo"] is None
    nothing = tablet.post("/api/colony/undo")
    assert nothing.status_code == 409 and "Nothing to undo" in nothing.get_json()["error"]
    assert [e["type"] for e in tablet.get("/api/record").get_json()] == ["game", "sowing", "pass", "undo", "undo"]


def test_an_ant_steps_to_a_touching_free_space_and_ant_moves_become_mandatory(colony):
    tablet, _ = colony
    assert tablet.post("/api/colony/game", {"board": ANTS_BOARD}).status_code == 200
    tablet.post("/api/colony/sow", {"space": "L11"})   # one egg to L12, empty: it stops there
    assert state(tablet)["ant_moves"] == [["L5", "L4"], ["L5", "L6"]]
    far = tablet.post("/api/colony/ant", {"from": "L5", "to": "L9"})
    assert far.status_code == 409
    assert far.get_json()["error"] == "Not legal: L9 does not touch L5; an ant moves one space."
    theirs = tablet.post("/api/colony/ant", {"from": "L10", "to": "L9"})
    assert theirs.get_json()["error"] == "Not legal: L10 has a black ant; red moves a red ant."
    assert tablet.post("/api/colony/ant", {"from": "L5", "to": "L6"}).status_code == 200
    view = state(tablet)
    assert view["ants"] == {"L6": "red", "L10": "black"} and view["ants_mandatory"] and view["player"] == "black"


def test_every_seat_sees_the_same_logs_for_nothing_on_the_table_is_secret(tmp_path):
    services = colony_services(tmp_path)
    services.session.act(RECORD.start(START_BOARD.read_text()))
    services.session.act({"type": "sow", "space": "L1", "via": ["L4"]})
    app = create_app({"DATA": tmp_path, "LAN": True, "PAIRING_CODE": PLAYER_CODE, "VIEWER_CODE": VIEWER_CODE},
                     services=services)
    views = []
    for code, seat in ((PLAYER_CODE, "red"), (PLAYER_CODE, "black"), (VIEWER_CODE, "")):
        tablet = Tablet(app.test_client())
        paired = tablet.client.post("/pair", data={"code": code, "seat": seat, "csrf_token": tablet.csrf})
        assert paired.status_code == 302
        views.append(state(tablet))
    assert views[0] == views[1] == views[2] == services.session.view(None)
    assert views[0]["ants"] == {"L4": "red"} and views[0]["last_sowing"]["path"] == ["L2", "L3", "L4"]
    services.broadcaster.close()


BAD = [
    ("/api/colony/try", {}, 400, "Missing space: send the id of a log space"),
    ("/api/colony/try", {"space": "L99"}, 400, "'L99' is not a log space of the default layout (L1 to L19)."),
    ("/api/colony/try", {"space": "x" * 5000}, 400, "is not a log space of the default layout"),
    ("/api/colony/try", {"space": "L1", "via": "L19"}, 400, "via must be a list of log spaces"),
    ("/api/colony/try", {"space": "L1", "via": [19]}, 400, "Missing via"),
    ("/api/colony/try", {"space": "L1", "via": ["L1"] * 500}, 400, "via lists 500 choices; a sowing needs at most"),
    ("/api/colony/try", {"space": "L1", "via": ["L12"]}, 409,
     "Not that way: eggs leaving L3 go to L4 or L19, not 'L12'."),
    ("/api/colony/try", {"space": "L1", "via": ["L4", "L19"]}, 409, "the sowing ended before the choice 'L19' came up"),
    ("/api/colony/sow", {"space": "L1"}, 409, "Say where the eggs leaving L3 go: L4 or L19."),
    ("/api/colony/ant", {"from": "L1", "to": "L2"}, 409, "Sow first: the ant moves after the eggs."),
    ("/api/colony/ant", {"from": "L1"}, 400, "Missing to"),
    ("/api/colony/pass", {}, 409, "Sow first: a turn begins with the eggs."),
    ("/api/colony/game", {"board": "turn: red\n"}, 400,
     "Bad position: line 1, column 1: expected a 'collected:' header"),
    ("/api/colony/game", {"board": 7}, 400, "board must be a position as text, not 7."),
    ("/api/colony/game", {"board": "layout: /etc/passwd\n"}, 400, "A tablet cannot name a layout file"),
    ("/api/colony/dismiss", {}, 409, "There is no open question to dismiss."),
]


@pytest.mark.parametrize("url, body, status, said", BAD,
                         ids=[f"{u.split('/')[-1]}:{str(b)[:30]}" for u, b, _, _ in BAD])
def test_a_bad_request_gets_a_4xx_with_a_short_sentence_and_logs_nothing(colony, url, body, status, said):
    tablet, session = colony
    before = session.last_seq()
    answer = tablet.post(url, body)
    error = answer.get_json()["error"]
    assert answer.status_code == status and said in error and len(error) < 200, error
    assert session.last_seq() == before


def test_malformed_json_and_a_sowing_from_an_ant_or_after_the_end_are_refused(colony):
    tablet, session = colony
    garbled = tablet.client.post("/api/colony/try", data="{space: L1", content_type="application/json",
                                 headers={"X-CSRF-Token": tablet.csrf})
    assert garbled.status_code == 400 and "Malformed JSON" in garbled.get_json()["error"]
    tablet.post("/api/colony/sow", {"space": "L1", "via": ["L4"]})
    tablet.post("/api/colony/pass")
    guarded = tablet.post("/api/colony/try", {"space": "L4"})   # red's new ant protects L4
    assert guarded.status_code == 409 and guarded.get_json()["error"] == "Not legal: a red ant protects L4."
    over = "turn: black\ncollected: red=30 black=27\nants: optional\n" + "".join(f"L{n} 0\n" for n in range(1, 20))
    tablet.post("/api/colony/game", {"board": over})
    assert state(tablet)["over"] and state(tablet)["legal"] == []
    ended = tablet.post("/api/colony/try", {"space": "L1"})
    assert ended.status_code == 409 and ended.get_json()["error"].startswith("The game is over: Black cannot select")


def test_no_game_yet_is_a_409_that_says_to_start_one(tmp_path):
    services = colony_services(tmp_path)
    tablet = Tablet(create_app({"TESTING": True, "DATA": tmp_path}, services=services).test_client())
    for url in ("/api/colony/try", "/api/colony/sow", "/api/colony/undo", "/api/colony/pass"):
        answer = tablet.post(url, {"space": "L1"})
        assert answer.status_code == 409 and "No game yet" in answer.get_json()["error"], url
    assert tablet.get("/api/colony/layout").status_code == 409
    services.broadcaster.close()


def test_a_restart_replays_the_log_to_the_same_game_undo_and_all(tmp_path, colony):
    tablet, session = colony
    tablet.post("/api/colony/sow", {"space": "L1", "via": ["L19"]})
    tablet.post("/api/colony/ant", {"from": "L19", "to": "L8"})
    tablet.post("/api/colony/sow", {"space": "L9"})
    tablet.post("/api/colony/undo")
    again = Session(EventLog(session.log.path), RECORD)
    assert again.view() == session.view()
    assert again.view()["undo"] == "Red's ant move from L19 to L8" and again.view()["player"] == "black"


def test_the_record_and_settings_screens_come_with_the_colony_tabs_and_the_export_is_named_after_it(colony):
    tablet, _ = colony
    tablet.post("/api/colony/sow", {"space": "L1", "via": ["L4"]})
    for url in ("/record", "/settings"):
        page = tablet.get(url)
        html = page.get_data(as_text=True)
        assert page.status_code == 200 and ">Play<" in html and ">Record<" in html and "Cannon" not in html, url
    export = tablet.get("/api/record.jsonl")
    assert export.headers["Content-Disposition"].endswith("filename=the-colony-game.jsonl")
    lines = export.get_data(as_text=True).splitlines()
    assert len(lines) == 2 and '"type": "sowing"' in lines[1] and '"path": ["L2", "L3", "L4"]' in lines[1]
