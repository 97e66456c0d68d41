"""Sowing, scenario by scenario: each position as text beside what the rulebook's action table and
rulings TC-2 to TC-5 say happens. The default layout: L1..L18 run clockwise round the ring, L3 L8
L12 L17 are double logs (on round the ring, or into the centre L19), and eggs passing through the
centre cross it: L3 <-> L12, L8 <-> L17."""

from __future__ import annotations

import pytest
from the_colony_boards import board

from companion.games.the_colony.rules import ChoiceError, sow


def eggs_on(position, *spaces):
    return tuple(position.eggs[space] for space in spaces)


# --- the action table, one row at a time (red sows) ---------------------------------

@pytest.mark.parametrize("under", [0, 3, 5])
def test_own_ant_any_eggs_the_last_egg_is_collected_and_the_sowing_stops(under):
    position = board(f"L4 2\nL6 {under} R")
    sowing = sow(position, "L4")
    assert sowing.done and sowing.path == ("L5", "L6") and sowing.ended_by == "collect"
    assert sowing.collected == 1 and sowing.position.collected == {"red": 1, "black": 0}
    assert eggs_on(sowing.position, "L4", "L5", "L6") == (0, 1, under)   # the collected egg is not placed (TC-2)


def test_opponents_ant_no_eggs_the_last_egg_stays_under_it_and_the_sowing_stops():
    sowing = sow(board("L4 2\nL6 0 B"), "L4")
    assert sowing.ended_by == "stop" and sowing.path == ("L5", "L6") and sowing.collected == 0
    assert eggs_on(sowing.position, "L5", "L6") == (1, 1) and sowing.position.ants == {"L6": "black"}


def test_opponents_ant_with_eggs_all_are_picked_up_and_sown_on():
    sowing = sow(board("L13 1\nL14 1 B"), "L13")
    assert sowing.path == ("L14", "L15", "L16") and sowing.ended_by == "stop"
    assert sowing.relays == ("L14",) and sowing.steps[0].rule == "rules:action"
    assert eggs_on(sowing.position, "L13", "L14", "L15", "L16") == (0, 0, 1, 1)
    assert sowing.position.ants == {"L14": "black"}   # the ant stays where it stands


def test_no_ant_no_eggs_the_last_egg_stays_and_the_sowing_stops():
    sowing = sow(board("L4 2"), "L4")
    assert sowing.ended_by == "stop" and sowing.path == ("L5", "L6")
    assert eggs_on(sowing.position, "L4", "L5", "L6") == (0, 1, 1)
    assert "empty and with no ant" in sowing.steps[-1].message


def test_no_ant_three_eggs_the_egg_is_collected_and_an_ant_placed():
    sowing = sow(board("L4 2\nL6 3"), "L4")
    assert sowing.ended_by == "collect and place an ant" and sowing.ant_placed == "L6" and sowing.collected == 1
    assert sowing.position.ants == {"L6": "red"} and eggs_on(sowing.position, "L6") == (3,)


@pytest.mark.parametrize("there, path, after", [
    (1, ("L14", "L15", "L16"), (0, 1, 1, 0, 0)),               # 1 + the last egg = 2 sown on
    (2, ("L14", "L15", "L16", "L17"), (0, 1, 1, 1, 0)),        # 3 sown on
    (4, ("L14", "L15", "L16", "L17", "L18", "L1"), (0, 1, 1, 1, 1)),   # 5, the way round at L17 (--via L18)
])
def test_no_ant_one_two_or_more_than_three_eggs_all_are_picked_up_and_sown_on(there, path, after):
    sowing = sow(board(f"L13 1\nL14 {there}"), "L13", ["L18"] if there == 4 else [])
    assert sowing.done and sowing.path == path and sowing.relays == ("L14",)
    assert eggs_on(sowing.position, "L14", "L15", "L16", "L17", "L18") == after
    assert sowing.ended_by == "stop" and sowing.collected == 0


def test_tc3_with_no_ant_left_the_egg_is_collected_and_no_ant_placed():
    ants = "\n".join(f"L{n} 0 R" for n in (9, 10, 11, 13, 14, 15))   # all six of red's ants are out
    sowing = sow(board(f"L4 2\nL6 3\n{ants}"), "L4")
    assert sowing.collected == 1 and sowing.ant_placed is None and "L6" not in sowing.position.ants
    assert sowing.steps[-1].rule == "TC-3"


# --- selecting a space ---------------------------------------------------------------

