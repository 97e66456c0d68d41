"""The venue board's model without a broker (fast): each hostile message counted by its reason,
dropped with a log line that never echoes it; gaps healed by the next state; the CSV of results;
the page's bad input answered 4xx with a short message."""

from __future__ import annotations

import json
import logging

import pytest

from companion.publish.address import AddressError, credentials, parse_address
from companion.venue.board import VenueBoard, VenueSettings
from companion.venue.web import create_venue_app

GAMES = {"cannonball-colony": "Cannonball Colony", "the-colony": "The Colony"}
VIEW = {"game": "the-colony", "player": "red", "scores": {"black": 3, "red": 5}, "over": False, "winners": []}


def board() -> VenueBoard:
    return VenueBoard("club", GAMES, VenueSettings(max_payload=4096, max_tables=3))


def send(venue: VenueBoard, table: str, kind: str, data) -> bool:
    payload = data if isinstance(data, bytes) else json.dumps(data).encode()
    return venue.receive(f"club/tables/{table}/{kind}", payload)


def event(seq: int, **more) -> dict:
    return {"seq": seq, "type": "sowing", "game": "the-colony", "message": f"move {seq}", **more}


def state(seq: int, view=VIEW) -> dict:
    return {"seq": seq, "game": "the-colony", "title": "The Colony", "view": {**view, "seq": seq}}


# message -> the reason it is dropped for
HOSTILE = [
    ("events", b"{\"seq\": 1,", "malformed JSON"),
    ("events", b"\xff\xfe not text", "malformed JSON"),
    ("events", b"[1, 2, 3]", "malformed JSON"),
    ("events", {"seq": 1, "type": "move", "game": "chess"}, "unknown game"),
    ("state", {"seq": 1, "game": "chess", "view": {}}, "unknown game"),
    ("events", {"seq": "1", "type": "move", "game": "the-colony"}, "bad field"),
    ("events", {"seq": True, "type": "move", "game": "the-colony"}, "bad field"),
    ("status", {"status": "asleep", "game": "the-colony"}, "bad field"),
    ("events", event(1, pad="x" * 5000), "huge payload"),
    ("events", event(5), "gap"),
]


@pytest.mark.parametrize("kind, data, reason", HOSTILE, ids=[r for _, _, r in HOSTILE])
def test_a_hostile_message_is_counted_dropped_and_logged_without_its_text(kind, data, reason, caplog):
    venue = board()
    with caplog.at_level(logging.WARNING, logger="companion.venue"):
        assert send(venue, "alpha", kind, data) is False
    assert venue.dropped == {reason: 1}
    assert reason in caplog.text and "club/tables/alpha" in caplog.text
    assert "xxxxxxxxxx" not in caplog.text
    assert all(line["events"] == 0 for line in venue.lines())


def test_unknown_topics_and_too_many_tables_are_dropped():
    venue = board()
    assert not venue.receive("club/tables/alpha/secrets", b"{}")
    assert not venue.receive("other/tables/alpha/events", b"{}")
    assert not venue.receive("club/tables/al pha/events", b"{}")
    for name in ("a", "b", "c", "d"):
        send(venue, name, "state", state(0))
    assert venue.dropped == {"unknown topic": 3, "too many tables": 1}
    assert [line["table"] for line in venue.lines()] == ["a", "b", "c"]


def test_events_are_taken_once_in_order_and_a_gap_is_healed_by_the_next_state():
    venue = board()
    assert send(venue, "alpha", "state", state(0))
    for seq in (1, 2, 2, 1, 3):          # QoS 1 may deliver twice; a replay is dropped
        send(venue, "alpha", "events", event(seq))
    assert send(venue, "alpha", "events", event(5)) is False        # 4 never came
    assert send(venue, "alpha", "state", state(5))                  # the state carries the table to 5
    assert send(venue, "alpha", "events", event(6))
    assert [e["seq"] for e in venue.tables["alpha"].events] == [1, 2, 3, 6]
    assert venue.dropped == {"replay": 2, "gap": 1}
    assert send(venue, "alpha", "state", state(4)) is False         # an older state does not win
    line = venue.lines()[0]
    assert (line["seq"], line["verdict"], line["turn"]) == (6, "move 6", "Red")
    assert [(p["name"], p["points"]) for p in line["players"]] == [("Black", 3), ("Red", 5)]


