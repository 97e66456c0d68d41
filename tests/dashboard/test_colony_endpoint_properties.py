"""Generated requests against every endpoint of The Colony's dashboard (found from app.url_map): never a
500, every refusal a 4xx with a short message, a refused request leaves the log as it was, and what
is taken leaves a state the screens can draw. The game moves on as requests are taken, so later
examples meet the ant phase, relays and, now and then, the game's end."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.dashboard import create_app
from companion.games.the_colony.demo import START_BOARD

from generated_input import json_values, mutated, texts

from .test_colony_api import colony_services
from .test_endpoint_properties import NASTY, SETTINGS, Dashboard, queries

START = START_BOARD.read_text(encoding="utf-8")
SPACES = [f"L{n}" for n in range(1, 20)]
spaces = st.sampled_from(SPACES) | st.sampled_from(["L0", "L20", "l1", " L3 ", "L١", "", "L" + "9" * 40]) | texts
FIELD_VALUES = {
    "space": spaces, "from": spaces, "to": spaces,
    "via": st.lists(st.sampled_from(SPACES), max_size=6) | st.lists(spaces | json_values, max_size=4) | json_values,
    "board": st.just(START) | mutated(START) | texts, "source": st.text(max_size=100),
}


def bodies():
    """One to four of the fields the screen's requests read, near misses or any JSON; or any body at all."""
    fields = st.lists(st.sampled_from(list(FIELD_VALUES)), min_size=1, max_size=4, unique=True).flatmap(
        lambda chosen: st.fixed_dictionaries({name: st.one_of(FIELD_VALUES[name], FIELD_VALUES[name], json_values)
                                              for name in chosen}))
    return st.one_of(fields, fields, fields, json_values, st.sampled_from(NASTY)).map(
        lambda body: body if isinstance(body, str) else json.dumps(body))


@pytest.fixture(scope="module")
def the_colony(tmp_path_factory):
    data = tmp_path_factory.mktemp("the-colony")
    services = colony_services(data)
    services.session.act({"type": "start", "board": START, "source": "serve"})
    yield Dashboard(create_app({"TESTING": True, "DATA": data, "HEARTBEAT": 0.2}, services=services), services)
    services.broadcaster.close()


def test_the_colony_exposes_its_play_endpoints(the_colony):
    for url in ("/api/colony/try", "/api/colony/sow", "/api/colony/ant", "/api/colony/pass", "/api/colony/undo"):
        assert (url, "POST") in the_colony.rules


@pytest.mark.slow   # about 3 s: every endpoint, a dozen bodies each
def test_every_endpoint_survives_each_nasty_body_and_query(the_colony):
    for url, method in the_colony.rules:
        for body in NASTY:
            the_colony.check(method, url, body=body if method != "GET" else "",
                             query={"after": body[:50]} if method == "GET" else None)


@pytest.mark.slow   # about 13 s: 250 generated requests
@SETTINGS
@given(st.data())
def test_generated_requests_never_crash_an_endpoint(the_colony, data):
    url, method = data.draw(st.sampled_from(the_colony.rules))
    body = data.draw(bodies()) if method != "GET" else ""
    csrf = data.draw(st.sampled_from([True, True, False]))   # mostly past the CSRF check
    the_colony.check(method, url, body=body, query=data.draw(queries), csrf=csrf)
