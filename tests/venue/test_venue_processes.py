"""Tables as processes of their own: `companion serve --publish` killed with SIGKILL shows offline
within the keep-alive, and a table killed mid-publishing loses no event when it comes back."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .tables import taken_seqs, venue, wait_until

ROOT = Path(__file__).resolve().parents[2]
KEEPALIVE = 2   # seconds; the broker sends the last will after 1.5 x this of silence


def spawn(*args: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, *args], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


def kill(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)


def read_until(process: subprocess.Popen, wanted, timeout: float = 30.0) -> list[str]:
    lines, deadline = [], time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            raise AssertionError(f"the process ended: {''.join(lines)[-1500:]}")
        lines.append(line)
        if wanted(line):
            return lines
    raise AssertionError(f"not seen within {timeout} s: {''.join(lines)[-1500:]}")


@pytest.mark.slow
def test_serve_publishes_its_table_and_a_kill_9_shows_offline_within_the_keepalive(broker, tmp_path):
    board, listener = venue(broker)
    serve = spawn("-m", "companion", "serve", "--game", "cannonball-colony", "--source", "none", "--port", "0",
                  "--no-qr", "--data", str(tmp_path), "--publish", broker.url, "--table", "alpha",
                  "--mqtt-user", "alpha", "--mqtt-password-file", str(broker.accounts["alpha"].password_file),
                  "--mqtt-keepalive", str(KEEPALIVE))
    try:
        banner = read_until(serve, lambda line: "publishing:" in line)
        assert f"{broker.url} as table alpha" in banner[-1]
        line = wait_until(lambda: next((l for l in board.lines() if l["table"] == "alpha" and l["seq"] >= 1), None),
                          what="the served table at the venue")
        assert line["status"] == "online" and line["title"] == "Cannonball Colony" and line["players"]
    finally:
        kill(serve)
    killed = time.monotonic()
    wait_until(lambda: board.lines()[0]["status"] == "offline", timeout=1.5 * KEEPALIVE + 1, what="offline")
    assert time.monotonic() - killed <= 1.5 * KEEPALIVE + 1
    listener.close()


@pytest.mark.slow
def test_a_table_killed_mid_game_publishes_every_event_once_when_it_comes_back(broker, tmp_path):
    board, listener = venue(broker)
    secret = str(broker.accounts["alpha"].password_file)
    table = spawn("tests/venue/table_process.py", str(tmp_path), broker.url, "alpha", secret, "120", "0.005")
    try:
        read_until(table, lambda line: line.startswith("event 60"))
    finally:
        kill(table)   # mid-game, with events committed that the broker has not acknowledged
    wait_until(lambda: board.lines() and board.lines()[0]["status"] == "offline", timeout=1.5 * KEEPALIVE + 1,
               what="offline after the kill")
    taken_before = len(taken_seqs(board, "alpha"))

    again = spawn("tests/venue/table_process.py", str(tmp_path), broker.url, "alpha", secret, "0", "0")
    try:
        resumed = read_until(again, lambda line: line.startswith("resumed at"))[-1].split()
        in_log, acknowledged = int(resumed[2].rstrip(",")), int(resumed[4])
        assert in_log >= 60 and acknowledged <= in_log
        wait_until(lambda: board.lines()[0]["status"] == "online", what="the table back online")
        wait_until(lambda: board.lines()[0]["seq"] == in_log and board.tables["alpha"].state_seq == in_log,
                   what="every logged event and the state at the venue")
        assert taken_seqs(board, "alpha") == list(range(1, in_log + 1)), "none lost, none twice, in order"
        assert len(taken_seqs(board, "alpha")) >= taken_before
    finally:
        kill(again)
    listener.close()


@pytest.mark.slow
def test_the_venue_command_serves_the_board_and_rebuilds_it_after_a_restart(broker, tmp_path):
    import json
    import re
    import urllib.request

    from .tables import open_session, playthrough_commands, publisher

    session = open_session(tmp_path)
    table = publisher(session, broker, "alpha", tmp_path)
    for command in playthrough_commands()[:15]:
        session.act(command)
    wait_until(lambda: table.acknowledged == session.seq, what="the table's events acknowledged")
    command = ["-m", "companion", "venue", broker.url, "--port", "0", "--mqtt-user", "venue",
               "--mqtt-password-file", str(broker.accounts["venue"].password_file)]

    def board_of(process) -> dict:
        port = re.search(r":(\d+)/", read_until(process, lambda line: "open http" in line)[-1]).group(1)

        def read():
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/tables.json", timeout=5) as response:
                tables = json.load(response)["tables"]
            return tables[0] if tables and tables[0]["seq"] == session.seq else None
        return wait_until(read, what="the table on the venue's page")

    for attempt in ("first", "after a restart"):   # the second knows only what the broker retained or queued
        venue_process = spawn(*command)
        try:
            line = board_of(venue_process)
        finally:
            venue_process.terminate()
            venue_process.wait(timeout=10)
        assert line["status"] == "online" and line["title"] == "Cannonball Colony", attempt
        assert [p["name"] for p in line["players"]] == ["England", "Spain"] and line["verdict"], attempt
    table.close()
