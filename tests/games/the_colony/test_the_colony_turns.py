"""The turn around the sowing, as positions in text: the ant move (optional until someone makes
one, then mandatory for everyone with an ant out), the two ways the game ends, the count, the tie."""

from __future__ import annotations

import pytest
from the_colony_boards import board

from companion.games.the_colony.rules import (ant_moves, end_turn, ends_at_ant_move, ends_before_sowing,
                                              legal_spaces, move_ant, must_move_ant, score)


def test_an_ant_steps_to_a_touching_free_space_arrows_ignored():
    position = board("L3 1 R\nL4 2 B\nL9 1")
    assert ant_moves(position) == (("L3", "L2"), ("L3", "L19"))   # L4 has black's ant; L19 is the centre
    assert ant_moves(position, "black") == (("L4", "L5"),)   # L3 has red's ant
    verdict, after = move_ant(position, "L3", "L2")
    assert verdict.legal and after.ants == {"L2": "red", "L4": "black"} and after.eggs["L3"] == 1


@pytest.mark.parametrize("start, end, message", [
    ("L4", "L5", "Not legal: L4 has a black ant; red moves a red ant."),
    ("L9", "L10", "Not legal: L9 has no ant; red moves a red ant."),
    ("L3", "L5", "Not legal: L5 does not touch L3; an ant moves one space."),
    ("L3", "L4", "Not legal: a black ant already stands on L4."),
])
def test_an_ant_move_that_breaks_the_rule_is_refused(start, end, message):
    verdict, after = move_ant(board("L3 1 R\nL4 2 B\nL9 1"), start, end)
    assert verdict.message == message and verdict.reasons[0].rule == "rules:ants"


def test_the_first_ant_move_makes_ant_moves_mandatory_for_everyone_with_an_ant_out():
    position = board("L3 1 R\nL9 1\nL14 2 B")
    assert not must_move_ant(position)
    _, after = move_ant(position, "L3", "L2")
    assert after.ants_mandatory and must_move_ant(after)
    assert must_move_ant(end_turn(after))   # black too, who has an ant out
    assert not must_move_ant(board("L9 1", "turn: red\ncollected: red=0 black=0\nants: mandatory\n"))   # no ant out


def test_the_game_ends_when_the_player_to_move_cannot_select_a_log_space():
    position = board("L3 4 R\nL9 2 B", "turn: black\ncollected: red=10 black=12\nants: optional\n")
    assert legal_spaces(position) == ()
    over = ends_before_sowing(position)
    assert over.rule == "rules:end" and over.message == "Black cannot select a log space: the game ends."
    result = score(position)
    assert result.over and result.scores == {"red": 14, "black": 14} and result.winners == ["red"]   # the tie


def test_the_game_ends_when_an_ant_move_is_mandatory_and_none_can_move():
    header = "turn: red\ncollected: red=0 black=0\nants: mandatory\n"
    position = board("L5 2 R\nL4 0 B\nL6 0 B\nL10 1", header)   # red's ant is boxed in
    assert ends_before_sowing(position) is None and must_move_ant(position) and ant_moves(position) == ()
    stuck = ends_at_ant_move(position)
    assert stuck.rule == "rules:end" and stuck.cells == ("L5",)
    assert ends_at_ant_move(board("L5 2 R\nL4 0 B\nL10 1", header)) is None   # L6 is free


@pytest.mark.parametrize("last_turn, winners", [("black", ["black"]), ("red", ["red"])])
def test_a_tie_goes_to_the_last_player_to_complete_a_whole_turn(last_turn, winners):
    header = f"turn: red\ncollected: red=5 black=3\nants: optional\nlast-turn: {last_turn}\n"
    result = score(board("L1 0 B\nL2 2 B", header))   # black: 3 collected + 2 under an ant
    assert result.over and result.scores == {"red": 5, "black": 5} and result.winners == winners
    assert result.why == (f"Red cannot select a log space: the game ends. Red 5, black 5; tied, so {last_turn}, "
                          f"the last to complete a whole turn, wins.")


def test_the_count_is_collected_eggs_plus_the_eggs_under_ones_ants_and_the_most_wins():
    header = "turn: red\ncollected: red=7 black=9\nants: optional\n"
    result = score(board("L1 4 R\nL2 3 R\nL3 2 B\nL4 0 R", header))
    assert result.over and result.scores == {"red": 14, "black": 11} and result.winners == ["red"]
    assert result.why == "Red cannot select a log space: the game ends. Red 14, black 11; red wins."
    going_on = score(board("L1 4 R\nL5 1", header))
    assert not going_on.over and going_on.winners == [] and going_on.why == "The game goes on: red 11, black 9; red leads."


def test_ending_a_turn_passes_it_on_and_records_who_completed_it():
    after = end_turn(board("L1 1"))
    assert (after.turn, after.last_turn) == ("black", "red")
