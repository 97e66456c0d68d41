"""The golden Cannons & Coastlines game: every recorded command replayed through the Session on
a real SQLite log gives the recorded verdict, ships, holdings and points, and the same winner."""

from __future__ import annotations

from pathlib import Path

import playthroughs
from coast_playthrough import Table

from companion.games.cannons_coastlines.record import RECORD
from companion.session import EventLog, Session

RECORDING = Path(__file__).parent / "playthroughs" / "two-fleets.jsonl"


def test_the_recorded_game_replays_verdict_for_verdict(event_log):
    playthroughs.replay(RECORDING, Table(Session(event_log, RECORD)).perform)


def test_the_recording_is_a_whole_game_with_slips_a_correction_and_an_end():
    _, steps = playthroughs.read(RECORDING)
    assert {"steer", "fire", "claim"} <= {step["command"]["do"] for step in playthroughs.refused(steps)}
    assert any(step["command"].get("source") == "tablet" for step in steps if step["command"]["do"] == "observe")
    assert {"start", "values", "sail", "next_turn"} <= {step["command"]["do"] for step in steps}
    assert any(step["outcome"]["state"]["result"] for step in steps if "state" in step["outcome"])


def test_the_log_written_during_the_replay_reopens_to_the_final_table(tmp_path):
    path = tmp_path / "game.sqlite"
    table = Table(Session(EventLog(path), RECORD))
    playthroughs.replay(RECORDING, table.perform)
    final = table.view()
    table.session.log.close()
    assert Table(Session(EventLog(path), RECORD)).view() == final
