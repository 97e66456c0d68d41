"""The Colony's computer seat: positions as text with the turn each level must find, the commands
the record accepts, and the sentence that tells the human which space to sow and which way."""

from __future__ import annotations

import random

import pytest
from the_colony_boards import board_text

from companion.games import plugins
from companion.games.the_colony.bot import BOT
from companion.games.the_colony.record import MOVE_ANT, RECORD

ENDGAME = "turn: red\ncollected: red=10 black=10\nants: optional\n"
SEEDS = range(5)


def game_from(text: str):
    return RECORD.apply(None, {"type": "game", "board": text}, 1)


def act(game, command):
    verdict, bodies = RECORD.decide(game, command)
    assert verdict.legal, f"{command}: {verdict.message}"
    for seq, body in enumerate(bodies):
        game = RECORD.apply(game, body, seq)
    return game


def starts(game, level: str) -> set[str]:
    return {BOT.choose(game, "red", level, random.Random(seed)).commands[0]["space"] for seed in SEEDS}


# Red's L1 holds 2 eggs: L2, then the last on L3, which holds 3 eggs and no ant: collect it and
# claim L3 with an ant (1 + 3 eggs). Every other start collects nothing.
CAPTURE = board_text("L1 2\nL3 3\nL10 1\nL14 1\nL16 0 B", ENDGAME)

# Both L1 (4 eggs: L2, L3, L4, the last on red's ant on L5) and L3 (2 eggs: L4, the last on L5)
# collect one egg. But L1 leaves 3 eggs on L3 and 1 on L2: black then sows L2 onto L3 and claims
# it (1 + 3 eggs). Counting this turn alone the two are equal; looking at the reply they are not.
BLUNDER = board_text("L1 4\nL3 2\nL5 0 R\nL10 1\nL14 1", ENDGAME)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_takes_a_winning_capture(level):
    assert starts(game_from(CAPTURE), level) == {"L1"}


def test_the_blunder_is_plain_one_turn_later():
    after = act(game_from(BLUNDER), {"type": "sow", "space": "L1", "via": ["L4"]})
    after = act(after, {"type": "pass"})
    verdict, bodies = RECORD.decide(after, {"type": "sow", "space": "L2"})
    assert bodies[0]["ended_by"] == "collect and place an ant" and bodies[0]["path"] == ["L3"]


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_levels_that_look_at_the_reply_avoid_the_blunder(level):
    assert starts(game_from(BLUNDER), level) == {"L3"}


def test_the_easy_level_cannot_tell_the_blunder_from_the_safe_capture():
    assert starts(game_from(BLUNDER), "easy") >= {"L1", "L3"}


def test_the_turn_comes_as_commands_the_record_accepts_with_a_sentence_and_the_spaces_to_light():
    move = BOT.choose(game_from(CAPTURE), "red", "hard", random.Random(0))
    assert move.commands[0] == {"type": "sow", "space": "L1", "via": [], "source": "bot"}
    assert move.sentence.startswith("Red sows L1: place the eggs (2 eggs; the last on L3). The last egg reached "
                                    "L3, which held 3 eggs and no ant: you collect it and place an ant there.")
    assert move.places[:3] == ("L1", "L2", "L3")
    game = game_from(CAPTURE)
    for command in move.commands:
        game = act(game, command)
    assert game.position.turn == "black" and game.position.collected["red"] == 11


def test_the_sentence_names_each_choice_of_way_where_it_comes_up():
    # From the setup, L8's three eggs leave a double log: the bot must say which way.
    game = game_from("")
    for seed in range(12):
        move = BOT.choose(game, "red", "medium", random.Random(seed))
        sow = move.commands[0]
        if sow["via"]:
            way = sow["via"][0]
            named = f"the centre {way}" if way == "L19" else way
            assert f"towards {named}" in move.sentence
            return
    pytest.fail("no sowing with a choice of way in twelve openings")


def test_after_its_eggs_are_sown_the_bot_only_finishes_the_turn_with_its_ant():
    game = act(game_from(""), {"type": "sow", "space": "L1", "via": ["L4"]})   # red claims L4
    assert game.phase == MOVE_ANT
    move = BOT.choose(game, "red", "hard", random.Random(0))
    assert len(move.commands) == 1 and move.commands[0]["type"] in ("pass", "move-ant")
    act(game, move.commands[0])


def test_not_its_turn_or_game_over_gives_no_commands():
    game = game_from("")
    assert BOT.choose(game, "black", "hard", random.Random(0)).commands == ()
    assert BOT.to_move(game) == "red" and BOT.to_move(None) is None
    over = game_from(board_text("L2 0 R", ENDGAME))   # red has no space to sow from
    assert over.over is not None and BOT.to_move(over) is None
    assert BOT.choose(over, "red", "easy", random.Random(0)).commands == ()


def test_a_bad_level_or_seat_is_named():
    with pytest.raises(ValueError, match="unknown The Colony bot level 'expert' \\(levels: easy, medium, hard\\)"):
        BOT.choose(game_from(""), "red", "expert", random.Random(0))
    with pytest.raises(ValueError, match="unknown The Colony seat 'blue'"):
        BOT.choose(game_from(""), "blue", "easy", random.Random(0))


def test_the_same_seed_plays_the_same_turn_and_the_plugin_names_the_bot():
    game = game_from("")
    first = BOT.choose(game, "red", "medium", random.Random(3))
    assert BOT.choose(game, "red", "medium", random.Random(3)) == first
    bot = plugins()["the-colony"].load("bot")
    assert bot.levels == ("easy", "medium", "hard")


def test_the_human_carries_out_the_sowing_and_the_companion_the_pass():
    # The camera sees eggs and ants move, never a pass: a turn ending in a pass leaves it off the table.
    move = BOT.choose(game_from(CAPTURE), "red", "easy", random.Random(0))
    kinds = [command["type"] for command in move.commands]
    assert move.on_table == (len(kinds) - 1 if kinds[-1] == "pass" else len(kinds))
    assert all(kind != "pass" for kind in kinds[:move.on_table])
