"""Generated requests against Cannonades' dashboard on a LAN, sent from tablets paired to each of four
seats and from the shared screen: never a 500, every refusal a 4xx with a short message that leaves the
log as it was. Many bodies are the seat's own legal moves, so the game moves on (and now and then ends
and starts again) while the near misses and any-JSON bodies hit it at every stage."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.dashboard import create_app
from companion.dashboard.broadcast import Broadcaster
from companion.dashboard.video import FrameHub
from companion.dashboard.web import Services
from companion.games.cannonades.deck import deck_named
from companion.games.cannonades.state import GRIN_EFFECTS
from companion.games.cannonades.record import FIELDS, RECORD
from companion.session import EventLog, Session

from generated_input import json_values, texts

from .conftest import Tablet
from .test_endpoint_properties import NASTY, SETTINGS, Dashboard, queries

SEATS = ["anna", "ben", "cleo", "dan"]
PLAYER_CODE, VIEWER_CODE = "112233", "445566"
cards = st.sampled_from(deck_named("default").ids) | st.sampled_from(["C00", "S41", "c01", " C01 ", "C" + "1" * 40]) | texts
ships = st.sampled_from([f"{seat}-{n}" for seat in SEATS for n in range(1, 6)]) | st.sampled_from(["anna-0", "zoe-1", ""]) | texts
FIELD_VALUES = {
    "type": st.sampled_from(list(FIELDS)) | st.sampled_from(["start", "deal", "", "END"]) | texts,
    "card": cards, "target": ships, "ship": ships, "effect": st.sampled_from(GRIN_EFFECTS) | texts,
    "cards": st.lists(cards, max_size=14) | json_values, "seat": st.sampled_from([*SEATS, "zoe"]) | texts,
    "seats": st.lists(st.sampled_from(SEATS) | st.text(max_size=8), max_size=6) | json_values,
    "variant": st.sampled_from(["standard", "fixed-5", "fixed-6"]) | texts, "source": st.text(max_size=100),
}


def bodies():
    fields = st.lists(st.sampled_from(list(FIELD_VALUES)), min_size=1, max_size=4, unique=True).flatmap(
        lambda chosen: st.fixed_dictionaries({name: st.one_of(FIELD_VALUES[name], FIELD_VALUES[name], json_values)
                                              for name in chosen}))
    return st.one_of(fields, fields, json_values, st.sampled_from(NASTY)).map(
        lambda body: body if isinstance(body, str) else json.dumps(body))


def paired(app, code: str, seat: str) -> Tablet:
    tablet = Tablet(app.test_client())
    assert tablet.client.post("/pair", data={"code": code, "seat": seat, "csrf_token": tablet.csrf}).status_code == 302
    return tablet


@pytest.fixture(scope="module")
def cannonades(tmp_path_factory):
    data = tmp_path_factory.mktemp("cannonades")
    session = Session(EventLog(data / "game.sqlite"), RECORD)
    session.act({"type": "start", "seats": SEATS, "seed": 7})
    services = Services(session, Broadcaster(session, heartbeat=0.2), FrameHub())
    app = create_app({"TESTING": True, "DATA": data, "HEARTBEAT": 0.2, "LAN": True, "PAIRING_CODE": PLAYER_CODE,
                      "VIEWER_CODE": VIEWER_CODE, "RATE_PER_SECOND": 1e6, "RATE_BURST": 10**6, "PAIRING_BURST": 50},
                     services=services)
    board = Dashboard(app, services)
    board.tablets = {seat: paired(app, PLAYER_CODE, seat) for seat in SEATS}
    board.tablets[None] = paired(app, VIEWER_CODE, "")
    # Pairing and revoking are the LAN tests' (test_lan*.py): a revocation here would unpair every tablet.
    board.rules = [rule for rule in board.rules if not rule[0].startswith("/pair")]
    yield board
    services.broadcaster.close()
    games = sum(1 for event in session.log.events() if event.type == "game")
    print(f"{session.seq} events, {games} games")


@pytest.mark.slow   # about 15 s: 250 generated requests, half of them moves that are taken
@SETTINGS
@given(st.data())
def test_generated_requests_never_crash_an_endpoint(cannonades, data):
    # Everything is drawn before the game is looked at, so the same draws come whatever the game's state.
    who = data.draw(st.sampled_from([*SEATS, None, "the mover", "the mover"]))
    own_move, pick = data.draw(st.booleans()), data.draw(st.integers(0, 10**6))
    url, method = data.draw(st.sampled_from(cannonades.rules))
    body, setup = data.draw(bodies()), data.draw(bodies() | st.just("{}"))
    query, csrf = data.draw(queries), data.draw(st.sampled_from([True, False]))
    session = cannonades.services.session
    seat = session.state.to_move if who == "the mover" else who
    cannonades.tablet = cannonades.tablets[seat]
    legal = session.view(seat)["legal"] if seat is not None else []
    if legal and own_move:   # the seat's own move: taken
        assert cannonades.check("POST", "/api/cannonades/act", body=json.dumps(legal[pick % len(legal)])) == 200
    elif session.state.over:
        assert cannonades.check("POST", "/api/cannonades/game", body=setup) in (200, 400, 403, 409)
    else:
        cannonades.check(method, url, body=body if method != "GET" else "", query=query, csrf=csrf)
