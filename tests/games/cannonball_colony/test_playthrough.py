"""The golden Cannonball Colony game: every recorded command replayed through the Session on a
real SQLite log gives the recorded verdict and game, and the log alone replays to the same end."""

from __future__ import annotations

from pathlib import Path

import playthroughs
from colony_playthrough import Table

from companion.session import EventLog, Session
from companion.games.cannonball_colony.record import RECORD
from companion.games.cannonball_colony.view import summary

RECORDING = Path(__file__).parent / "playthroughs" / "seed-12.jsonl"


def test_the_recorded_game_replays_verdict_for_verdict(event_log):
    playthroughs.replay(RECORDING, Table(Session(event_log, RECORD)).perform)


def test_the_recording_is_a_whole_game_with_slips_undo_and_correction():
    header, steps = playthroughs.read(RECORDING)
    assert {"start", "propose", "confirm", "undo", "correct"} <= {step["command"]["do"] for step in steps}
    refused_by = {rule for step in playthroughs.refused(steps) for rule in step["outcome"]["verdict"]["rules"]}
    assert {"CC-2", "CC-6", "CC-7", "rules:turn"} <= refused_by
    assert any(step["command"].get("move", "").startswith("fire") for step in steps)
    final = steps[-1]["outcome"]["state"]
    assert final["phase"] == "over" and final["result"]["winners"] and set(header["players"]) == set(final["forts"])


def test_the_log_written_during_the_replay_reopens_to_the_final_game(tmp_path):
    path = tmp_path / "game.sqlite"
    session = Session(EventLog(path), RECORD)
    playthroughs.replay(RECORDING, Table(session).perform)
    final = summary(session.state)
    session.log.close()
    assert summary(Session(EventLog(path), RECORD).state) == final
