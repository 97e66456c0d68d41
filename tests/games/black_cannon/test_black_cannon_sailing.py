"""Sailing, as scenarios: a position beside the squares a roll reaches, or the verdict on one move
with its rule and the square that decides it. The default board (README's drawing) unless a small
board is drawn beside the test."""

from __future__ import annotations

import pytest
from black_cannon_boards import TWO, destinations, position, small_board

from companion.games.black_cannon.moves import RollError, judge_move, sailing

# position lines                                  fleet   dice      squares it may reach
REACHES = [
    ("ships: red=galleon@A1",                       "red",  (4, 2),  ["C1", "E1", "G1", "C3", "E5", "G7", "A3", "A5", "A7"]),
    # a frigate rolls one die; it sails over part-sea squares (D4, E5) as over sea
    ("ships: red=frigate@C3",                       "red",  (3,),    ["F3", "F6", "C6", "A1"]),
    # through blue's galleon on C1, never onto it
    ("ships: red=galleon@A1 blue=galleon@C1",       "red",  (2, 2),  ["E1", "C3", "E5", "A3", "A5"]),
    # BC-7: blue's port L1 is no place for red to stop; yellow's L12 is, as yellow is not in play
    ("ships: red=galleon@G1 blue=frigate@L5",       "red",  (4, 1),  ["H1", "K1", "H2", "K5", "L6", "G2", "F2", "C5",
                                                                      "B6", "F1", "C1", "B1"]),
    ("ships: red=frigate@G12",                      "red",  (5,),    ["L7", "L12", "B12", "B7"]),
    # BC-6: the home port A1, two squares away, within a 3 or a 4 (G10 is no stop: G9 is land)
    ("ships: red=frigate@C3",                       "red",  (4,),    ["G3", "G7", "C7", "A1"]),
    # BC-6: a raft in its home port moves as a galleon, by either die or both
    ("ships: red=raft@A1",                          "red",  (1, 1),  ["B1", "C1", "B2", "C3", "A2", "A3"]),
]


@pytest.mark.parametrize("lines, fleet, dice, expected", REACHES, ids=[r[0] for r in REACHES])
def test_a_roll_reaches_these_squares(lines, fleet, dice, expected):
    assert destinations(position(lines), fleet, *dice) == expected


def test_a_home_port_within_the_roll_is_a_stop_with_its_ruling():
    found = sailing(position("ships: red=frigate@D4"), "red", (5,))
    home = found.move_to("A1")
    assert home.home and home.path == ("C3", "B2", "A1") and not found.forced
    assert [r.rule for r in found.reasons] == ["rules:move", "BC-6"]
    assert "A1" not in destinations(position("ships: red=frigate@D4"), "red", 2)   # beyond the roll


def test_a_home_port_behind_land_is_not_reached():
    board = small_board("~~~~~", "~#~~~", "~~~~~", "~~~~~", "~~~~~")
    assert "A1" not in destinations(position("ships: red=frigate@C3", board=board), "red", 3)


# position lines                          fleet  dice    to     legal  rule          cells
VERDICTS = [
    ("ships: red=galleon@C4",               "red", (4, 2), "G4",  False, "rules:move", ["D4", "E4"]),   # land in the way
    ("ships: red=galleon@C4",               "red", (1, 1), "E4",  False, "rules:move", ["D4", "E4"]),   # onto land
    ("ships: red=galleon@A1 blue=galleon@C1", "red", (2, 2), "C1", False, "rules:move", ["C1"]),        # a ship there
    ("ships: red=galleon@A1",               "red", (4, 2), "B3",  False, "rules:move", ["A1", "B3"]),   # no line
    ("ships: red=galleon@A1",               "red", (4, 2), "A1",  False, "rules:move", ["A1"]),         # must move
    ("ships: red=galleon@A1",               "red", (4, 2), "D1",  False, "rules:move", ["B1", "C1", "D1"]),  # 3 is no value
    ("ships: red=galleon@G1 blue=frigate@L5", "red", (4, 1), "L1", False, "BC-7",      ["L1"]),
    ("ships: red=galleon@G1",               "red", (4, 1), "L1",  False, "rules:move", ["L1"]),  # blue's galleon there
    ("ships: red=galleon@A1",               "red", (4, 2), "E5",  True,  None,         []),
    ("ships: red=frigate@D4",               "red", (5,),   "A1",  True,  None,         []),             # BC-6
]


@pytest.mark.parametrize("lines, fleet, dice, to, legal, rule, cells", VERDICTS,
                         ids=[f"{v[0]} {v[3]}" for v in VERDICTS])
def test_one_move_judged(lines, fleet, dice, to, legal, rule, cells):
    verdict = judge_move(position(lines), fleet, dice, to)
    assert verdict.legal is legal, verdict.message
    if not legal:
        (reason,) = verdict.reasons
        assert (reason.rule, list(reason.cells)) == (rule, cells)


