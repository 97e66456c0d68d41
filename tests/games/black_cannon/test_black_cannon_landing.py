"""What follows a move, as scenarios: a position, the move, and what the rules make of the square it
reaches (chests, the home port, the Black Cannon, a sea battle), then sinking and the score."""

from __future__ import annotations

import pytest
from black_cannon_boards import TWO, land, position

from companion.games.black_cannon.rules import Shot, battles, fire, judge_shot, score
from companion.games.black_cannon.text import print_board

# --- chests on the treasure squares ------------------------------------------------------------

# position lines                                        fleet dice    to    take   carries  left on D4  rule said
CHESTS = [
    ("ships: red=galleon@D1\nchests: D4=4",              "red", (3, 1), "D4", True,  True,  3),   # picked up
    ("ships: red=frigate@D1\nchests: D4=4",              "red", (3,),   "D4", True,  True,  3),   # a frigate too
    ("ships: red=raft@D1\nchests: D4=4",                 "red", (3,),   "D4", True,  False, 4),   # never a raft
    ("ships: red=galleon@D1\ncarrying: red\nchests: D4=4", "red", (3, 1), "D4", True, True, 4),   # one at a time
    ("ships: red=galleon@D1\nchests: D4=0",              "red", (3, 1), "D4", True,  False, 0),   # none left
    ("ships: red=galleon@D1\nchests: D4=4",              "red", (3, 1), "D4", False, False, 4),   # the player's choice
    ("ships: red=galleon@D2\nchests: D4=4",              "red", (3, 1), "D5", True,  False, 4),   # passing over: no chest
]


@pytest.mark.parametrize("lines, fleet, dice, to, take, carries, left", CHESTS, ids=[c[0] for c in CHESTS])
def test_a_chest_is_picked_up_only_by_landing_exactly_on_a_treasure_square(lines, fleet, dice, to, take, carries,
                                                                              left):
    landing = land(position(lines), fleet, dice, to, take)
    assert (fleet in landing.position.carrying, landing.position.chests["D4"]) == (carries, left)
    assert landing.took_chest is (carries and "carrying" not in lines)
    if to == "D4":
        assert [event.rule for event in landing.events] == ["rules:treasure"]


# --- the home port -----------------------------------------------------------------------------

def test_a_chest_brought_home_is_stored_without_an_exact_roll():
    landing = land(position("ships: red=frigate@D4\ncarrying: red\nhome: red=1"), "red", (5,), "A1")
    assert landing.stored_chest and landing.position.home["red"] == 1 + 1 and "red" not in landing.position.carrying
    assert score(landing.position).winner is None


def test_leaving_port_a_raft_becomes_a_galleon():
    landing = land(position("ships: red=raft@A1"), "red", (1, 1), "C3")
    assert str(landing.position.ships["red"]) == "galleon@C3" and landing.events[0].rule == "rules:home-port"


@pytest.mark.parametrize("players, lines, winner", [
    ("players: anna=red bob=blue cleo=green\n", "home: red=2", "anna"),
    (TWO, "home: red=1 green=1", "anna"),         # BC-4: over both of anna's ports
    (TWO, "home: red=1 blue=1", None),
])
def test_three_chests_home_win(players, lines, winner):
    place = position(f"ships: red=frigate@D4\ncarrying: red\n{lines}", players=players)
    assert score(land(place, "red", (5,), "A1").position).winner == winner


def test_the_score_counts_each_players_ports_and_carried_chests():
    place = position("ships: yellow=frigate@H9\ncarrying: yellow\nhome: red=1 green=1 blue=2", players=TWO)
    assert score(place).to_json() == {"players": {"anna": {"home": 2, "carried": 0}, "bob": {"home": 2, "carried": 1}},
                                      "winner": None}


# --- the Black Cannon and sea battles ----------------------------------------------------------

def test_landing_on_a_black_cannon_square_owes_a_shot_at_any_opponent():
    landing = land(position("ships: red=galleon@B2"), "red", (4, 2), "F2")
    assert landing.shots == (Shot("red", "black-cannon", ("blue", "green")),)
    assert landing.events[-1].rule == "rules:black-cannon"


def test_two_players_the_black_cannon_fires_only_at_the_other_players_fleets():
    landing = land(position("ships: red=galleon@B2", players=TWO), "red", (4, 2), "F2")
    assert landing.shots[0].targets == ("blue", "yellow")


def test_passing_over_a_black_cannon_square_fires_nothing():
    assert land(position("ships: red=galleon@A2"), "red", (6, 1), "H2").shots == ()


# position lines                               move (fleet, dice, to)       shots after it, in order
BATTLES = [
    # BC-2: F1 and G1 face each other across edge A; red moved last and fires first
    ("ships: red=galleon@C1 blue=galleon@G1", ("red", (3, 1), "F1"),
     [("red", "battle", ("blue",), "A"), ("blue", "battle", ("red",), "A")]),
    # the Black Cannon's shot first, then the battle across edge A (BC-9)
    ("ships: red=galleon@B2 blue=frigate@G2", ("red", (4, 2), "F2"),
     [("red", "black-cannon", ("blue", "green"), None), ("red", "battle", ("blue",), "A"),
      ("blue", "battle", ("red",), "A")]),
    # side by side, but not across a lettered edge: no battle
    ("ships: red=galleon@C1 blue=galleon@E2", ("red", (2, 1), "E1"), []),
    # diagonally across edge A is not "directly opposite"
    ("ships: red=galleon@C1 blue=galleon@G2", ("red", (3, 1), "F1"), []),
]


