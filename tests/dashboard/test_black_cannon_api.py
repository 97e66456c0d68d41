"""Black Cannon's Play screen through Flask's test client: the roll, a move tried out (logged only once
confirmed), the Black Cannon's shot and the sea battle after it, the chest's fate, undo that never
crosses a roll or a shot; every seat sees the same board; bad requests get a short 4xx and log nothing."""

from __future__ import annotations

import json

import pytest

from companion.dashboard import create_app
from companion.games.black_cannon.demo import START_BOARD
from companion.games.black_cannon.record import RECORD
from companion.session import EventLog, Session
from tests.games.black_cannon.black_cannon_boards import board_data

from .black_cannon_scenes import CANNON_AND_BATTLE, CANNON_TURN, TWO_PLAYERS, bc_services
from .conftest import Tablet

PLAYER_CODE, VIEWER_CODE = "246810", "975310"


@pytest.fixture
def bc(tmp_path):
    services = bc_services(tmp_path)
    app = create_app({"TESTING": True, "DATA": tmp_path, "HEARTBEAT": 0.5}, services=services)
    tablet = Tablet(app.test_client())
    assert tablet.post("/api/bc/game").status_code == 200   # the rulebook's setup for three
    yield tablet, services.session
    services.broadcaster.close()


def state(tablet) -> dict:
    return tablet.get("/api/state").get_json()


def types(tablet) -> list[str]:
    return [event["type"] for event in tablet.get("/api/record").get_json()]


def test_a_new_game_is_the_setup_with_three_galleons_in_port_and_the_play_screen_has_its_tabs(bc):
    tablet, _ = bc
    view = state(tablet)
    assert view["game"] == "black-cannon" and view["player"] == "anna" and view["phase"] == "roll"
    assert view["ships"]["red"] == {"kind": "galleon", "square": "A1"} and view["chests"] == {"D4": 4, "J4": 3, "D9": 3, "J9": 4}
    board = tablet.get("/api/bc/board").get_json()
    assert board["ports"]["red"] == "A1" and board["black_cannon"] == ["F2", "K6", "B7", "G11"]
    page = tablet.get("/").get_data(as_text=True)
    assert "Confirm move" in page and "bc.js" in page and ">Play<" in page and ">Cannon<" in page


def test_a_move_tried_out_says_where_and_why_and_logs_nothing_then_confirmed_it_is_logged_and_undone(bc):
    tablet, session = bc
    assert tablet.post("/api/bc/roll", {"dice": [4, 2]}).get_json()["message"] == "Anna rolls 4 and 2."
    assert state(tablet)["legal"] == {"red": ["C1", "E1", "G1", "C3", "E5", "G7", "A3", "A5", "A7"]}
    before = session.last_seq()
    tried = tablet.post("/api/bc/check", {"fleet": "red", "to": "E5"}).get_json()
    assert tried["legal"] and tried["path"] == ["B2", "C3", "D4", "E5"] and "[rules:move]" in tried["message"]
    refused = tablet.post("/api/bc/check", {"fleet": "red", "to": "D1"})   # three squares: no roll value is 3
    assert refused.status_code == 409 and refused.get_json()["error"] == "D1 is 3 squares from A1; the roll allows 2, 4 or 6."
    assert refused.get_json()["verdict"]["reasons"][0]["cells"] == ["B1", "C1", "D1"]
    assert session.last_seq() == before and state(tablet)["ships"]["red"]["square"] == "A1"

    moved = tablet.post("/api/bc/move", {"fleet": "red", "to": "E5"}).get_json()
    assert moved["event"]["path"] == ["B2", "C3", "D4", "E5"] and state(tablet)["player"] == "bob"
    assert state(tablet)["can_undo"] and state(tablet)["last_move"] == {"fleet": "red", "from": "A1",
                                                                         "path": ["B2", "C3", "D4", "E5"]}
    assert tablet.post("/api/bc/undo").get_json()["message"] == "Red's move is taken back."
    view = state(tablet)
    assert view["player"] == "anna" and view["phase"] == "move" and view["roll"] == [4, 2]   # the roll stands
    again = tablet.post("/api/bc/undo")   # never across the roll
    assert again.status_code == 409 and "never a roll or a shot" in again.get_json()["error"]
    assert types(tablet) == ["game", "roll", "move", "undo"]