@pytest.mark.parametrize("logs, space, message", [
    ("L4 0", "L4", "Not legal: L4 has no eggs to sow."),
    ("L7 4 B", "L7", "Not legal: a black ant protects L7."),
    ("L7 4 R", "L7", "Not legal: a red ant protects L7."),
])
def test_a_space_with_no_eggs_or_an_ant_of_either_colour_cannot_be_sown(logs, space, message):
    sowing = sow(board(logs), space)
    assert not sowing.verdict.legal and sowing.verdict.message == message
    assert sowing.verdict.reasons[0].rule == "rules:select" and sowing.verdict.reasons[0].cells == (space,)


# --- double logs and the centre ------------------------------------------------------

def test_a_double_log_offers_its_choice_each_time_eggs_leave_it():
    position = board("L2 3")
    waiting = sow(position, "L2")
    assert not waiting.done and waiting.choice_at == "L3" and waiting.options == ("L4", "L19")
    assert waiting.path == ("L3",)
    round_the_ring = sow(position, "L2", ["L4"])
    assert round_the_ring.path == ("L3", "L4", "L5")
    into_the_centre = sow(position, "L2", ["L19"])
    assert into_the_centre.path == ("L3", "L19", "L12")   # through the centre: in from L3, out at L12


def test_eggs_passing_through_the_centre_follow_the_arrow_they_came_in_by():
    sowing = sow(board("L7 3"), "L7", ["L19"])
    assert sowing.path == ("L8", "L19", "L17")   # in from L8, out at L17; no choice at the centre


def test_eggs_picked_up_from_the_centre_choose_their_way():
    waiting = sow(board("L19 2"), "L19")
    assert waiting.choice_at == "L19" and waiting.options == ("L3", "L8", "L12", "L17") and waiting.path == ()
    assert sow(board("L19 2"), "L19", ["L8", "L9"]).path == ("L8", "L9")


def test_tc5_after_a_relay_picks_up_from_the_centre_the_eggs_choose_their_way_again():
    position = board("L2 2\nL19 1")
    waiting = sow(position, "L2", ["L19"])   # the last egg reaches the centre's 1 egg: a relay from L19
    assert not waiting.done and waiting.choice_at == "L19" and waiting.options == ("L3", "L8", "L12", "L17")
    sowing = sow(position, "L2", ["L19", "L8", "L9"])
    assert sowing.path == ("L3", "L19", "L8", "L9") and sowing.relays == ("L19",) and sowing.ended_by == "stop"


def test_tc5_after_a_relay_picks_up_from_a_double_log_it_offers_its_choice():
    position = board("L2 1\nL3 1")   # the one egg lands on L3's one: a relay of 2 from the double log
    waiting = sow(position, "L2")
    assert not waiting.done and waiting.choice_at == "L3" and waiting.options == ("L4", "L19")
    assert waiting.path == ("L3",) and len(waiting.steps) == 1
    sowing = sow(position, "L2", ["L19"])
    assert sowing.path == ("L3", "L19", "L12") and sowing.relays == ("L3",)


def test_tc4_a_relay_that_would_pick_up_again_in_a_state_seen_this_turn_stops_there():
    position = board("L12 2\nL13 3 B\nL19 3")
    # from the centre to L3, into the centre; relay on L12, into the centre; relay on L19 to L12, ...
    choices = ["L3", "L19", "L19", "L19", "L12", "L19", "L19", "L19"]
    sowing = sow(position, "L19", choices)
    assert sowing.done and sowing.ended_by == "endless relay" and sowing.steps[-1].rule == "TC-4"
    assert sowing.path == ("L3", "L19", "L12", "L19", "L3", "L19", "L12", "L19", "L3", "L19", "L12", "L19")
    assert sowing.position.eggs == position.eggs   # back where it began: the last egg stays on L19


def test_a_choice_that_is_not_offered_or_not_needed_is_refused_by_name():
    with pytest.raises(ChoiceError, match="eggs leaving L3 go to L4 or L19, not 'L12'"):
        sow(board("L2 3"), "L2", ["L12"])
    with pytest.raises(ChoiceError, match=r"before the choice 'L9' came up \(1 choice needed, 2 given\)"):
        sow(board("L2 3"), "L2", ["L4", "L9"])


def test_sowing_never_changes_the_position_it_is_given():
    position = board("L4 2\nL6 3")
    before = (dict(position.eggs), dict(position.ants), dict(position.collected))
    sow(position, "L4")
    assert (position.eggs, position.ants, position.collected) == before
