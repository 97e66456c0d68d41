"""Dashboard fixtures: an app on a fresh session, its test client, and a real waitress server."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.dashboard import create_app
from companion.games.cannonball_colony.demo import SAMPLE_BOARD
from companion.dashboard.broadcast import Broadcaster
from companion.dashboard.video import FrameHub
from companion.dashboard.web import Services
from companion.session import EventLog, Session
from companion.games.cannonball_colony.record import RECORD

from .running_server import RunningServer  # noqa: F401  (the tests import it from here)

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
BOARD = SAMPLE_BOARD.read_text()


def make_services(tmp_path, **kw) -> Services:
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    return Services(session, Broadcaster(session, heartbeat=kw.pop("heartbeat", 0.5)),
                    FrameHub(max_fps=kw.pop("fps", 30)), **kw)


@pytest.fixture
def services(tmp_path):
    return make_services(tmp_path)


@pytest.fixture
def app(tmp_path, services):
    return create_app({"TESTING": True, "DATA": tmp_path, "HEARTBEAT": 0.5}, services=services)


@pytest.fixture
def client(app):
    return app.test_client()


class Tablet:
    """A test client that carries its CSRF token like the pages' script does."""

    def __init__(self, client):
        self.client = client
        self.csrf = client.get("/api/session").get_json()["csrf"]

    def post(self, url, body=None, **kw):
        return self.client.post(url, json=body if body is not None else {}, headers={"X-CSRF-Token": self.csrf}, **kw)

    def get(self, url, **kw):
        return self.client.get(url, **kw)


@pytest.fixture
def tablet(client):
    return Tablet(client)


@pytest.fixture
def artifacts():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
