"""`companion serve` as a real process: it prints where to go, and a SIGKILL at any point loses no
committed event. Moves are played over HTTP like a tablet does."""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MOVES = ["road E1", None, "road K2 K3", None, "road I1", None, "road F4", None]   # None: confirm


class Served:
    """One `companion serve` process on a free port, and a tablet's cookies for it."""

    def __init__(self, data: Path, *extra: str, source: str | None = "none", cwd: Path = ROOT):
        """`source` None: serve's default, the bundled clip in a loop; `cwd` where it looks for calibration files."""
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", "--data", str(data), "--port", "0",
             *(["--source", source] if source else []), "--hardware", "none", *extra],
            cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.banner = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise AssertionError(f"serve exited early: {self.process.stderr.read()}")
            self.banner.append(line)
            if "Ctrl-C stops" in line:   # the banner's last line: the server is about to listen
                break
        # The banner names the address tablets use (on a LAN, the machine's); this machine reaches it on 127.0.0.1.
        port = re.search(r"open  http://\S+:(\d+)/", "".join(self.banner)).group(1)
        self.url = f"http://127.0.0.1:{port}/"
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.csrf = self.get("api/session")["csrf"]

    def get(self, path):
        with self.opener.open(self.url + path, timeout=5) as response:
            return json.loads(response.read())

    def post(self, path, body=None):
        request = urllib.request.Request(self.url + path, data=json.dumps(body or {}).encode(), method="POST",
                                         headers={"Content-Type": "application/json", "X-CSRF-Token": self.csrf})
        with self.opener.open(request, timeout=5) as response:
            return json.loads(response.read())

    def play(self, move):
        """Play or confirm; returns the acknowledged event (committed before the reply was sent)."""
        reply = self.post("api/move", {"move": move}) if move else self.post("api/confirm")
        assert reply["legal"], reply
        return reply["event"]

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self.process.stdout.close()
        self.process.stderr.close()

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=10)
        self.process.stdout.close()
        self.process.stderr.close()


def assert_all_there(served: Served, acknowledged: list[dict]):
    stored = {event["seq"]: event for event in served.get("api/record")}
    for event in acknowledged:
        assert stored.get(event["seq"]) == event, f"event {event['seq']} ({event['type']}) lost or changed"


def test_serve_prints_the_url_and_a_qr_code(tmp_path):
    served = Served(tmp_path, "--no-qr")
    try:
        assert served.get("healthz")["ok"] is True
    finally:
        served.stop()
    with_qr = subprocess.run([sys.executable, "-m", "companion", "serve", "--help"], cwd=ROOT,
                             capture_output=True, text=True)
    assert "--hardware none|sim|emulator|PORT" in with_qr.stdout


def test_simulated_hardware_is_attached_or_says_why_not(tmp_path):
    served = Served(tmp_path, "--no-qr", "--hardware", "sim")
    try:
        hardware = served.get("healthz")["hardware"]
    finally:
        served.stop()
    # The twin comes from firmware_bridge; without it the dashboard still runs and says so.
    assert hardware["state"] in ("connected", "unavailable") and hardware["message"]


@pytest.mark.slow   # 8 s: starts serve five times
def test_sigkill_at_several_points_then_restart_resumes_with_every_committed_event(tmp_path):
    acknowledged: list[dict] = []

    # Kill point 1: the game has started (serve opened the sample board), nothing played.
    served = Served(tmp_path)
    assert "▀" in "".join(served.banner) or "█" in "".join(served.banner)   # the terminal QR code
    acknowledged += served.get("api/record")
    assert [e["type"] for e in acknowledged] == ["game"]
    served.kill()

    # Kill point 2: mid-turn, a move played and not yet confirmed.
    served = Served(tmp_path)
    assert_all_there(served, acknowledged)
    acknowledged.append(served.play(MOVES[0]))
    before = served.get("api/state")
    served.kill()

    # Kill point 3: just after a confirm.
    served = Served(tmp_path)
    assert_all_there(served, acknowledged)
    after = served.get("api/state")
    assert (after["board"], after["turn"], after["player"]) == (before["board"], before["turn"], before["player"])
    for move in MOVES[1:4]:
        acknowledged.append(served.play(move))
    before = served.get("api/state")
    served.kill()

    # Kill point 4: in the middle of a burst of requests from another tablet.
    served = Served(tmp_path)
    assert_all_there(served, acknowledged)
    assert served.get("api/state")["history"] == before["history"] == ["france: road E1", "spain: road K2 K3"]
    burst: list[dict] = []
    stop = threading.Event()

    def hammer():
        while not stop.is_set():
            try:
                burst.append(served.post("api/move", {"move": "fort G3"})["event"])   # refused: logged as a proposal
            except (urllib.error.URLError, http.client.HTTPException, OSError):
                return   # killed mid-reply: that request was never acknowledged

    tablet = threading.Thread(target=hammer)
    tablet.start()
    deadline = time.monotonic() + 10
    while len(burst) < 15 and time.monotonic() < deadline:
        time.sleep(0.01)
    served.kill()
    stop.set()
    tablet.join(10)
    acknowledged += burst
    assert len(burst) >= 15

    # The game goes on after the last restart, with every acknowledged event in the log.
    served = Served(tmp_path)
    try:
        assert_all_there(served, acknowledged)
        for move in MOVES[4:]:
            acknowledged.append(served.play(move))
        state = served.get("api/state")
        assert state["history"][-2:] == ["france: road I1", "spain: road F4"]
        seqs = [e["seq"] for e in served.get("api/record")]
        assert seqs == list(range(1, len(seqs) + 1))   # no gap, no duplicate
    finally:
        served.stop()


def test_cannons_coastlines_attaches_the_board_says_what_to_do_without_a_camera_and_names_its_record(tmp_path):
    served = Served(tmp_path, "--no-qr", "--game", "cannons-coastlines", "--hardware", "sim",
                    "--cannon-pose", "762,254,90")
    try:
        health = served.get("healthz")
        cannon = served.get("api/cannon")
        aimed = served.post("api/cannon/aim", {"ship": "ben/brigantine"})   # the demo table's ship, dead ahead
        with served.opener.open(served.url + "api/record.jsonl", timeout=5) as response:
            disposition = response.headers["Content-Disposition"]
    finally:
        served.stop()
    # No Turn screen in this game: the camera's status says what the Points screen is for.
    assert health["camera"]["message"].startswith("no camera or clip: end turns, set prize values and declare "
                                                  "victory on the Points screen")
    if health["hardware"]["state"] == "unavailable":   # no pty here: the dashboard still runs and says so
        pytest.skip(health["hardware"]["message"])
    assert cannon["aims_at"] == "ship" and cannon["cannon"]["located"]
    assert cannon["leds"]["lit"] > 0 and "seat segments" in cannon["leds"]["mapping"]
    assert aimed["target"]["ship"] == "ben/brigantine" and aimed["target"]["pan"] == pytest.approx(90, abs=0.01)
    assert disposition == "attachment; filename=cannons-coastlines-game.jsonl"
