"""Cannonball Colony's computer seat: islands as text, with the turn each level must find.

The island: France's roads on board 1 run from its ship at A1 to F3's grass, the only space its
roads may grow onto; its forts stand at A3 and C1, so E3 is its only fort site (CC-6). One road
tile is left in the supply, so whoever lays it ends the game (CC-9).
"""

import random

import pytest

from companion.games.cannonball_colony.bot import BOT, LEVELS
from companion.games.cannonball_colony.bot_landing import LandingSettings, best_landings, share
from companion.games.cannonball_colony.cells import Country
from companion.games.cannonball_colony.game import Game
from companion.games.cannonball_colony.moves import parse_move
from companion.games.cannonball_colony.record import RECORD
from companion.games.cannonball_colony.rules import judge_landing
from companion.games.cannonball_colony.text import parse_board

ISLAND = """
players: france spain
boards: A1 G1
landing: france=A1 spain=L1
earned: france={france_earned} spain=
supply: 1
turn: france
   A  B  C  D  E  F  G  H  I  J  K  L
1  r  r  Ff r  r  m  m  r  r  r  {k1} r
2  m  m  m  m  r  m  m  r  m  m  m  m
3  Ff r  r  {d3} r  g  m  Fs l  l  l  l
4  m  m  m  l  m  m  m  r  l  l  l  l
5  l  l  l  {d5} l  l  l  l  l  l  l  l
6  l  l  l  l  l  l  l  l  l  l  l  l
"""


def island(d3="r", d5="l", k1="r", france_earned=""):
    return Game.from_position(parse_board(ISLAND.format(d3=d3, d5=d5, k1=k1, france_earned=france_earned)))


# Each a fresh game when called: the record's apply changes the game it is given.
AHEAD = island                                                                # France 2 forts, Spain 1
SHOOT_TO_WIN = lambda: island(d3="Cf", d5="Fs", france_earned="cannon1")      # 2 all; the cannon at D3 hits D5
BEHIND = lambda: island(k1="Fs", d5="Fs")                                     # France 2, Spain 3


def turn_of(game, level, seed=0):
    move = BOT.choose(game(), "france", level, random.Random(seed))
    return move, [c["move"] for c in move.commands if c["type"] == "propose"]


@pytest.mark.parametrize("level", ["greedy", "look-ahead"])
@pytest.mark.parametrize("game, expected, why", [
    (AHEAD, ["road F3"], "ahead on forts, the last road tile wins the game"),
    (SHOOT_TO_WIN, ["fire D5", "road F3"], "shot first, the last road wins 2-1; without it Spain wins the tie-break"),
    (BEHIND, ["fort E3"], "behind, the last road would lose: a fort draws level and the game goes on"),
])
def test_each_level_finds_the_turn(game, expected, why, level):
    move, proposed = turn_of(game, level)
    assert proposed == expected, why
    assert move.commands[-1] == {"type": "confirm"} and move.on_table == len(expected)


def test_the_sentence_says_what_to_place_where_and_the_places_are_the_cells_to_light():
    move, _ = turn_of(BEHIND, "greedy")
    assert move.sentence == "France builds a fort at E3: place it there"
    assert move.places == ("E3",)
    move, _ = turn_of(SHOOT_TO_WIN, "look-ahead")
    assert move.sentence == ("France fires on Spain's fort at D5: take it off the island, then lays a road at F3: "
                             "place it there")
    assert move.places == ("D5", "F3")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game", [AHEAD, SHOOT_TO_WIN, BEHIND])
def test_every_level_plays_a_turn_the_record_accepts(game, level):
    game = game()
    move = BOT.choose(game, "france", level, random.Random(3))
    for command in move.commands:
        verdict, bodies = RECORD.decide(game, command)
        assert verdict.legal, (command, verdict.message)
        for body in bodies:
            game = RECORD.apply(game, body, 0)
    assert game.phase.value == "over" or str(game.player) == "spain"


def test_the_game_it_is_given_is_left_as_it_was():
    game = island(d3="Cf", d5="Fs", france_earned="cannon1")
    before = (game.position, game.turn, list(game.history))
    BOT.choose(game, "france", "look-ahead", random.Random(0))
    BOT.choose(game, "france", "random", random.Random(0))
    assert (game.position, game.turn, list(game.history)) == before


