"""The record through a real session (SQLite event log): rolls, moves, the Black Cannon's shot and a
sea battle's two shots in order, undo that never crosses a roll or a shot, corrections, the end of
the game, and a restart that replays the log to the same game."""

from __future__ import annotations

import json

import pytest
from black_cannon_boards import board_data

from companion.games.black_cannon.record import RECORD
from companion.session import EventLog, Session

START = """\
players: anna=red bob=blue cleo=green
ships: red=galleon@B2 blue=frigate@G2 green=galleon@D1
carrying: blue
"""


@pytest.fixture
def table(tmp_path):
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)

    def act(**command):
        acted = session.act(command)
        return acted.verdict
    act.session, act.path = session, tmp_path / "game.sqlite"
    act(type="start", board=START)
    return act


def test_a_turn_rolls_moves_and_passes_to_the_next_seat(table):
    assert table(type="roll", dice=[2, 1]).legal
    verdict = table(type="move", fleet="red", to="D4")
    assert verdict.legal and "picks up a chest on D4 (3 left there). [rules:treasure]" in verdict.message
    view = table.session.view()
    assert (view["player"], view["phase"], view["carrying"], view["chests"]["D4"]) == ("bob", "roll", ["blue", "red"], 3)


def test_only_the_mover_moves_and_only_after_rolling(table):
    assert table(type="move", fleet="red", to="F2").reasons[0].message == "Roll first."
    table(type="roll", dice=[4, 2])
    refused = table(type="move", fleet="blue", to="G4")
    assert not refused.legal and refused.reasons[0].message.startswith("Blue is not anna's fleet")
    assert "rolls both dice" not in refused.message
    assert not table(type="roll", dice=[1, 1]).legal   # one roll a turn


def test_a_roll_must_fit_one_of_the_movers_ships_and_the_move_the_ship_chosen(table):
    table(type="roll", dice=[4, 2])
    table(type="move", fleet="red", to="B6")
    refused = table(type="roll", dice=[3, 3])                # bob has only a frigate, away from its port
    assert refused.reasons[0].rule == "rules:move" and "Bob's ships roll one die (blue): roll again." in refused.message
    # BC-10: anna (red galleon, green frigate) rolls two dice, so only the galleon may use them
    table(type="correct", board="players: anna=red,green bob=blue,yellow\nships: red=galleon@C3 green=frigate@D1")
    table(type="roll", dice=[4, 2])
    refused = table(type="move", fleet="green", to="D5")
    assert refused.reasons[0].rule == "rules:move" and "rolls one die, as it is a frigate" in refused.message
    assert table(type="move", fleet="red", to="G7").legal
    assert table(type="move", fleet="blue", to="L2").reasons[0].message == "Roll first."
    table(type="roll", dice=[1, 1])
    refused = table(type="move", fleet="red", to="G8")
    assert refused.reasons[0].rule == "BC-10" and "bob moves blue or yellow" in refused.message


def test_the_black_cannon_then_the_battle_each_shot_in_order(table):
    table(type="roll", dice=[4, 2])
    moved = table(type="move", fleet="red", to="F2")
    assert "[rules:black-cannon]" in moved.message and "[BC-2]" in moved.message
    view = table.session.view()
    assert view["phase"] == "shot" and [(s["shooter"], s["cause"]) for s in view["shots"]] == [
        ("red", "black-cannon"), ("red", "battle"), ("blue", "battle")]
    # the Black Cannon sinks blue's carrying frigate: red takes the chest aboard
    assert table(type="shot", target="blue", sunk=True, chest="ship").legal
    # the battle: red misses, and blue's raft knocks red's galleon over
    assert not table(type="shot", target="green", sunk=True).legal   # the battle is with blue
    assert table(type="shot", target="blue", sunk=False).legal
    assert table(type="shot", target="red", sunk=True).legal
    view = table.session.view()
    assert view["ships"]["red"] == {"kind": "frigate", "square": "F2"} and view["carrying"] == ["red"]
    assert view["ships"]["blue"] == {"kind": "raft", "square": "G2"}
    assert (view["phase"], view["player"]) == ("roll", "bob")


