"""/api/bots: what the Players screen offers and its choice; bad choices get a 400 that says why."""

from __future__ import annotations

import random

import pytest

from companion.bots import ComputerSeats
from companion.dashboard import create_app
from companion.games.cannonball_colony.bot import BOT

from .conftest import BOARD, Tablet, make_services


@pytest.fixture
def tablet(tmp_path):
    services = make_services(tmp_path)
    services.session.act({"type": "start", "board": BOARD})
    services.bots = ComputerSeats(services.session, BOT, {"spain": "greedy"}, camera=False, rng=random.Random(1))
    app = create_app({"TESTING": True, "DATA": tmp_path, "HEARTBEAT": 0.5}, services=services)
    return Tablet(app.test_client())


def test_the_offer_names_the_games_seats_and_the_levels(tablet):
    offer = tablet.get("/api/bots").get_json()
    assert offer["seats"] == ["france", "spain"] and offer["levels"] == ["random", "greedy", "look-ahead"]
    assert offer["computer"] == {"spain": "greedy"}


def test_a_seat_goes_to_the_computer_and_back(tablet):
    assert tablet.post("/api/bots", {"seat": "France", "level": "look-ahead"}).get_json()["status"]["seats"] == \
        {"spain": "greedy", "france": "look-ahead"}
    assert tablet.post("/api/bots", {"seat": "spain", "level": None}).get_json()["status"]["seats"] == \
        {"france": "look-ahead"}


@pytest.mark.parametrize("body, status, says", [
    ({"seat": "narnia", "level": "greedy"}, 400, "no seat 'narnia' in Cannonball Colony (seats: france, spain)"),
    ({"seat": "france", "level": "grandmaster"}, 400, "no bot level 'grandmaster' for france"),
    ({"seat": "france", "level": 3}, 400, "level must be a level's name as text"),
    ({"level": "greedy"}, 400, "Missing or empty field: seat"),
    ({"seat": "x" * 5000, "level": "greedy"}, 400, "seat must be text of 1 to 80 characters"),
])
def test_a_bad_choice_is_refused_with_a_reason(tablet, body, status, says):
    response = tablet.post("/api/bots", body)
    assert response.status_code == status and says in response.get_json()["error"]
    assert len(response.get_json()["error"]) < 300


def test_without_computer_seats_there_is_no_such_endpoint(tmp_path):
    app = create_app({"TESTING": True, "DATA": tmp_path, "HEARTBEAT": 0.5}, services=make_services(tmp_path))
    assert app.test_client().get("/api/bots").status_code == 404