def test_status_online_offline_and_heartbeats():
    venue = board()
    send(venue, "alpha", "status", {"status": "online", "game": "the-colony", "since": "2026-12-02T03:00:00+00:00"})
    send(venue, "alpha", "status", {"status": "online", "game": "the-colony", "since": "2026-12-02T03:00:00+00:00",
                                    "at": "2026-12-02T03:00:05+00:00"})
    assert venue.lines()[0]["since"] == "2026-12-02T03:00:00+00:00"
    send(venue, "alpha", "status", {"status": "offline", "game": "the-colony"})   # the last will has no since
    line = venue.lines()[0]
    assert line["status"] == "offline" and line["since"].startswith("20")


def test_results_of_a_finished_game_as_csv():
    venue = board()
    send(venue, "alpha", "state", state(9, {**VIEW, "over": True, "winners": ["red"]}))
    send(venue, "beta", "state", state(3))   # still playing: not a result
    response = create_venue_app(venue).test_client().get("/results/the-colony.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.get_data(as_text=True).splitlines() == [
        "table,game,player,points,winner,seq", "alpha,the-colony,Black,3,no,9", "alpha,the-colony,Red,5,yes,9"]


@pytest.mark.parametrize("path, status, said", [
    ("/tables/nobody", 404, "no table named 'nobody'"),
    ("/tables/" + "z" * 5000, 404, "Not Found"),
    ("/tables/nobody.json", 404, "no table named"),
    ("/results/chess.csv", 404, "no game named 'chess'"),
    ("/results/" + "q" * 3000 + ".csv", 404, "characters)"),
    ("/nothing-here", 404, "Not Found"),
])
def test_bad_addresses_get_a_short_4xx(path, status, said):
    client = create_venue_app(board()).test_client()
    response = client.get(path)
    text = response.get_data(as_text=True)
    assert response.status_code == status and said in text
    assert len(text) < 300


def test_the_page_takes_no_posts():
    response = create_venue_app(board()).test_client().post("/", data="x" * 10)
    assert response.status_code == 405 and len(response.get_data()) < 200


@pytest.mark.parametrize("text, problem", [
    ("http://broker/club", "starts mqtt://"),
    ("mqtt://broker", "no venue name"),
    ("mqtt://broker:99999/club", "port"),
    ("mqtt://user:pw@broker/club", "no user"),
    ("mqtt:///club", "no broker host"),
    ("mqtt://broker/club/+", "not a name"),
])
def test_a_bad_broker_address_is_refused_with_the_reason(text, problem):
    with pytest.raises(AddressError, match=problem.replace("+", r"\+")):
        parse_address(text)


def test_addresses_and_password_files(tmp_path):
    assert parse_address("mqtt://broker.local/club").port == 1883
    assert parse_address("mqtts://broker.local/club").tls and parse_address("mqtts://b/c").port == 8883
    assert parse_address("mqtt://10.0.0.2:1999/club", tls=True).text == "mqtts://10.0.0.2:1999/club"
    secret = tmp_path / "pw"
    secret.write_text("s3cret\n")
    assert credentials("alpha", secret).password == "s3cret"   # the trailing newline is not part of it
    secret.write_text("")
    with pytest.raises(AddressError, match="is empty"):
        credentials("alpha", secret)
    with pytest.raises(AddressError, match="needs --mqtt-user"):
        credentials(None, secret)


@pytest.mark.parametrize("slug", ["cannonball-colony", "cannons-coastlines", "the-colony"])
def test_every_game_s_shared_screen_gives_the_board_its_players_points_and_turn(slug, tmp_path):
    from companion.games import plugins
    from companion.session import EventLog, Session
    from companion.venue import summary

    plugin = plugins()[slug]
    record = plugin.load("record")
    session = Session(EventLog(tmp_path / "game.sqlite"), record)
    setup = plugin.load("demo").read_text() if plugin.has("demo") else ""   # The Colony: the rulebook's setup
    session.act(record.start(setup, source="test"))
    line = summary.line(session.view(None), session.event_view(session.log.events()[-1], None))
    assert len(line["players"]) >= 2 and all(p["name"] != "?" for p in line["players"])
    assert all(isinstance(p["points"], (int, float)) for p in line["players"])
    assert line["turn"] in [p["name"] for p in line["players"]]
    assert line["winners"] is None and line["verdict"]


def test_a_table_s_own_words_are_cut_short_and_its_colours_must_be_colours():
    venue = board()
    view = {"players": [{"name": "N" * 500, "points": 1, "colour": "#0;}body{x"}, {"name": "b", "points": 2,
                                                                                  "colour": "#D55E00"}]}
    send(venue, "alpha", "state", {"seq": 0, "game": "the-colony", "view": view, "title": "T" * 900})
    line = venue.lines()[0]
    assert len(line["players"][0]["name"]) == 40 and len(line["title"]) < 300
    assert [p["colour"] for p in line["players"]] == [None, "#D55E00"]
