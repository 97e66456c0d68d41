"""The golden Black Cannon game: every recorded command replayed through the Session on a real
SQLite log gives the recorded verdict, phase, roll, shots and position, and the same winner."""

from __future__ import annotations

import playthroughs
from black_cannon_playthrough import RECORDING, Table

from companion.games.black_cannon.record import RECORD
from companion.session import EventLog, Session


def replay(table: Table) -> None:
    _, steps = playthroughs.read(RECORDING)
    for line, step in enumerate(steps, start=2):
        outcome = playthroughs.comparable(table.perform(step["command"]))
        found = playthroughs.first_difference(step["outcome"], outcome, "outcome")
        assert found is None, (f"{RECORDING.name} line {line} ({step['command']['type']}): {found}\n(if the rule "
                               f"change is intended, run tests/games/black_cannon/black_cannon_playthrough.py)")


def test_the_recorded_game_replays_verdict_for_verdict(event_log):
    replay(Table(Session(event_log, RECORD)))


def test_the_recording_is_a_whole_game_with_shots_slips_an_undo_a_correction_and_a_winner():
    header, steps = playthroughs.read(RECORDING)
    kinds = [step["command"]["type"] for step in steps]
    assert {"start", "roll", "move", "shot", "undo", "correct"} <= set(kinds)
    assert [step["command"]["type"] for step in playthroughs.refused(steps)] == ["move"]
    said = " ".join(step["outcome"]["verdict"]["message"] for step in steps)
    assert all(words in said for words in ("picks up a chest", "brings a chest home", "sinks and comes back"))
    assert header["winner"] == steps[-1]["outcome"]["state"]["winner"] == "bob"


def test_the_log_written_during_the_replay_reopens_to_the_final_game(tmp_path):
    path = tmp_path / "game.sqlite"
    table = Table(Session(EventLog(path), RECORD))
    replay(table)
    final = table.session.view()
    table.session.log.close()
    assert Session(EventLog(path), RECORD).view() == final
