"""The golden game of The Colony: every recorded command replayed through the Session on a real
SQLite log gives the recorded verdict and game, the log alone replays to the same end, and the
computer seat still chooses the recorded turns."""

from __future__ import annotations

import random
from pathlib import Path

import playthroughs
import pytest
from the_colony_playthrough import LEVELS, SEED, Table

from companion.games.the_colony.bot import BOT
from companion.games.the_colony.record import RECORD
from companion.session import EventLog, Session

RECORDING = Path(__file__).parent / "playthroughs" / "bots-seed-16.jsonl"


def test_the_recorded_game_replays_verdict_for_verdict(event_log):
    playthroughs.replay(RECORDING, Table(Session(event_log, RECORD)).perform)


def test_the_recording_is_a_whole_game_with_slips_and_a_correction():
    header, steps = playthroughs.read(RECORDING)
    assert header["seed"] == SEED and header["levels"] == LEVELS
    kinds = {step["command"]["do"] for step in steps}
    assert {"start", "sow", "move-ant", "pass", "correct"} <= kinds
    refusals = [step["outcome"]["verdict"]["message"] for step in playthroughs.refused(steps)]
    assert any("protects" in message for message in refusals)
    assert any("has no eggs to sow" in message for message in refusals)
    assert any(message.startswith("Say where the eggs leaving") for message in refusals)
    assert "Sow first: the ant moves after the eggs." in refusals
    assert any(message.startswith("An ant move is mandatory") for message in refusals)
    final = steps[-1]["outcome"]["state"]
    assert final["over"] and final["winners"] and sum(final["scores"].values()) > 0


def test_the_log_written_during_the_replay_reopens_to_the_final_game(tmp_path):
    path = tmp_path / "game.sqlite"
    session = Session(EventLog(path), RECORD)
    playthroughs.replay(RECORDING, Table(session).perform)
    final = session.view()
    session.log.close()
    assert Session(EventLog(path), RECORD).view() == final


@pytest.mark.slow
def test_the_bots_still_choose_the_recorded_turns(event_log):
    """The seed's generator is consumed as in the recording: slips first, then each turn's choice."""
    from the_colony_playthrough import generate

    _, steps = playthroughs.read(RECORDING)
    _, again = generate(Session(event_log, RECORD))
    assert [step["command"] for step in playthroughs.comparable(again)] == [step["command"] for step in steps]
