"""The demo as a new user starts it: `companion serve` with no --source, a real process."""

from __future__ import annotations

import http.client
import json
import time
import urllib.parse
from pathlib import Path

import pytest

from companion.session import EventLog, Session
from companion.games.cannonball_colony.record import RECORD

from .test_serve import Served

TRUTH = json.loads((Path(__file__).resolve().parents[2] / "samples" / "renders" / "turns.json").read_text())
# Generous: the picture used to take 5 to 30 s, and must now come within 1 s on an idle machine.
FIRST_PART_WITHIN = 2.0
NEW_GAME_WITHIN = 30.0


def first_mjpeg_part(url: str, timeout: float) -> bytes:
    where = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=timeout)
    try:
        connection.request("GET", "/video.mjpg")
        response = connection.getresponse()
        while not (line := response.fp.readline()).lower().startswith(b"content-length:"):
            assert line, "the video stream closed before its first picture"
        length = int(line.split(b":")[1])
        response.fp.readline()
        return response.fp.read(length)
    finally:
        connection.close()


@pytest.mark.slow   # 6 s
def test_the_first_picture_comes_as_soon_as_the_server_answers(tmp_path):
    served = Served(tmp_path / "data", source=None)
    try:
        assert served.get("healthz")["ok"]
        answered = time.monotonic()
        picture = first_mjpeg_part(served.url, timeout=FIRST_PART_WITHIN + 5)
        assert time.monotonic() - answered < FIRST_PART_WITHIN
        assert picture.startswith(b"\xff\xd8")
    finally:
        served.stop()


def test_a_restarted_demo_whose_game_is_over_offers_a_new_one(tmp_path):
    start = TRUTH["states"][0]["board_text"]
    supply = next(line for line in start.splitlines() if line.startswith("supply:"))
    session = Session(EventLog(tmp_path / "data" / "game.sqlite"), RECORD)
    session.act({"type": "start", "board": start.replace(supply, "supply: 0"), "source": "camera"}).event   # what the dead demo left
    assert session.state.phase.value == "over"
    session.log.close()
    served = Served(tmp_path / "data", source=None)
    try:
        deadline = time.monotonic() + NEW_GAME_WITHIN
        while (state := served.get("api/state"))["phase"] == "over" and time.monotonic() < deadline:
            time.sleep(0.2)
        assert state["phase"] != "over" and supply in state["board"]
    finally:
        served.stop()