def test_a_ship_on_a_black_cannon_square_fires_and_a_sunk_frigate_s_chest_goes_where_the_shooter_says(bc):
    tablet, session = bc
    tablet.post("/api/bc/game", {"board": CANNON_TURN})
    tablet.post("/api/bc/roll", {"dice": [4, 1]})
    tried = tablet.post("/api/bc/check", {"fleet": "red", "to": "B7"}).get_json()
    assert tried["black_cannon"] and not tried["chest_here"] and tried["path"] == ["B4", "B5", "B6", "B7"]
    moved = tablet.post("/api/bc/move", {"fleet": "red", "to": "B7"}).get_json()
    assert "B7 is a Black Cannon square: red must fire" in moved["message"]
    view = state(tablet)
    assert view["phase"] == "shot" and view["shots"] == [{"shooter": "red", "cause": "black-cannon",
                                                          "targets": ["blue", "green"], "edge": None}]
    assert tablet.post("/api/bc/roll", {"dice": [3, 3]}).get_json()["error"] == "Fire the shot owed first."
    before = session.last_seq()
    lost = tablet.post("/api/bc/shot", {"target": "blue", "sunk": True})   # the frigate's chest: where to?
    assert lost.status_code == 409 and "the shooter says where it goes (ship, D4, J4, D9, J9)" in lost.get_json()["error"]
    assert session.last_seq() == before
    fired = tablet.post("/api/bc/shot", {"target": "blue", "sunk": True, "chest": "ship"}).get_json()
    assert fired["message"] == ("Blue's frigate sinks and comes back as a raft on J8. Its chest goes onto the "
                                "shooter's ship. [rules:sinking]")
    view = state(tablet)
    assert view["ships"]["blue"] == {"kind": "raft", "square": "J8"} and view["carrying"] == ["red"]
    assert view["player"] == "bob" and view["phase"] == "roll" and not view["can_undo"]
    refused = tablet.post("/api/bc/undo")   # never across the shot
    assert refused.status_code == 409 and session.last_seq() == before + 1
    assert types(tablet)[-3:] == ["roll", "move", "shot"]


def test_after_the_black_cannon_the_sea_battle_across_edge_d_is_fought_red_first(bc):
    tablet, _ = bc
    tablet.post("/api/bc/game", {"board": CANNON_AND_BATTLE})
    tablet.post("/api/bc/roll", {"dice": [4, 1]})
    moved = tablet.post("/api/bc/move", {"fleet": "red", "to": "B7"}).get_json()
    assert "across edge D: a sea battle; red moved last and fires first" in moved["message"]
    assert [(s["shooter"], s["cause"], s["targets"]) for s in state(tablet)["shots"]] == [
        ("red", "black-cannon", ["blue", "green"]), ("red", "battle", ["green"]), ("green", "battle", ["red"])]
    assert tablet.post("/api/bc/shot", {"target": None}).get_json()["message"] == "Red misses: no result."
    wrong = tablet.post("/api/bc/shot", {"target": "blue", "sunk": True})   # a battle shot hits the ship faced
    assert wrong.status_code == 409 and wrong.get_json()["error"] == "Red may fire at green, not blue."
    sunk = tablet.post("/api/bc/shot", {"target": "green", "sunk": True}).get_json()
    assert sunk["message"].startswith("Green's galleon sinks and comes back as a frigate on B6.")
    tablet.post("/api/bc/shot", {"target": "red", "sunk": False})   # green fires back and misses the sinking
    view = state(tablet)
    assert view["ships"]["green"]["kind"] == "frigate" and view["ships"]["red"]["kind"] == "galleon"
    assert view["player"] == "bob" and view["shots"] == []


def test_with_two_fleets_each_the_player_sails_either_and_not_the_opponents(bc):
    tablet, _ = bc
    tablet.post("/api/bc/game", {"board": TWO_PLAYERS})
    tablet.post("/api/bc/roll", {"dice": [2, 1]})
    assert set(state(tablet)["legal"]) == {"red", "green"}
    theirs = tablet.post("/api/bc/check", {"fleet": "blue", "to": "J1"})
    assert theirs.status_code == 409 and theirs.get_json()["error"] == "Blue is not anna's fleet: anna moves red or green."
    assert tablet.post("/api/bc/move", {"fleet": "green", "to": "A10"}).get_json()["ok"]
    assert state(tablet)["ships"]["green"]["square"] == "A10" and state(tablet)["player"] == "bob"


