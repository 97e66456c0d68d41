"""`companion serve --game cannonades --source none --host 0.0.0.0` as a real process: it deals the demo
setup (four seats), tablets pair to anna and ben and the shared screen watches; anna plays from her
tablet, and after a SIGKILL the restarted server resumes the same game with the same hands."""

from __future__ import annotations

import json
import re

import pytest

from .test_cannonades_api import CARD, Tablet
from .test_serve import Served


def start(tmp_path) -> tuple[Served, str, str]:
    served = Served(tmp_path, "--game", "cannonades", "--no-qr", "--host", "0.0.0.0")
    banner = "".join(served.banner)
    return served, re.search(r"pairing code (\d{6})", banner).group(1), \
        re.search(r"viewer code (\d{6})", banner).group(1)


def state(tablet: Tablet) -> dict:
    status, text = tablet.get("/api/state")
    assert status == 200
    return json.loads(text)


@pytest.mark.slow   # about 8 s: starts serve twice
def test_cannonades_is_served_from_its_demo_played_from_a_tablet_and_resumed_after_a_kill(tmp_path):
    served, code, viewer = start(tmp_path)
    url = served.url.rstrip("/")
    try:
        assert "Tabletop Companion: Cannonades" in "".join(served.banner)
        anna, ben, table = Tablet(url, code, "anna"), Tablet(url, code, "ben"), Tablet(url, viewer, None)
        shared = state(table)
        assert shared["seats"] == ["anna", "ben", "cleo", "dan"] and shared["hand"] is None
        assert not CARD.findall(json.dumps(shared["players"])) and shared["pile"] == 70 - 20
        mine = state(anna)
        assert len(mine["hand"]) == 5 and state(ben)["hand"] != mine["hand"]
        assert not set(CARD.findall(json.dumps(state(ben)))) & {card["id"] for card in mine["hand"]}
        while state(anna)["to_move"] != "anna" or state(anna)["decision"]["kind"] == "redeal":   # a hand to redeal
            seat = state(table)["to_move"]
            tablet = {"anna": anna, "ben": ben}.get(seat) or Tablet(url, code, seat)
            assert tablet.post("/api/cannonades/act", {"type": "keep"})[0] == 200
        move = next(c for c in state(anna)["legal"] if c["type"] in ("add", "draw"))
        status, answer = anna.post("/api/cannonades/act", move)
        assert status == 200 and answer["ok"], answer
        before = state(anna)
    finally:
        served.kill()

    served, code, viewer = start(tmp_path)   # the same data folder: the same log, the same pairings
    try:
        anna = Tablet(served.url.rstrip("/"), code, "anna")
        after = state(anna)
        assert {k: v for k, v in after.items() if k != "question"} == {k: v for k, v in before.items() if k != "question"}
        status, answer = anna.post("/api/cannonades/act", {"type": "shoot", "card": "C01", "target": "nobody-1"})
        assert 400 <= status < 500 and answer["ok"] is False
    finally:
        served.stop()


def test_serve_with_no_game_still_plays_a_game_with_a_camera_and_its_clip():
    from companion.commands.serve import default_game
    from companion.games import plugins

    assert plugins()["cannonades"].has("demo") and plugins()["cannonades"].has("camera")
    assert default_game() == "cannonball-colony"   # cannonades sorts before it, with a clip, but does not take its place


@pytest.mark.slow   # about 4 s: starts serve, and a serve that refuses to start
def test_a_computer_seat_plays_on_the_tablets_and_not_on_the_camera_s_table(tmp_path):
    import subprocess
    import sys

    from .test_serve import ROOT

    served = Served(tmp_path / "bot", "--game", "cannonades", "--no-qr", "--bot", "ben:quick", source=None)
    try:
        banner = "".join(served.banner)
        assert "camera: none" in banner and "computer seats: ben (quick)" in banner
        state = served.get("api/state")
        assert state["seats"] == ["anna", "ben", "cleo", "dan"] and "cards" not in state   # the demo, dealt
    finally:
        served.stop()
    refused = subprocess.run([sys.executable, "-m", "companion", "serve", "--game", "cannonades", "--bot", "ben",
                              "--source", "samples/cannonades/turns.mp4", "--data", str(tmp_path / "cam"),
                              "--hardware", "none", "--no-qr", "--port", "0"],
                             cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "--bot: a computer seat plays Cannonades on the tablets" in refused.stderr