@pytest.mark.parametrize("lines, move, shots", BATTLES, ids=[b[0] for b in BATTLES])
def test_sea_battles_across_the_lettered_edges(lines, move, shots):
    landing = land(position(lines), *move)
    assert [(s.shooter, s.cause, s.targets, s.edge) for s in landing.shots] == shots


def test_a_players_own_two_fleets_never_fight():
    assert land(position("ships: red=galleon@C1 green=galleon@G1", players=TWO), "red", (3, 1), "F1").shots == ()


def test_battles_lists_every_pair_facing_across_an_edge():
    place = position("ships: red=galleon@F1 blue=galleon@G1 green=raft@K7\nhome: green=0",
                     players="players: anna=red bob=blue cleo=green dan=yellow\n")
    place = place.replace(ships={**place.ships, "yellow": type(place.ships["red"])("frigate", "K6")})
    assert [b.to_json() for b in battles(place)] == [
        {"edge": "A", "squares": ["F1", "G1"], "fleets": ["red", "blue"]},
        {"edge": "B", "squares": ["K7", "K6"], "fleets": ["green", "yellow"]}]


# --- sinking -----------------------------------------------------------------------------------

CANNON = Shot("red", "black-cannon", ("blue", "green"))


# position lines                                          target  chest to   blue's ship after   chests and carrying
SINKINGS = [
    ("ships: red=galleon@F2 blue=galleon@H9\ncarrying: blue", "blue", None,  "frigate@H9", ["blue"], 4),  # keeps it
    ("ships: red=galleon@F2 blue=frigate@H9\ncarrying: blue", "blue", "ship", "raft@H9",   ["red"], 4),   # to the shooter
    ("ships: red=galleon@F2 blue=frigate@H9\ncarrying: blue", "blue", "D4",  "raft@H9",    [], 5),        # to a square
    ("ships: red=galleon@F2 blue=frigate@H9",               "blue", None,   "raft@H9",     [], 4),
    ("ships: red=galleon@F2 blue=raft@H9",                  "blue", None,   "raft@L1",     [], 4),        # BC-3
]


@pytest.mark.parametrize("lines, target, chest, ship, carrying, on_d4", SINKINGS, ids=[s[0] for s in SINKINGS])
def test_a_sunk_ship_comes_back_one_size_smaller(lines, target, chest, ship, carrying, on_d4):
    place = position(lines + "\nchests: D4=4")
    verdict = judge_shot(place, CANNON, target, True, chest)
    assert verdict.legal, verdict.message
    after = fire(place, CANNON, target, True, chest)
    assert (str(after.ships["blue"]), sorted(after.carrying), after.chests["D4"]) == (ship, carrying, on_d4)
    assert ("[BC-3]" if ship == "raft@L1" else "[rules:sinking]") in verdict.note


# position lines                                                   target chest   refused because
REFUSED_SHOTS = [
    ("ships: red=galleon@F2 blue=frigate@H9\ncarrying: blue",          "blue", None,  "the shooter says where"),
    ("ships: red=galleon@F2 blue=frigate@H9\ncarrying: blue red",      "blue", "ship", "it already carries one"),
    ("ships: red=raft@F2 blue=frigate@H9\ncarrying: blue",             "blue", "ship", "it is a raft"),
    ("ships: red=galleon@F2 blue=frigate@H9\ncarrying: blue",          "blue", "E5",  "the shooter says where"),
    ("ships: red=galleon@F2 blue=galleon@H9",                          "blue", "D4",  "No chest is lost"),
    ("ships: red=galleon@F2 blue=galleon@H9",                          "red",  None,  "may fire at blue or green"),
]


@pytest.mark.parametrize("lines, target, chest, why", REFUSED_SHOTS, ids=[r[0] + " " + r[3] for r in REFUSED_SHOTS])
def test_a_shot_told_wrongly_is_refused_with_its_reason(lines, target, chest, why):
    verdict = judge_shot(position(lines), CANNON, target, True, chest)
    assert not verdict.legal and why in verdict.message


def test_a_miss_or_a_ship_left_standing_changes_nothing():
    place = position("ships: red=galleon@F2 blue=galleon@H9")
    assert judge_shot(place, CANNON, None, False, None).legal and fire(place, CANNON, None, False) == place
    assert judge_shot(place, CANNON, "blue", False, None).legal and fire(place, CANNON, "blue", False) == place
    assert print_board(fire(place, CANNON, "blue", False)) == print_board(place)


def test_ships_already_facing_fight_again_only_when_one_moves_there_again():
    # BC-9: red on F1 and blue on G1 have fought; green's move elsewhere starts no battle
    place = position("ships: red=galleon@F1 blue=galleon@G1 green=galleon@A12")
    assert land(place, "green", (2, 1), "A10").shots == ()
    assert [s.cause for s in land(place.replace(turn="bob"), "blue", (1, 1), "G2").shots] == []
    back = land(position("ships: red=galleon@F1 blue=galleon@G3"), "blue", (2, 1), "G1")
    assert [(s.shooter, s.edge) for s in back.shots] == [("blue", "A"), ("red", "A")]
