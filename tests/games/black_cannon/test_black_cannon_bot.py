"""The computer seat: for the roll read, a move the record accepts, told as a sentence; a chest picked
up or brought home when in reach; before the roll, which dice; at its shot, where to aim."""

from __future__ import annotations

import random

import pytest
from black_cannon_play import play

from companion.games.black_cannon.bot import BOT, LEVELS
from companion.games.black_cannon.record import RECORD

TWO = "players: anna=red,green bob=blue,yellow\n"


def game_after(start: str, *commands: dict):
    _, bodies = RECORD.decide(None, RECORD.start(start))
    game = RECORD.apply(None, bodies[0], 1)
    for seq, command in enumerate(commands, start=2):
        verdict, bodies = RECORD.decide(game, command)
        assert verdict.legal, verdict.message
        for body in bodies:
            game = RECORD.apply(game, body, seq)
    return game


@pytest.mark.parametrize("level", LEVELS[1:])
def test_a_chest_in_reach_is_picked_up(level):
    game = game_after(TWO + "ships: red=galleon@D1 blue=galleon@L5 green=galleon@L7", {"type": "roll", "dice": [3, 1]})
    chosen = BOT.choose(game, "anna", level, random.Random(3))
    assert chosen.commands == ({"type": "move", "fleet": "red", "to": "D4"},)
    assert chosen.sentence == "Sail red's galleon from D1 3 south to D4 and pick up a chest." and chosen.places[-1] == "D4"


@pytest.mark.parametrize("level", LEVELS[1:])
def test_a_chest_aboard_goes_home_when_it_can(level):
    game = game_after(TWO + "ships: red=frigate@D4 green=frigate@C12\ncarrying: red", {"type": "roll", "dice": [5]})
    assert BOT.choose(game, "anna", level, random.Random(3)).commands[0]["to"] == "A1"


def test_before_its_roll_it_says_which_dice_and_at_its_shot_where_to_aim():
    game = game_after(TWO + "ships: red=frigate@C3 green=raft@C9")
    assert BOT.choose(game, "anna", "expectimax", random.Random(0)).sentence == "Roll one die for anna."
    assert BOT.choose(game, "bob", "expectimax", random.Random(0)).sentence == "It is anna's turn."
    game = game_after(TWO + "ships: red=galleon@B2 blue=galleon@H1 yellow=frigate@J9\ncarrying: yellow",
                      {"type": "roll", "dice": [4, 2]}, {"type": "move", "fleet": "red", "to": "F2"})
    aim = BOT.choose(game, "anna", "expectimax", random.Random(0))
    assert aim.commands == () and aim.places == ("J9",) and "yellow's frigate on J9" in aim.sentence


def test_an_unknown_level_or_seat_is_a_value_error():
    game = game_after(TWO)
    with pytest.raises(ValueError, match="unknown level 'clever'"):
        BOT.choose(game, "anna", "clever", random.Random(0))
    with pytest.raises(ValueError, match="'cleo' is not a player"):
        BOT.choose(game, "cleo", "greedy", random.Random(0))


@pytest.mark.parametrize("seed", range(3))
def test_every_move_it_chooses_in_a_random_game_is_accepted(seed):
    rng = random.Random(seed)
    for _, _, game in play(seed, TWO, steps=40, purposeful=True):
        if game.phase == "move":
            chosen = BOT.choose(game, game.position.turn, "greedy", rng)
            verdict, _ = RECORD.decide(game, chosen.commands[0])
            assert verdict.legal, (chosen, verdict.message)
