"""Disputes as a table would raise them: each board is written out, its verdict beside it."""

import pytest

from companion.games.cannonball_colony.referee import answer
from companion.games.cannonball_colony.text import parse_board


def ask(board: str, question: str, player: str | None = None) -> dict:
    return answer(parse_board(board), question.split(), player).data


BLOCKADE_CUTS_THE_SHORT_WAY = """
players: france spain
boards: A1 G1
landing: france=A4 spain=L4
   A  B  C  D  E  F  G  H  I  J  K  L
1  g  g  g  g  g  g  g  g  g  g  g  g
2  g  Ff r  Bs r  g  g  g  g  g  g  g
3  g  r  g  g  r  g  g  g  g  g  g  g
4  r  r  r  r  r  g  g  g  g  g  g  r
5  g  g  g  g  g  g  g  g  g  g  g  g
6  g  g  g  g  g  g  g  g  g  g  g  g
"""


def test_a_blockade_cuts_the_short_fort_distance_path():
    assert ask(BLOCKADE_CUTS_THE_SHORT_WAY, "fort-distance B2 E2") == {
        "steps": 7, "path": ["B2", "B3", "B4", "C4", "D4", "E4", "E3", "E2"], "rule": "CC-6"}
    assert ask(BLOCKADE_CUTS_THE_SHORT_WAY, "check fort E2", "france") == {"legal": True, "reasons": []}


def test_without_the_blockade_the_same_fort_is_too_close():
    board = BLOCKADE_CUTS_THE_SHORT_WAY.replace("Ff r  Bs r", "Ff r  r  r")
    assert ask(board, "fort-distance B2 E2")["path"] == ["B2", "C2", "D2", "E2"]
    verdict = ask(board, "check fort E2", "france")
    assert verdict["legal"] is False
    assert verdict["reasons"] == [{
        "rule": "CC-6",
        "message": "Too close: your fort at B2 is 3 steps away along C2-D2-E2; it must be more than 3.",
        "cells": ["B2", "C2", "D2", "E2"]}]


OPPONENT_FORT_IN_THE_ROAD = """
players: france spain
boards: A1 G1
landing: france=A5 spain=L4
   A  B  C  D  E  F  G  H  I  J  K  L
1  g  g  g  g  g  g  g  g  g  g  g  g
2  g  Ff r  Fs r  g  g  g  g  g  g  g
3  g  g  g  g  g  g  g  g  g  g  g  g
4  g  g  g  g  g  g  g  g  g  g  g  r
5  r  g  g  g  g  g  g  g  g  g  g  g
6  g  g  g  g  g  g  g  g  g  g  g  g
"""


def test_an_opponents_fort_cuts_the_network_but_not_the_fort_distance():
    assert ask(OPPONENT_FORT_IN_THE_ROAD, "fort-distance B2 E2")["steps"] == 3
    verdict = ask(OPPONENT_FORT_IN_THE_ROAD, "check fort E2", "france")
    assert [r["rule"] for r in verdict["reasons"]] == ["CC-5", "CC-6"]
    assert ask(OPPONENT_FORT_IN_THE_ROAD, "check road F2", "france")["reasons"][0]["rule"] == "CC-5"


def test_an_opponents_fort_blocks_only_the_opponent():
    legal = ask(OPPONENT_FORT_IN_THE_ROAD, "legal", "spain")
    assert "E2" not in legal["fort"]  # 1 step from Spain's own fort
    assert "C2" not in legal["fort"]
    assert legal["road_grass"][:3] == ["C1", "D1", "E1"]


NO_PATH_BETWEEN_FORTS = """
players: france spain
boards: A1 G1
landing: france=A4 spain=L4
   A  B  C  D  E  F  G  H  I  J  K  L
1  g  g  g  g  g  g  g  g  g  g  g  g
2  g  Ff Bs r  r  g  g  g  g  g  g  g
3  g  g  g  g  r  g  g  g  g  g  g  g
4  r  r  r  r  r  g  g  g  g  g  g  r
5  g  g  g  g  g  g  g  g  g  g  g  g
6  g  g  g  g  g  g  g  g  g  g  g  g
"""


def test_two_forts_with_no_path_between_them_do_not_limit_each_other():
    assert ask(NO_PATH_BETWEEN_FORTS, "fort-distance B2 D2") == {"steps": None, "path": []}
    assert ask(NO_PATH_BETWEEN_FORTS, "check fort D2", "france") == {"legal": True, "reasons": []}