def test_a_raft_the_black_cannon_sends_home_fights_no_battle(table):
    table(type="correct", board=START.replace("blue=frigate@G2", "blue=raft@G2").replace("carrying: blue", ""))
    table(type="roll", dice=[4, 2])
    table(type="move", fleet="red", to="F2")
    assert len(table.session.view()["shots"]) == 3
    table(type="shot", target="blue", sunk=True)              # BC-3: home to L1, no longer across edge A
    view = table.session.view()
    assert view["shots"] == [] and (view["phase"], view["player"]) == ("roll", "bob")


def test_undo_takes_back_a_move_but_never_a_roll_or_a_shot(table):
    assert table(type="undo").reasons[0].rule == "rules:undo"
    table(type="roll", dice=[4, 2])
    assert not table(type="undo").legal                       # the roll stands
    table(type="move", fleet="red", to="F2")
    assert table(type="undo").legal                           # the move, before its shot
    view = table.session.view()
    assert (view["ships"]["red"]["square"], view["phase"], view["roll"]) == ("B2", "move", [4, 2])
    table(type="move", fleet="red", to="F2")
    table(type="shot", target="green", sunk=False)
    assert not table(type="undo").legal                       # the shot was fired


def test_a_sunk_raft_goes_home_and_leaves_port_as_a_galleon(table):
    table(type="correct", board=START.replace("blue=frigate@G2", "blue=raft@G2").replace("carrying: blue", ""))
    table(type="roll", dice=[4, 2])
    table(type="move", fleet="red", to="F2")
    table(type="shot", target="blue", sunk=True)
    assert table.session.view()["ships"]["blue"] == {"kind": "raft", "square": "L1"}
    table(type="roll", dice=[2, 1])                           # bob: both dice, as his raft is in its port
    assert table(type="move", fleet="blue", to="I1").legal
    assert table.session.view()["ships"]["blue"] == {"kind": "galleon", "square": "I1"}


def test_three_chests_home_end_the_game(table):
    table(type="correct", board="players: anna=red bob=blue cleo=green\nships: red=frigate@D4\ncarrying: red\nhome: red=2")
    table(type="roll", dice=[5])
    won = table(type="move", fleet="red", to="A1")
    assert won.legal and "brings a chest home" in won.message
    view = table.session.view()
    assert (view["over"], view["winner"], view["phase"]) == (True, "anna", "over")
    assert table(type="roll", dice=[1, 1]).reasons[0].rule == "rules:object"


def test_a_boxed_in_ship_stays_and_the_turn_passes(table, tmp_path):
    board = tmp_path / "boxed.json"
    board.write_text(json.dumps(board_data("~~~~~", "~###~", "~#~~~", "~###~", "~~~~~")))
    table(type="correct", board=f"players: anna=red bob=blue cleo=green\nships: red=frigate@C3 blue=galleon@D3\n"
                                f"board: {board}")
    table(type="roll", dice=[1])
    assert not table(type="move", fleet="red", to="E3").legal
    stays = table(type="move", fleet="red", to="C3")
    assert stays.legal and "[BC-8]" not in stays.message and "stays where it is" in stays.message
    assert table.session.view()["player"] == "bob"


def test_a_restart_replays_the_log_to_the_same_game(table):
    table(type="roll", dice=[4, 2])
    table(type="move", fleet="red", to="F2")
    table(type="shot", target="blue", sunk=True, chest="D9")
    before = table.session.view()
    table.session.log.close()
    again = Session(EventLog(table.path), RECORD)
    assert again.view() == before
    assert before["chests"]["D9"] == 4 and before["shots"][0]["cause"] == "battle"


def test_bad_commands_are_value_errors_that_quote_them(table):
    table(type="roll", dice=[4, 2])
    with pytest.raises(ValueError, match="not a fleet in play"):
        RECORD.decide(table.session.snapshot().state, {"type": "move", "fleet": "purple", "to": "C3"})
    with pytest.raises(ValueError, match="a roll is one or two dice from 1 to 6"):
        RECORD.decide(table.session.snapshot().state, {"type": "roll", "dice": [9]})
    with pytest.raises(ValueError, match="unknown Black Cannon command 'sail'"):
        RECORD.decide(None, {"type": "sail"})


def test_looks_give_each_fleet_a_colour_a_shape_and_a_letter():
    looks = RECORD.looks(None)
    assert list(looks) == ["red", "blue", "green", "yellow"] and looks["blue"]["letter"] == "B"
    assert len({look["shape"] for look in looks.values()}) == 4