def test_not_its_turn_nothing_to_do_and_a_build_already_down_is_only_confirmed():
    assert BOT.choose(AHEAD(), "spain", "greedy", random.Random(0)).commands == ()
    game = island()
    assert game.play(parse_move("fort E3")).legal
    move = BOT.choose(game, "france", "greedy", random.Random(0))
    assert move.commands == ({"type": "confirm"},) and move.on_table == 0


OPEN_FIELD = """
players: france spain
boards: A1 G1
supply: 50
turn: france
   A  B  C  D  E  F  G  H  I  J  K  L
1  g  m  g  g  g  g  g  g  g  g  g  g
2  m  m  g  g  g  g  g  g  g  g  g  g
3  g  g  g  g  g  g  g  g  g  g  g  g
4  g  g  g  g  g  g  g  g  g  g  g  g
5  g  g  g  g  g  g  g  g  g  g  g  g
6  g  g  g  g  g  g  g  g  g  g  g  g
"""

# A1-C3 is the most open grass near any landing space, but mountains and lakes wall it into
# nine cells; the forest beyond the lakes is four times that, shared with Spain's ship at L6.
OPEN_POCKET = """
players: france spain
boards: A1 G1
landing: spain=L6
supply: 50
turn: france
   A  B  C  D  E  F  G  H  I  J  K  L
1  g  g  g  m  l  f  f  f  f  f  f  f
2  g  g  g  m  l  f  l  l  l  l  l  f
3  g  g  g  m  l  f  l  f  f  f  l  f
4  m  m  m  m  l  f  l  f  l  f  l  f
5  f  l  l  l  l  f  l  f  l  f  l  f
6  f  f  f  f  f  f  f  f  l  f  f  f
"""


@pytest.mark.parametrize("level", ["greedy", "look-ahead"])
@pytest.mark.parametrize("board, walled_in, why", [
    (OPEN_FIELD, {"A1"}, "A1 is walled in by mountains"),
    (OPEN_POCKET, {"A1", "B1", "C1", "A2", "A3"}, "the open pocket holds nine cells, the forest far more"),
])
def test_it_lands_where_most_country_is_its_own(board, walled_in, why, level):
    game = Game.from_position(parse_board(board))
    move = BOT.choose(game, "france", level, random.Random(0))
    landing = move.commands[0]["move"]
    assert landing.startswith("land ") and landing.removeprefix("land ") not in walled_in, why
    assert move.sentence.startswith("France lands at ") and move.sentence.endswith(": put the ship there")


# France's own pocket A1-F3 holds 18 cells behind mountains; the strip below holds 26, shared with
# Spain's ship at L6, whose steps reach its far end as France's reach its near end.
POCKET_OR_STRIP = """
players: france spain
boards: A1 G1
landing: spain=L6
supply: 50
turn: france
   A  B  C  D  E  F  G  H  I  J  K  L
1  g  g  g  g  g  g  m  l  l  l  l  l
2  g  g  g  g  g  g  m  l  l  l  l  l
3  g  g  g  g  g  g  m  l  l  l  l  l
4  m  m  m  m  m  m  m  l  l  l  g  g
5  g  g  g  g  g  g  g  g  g  g  g  g
6  g  g  g  g  g  g  g  g  g  g  g  g
"""


@pytest.mark.parametrize("lead, lands_in, why", [
    (0, "123", "step for step with Spain, France owns half the strip, less than its pocket"),
    (4, "56", "a few steps ahead of a casual rival, most of the strip is France's"),
])
def test_a_seat_that_outpaces_its_rival_lands_in_the_larger_shared_country(lead, lands_in, why):
    position = parse_board(POCKET_OR_STRIP)
    spots = [cell for cell in position.cells() if judge_landing(position, Country.FRANCE, cell).legal]
    best = best_landings(position, Country.FRANCE, spots, LandingSettings(lead=lead))
    assert best and all(str(cell)[1:] in lands_in for cell in best), why


def test_a_rival_counted_steps_behind_leaves_the_cells_it_would_tie_or_win_to_the_seat():
    mine = {"a": 1, "b": 2, "c": 5}
    rival = {"a": 3, "b": 2, "c": 2}
    assert share(mine, [rival]) == 1.5          # a won, b tied, c lost
    assert share(mine, [rival], lead=1) == 2.0  # b won now, c still lost
    assert share(mine, [rival], lead=3) == 2.5  # c tied


def test_an_unknown_level_is_refused_by_name():
    with pytest.raises(ValueError, match=r"unknown Cannonball Colony bot level 'best' \(levels: random, greedy, look-ahead\)"):
        BOT.choose(AHEAD(), "france", "best", random.Random(0))