def test_every_seat_sees_the_same_board_for_nothing_on_it_is_secret(tmp_path):
    services = bc_services(tmp_path)
    services.session.act(RECORD.start(START_BOARD.read_text()))
    services.session.act({"type": "roll", "dice": [4, 2]})
    services.session.act({"type": "move", "fleet": "red", "to": "E5"})
    app = create_app({"DATA": tmp_path, "LAN": True, "PAIRING_CODE": PLAYER_CODE, "VIEWER_CODE": VIEWER_CODE},
                     services=services)
    views, records = [], []
    for code, seat in ((PLAYER_CODE, "anna"), (PLAYER_CODE, "bob"), (VIEWER_CODE, "")):
        tablet = Tablet(app.test_client())
        paired = tablet.client.post("/pair", data={"code": code, "seat": seat, "csrf_token": tablet.csrf})
        assert paired.status_code == 302
        views.append(state(tablet))
        records.append(tablet.get("/api/record").get_json())
    assert views[0] == views[1] == views[2] == services.session.view(None)
    assert records[0] == records[1] == records[2] and views[0]["ships"]["red"]["square"] == "E5"
    services.broadcaster.close()


BAD = [
    ("/api/bc/roll", {}, 400, "dice must be one or two numbers from 1 to 6, like [4, 2], not None."),
    ("/api/bc/roll", {"dice": [7, 1]}, 400, "dice must be one or two numbers from 1 to 6"),
    ("/api/bc/roll", {"dice": [True, 2]}, 400, "dice must be one or two numbers from 1 to 6"),
    ("/api/bc/roll", {"dice": [1, 2, 3]}, 400, "dice must be one or two numbers from 1 to 6"),
    ("/api/bc/roll", {"dice": [3]}, 409, "Anna's ships roll both dice (red): roll again."),
    ("/api/bc/check", {"fleet": "red", "to": "E5"}, 409, "Roll first."),
    ("/api/bc/check", {"to": "E5"}, 400, "Missing fleet: send a fleet in play (red, blue, green)."),
    ("/api/bc/check", {"fleet": "purple", "to": "E5"}, 400, "'purple' is not a fleet in play (red, blue, green)."),
    ("/api/bc/check", {"fleet": "x" * 5000, "to": "E5"}, 400, "is not a fleet in play"),
    ("/api/bc/check", {"fleet": "red", "to": "Z99"}, 400, "'Z99' is not a square of the board (A1 to L12)."),
    ("/api/bc/move", {"fleet": "red", "to": "E5"}, 409, "Roll first."),
    ("/api/bc/move", {"fleet": "red", "to": "E5", "take_chest": "yes"}, 400, "take_chest must be true or false"),
    ("/api/bc/shot", {"target": None}, 409, "No shot is owed now."),
    ("/api/bc/shot", {"target": "blue", "sunk": 1}, 400, "sunk must be true or false, not 1."),
    ("/api/bc/shot", {"target": "blue", "chest": "Q0"}, 400, "'Q0' is not a square of the board"),
    ("/api/bc/undo", {}, 409, "Nothing to undo: an undo takes back a move, never a roll or a shot."),
    ("/api/bc/game", {"board": "turn: anna\n"}, 400, "Bad position: line 1"),
    ("/api/bc/game", {"board": 7}, 400, "board must be a position as text, not 7."),
    ("/api/bc/game", {"board": "board: /etc/passwd\n"}, 400, "A tablet cannot name a board file"),
    ("/api/bc/dismiss", {}, 409, "There is no open question to dismiss."),
]


@pytest.mark.parametrize("url, body, status, said", BAD, ids=[f"{u.split('/')[-1]}:{str(b)[:30]}" for u, b, _, _ in BAD])
def test_a_bad_request_gets_a_4xx_with_a_short_sentence_and_logs_nothing(bc, url, body, status, said):
    tablet, session = bc
    before = session.last_seq()
    answer = tablet.post(url, body)
    error = answer.get_json()["error"]
    assert answer.status_code == status and said in error and len(error) < 200, error
    assert session.last_seq() == before


def test_malformed_json_is_a_400_and_no_game_yet_is_a_409_that_says_to_start_one(bc, tmp_path):
    tablet, _ = bc
    garbled = tablet.client.post("/api/bc/roll", data="{dice: [4", content_type="application/json",
                                 headers={"X-CSRF-Token": tablet.csrf})
    assert garbled.status_code == 400 and "Malformed JSON" in garbled.get_json()["error"]
    services = bc_services(tmp_path / "empty")
    empty = Tablet(create_app({"TESTING": True, "DATA": tmp_path}, services=services).test_client())
    for url in ("/api/bc/roll", "/api/bc/check", "/api/bc/move", "/api/bc/shot", "/api/bc/undo"):
        answer = empty.post(url, {"dice": [1, 2], "fleet": "red", "to": "A2"})
        assert answer.status_code == 409 and "No game yet" in answer.get_json()["error"], url
    assert empty.get("/api/bc/board").status_code == 409
    services.broadcaster.close()


