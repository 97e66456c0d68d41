"""The LEDs under The Colony's log spaces: the mover's legal spaces in their colour, the last
sowing's path, the computer seat's turn, the winners; shown on the firmware's software twin
attached as `serve --game the-colony --hardware sim` attaches it, on a real SQLite session."""

from __future__ import annotations

import random
import time

import pytest
from firmware_bridge.protocol import BoardConfig
from the_colony_boards import board_text

from companion.games.the_colony.bot import BOT
from companion.games.the_colony.hardware.aim import LOG_BOARD_FRAME, SpaceNotAimable, SpaceTargets
from companion.games.the_colony.hardware.indicators import PLAYER_COLOURS, QUESTION, led_frame, space_colours
from companion.games.the_colony.record import RECORD
from companion.hardware.aim import Aimer
from companion.hardware.led_map import LedMap
from companion.hardware.setup import attach
from companion.hardware.strip import ACCEPTED
from companion.session import Session

RED_DIM, BLUE_DIM = (76, 9, 0), (0, 18, 76)   # the legal spaces: 30% of each player's colour
PATH, LAST = (102, 102, 102), ACCEPTED         # the last sowing: 40% white, its last egg full white
ENDGAME = "turn: red\ncollected: red=10 black=10\nants: optional\n"


def game_from(text: str = ""):
    return RECORD.apply(None, {"type": "game", "board": text}, 1)


def act(game, command):
    verdict, bodies = RECORD.decide(game, command)
    assert verdict.legal, verdict.message
    for seq, body in enumerate(bodies):
        game = RECORD.apply(game, body, seq)
    return game


def test_at_the_setup_every_space_is_legal_for_red():
    assert space_colours(game_from()) == {f"L{n}": RED_DIM for n in range(1, 20)}


def test_after_red_sows_black_sees_its_legal_spaces_and_red_s_path():
    game = act(act(game_from(), {"type": "sow", "space": "L1", "via": ["L4"]}), {"type": "pass"})
    lit = space_colours(game)
    assert [lit["L1"], lit["L2"], lit["L3"], lit["L4"]] == [PATH, PATH, PATH, LAST]   # L1 sown: L2, L3, L4
    assert {lit[f"L{n}"] for n in range(5, 20)} == {BLUE_DIM}   # L4 has red's new ant: not legal for black


def test_after_sowing_the_ants_that_can_step_show_and_no_space_is_legal():
    game = act(game_from(), {"type": "sow", "space": "L1", "via": ["L4"]})   # red's ant on L4 may step
    lit = space_colours(game)
    assert lit["L4"] == ACCEPTED and RED_DIM not in lit.values()   # the last egg's space: the path wins


def test_the_computer_seat_s_turn_shows_bright_in_its_colour_and_a_question_yellow():
    game = game_from(board_text("L1 2\nL3 3\nL10 1\nL14 1\nL16 0 B", ENDGAME))
    move = BOT.choose(game, "red", "hard", random.Random(0))
    lit = space_colours(game, {"cells": ["L14"]}, move.places)
    assert [lit[space] for space in ("L1", "L2", "L3")] == [PLAYER_COLOURS["red"]] * 3
    assert lit["L10"] == RED_DIM and lit["L14"] == QUESTION


def test_a_won_game_shows_the_winner_s_ants():
    game = game_from(board_text("L2 0 R\nL7 4 B\nL9 0 B", ENDGAME))   # red cannot sow: black has 14
    assert game.over is not None
    assert space_colours(game) == {"L7": PLAYER_COLOURS["black"], "L9": PLAYER_COLOURS["black"]}


def test_a_strip_too_short_for_the_logs_stays_dark_and_says_why():
    frame, problem = led_frame(game_from(), None, (), LedMap(count=12))
    assert set(frame) == {(0, 0, 0)} and "needs LEDs 0..18, but the strip has 12" in problem


def test_a_space_to_aim_at_is_its_centre_on_the_printed_board(event_log):
    session = Session(event_log, RECORD)
    session.act(RECORD.start(""))
    aimer = Aimer(frame=LOG_BOARD_FRAME)
    with pytest.raises(SpaceNotAimable, match="no log space 'L20' to aim at"):
        SpaceTargets(aimer, session)("L20")


LEDS = LedMap(count=24, first=2, turn_leds=(0,), brightness=1.0)   # L1 over LED 2, ... L19 over LED 20


def wait_for(condition, seconds: float = 5.0):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the twin's strip never showed it"
        time.sleep(0.02)


@pytest.mark.slow
def test_the_twin_s_strip_follows_the_game_and_the_computer_seat_s_hint(event_log):
    session = Session(event_log, RECORD)
    session.act(RECORD.start(""))
    setup = attach("sim", (BoardConfig(led_count=LEDS.count), LEDS, Aimer(frame=LOG_BOARD_FRAME)), session,
                   lambda status: None)
    assert setup.desk is not None, setup.status()
    try:
        strip = lambda: setup.hardware.twin.strip   # noqa: E731
        wait_for(lambda: strip()[2:21] == [RED_DIM] * 19 and strip()[0] == PLAYER_COLOURS["red"])
        session.act({"type": "sow", "space": "L1", "via": ["L4"]})
        session.act({"type": "pass"})
        wait_for(lambda: strip()[2:6] == [PATH, PATH, PATH, LAST] and strip()[0] == PLAYER_COLOURS["black"])
        move = BOT.choose(session.snapshot().state, "black", "medium", random.Random(1))
        setup.desk.follower.hint(move.places)
        wait_for(lambda: all(strip()[2 + int(space[1:]) - 1] == PLAYER_COLOURS["black"] for space in move.places))
        for command in move.commands:
            session.act(command)
        last = int(session.state.last_sowing["path"][-1][1:])   # the hint is done: black's path, red to play
        wait_for(lambda: strip()[2 + last - 1] == LAST and strip()[0] == PLAYER_COLOURS["red"]
                 and PLAYER_COLOURS["black"] not in strip()[2:21])
        assert "LED 2 under L1" in setup.desk.follower.describe()
    finally:
        setup.close()