def test_grass_is_no_path_for_fort_distance_but_forest_is():
    board = NO_PATH_BETWEEN_FORTS.replace("2  g  Ff Bs", "2  g  Ff f ")
    assert ask(board, "fort-distance B2 D2") == {"steps": 2, "path": ["B2", "C2", "D2"], "rule": "CC-6"}


SEA_BETWEEN_BOARDS = """
players: france spain
boards: A1 H1
   A  B  C  D  E  F  G  H  I  J  K  L  M
1  g  g  g  g  g  g  .  g  g  g  g  g  g
2  g  g  g  g  g  g  .  g  g  g  g  g  g
3  g  Cf r  g  l  f  .  g  r  Fs g  g  g
4  g  g  g  g  g  g  .  g  g  g  g  g  g
5  g  Cs r  m  r  Ff .  g  g  g  g  g  g
6  g  g  g  g  g  g  .  Bf r  Cs g  g  g
"""


@pytest.mark.parametrize("question, verdict", [
    ("cannon-range B3 J3", {"in_range": True, "blocked_by": None}),   # across the sea at G3, over a lake
    ("cannon-range B5 F5", {"in_range": False, "blocked_by": "D5"}),  # the mountain at D5
    ("cannon-range J6 A6", {"in_range": False, "blocked_by": "H6"}),  # France's blockade at H6
    ("cannon-range J6 J1", {"in_range": True, "blocked_by": None}),   # forts do not stop a shot
    ("cannon-range B3 C4", {"in_range": False, "blocked_by": None}),  # not in the row or column
])
def test_cannon_range(question, verdict):
    data = ask(SEA_BETWEEN_BOARDS, question)
    assert {k: data[k] for k in verdict} == verdict


def test_a_fort_may_not_be_built_in_range_of_an_opponents_cannon():
    board = SEA_BETWEEN_BOARDS.replace("3  g  Cf r  g  l  f  .  g  r  Fs", "3  g  Cf r  g  l  f  .  g  r  r ")
    board = board.replace("boards: A1 H1", "boards: A1 H1\nlanding: france=A6 spain=M3")
    reasons = ask(board, "check fort I3", "spain")["reasons"]
    assert {"rule": "CC-7", "message": "In range of France's cannon: the cannon at B3 hits I3 along C3-D3-E3-F3-G3-H3.",
            "cells": ["B3", "C3", "D3", "E3", "F3", "G3", "H3", "I3"]} in reasons


THREE_PLAYERS = """
players: france spain england
boards: A1 G1 A7
   A  B  C  D  E  F  G  H  I  J  K  L
1  g  g  g  g  g  g  g  g  g  g  g  g
2  g  g  g  g  g  g  g  g  g  g  g  g
3  g  g  g  g  g  g  g  g  g  g  g  g
4  g  g  g  g  g  g  g  g  g  g  g  g
5  g  g  g  g  g  g  g  g  g  g  g  g
6  g  g  g  g  g  g  g  g  g  g  g  g
7  g  g  g  g  g  g  .  .  .  .  .  .
8  g  g  g  g  g  g  .  .  .  .  .  .
9  g  g  g  g  g  g  .  .  .  .  .  .
10 g  g  g  g  g  g  .  .  .  .  .  .
11 g  g  g  g  g  g  .  .  .  .  .  .
12 g  g  g  g  g  m  .  .  .  .  .  .
"""


def test_three_players_may_not_land_next_to_another_board():
    reasons = ask(THREE_PLAYERS, "check landing A6", "france")["reasons"]
    assert reasons == [{"rule": "CC-4", "cells": ["A6", "A7"],
                        "message": "In a three-player game a landing space may not touch another board: A6 touches A7."}]
    assert ask(THREE_PLAYERS, "check landing A5", "france")["legal"] is True
    assert ask(THREE_PLAYERS, "check landing F7", "england")["legal"] is False  # touches F6 on board 1
    assert ask(THREE_PLAYERS, "check landing E12", "england")["legal"] is True


def test_two_players_may_land_next_to_another_board():
    board = THREE_PLAYERS.replace("france spain england", "france england").replace("A1 G1 A7", "A1 A7")
    board = "\n".join(line[:20] if line[:2].strip().isdigit() or line.startswith("   A") else line
                      for line in board.splitlines())
    assert ask(board, "check landing A6", "france") == {"legal": True, "reasons": []}


@pytest.mark.parametrize("cell, player, rules", [
    ("H1", "france", ["CC-4"]),      # spain's board
    ("C3", "france", ["CC-3"]),      # inland
    ("F12", "england", ["rules:landing"]),  # a mountain
    ("A2", "spain", ["CC-4"]),
    ("L6", "spain", []),             # on the edge: L7 below is sea
])
def test_landing_rules(cell, player, rules):
    reasons = ask(THREE_PLAYERS, f"check landing {cell}", player)["reasons"]
    assert [r["rule"] for r in reasons] == rules