def test_a_restart_replays_the_log_to_the_same_game_mid_shot_and_the_export_is_named_after_it(bc):
    tablet, session = bc
    tablet.post("/api/bc/game", {"board": CANNON_TURN})
    tablet.post("/api/bc/roll", {"dice": [4, 1]})
    tablet.post("/api/bc/move", {"fleet": "red", "to": "B7"})
    again = Session(EventLog(session.log.path), RECORD)
    assert again.view() == session.view() and again.view()["phase"] == "shot"
    export = tablet.get("/api/record.jsonl")
    assert export.headers["Content-Disposition"].endswith("filename=black-cannon-game.jsonl")
    lines = export.get_data(as_text=True).splitlines()
    assert len(lines) == 4 and '"type": "move"' in lines[3] and '"path": ["B4", "B5", "B6", "B7"]' in lines[3]


def test_a_boxed_in_ship_stays_put_on_a_board_serve_was_given_and_the_turn_passes(bc, tmp_path):
    tablet, session = bc
    path = tmp_path / "boxed.json"   # blue on C3, red on D3: land all round, the only way out is through red
    path.write_text(json.dumps(board_data("~~~~~", "~###~", "~#~~~", "~###~", "~~~~~")))
    session.act(RECORD.start(f"players: anna=red bob=blue cleo=green\nturn: bob\n"
                             f"ships: blue=frigate@C3 red=galleon@D3\nboard: {path}\n", source="serve"))
    assert tablet.get("/api/bc/board").get_json()["squares"][2] == "~#~~~"
    tablet.post("/api/bc/roll", {"dice": [1]})
    assert state(tablet)["legal"] == {"blue": []}
    other = tablet.post("/api/bc/move", {"fleet": "blue", "to": "E3"})   # through red: 2 squares, the roll is 1
    assert other.status_code == 409 and other.get_json()["verdict"]["reasons"][0]["rule"] == "BC-5"
    stayed = tablet.post("/api/bc/move", {"fleet": "blue", "to": "C3"}).get_json()
    assert stayed["ok"] and "the ship stays where it is and the turn passes" in stayed["message"]
    assert state(tablet)["player"] == "cleo" and state(tablet)["ships"]["blue"]["square"] == "C3"


CHEST_RUN = ("players: anna=red bob=blue cleo=green\nturn: anna\n"
             "ships: red=galleon@D1 blue=galleon@L1 green=frigate@A10\ncarrying: green\n"
             "home: red=0 blue=0 green=2\n")


def test_a_chest_is_picked_up_only_when_wanted_and_brought_home_to_the_fleets_own_port(bc):
    tablet, _ = bc
    tablet.post("/api/bc/game", {"board": CHEST_RUN})
    tablet.post("/api/bc/roll", {"dice": [3, 1]})
    tried = tablet.post("/api/bc/check", {"fleet": "red", "to": "D4"}).get_json()   # D1 three south: treasure
    assert tried["chest_here"] and not tried["home"] and tried["path"] == ["D2", "D3", "D4"]
    left = tablet.post("/api/bc/move", {"fleet": "red", "to": "D4", "take_chest": False}).get_json()
    assert "Red leaves the chests on D4." in left["message"] and state(tablet)["chests"]["D4"] == 4
    tablet.post("/api/bc/undo")
    took = tablet.post("/api/bc/move", {"fleet": "red", "to": "D4"}).get_json()
    assert "Red picks up a chest on D4 (3 left there). [rules:treasure]" in took["message"]
    assert state(tablet)["carrying"] == ["green", "red"] and state(tablet)["chests"]["D4"] == 3
    tablet.post("/api/bc/roll", {"dice": [6, 6]})
    tablet.post("/api/bc/move", {"fleet": "blue", "to": "F1"})   # bob: six squares west
    tablet.post("/api/bc/roll", {"dice": [2]})   # cleo's frigate rolls one die: two squares south, home
    home = tablet.post("/api/bc/check", {"fleet": "green", "to": "A12"}).get_json()
    assert home["home"] and not home["chest_here"]
    won = tablet.post("/api/bc/move", {"fleet": "green", "to": "A12"}).get_json()
    assert "Green brings a chest home to A12: 3 stored there." in won["message"]
    view = state(tablet)
    assert view["over"] and view["winner"] == "cleo" and view["scores"]["cleo"] == {"home": 3, "carried": 0}
    over = tablet.post("/api/bc/roll", {"dice": [1, 1]})
    assert over.status_code == 409 and over.get_json()["error"] == "The game is over: cleo has three chests home."