def test_a_legal_move_carries_its_path_and_names_its_ruling():
    verdict = judge_move(position("ships: red=frigate@D4"), "red", (5,), "A1")
    assert verdict.evidence == ("D4", "C3", "B2", "A1") and verdict.note.endswith("into its home port. [BC-6]")


def test_a_diagonal_step_between_two_land_squares_is_allowed():
    board = small_board("~~~~~",
                        "~~#~~",    # C2 and B3 are land, on either side of the step B2 -> C3
                        "~#~~~",
                        "~~~~~",
                        "~~~~~")
    place = position("ships: blue=frigate@B2", board=board)
    assert judge_move(place, "blue", (2,), "D4").legal
    assert not judge_move(place, "blue", (2,), "B4").legal   # straight down over B3's land


# --- BC-5: the forced move --------------------------------------------------------------------

def test_forced_no_value_fits_so_the_most_squares_in_any_direction():
    # From E5, 6 and 12 fit no line: four squares west or south-west is the most (north-west stops
    # at B2, as red's port A1 is no stop for blue).
    found = sailing(position("ships: blue=galleon@E5"), "blue", (6, 6))
    assert found.forced and [m.to for m in found.moves] == ["A9", "A5"] and {m.squares for m in found.moves} == {4}
    assert found.reasons[-1].rule == "BC-5"


@pytest.mark.parametrize("to, legal", [("A5", True), ("A9", True), ("E8", False), ("B2", False)])
def test_forced_only_the_greatest_number_is_a_choice(to, legal):
    verdict = judge_move(position("ships: blue=galleon@E5"), "blue", (6, 6), to)
    assert verdict.legal is legal
    if legal:
        assert "BC-5" in verdict.note
    else:
        assert verdict.reasons[0].rule == "BC-5" and "the most squares it can, 4" in verdict.message


def test_forced_never_more_than_the_largest_value():
    # A frigate on A11 rolls 2: A9, C9 and C11 hold ships and A12 is green's port, so no 2 fits;
    # A8, three squares up, is free but over the largest value, so one square is the most.
    place = position("ships: blue=frigate@A11 red=galleon@A9 green=galleon@C9 yellow=galleon@C11",
                     players="players: anna=red bob=blue cleo=green dan=yellow\n")
    found = sailing(place, "blue", (2,))
    assert found.forced and [m.to for m in found.moves] == ["A10", "B10", "B11", "B12"]
    assert judge_move(place, "blue", (2,), "A8").reasons[0].rule == "BC-5"


def test_forced_when_boxed_in_the_ship_stays_and_a_longer_roll_passes_through():
    board = small_board("~~~~~",
                        "~###~",
                        "~#~~~",    # blue on C3, red on D3: the only way out is through red
                        "~###~",
                        "~~~~~")
    place = position("ships: blue=frigate@C3 red=galleon@D3", board=board)
    boxed = sailing(place, "blue", (1,))
    assert boxed.forced and boxed.moves == () and boxed.reasons[-1].rule == "BC-8"
    assert destinations(place, "blue", 2) == ["E3"]


def test_not_forced_when_the_home_port_is_in_reach():
    board = small_board("~~#~~",
                        "~~#~~",    # red's frigate on B2 can sail one square at most: B1, A2 or its port A1
                        "###~~",
                        "~~~~~",
                        "~~~~~")
    found = sailing(position("ships: red=frigate@B2", board=board), "red", (3,))
    assert not found.forced and [m.to for m in found.moves] == ["A1"] and found.reasons[-1].rule == "BC-6"


@pytest.mark.parametrize("lines, dice, message", [
    ("ships: red=galleon@C3", (4,), "red's ship rolls both dice, as it is a galleon; got 1 (4)"),
    ("ships: red=frigate@C3", (4, 2), "red's ship rolls one die, as it is a frigate; got 2 (4,2)"),
    ("ships: red=raft@A1", (4,), "as it is in its home port and moves as a galleon (BC-6)"),
    ("ships: red=frigate@C3", (7,), "a die shows 1 to 6, not 7"),
])
def test_dice_that_do_not_fit_the_ship_are_refused_as_bad_input(lines, dice, message):
    with pytest.raises(RollError, match=message.replace("(", r"\(").replace(")", r"\)")):
        sailing(position(lines), "red", dice)


def test_two_players_each_move_either_fleet_and_a_partner_fleet_is_no_opponent():
    place = position("ships: red=galleon@C3 green=galleon@D3", players=TWO)
    assert "D3" not in destinations(place, "red", 1, 1)      # still a ship: no stopping on it
    assert place.opponents("red") == ("blue", "yellow")
