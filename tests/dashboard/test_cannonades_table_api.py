"""A table of physical cards on the Table screen's API: the players press End turn and say what the camera
cannot see (a grin's card drawn) from any screen that may change the game; bad requests are a 4xx with a
short message, a press that makes no sense now is refused with the rules' reason, and nothing is logged."""

from __future__ import annotations

from companion.dashboard import create_app
from companion.dashboard.broadcast import Broadcaster
from companion.dashboard.video import FrameHub
from companion.dashboard.web import Services
from companion.games.cannonades.record import RECORD
from companion.session import EventLog, Session

EMPTY2 = "up=;ways=;down=2;shots="


def test_end_turn_and_a_grin_told_from_the_shared_screen_and_bad_presses_refused(tmp_path):
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    session.act({"type": "start", "cards": "physical", "seats": ["anna", "ben"], "had_turn": ["anna", "ben"],
                 "source": "camera"})
    for ben in (EMPTY2, "up=;ways=;down=2;shots=C26>face down", "up=S13;ways=west;down=1;shots=C26>S13"):
        session.act({"type": "seen", "table": {"seat 1": EMPTY2, "seat 2": ben, "discard": ""}, "source": "camera"})
    app = create_app({"TESTING": True, "DATA": tmp_path},
                     services=Services(session, Broadcaster(session, heartbeat=0.5), FrameHub()))
    client = app.test_client()
    csrf = {"X-CSRF-Token": client.get("/api/session").get_json()["csrf"]}
    page = client.get("/").get_data(as_text=True)
    assert 'id="cn-physical"' in page
    view = client.get("/api/state").get_json()
    assert (view["cards"], view["decision"]["kind"], view["to_move"]) == ("physical", "grin", "ben")

    logged = session.seq
    early = client.post("/api/cannonades/table", json={"type": "table-end"}, headers=csrf)
    assert early.status_code == 409 and "ben's Vendetta is still due against anna" in early.get_json()["error"]
    for body, status, words in (({"type": "table-steal"}, 400, "type must be table-end or table-tell"),
                                ({"type": "table-tell", "what": "wish"}, 400, "what must be one of draw, none, salvage"),
                                ({"type": "add", "card": "S01"}, 400, "type must be table-end or table-tell")):
        answer = client.post("/api/cannonades/table", json=body, headers=csrf)
        assert answer.status_code == status and words in answer.get_json()["error"], answer.get_json()
    assert session.seq == logged

    told = client.post("/api/cannonades/table", json={"type": "table-tell", "what": "draw"}, headers=csrf).get_json()
    assert told["ok"] and told["message"] == "ben's Vendetta (S13, damaged): ben draws 1 (6 card(s) in hand, 59 left in the deck)."
    ended = client.post("/api/cannonades/table", json={"type": "table-end"}, headers=csrf).get_json()
    assert ended["message"] == "anna holds 4 cards: discard down to 3. ben's turn: draws 3 (56 left in the deck)"
    assert client.get("/api/state").get_json()["players"]["ben"]["hand"] == 9


def test_the_camera_s_question_shows_on_the_camera_screen_and_is_dismissed(tmp_path):
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    session.act({"type": "start", "cards": "physical", "seats": ["anna", "ben"], "source": "camera"})
    session.act({"type": "seen", "table": {"seat 1": EMPTY2, "seat 2": EMPTY2, "discard": ""}, "source": "camera"})
    app = create_app({"TESTING": True, "DATA": tmp_path},
                     services=Services(session, Broadcaster(session, heartbeat=0.5), FrameHub()))
    client = app.test_client()
    csrf = {"X-CSRF-Token": client.get("/api/session").get_json()["csrf"]}
    assert client.post("/api/cannonades/dismiss", headers=csrf).status_code == 409   # nothing asked yet
    session.act({"type": "seen", "table": {"seat 1": "up=S03;ways=west;down=1;shots=", "seat 2": EMPTY2, "discard": ""},
                 "source": "camera"})
    page = client.get("/camera").get_data(as_text=True)
    assert 'id="video"' in page and 'id="question"' in page
    assert client.get("/api/state").get_json()["question"]["message"] == \
        "S03 turned face up in anna's fleet with no shot at it: what happened?"
    assert client.post("/api/cannonades/dismiss", headers=csrf).get_json()["ok"]
    assert client.get("/api/state").get_json()["question"] is None
