"""The bot's fast rules (compact.py) agree with the referee's: every whole turn it generates, from
positions met in seeded random games, is accepted by the record and leaves the same board; and where
a position's choices are few, it finds every different sowing the referee allows."""

from __future__ import annotations

import random

import pytest

from companion.games.the_colony.bot import bot_move, random_turn
from companion.games.the_colony.compact import Limits, board_of, geometry, legal_starts, sowings, turns
from companion.games.the_colony.record import RECORD
from companion.games.the_colony.rules import sow

TURNS_PER_POSITION = 40   # of every position met, its first so many whole turns are replayed


def act(game, command):
    verdict, bodies = RECORD.decide(game, command)
    assert verdict.legal, f"{command}: {verdict.message}"
    for seq, body in enumerate(bodies):
        game = RECORD.apply(game, body, seq)
    return game


def positions_in_random_games(games: int, seed: int = 7):
    """Every game met at the start of a turn in `games` seeded random games from the setup."""
    rng = random.Random(seed)
    for _ in range(games):
        game = act(None, RECORD.start(""))
        while game.over is None:
            yield game
            for command in random_turn(game, rng):
                game = act(game, command)


def replay_each_turn(games, turns_each: int) -> int:
    """Plays each generated turn through the record; the number of turns checked."""
    limits, checked = Limits(branching_choices=2, sowings_per_start=4), 0
    for game in games:
        board, geo = board_of(game.position), geometry(game.position.layout)
        for turn in turns(board, geo, limits)[:turns_each]:
            after = game
            for command in bot_move(game.position, turn).commands:
                after = act(after, command)
            assert board_of(after.position, over=after.over is not None) == turn.board, (turn, after.position)
            checked += 1
    return checked


def test_the_first_turns_of_a_random_game_leave_the_referees_board():
    games = positions_in_random_games(1)
    assert replay_each_turn((next(games) for _ in range(8)), 12) == 8 * 12


@pytest.mark.slow
def test_every_turn_the_search_generates_is_legal_and_leaves_the_referees_board():
    assert replay_each_turn(positions_in_random_games(2), TURNS_PER_POSITION) > 1000


def all_sowings(position, start, via=(), cap=6):
    """Every complete sowing from `start` by the referee's own sow, choices tried both ways (at most `cap`)."""
    sowing = sow(position, start, list(via))
    if sowing.done:
        return [sowing]
    if len(via) >= cap:
        return None   # too many choices to list: the comparison skips this start
    found = []
    for option in sowing.options:
        more = all_sowings(position, start, (*via, option), cap)
        if more is None:
            return None
        found += more
    return found


@pytest.mark.slow
def test_with_room_enough_the_search_finds_every_different_sowing_the_referee_allows():
    limits, compared = Limits(branching_choices=6, sowings_per_start=10_000), 0
    for game in positions_in_random_games(2, seed=11):
        position = game.position
        board, geo = board_of(position), geometry(position.layout)
        for start in legal_starts(board):
            expected = all_sowings(position, geo.ids[start])
            if expected is None:
                continue
            theirs = {tuple(board_of(s.position).eggs) + tuple(board_of(s.position).ants) for s in expected}
            ours = {s.eggs + s.ants for s in sowings(board, geo, start, limits)}
            assert ours == theirs, (geo.ids[start], position)
            compared += 1
    assert compared > 300
