"""Generated bad requests against every endpoint of both games' dashboards (found from app.url_map,
so an endpoint added later is covered without editing this file): never a 500, every refusal a
4xx whose message is short whatever was sent, and a refused request leaves the game log as it was."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.dashboard import create_app
from companion.dashboard.web import ERROR_CHARS

from generated_input import BOARD, DEMO, WORDS, damaged_json, json_values, mutated, texts

from .cannon_rig import twin_cannon
from .coast_scenes import BATTLE, coast_services
from .conftest import Tablet

NASTY = ["", "null", "[]", '"text"', "{", "[" * 5000 + "]" * 5000, '{"move": NaN}', '{"pan": 1e308, "tilt": 1e308}',
         '{"after": ' + "9" * 5000 + "}", json.dumps({"move": {"deep": [[[["x" * 5000]]]]}, "board": "É1" * 3000}),
         json.dumps({"table": {"players": [[[]]], "width": "inf"}, "values": {"navy": {"hull": 10**40}}}),
         json.dumps({name: -1 for name in ("move", "board", "players", "seed", "source", "cell", "token", "pan")})]
SETTINGS = settings(max_examples=250, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

angles = st.integers() | st.floats(allow_nan=False) | st.sampled_from([90, 1e308, -1e308, 10**400, "90", True])
# What each body field an endpoint reads may hold: near misses of good values, and any JSON at all.
FIELD_VALUES = {
    "move": st.sampled_from(["road E1", "road e1 e2", "fort G3", "fire h2", "pass", "land A3"]) | texts,
    "board": st.just(BOARD) | mutated(BOARD) | texts, "sample": st.booleans(),
    "players": st.lists(st.sampled_from(["france", "spain", "England", "narnia"]) | st.text(max_size=6), max_size=5),
    "seed": st.integers() | st.booleans(), "source": st.text(max_size=100), "cell": st.sampled_from(WORDS) | texts,
    "token": st.sampled_from(["r", "g", "Fs", "Fp", "fs", "x", "É"]) | st.text(max_size=3), "note": st.text(),
    "confirm": st.text(max_size=20), "pan": angles, "tilt": angles,
    "ship": st.sampled_from(["ben/sloop", "anna/frigate", "ben/SLOOP"]) | st.text(max_size=12),
    "table": st.just(DEMO) | damaged_json(DEMO),
    "player": st.sampled_from(["anna", "ben", "carl", " anna "]) | st.text(max_size=6),
    "values": st.dictionaries(st.sampled_from(["navy", "pirates", "elves"]) | st.text(max_size=4),
                              st.dictionaries(st.sampled_from(["mast", "hull", "cargo", "oar"]), json_values,
                                              max_size=3) | json_values, max_size=3),
    "code": st.text(max_size=8),
}
# The fields each endpoint reads, so that generated bodies get past "missing field" often; an endpoint
# not named here is sent bodies of any of the fields.
READS = {"/api/game": ("board", "sample", "players", "seed", "source"), "/api/move": ("move", "source"),
         "/api/correct": ("cell", "token", "board", "note"), "/api/cannon/aim": ("cell", "ship", "pan", "tilt"),
         "/api/cannon/arm": ("confirm",), "/api/coast/game": ("table", "source"), "/api/coast/values": ("values",),
         "/api/coast/claim": ("player",), "/pair": ("code",)}


def bodies(url: str):
    """A body naming one to three of the fields `url` reads, each a near miss or any JSON; or any JSON or text."""
    names = READS.get(url, tuple(FIELD_VALUES))
    fields = st.lists(st.sampled_from(names), min_size=1, max_size=3, unique=True).flatmap(
        lambda chosen: st.fixed_dictionaries({name: st.one_of(FIELD_VALUES[name], FIELD_VALUES[name], json_values)
                                              for name in chosen}))
    return st.one_of(fields, fields, fields, json_values, st.text(max_size=200), st.sampled_from(NASTY)).map(
        lambda body: body if isinstance(body, str) else json.dumps(body))


queries = st.dictionaries(st.sampled_from(["after", "q", "cells", "kind", "player", "last_id", "code", "t"]),
                          st.text(max_size=30) | st.sampled_from(["0", "-1", "99999999999999999999999", "fort-distance",
                                                                  "D3,G3", "d3,Z99", "check", "fort", "france", "١"]),
                          max_size=3)


class Dashboard:
    """One game's app with a tablet carrying its CSRF token; `seq` reads the game log's position."""

    def __init__(self, app, services):
        self.app, self.services = app, services
        services.frames.publish(np.zeros((48, 64, 3), np.uint8))   # the video stream's first part comes at once
        self.tablet = Tablet(app.test_client())
        self.rules = sorted((rule.rule, method) for rule in app.url_map.iter_rules()
                            for method in rule.methods - {"HEAD", "OPTIONS"} if "<" not in rule.rule)

    def no_cannon(self, url: str, answer) -> bool:
        """The one 5xx there is: 503 from the Cannon screen's API while no board is attached."""
        return (url.startswith("/api/cannon/") and self.services.cannon is None and answer.status_code == 503
                and answer.get_json()["error"].startswith("No cannon to drive"))

    def seq(self) -> int:
        return self.services.session.last_seq()

    def send(self, method: str, url: str, body: str = "", query=None, csrf: bool = True, headers=None):
        headers = {**({"X-CSRF-Token": self.tablet.csrf} if csrf else {}), **(headers or {})}
        return self.tablet.client.open(url, method=method, data=body.encode("utf-8", "surrogatepass"),
                                       query_string=query or {}, content_type="application/json", headers=headers,
                                       buffered=False)

    def check(self, method: str, url: str, **request) -> int:
        before = self.seq()
        answer = self.send(method, url, **request)
        try:
            status = answer.status_code
            assert status < 500 or self.no_cannon(url, answer), (method, url, request, answer.get_data()[:300])
            if status >= 400:
                assert self.seq() == before, (method, url, "changed the log but answered", status)
                if answer.is_json:
                    error = answer.get_json()["error"]
                    assert error and len(error) <= ERROR_CHARS + 20, (method, url, error[:100])
                else:
                    assert len(answer.get_data()) < 20_000   # an HTML error page, not an echo
        finally:
            answer.close()
        if method == "POST" and status < 400:   # what was taken, the screens can still draw
            assert self.tablet.get("/api/state").status_code == 200, (url, request)
        return status


