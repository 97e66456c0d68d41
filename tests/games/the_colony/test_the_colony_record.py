"""The Colony kept by the session on a real event log: a turn is a sowing then an ant move or a
pass, refusals log nothing, the game ends as the rulebook says, and a restart replays it all."""

from __future__ import annotations

from the_colony_boards import board_text

from companion.games import plugins
from companion.games.the_colony.record import RECORD
from companion.session import EventLog, Session


def session_on(log, text: str = "") -> Session:
    session = Session(log, plugins()["the-colony"].load("record"))
    session.act(RECORD.start(text))
    return session


def test_from_the_rulebook_setup_red_sows_first_and_a_turn_with_no_ant_out_ends_at_once(event_log):
    session = session_on(event_log)
    view = session.view()
    assert view["player"] == "red" and view["phase"] == "sow" and len(view["legal"]) == 19
    verdict, event = session.act({"type": "sow", "space": "L1", "via": ["L4"]})
    assert verdict.legal and event.body["path"] == ["L2", "L3", "L4"] and event.body["ended_by"] == \
        "collect and place an ant"
    view = session.view()   # red's new ant on L4 could step: the turn waits for a move or a pass
    assert view["phase"] == "move-ant" and view["ant_moves"] == [["L4", "L3"], ["L4", "L5"]] and view["player"] == "red"
    session.act({"type": "pass"})
    assert session.view()["player"] == "black" and session.view()["scores"] == {"red": 4, "black": 0}


def test_a_sowing_still_needing_a_choice_or_from_a_bad_space_is_refused_and_logs_nothing(event_log):
    session = session_on(event_log)
    before = event_log.last_seq()
    verdict, event = session.act({"type": "sow", "space": "L2"})
    assert not verdict.legal and event is None and verdict.message == "Say where the eggs leaving L3 go: L4 or L19."
    verdict, _ = session.act({"type": "sow", "space": "L1", "via": ["L12"]})
    assert verdict.reasons[0].rule == "rules:move-eggs"
    verdict, _ = session.act({"type": "move-ant", "from": "L1", "to": "L2"})
    assert verdict.message == "Sow first: the ant moves after the eggs."
    assert event_log.last_seq() == before


def test_the_first_ant_move_makes_passing_refused_for_everyone_with_an_ant_out(event_log):
    header = "turn: red\ncollected: red=0 black=0\nants: optional\n"
    session = session_on(event_log, board_text("L3 0 R\nL10 1\nL14 0 B\nL16 2", header))
    session.act({"type": "sow", "space": "L10"})   # one egg to empty L11: stop
    verdict, event = session.act({"type": "move-ant", "from": "L3", "to": "L2"})
    assert verdict.legal and "From now on everyone" in verdict.message
    session.act({"type": "sow", "space": "L16", "via": ["L18"]})   # black: L17, then round to L18
    verdict, event = session.act({"type": "pass"})
    assert not verdict.legal and event is None and verdict.reasons[0].rule == "rules:ants"
    assert session.act({"type": "move-ant", "from": "L14", "to": "L13"}).verdict.legal
    assert session.view()["player"] == "red" and session.view()["ants"] == {"L2": "red", "L13": "black"}


def test_the_game_ends_when_a_mandatory_ant_cannot_move_and_the_tie_goes_to_the_last_whole_turn(event_log):
    header = "turn: red\ncollected: red=3 black=4\nants: mandatory\n"
    session = session_on(event_log, board_text("L5 1 R\nL4 0 B\nL6 0 B\nL10 1", header))
    session.act({"type": "sow", "space": "L10"})
    view = session.view()
    assert view["over"] and view["scores"] == {"red": 4, "black": 4} and view["winners"] == ["black"]
    assert "Red must move an ant and none can move: the game ends." in view["why"]
    verdict, event = session.act({"type": "sow", "space": "L11"})
    assert event is None and verdict.message.startswith("The game is over")


def test_the_game_ends_when_the_next_player_cannot_select_a_space(event_log):
    header = "turn: red\ncollected: red=0 black=0\nants: optional\n"
    session = session_on(event_log, board_text("L9 1\nL10 3\nL14 2 B", header))
    session.act({"type": "sow", "space": "L9"})   # the egg reaches L10's three: collected, and red's ant there
    waiting = session.view()   # red could not sow now, but red has sown: the turn is the ant move's
    assert waiting["phase"] == "move-ant" and not waiting["over"] and waiting["why"].startswith("The game goes on")
    session.act({"type": "pass"})
    view = session.view()   # black's only eggs are under its own ant, and red's ant guards L10
    assert view["over"] and view["legal"] == [] and "Black cannot select a log space" in view["why"]
    assert view["scores"] == {"red": 4, "black": 2} and view["winners"] == ["red"]


def test_a_correction_puts_the_table_right_and_the_game_goes_on_from_it(event_log):
    session = session_on(event_log)
    header = "turn: black\ncollected: red=1 black=0\nants: optional\n"
    verdict, event = session.act({"type": "correct", "board": board_text("L5 2\nL6 3 R", header),
                                  "note": "two eggs rolled off L4"})
    assert verdict.message == "two eggs rolled off L4" and event.type == "correction"
    view = session.view()
    assert view["player"] == "black" and view["legal"] == ["L5"] and view["scores"] == {"red": 4, "black": 0}


def test_a_restart_replays_the_log_to_the_same_game(tmp_path):
    log = EventLog(tmp_path / "game.sqlite")
    session = session_on(log)
    session.act({"type": "sow", "space": "L19", "via": ["L8", "L9"]})
    seen = session.view()
    log.close()
    again = EventLog(tmp_path / "game.sqlite")
    assert Session(again, RECORD).view() == seen
    again.close()


def test_the_looks_say_each_colour_twice_over():
    assert RECORD.looks(None) == {"red": {"colour": "#D55E00", "shape": "circle", "letter": "R", "title": "Red"},
                                  "black": {"colour": "#000000", "shape": "square", "letter": "B", "title": "Black"}}
