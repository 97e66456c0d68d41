"""Undo in The Colony's record, which the Play screen's Undo button sends: it takes back the last sowing,
ant move or pass, one at a time, back to the last start or correction, even after the game has ended,
and a log replays to the same game."""

from __future__ import annotations

import pytest

from companion.games.the_colony.record import RECORD
from companion.session import EventLog, Session

EMPTY = {f"L{n}": 0 for n in range(1, 20)}


def text(header: str, **logs: str) -> str:
    """A position: the header, then every log, empty unless named (L18="1", L1="0 R")."""
    return header + "".join(f"{space} {logs.get(space, '0')}\n" for space in EMPTY)


RED_ENDS_IT = text("turn: red\ncollected: red=10 black=12\nants: optional\n", L1="0 R", L18="1")


def test_undo_after_the_game_ended_takes_back_the_pass_that_ended_it(event_log):
    session = Session(event_log, RECORD)
    session.act(RECORD.start(RED_ENDS_IT))
    session.act({"type": "sow", "space": "L18"})   # the last egg reaches red's own ant on L1: collected
    session.act({"type": "pass"})                 # black has no eggs to sow: over
    view = session.view()
    assert view["over"] and view["winners"] == ["black"] and view["scores"] == {"red": 11, "black": 12}
    verdict, event = session.act({"type": "undo"})
    assert verdict.legal and verdict.message == "Undone: Red's choice to move no ant." and event.body["player"] == "red"
    view = session.view()
    assert not view["over"] and view["phase"] == "move-ant" and view["player"] == "red"
    assert view["undo"] == "Red's sowing from L18"


@pytest.mark.parametrize("steps, refused", [
    ([], "Nothing to undo since the game began or was last corrected."),
    ([{"type": "sow", "space": "L18"}, {"type": "correct", "board": RED_ENDS_IT, "note": "recounted"}],
     "Nothing to undo since the game began or was last corrected."),
])
def test_undo_stops_at_the_start_and_at_a_correction(event_log, steps, refused):
    session = Session(event_log, RECORD)
    session.act(RECORD.start(RED_ENDS_IT))
    for step in steps:
        session.act(step)
    before = event_log.last_seq()
    verdict, event = session.act({"type": "undo"})
    assert event is None and verdict.message == refused and verdict.reasons[0].rule == "rules:undo"
    assert event_log.last_seq() == before


def test_a_long_game_undone_step_by_step_replays_from_its_log_to_the_same_game(tmp_path):
    log = EventLog(tmp_path / "game.sqlite")
    session = Session(log, RECORD)
    session.act(RECORD.start(""))
    plays = [{"type": "sow", "space": "L1", "via": ["L4"]}, {"type": "pass"},
             {"type": "sow", "space": "L9"}, {"type": "pass"},
             {"type": "sow", "space": "L5"}]
    views = [session.view()]
    for play in plays:
        assert session.act(play).verdict.legal, play
        views.append(session.view())
    for expected in reversed(views[:-1]):   # each undo is back where the game stood before that step
        session.act({"type": "undo"})
        now = session.view()
        assert {**now, "seq": 0} == {**expected, "seq": 0}
    replayed = Session(EventLog(log.path), RECORD)
    assert replayed.view() == session.view()


def test_a_log_whose_undo_has_nothing_to_take_back_does_not_replay():
    game = RECORD.apply(None, {"type": "game", "board": ""}, 1)
    with pytest.raises(ValueError, match=r"event 2 \(undo\) has nothing to take back"):
        RECORD.apply(game, {"type": "undo"}, 2)
