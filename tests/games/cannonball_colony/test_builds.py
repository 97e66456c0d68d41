"""Every build rule, asked as `check KIND CELL` of one mid-game island."""

import pytest

from companion.games.cannonball_colony.referee import answer
from companion.games.cannonball_colony.text import parse_board

MID_GAME = """
players: france spain
boards: A1 G1
landing: france=A3 spain=L4
earned: france=cannon1 spain=cannon1
supply: 20
   A  B  C  D  E  F  G  H  I  J  K  L
1  g  g  f  l  g  g  g  g  g  g  g  g
2  g  g  r  r  m  g  g  g  g  g  f  g
3  r  r  r  Ff r  r  r  g  g  g  r  g
4  g  g  r  g  g  g  r  g  g  r  r  r
5  g  g  Cs g  g  g  r  r  r  r  g  g
6  g  g  g  g  g  g  g  g  g  g  g  g
"""


def rules_broken(board: str, kind: str, cell: str, player: str) -> list[str]:
    data = answer(parse_board(board), ["check", kind, cell], player).data
    assert data["legal"] == (not data["reasons"])
    return [reason["rule"] for reason in data["reasons"]]


@pytest.mark.parametrize("kind, cell, player, broken", [
    ("road", "B4", "france", []),                  # grass beside the network
    ("road", "K2", "spain", []),                   # forest beside the network
    ("road", "D1", "france", ["rules:roads"]),     # a lake
    ("road", "E2", "france", ["rules:roads"]),     # a mountain
    ("road", "C3", "france", ["rules:roads"]),     # already a road
    ("road", "I1", "france", ["CC-5"]),            # touches nothing of France's
    ("road", "B2", "spain", ["CC-5"]),             # France's fort at D3 cuts Spain off from the west
    ("fort", "J4", "france", []),
    ("fort", "E3", "france", ["CC-6"]),            # 1 step from France's fort at D3
    ("fort", "C3", "france", ["CC-6", "CC-7"]),    # too close, and Spain's cannon at C5 reaches it
    ("fort", "G5", "france", ["CC-7"]),            # row 5 is open to the cannon at C5
    ("fort", "B4", "france", ["rules:turn", "CC-6"]),  # grass, not a road tile; and 3 steps from D3
    ("fort", "C5", "france", ["rules:turn", "CC-6"]),  # Spain's cannon stands there
    ("fort", "L4", "france", ["CC-P2"]),           # Spain's ship is at its landing space
    ("fort", "A3", "france", ["CC-P2", "CC-6"]),   # France's own ship is at A3
    ("fort", "C2", "spain", ["CC-5"]),             # not joined to Spain's roads
    ("fort", "K3", "spain", []),
    ("cannon", "J4", "france", []),                # cannon 1 earned, still in hand
    ("cannon", "J4", "spain", ["CC-8"]),           # Spain's only earned cannon stands at C5
    ("cannon", "G5", "france", ["CC-7"]),          # not in range of an opponent's cannon
    ("blockade", "J4", "france", ["CC-8"]),        # not earned yet
    ("blockade", "G5", "spain", ["CC-8"]),
])
def test_one_build(kind, cell, player, broken):
    assert rules_broken(MID_GAME, kind, cell, player) == broken


def test_the_reason_names_the_cannon_and_its_line():
    data = answer(parse_board(MID_GAME), ["check", "fort", "G5"], "france").data
    assert data["reasons"] == [{"rule": "CC-7", "cells": ["C5", "D5", "E5", "F5", "G5"],
                                "message": "In range of Spain's cannon: the cannon at C5 hits G5 along D5-E5-F5."}]


def test_no_roads_once_the_supply_is_empty():
    board = MID_GAME.replace("supply: 20", "supply: 0")
    assert rules_broken(board, "road", "B4", "france") == ["rules:supply"]
    assert answer(parse_board(board), ["legal"], "france").data["road_grass"] == []