def test_landing_more_than_four_steps_from_another_landing():
    board = THREE_PLAYERS.replace("boards: A1 G1 A7", "boards: A1 G1 A7\nlanding: spain=G1")
    assert [r["rule"] for r in ask(board, "check landing C1", "france")["reasons"]] == ["CC-2"]   # 4 steps
    assert ask(board, "check landing B1", "france")["legal"] is True                              # 5 steps
    # A player's own earlier landing is ignored: the check is for a player who has not landed.
    assert ask(board, "check landing L1", "spain")["legal"] is True


SUPPLY_GONE = """
players: france spain
boards: A1 G1
landing: france=A2 spain=L2
supply: 0
   A  B  C  D  E  F  G  H  I  J  K  L
1  g  Ff r  r  r  Fs r  r  r  r  r  g
2  r  r  g  g  r  g  g  g  g  r  r  r
3  g  g  g  g  r  g  g  g  g  g  g  g
4  g  g  g  g  Ff r  r  r  r  Fs g  g
5  g  g  g  g  g  g  g  g  g  g  g  g
6  g  g  g  g  g  g  g  g  g  g  g  g
"""


def test_supply_out_fewer_forts_on_ones_own_landing_board_breaks_the_tie():
    # Two forts each; France has both at home on board 1, Spain has F1 on board 1 (away).
    assert ask(SUPPLY_GONE, "score") == {"forts": {"france": 2, "spain": 2}, "over": True, "winners": ["spain"]}


TIED_ON_FORTS_AND_HOME = """
players: france spain
boards: A1 G1
landing: france=A2 spain=L2
supply: 0
   A  B  C  D  E  F  G  H  I  J  K  L
1  g  g  g  g  g  g  g  g  g  g  g  g
2  r  r  r  r  r  r  r  r  r  r  r  r
3  g  Ff g  g  Ff g  g  Fs g  g  Fs g
4  g  r  g  g  g  g  g  g  g  g  g  g
5  g  Cf g  g  g  g  g  g  g  g  g  g
6  g  g  g  g  g  g  g  g  g  g  g  g
"""


def test_supply_out_then_fewest_cannons_and_blockades_breaks_the_tie():
    # Two forts each, all at home: France's cannon at B5 costs it the win.
    assert ask(TIED_ON_FORTS_AND_HOME, "score") == {"forts": {"france": 2, "spain": 2}, "over": True, "winners": ["spain"]}


def test_supply_out_equal_on_every_count_shares_the_win():
    board = TIED_ON_FORTS_AND_HOME.replace("5  g  Cf", "5  g  r ")
    assert ask(board, "score") == {"forts": {"france": 2, "spain": 2}, "over": True, "winners": ["france", "spain"]}


def test_ten_forts_win_at_once():
    board = TIED_ON_FORTS_AND_HOME.replace("supply: 0", "supply: 12").replace(
        "6  g  g  g  g  g  g  g  g  g  g  g  g", "6  Ff Ff Ff Ff Ff Ff Ff Ff g  g  g  g")
    assert ask(board, "score") == {"forts": {"france": 10, "spain": 2}, "over": True, "winners": ["france"]}


def test_while_the_supply_lasts_nobody_has_won():
    board = SUPPLY_GONE.replace("supply: 0", "supply: 3")
    assert ask(board, "score") == {"forts": {"france": 2, "spain": 2}, "over": False, "winners": []}


OWN_BLOCKADE = """
players: france spain
boards: A1 G1
landing: france=A2 spain=L2
   A  B  C  D  E  F  G  H  I  J  K  L
1  g  g  g  g  g  g  g  g  g  g  g  g
2  r  r  Bf r  r  g  g  g  g  g  g  r
3  g  g  g  g  g  g  g  g  g  g  g  g
4  g  g  g  g  g  g  g  g  g  g  g  g
5  g  g  g  g  g  g  g  g  g  g  g  g
6  g  g  g  g  g  g  g  g  g  g  g  g
"""


def test_a_blockade_breaks_road_paths_for_its_owner_too():
    assert ask(OWN_BLOCKADE, "check road F2", "france")["reasons"][0]["rule"] == "CC-5"
    assert ask(OWN_BLOCKADE, "check road B3", "france")["legal"] is True
    assert ask(OWN_BLOCKADE, "legal", "france")["fort"] == ["B2"]
