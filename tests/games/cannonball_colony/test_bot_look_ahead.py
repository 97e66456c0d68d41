"""The look-ahead level (bot_look_ahead.py): islands as text where looking at the opponent's answer
changes the turn, and the expectation over that answer the level relies on.

JOINED: from a tuning game (seed 950018, France the bot). France's roads run G2-I2; Spain's run
from its ship at F6 up to F4 and G4. G3's forest joins France's network to Spain's roads, which
anyone may travel (CC-5): their tiles become France's fort sites too. Counting this turn alone,
two grass roads at E2 and E3 look better. Assuming Spain answers with its strongest piece (the
old look-ahead), a fort at G4 walls the join off at once, so it looked no better either; but a
casual opponent seldom does that, and on average the join is worth most.
"""

import random

import pytest

from companion.games.cannonball_colony.bot import BOT
from companion.games.cannonball_colony.bot_look_ahead import OpponentModel, builds_after, expected_worth, spread
from companion.games.cannonball_colony.bot_search import SearchSettings, worth
from companion.games.cannonball_colony.cells import Cell, Country
from companion.games.cannonball_colony.game import Game
from companion.games.cannonball_colony.rules import legal_builds
from companion.games.cannonball_colony.text import parse_board

JOINED = """
players: france spain
boards: G2 A1
landing: france=G2 spain=F6
supply: 41
turn: france
   A  B  C  D  E  F  G  H  I  J  K  L
1  g  g  m  g  f  l  .  .  .  .  .  .
2  g  m  m  m  g  r  r  Ff r  f  g  g
3  m  l  l  g  g  f  f  m  g  f  f  f
4  g  l  m  g  f  r  r  g  f  l  f  f
5  f  g  g  g  l  r  l  f  m  g  m  g
6  g  m  g  f  Fs r  m  l  g  m  m  g
7  .  .  .  .  .  .  l  g  g  f  f  g
"""


def proposed(board: str, level: str, seed: int = 0) -> list[str]:
    move = BOT.choose(Game.from_position(parse_board(board)), "france", level, random.Random(seed))
    return [c["move"] for c in move.commands if c["type"] == "propose"]


def test_the_look_ahead_joins_the_opponents_roads_that_greedy_passes_by():
    assert proposed(JOINED, "greedy") == ["road E2 E3"], "this turn alone, two grass roads"
    assert proposed(JOINED, "look-ahead") == ["road G3"], "after Spain's likely answer, the join to its roads"


def test_the_opponents_builds_are_weighed_to_a_whole_and_pieces_are_likelier_than_roads():
    island = parse_board(JOINED.replace("turn: france", "turn: spain"))
    model = OpponentModel()
    outcomes = builds_after(island, Country.SPAIN, model)
    assert sum(chance for chance, _ in outcomes) == pytest.approx(1.0)
    builds = legal_builds(island, Country.SPAIN)
    fort_chance = sum(chance for chance, after in outcomes if after.fort_count(Country.SPAIN) == 2)
    kinds = [name for name, cells in builds._asdict().items() if cells]
    pieces = sum(1 for name in kinds if name in ("fort", "cannon", "blockade"))
    assert fort_chance == pytest.approx(model.piece_weight / (model.piece_weight * pieces + len(kinds) - pieces))
    assert fort_chance > 1 / len(kinds)


def test_an_opponent_with_nothing_to_build_changes_nothing():
    # Spain not landed yet, and no fort of its own: no network to build from (CC-5).
    walled = parse_board(JOINED.replace("landing: france=G2 spain=F6", "landing: france=G2").replace("Fs", "r "))
    assert builds_after(walled, Country.SPAIN, OpponentModel()) == [(1.0, walled)]
    settings = SearchSettings()
    assert expected_worth(walled, Country.FRANCE, Country.SPAIN, settings, OpponentModel()) == pytest.approx(
        worth(walled, Country.FRANCE, settings.weights))


def test_a_few_sites_of_a_kind_stand_for_many_spread_over_the_island():
    cells = [Cell(col, 0) for col in range(12)]
    assert spread(cells, 4) == [Cell(0, 0), Cell(3, 0), Cell(6, 0), Cell(9, 0)]
    assert spread(cells[:3], 4) == cells[:3]