def test_the_first_road_goes_on_the_landing_space():
    board = MID_GAME.replace("3  r  r  r  Ff", "3  g  r  r  Ff")
    assert rules_broken(board, "road", "B4", "france") == ["rules:landing"]
    assert rules_broken(board, "road", "A3", "france") == []
    legal = answer(parse_board(board), ["legal"], "france").data
    assert legal["road_grass"] == ["A3"] and legal["road_forest"] == []


def test_a_player_who_has_not_landed_cannot_build_roads():
    board = MID_GAME.replace("landing: france=A3 spain=L4", "landing: france=A3")
    assert rules_broken(board, "road", "K2", "spain") == ["rules:landing"]


def test_only_the_owner_lays_the_first_road_on_a_landing_space():
    board = MID_GAME.replace("4  g  g  r  g  g  g  r  g  g  r  r  r", "4  g  g  r  g  g  g  r  g  g  r  r  g")
    board = board.replace("earned: france=cannon1", "earned: france=cannon1").replace("landing: france=A3 spain=L4",
                                                                                      "landing: france=A3 spain=L4")
    assert rules_broken(board, "road", "L4", "france") == ["CC-P2"]
    assert rules_broken(board, "road", "L4", "spain") == []


THREE_FORTS_NO_EARNED_LINE = """
players: france spain
boards: A1 G1
landing: france=A1 spain=L6
   A  B  C  D  E  F  G  H  I  J  K  L
1  r  r  r  r  r  r  r  r  r  r  r  r
2  g  Ff g  g  g  Ff g  g  g  Ff g  g
3  g  g  g  g  g  g  g  g  g  g  g  g
4  g  g  g  g  g  g  g  g  g  g  g  g
5  g  g  g  g  g  g  g  g  g  g  g  g
6  g  g  g  g  g  g  g  g  g  g  g  r
"""


def test_without_an_earned_line_the_fort_count_decides_what_is_earned():
    assert rules_broken(THREE_FORTS_NO_EARNED_LINE, "cannon", "H1", "france") == []
    two_forts = THREE_FORTS_NO_EARNED_LINE.replace("g  Ff g  g\n", "g  r  g  g\n")
    assert rules_broken(two_forts, "cannon", "H1", "france") == ["CC-8"]


def test_an_earned_piece_stays_earned_after_forts_are_lost():
    board = THREE_FORTS_NO_EARNED_LINE.replace("landing: france=A1 spain=L6",
                                               "landing: france=A1 spain=L6\nearned: france=cannon1,blockade")
    board = board.replace("g  Ff g  g\n", "g  r  g  g\n")
    assert rules_broken(board, "cannon", "H1", "france") == []
    assert rules_broken(board, "blockade", "H1", "france") == []
    assert "CC-8" in rules_broken(board, "cannon", "H1", "spain")


def test_the_tenth_fort_is_the_last():
    board = THREE_FORTS_NO_EARNED_LINE.replace(
        "3  g  g  g  g  g  g  g  g  g  g  g  g", "3  Ff g  g  Ff g  g  Ff g  g  Ff g  g").replace(
        "5  g  g  g  g  g  g  g  g  g  g  g  g", "5  Ff g  g  Ff g  g  Ff g  g  g  g  g")
    # Every problem is reported at once: L1 is also 3 steps from the fort at J2.
    assert rules_broken(board, "fort", "L1", "france") == ["rules:goal", "CC-6"]


def test_legal_lists_agree_with_one_by_one_checks():
    position = parse_board(MID_GAME)
    for player in ("france", "spain"):
        legal = answer(position, ["legal"], player).data
        for kind in ("fort", "cannon", "blockade", "road"):
            listed = legal["road_grass"] + legal["road_forest"] if kind == "road" else legal[kind]
            checked = [str(c) for c in sorted(position.cells(), key=lambda c: (c.row, c.col))
                       if answer(position, ["check", kind, str(c)], player).data["legal"]]
            assert sorted(listed) == sorted(checked), (player, kind)
