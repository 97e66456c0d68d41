"""The recorded three-seat game replays command by command with the same verdicts and the same table."""

from __future__ import annotations

from cannonades_playthrough import RECORDING, summary
from playthroughs import comparable, first_difference, read, refused, verdict_of

from companion.games.cannonades.record import RECORD
from companion.session import EventLog, Session


def test_the_recorded_game_replays_with_the_same_verdicts_and_table(tmp_path):
    header, steps = read(RECORDING)
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    for number, step in enumerate(steps, start=1):
        acted = session.act(step["command"])
        outcome = comparable({"verdict": verdict_of(acted.verdict), "events": len(acted.events),
                              "table": summary(session)})
        difference = first_difference(step["outcome"], outcome, "outcome")
        assert difference is None, f"step {number} {step['command']}: {difference}"
    assert session.state.over and session.state.winners


def test_the_recording_holds_the_slips_and_an_end():
    header, steps = read(RECORDING)
    rules = {rule for step in refused(steps) for rule in step["outcome"]["verdict"]["rules"]}
    assert {"rules:first-turn", "CN-10", "rules:turn"} <= rules
    assert steps[-1]["outcome"]["table"]["over"]
    assert "final shootout begins" in " ".join(step["outcome"]["verdict"]["message"] for step in steps)
    assert "[rules:tiebreakers]" in steps[-1]["outcome"]["verdict"]["message"]