@pytest.fixture(scope="module")
def colony(tmp_path_factory):
    data = tmp_path_factory.mktemp("colony")
    made = twin_cannon(data)   # the Cannon screen's endpoints reach the twin, not just "no hardware"
    yield Dashboard(create_app({"TESTING": True, "DATA": data, "HEARTBEAT": 0.2}, services=made.services),
                    made.services)
    made.close()


@pytest.fixture(scope="module")
def coast(tmp_path_factory):
    data = tmp_path_factory.mktemp("coast")
    services = coast_services(data)
    services.session.act({"type": "start", "table": BATTLE})
    yield Dashboard(create_app({"TESTING": True, "DATA": data, "HEARTBEAT": 0.2}, services=services), services)


@pytest.fixture(params=["colony", "coast"])
def dashboard(request):
    return request.getfixturevalue(request.param)


def test_both_games_expose_their_endpoints(colony, coast):
    assert ("/api/cannon/aim", "POST") in colony.rules and ("/api/move", "POST") in colony.rules
    assert ("/api/coast/claim", "POST") in coast.rules and ("/api/record", "GET") in coast.rules


def test_every_endpoint_survives_each_nasty_body_and_query(dashboard):
    for url, method in dashboard.rules:
        for body in NASTY:
            dashboard.check(method, url, body=body if method != "GET" else "",
                            query={"after": body[:50], "q": body[:50], "cells": body[:50]} if method == "GET" else None)


@pytest.mark.slow   # 3 s a game: generated requests
@SETTINGS
@given(st.data())
def test_generated_requests_never_crash_an_endpoint(dashboard, data):
    url, method = data.draw(st.sampled_from(dashboard.rules))
    csrf = data.draw(st.sampled_from([True, True, True, False]))   # mostly past the CSRF check
    header = data.draw(st.none() | st.text(max_size=20).filter(str.isprintable))
    dashboard.check(method, url, body=data.draw(bodies(url)) if method != "GET" else "", query=data.draw(queries),
                    csrf=csrf, headers={"Last-Event-ID": header} if header is not None else None)
