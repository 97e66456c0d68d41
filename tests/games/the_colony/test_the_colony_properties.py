"""Properties over random games played through the record from the rulebook's setup: every random
legal command is accepted, the 57 eggs are all still there (on the logs plus collected) after every
sowing and ant move, and every position reached prints and parses back to itself."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generated_input import mutated

from companion.games.the_colony.position import ANTS_PER_PLAYER, COLOURS, EGGS_IN_ALL, Position
from companion.games.the_colony.record import MOVE_ANT, RECORD
from companion.games.the_colony.referee import QuestionError, answer
from companion.games.the_colony.rules import ant_moves, sow
from companion.games.the_colony.text import BoardTextError, parse_board, print_board

TURNS = 40


def play(seed: int, turns: int = TURNS):
    """Random legal turns through the record, yielding each game state as it is reached."""
    rng = random.Random(seed)
    _, bodies = RECORD.decide(None, RECORD.start(""))
    game = RECORD.apply(None, bodies[0], 1)
    yield game
    for seq in range(2, 2 * turns):
        if game.over is not None:
            return
        if game.phase == MOVE_ANT:
            moves = ant_moves(game.position)
            if moves and (game.position.ants_mandatory or rng.random() < 0.3):
                start, end = rng.choice(moves)
                command = {"type": "move-ant", "from": start, "to": end}
            else:
                command = {"type": "pass"}
        else:
            space, via = rng.choice(RECORD.view(game, None)["legal"]), []
            while not (sowing := sow(game.position, space, via)).done:
                via.append(rng.choice(sowing.options))
            command = {"type": "sow", "space": space, "via": via}
        verdict, bodies = RECORD.decide(game, command)
        assert verdict.legal, (command, verdict.message)
        game = RECORD.apply(game, bodies[0], seq)
        yield game


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32))
def test_the_57_eggs_are_all_there_after_every_step(seed):
    for game in play(seed):
        position = game.position
        assert position.eggs_in_all() == EGGS_IN_ALL
        assert all(count >= 0 for count in position.eggs.values())
        assert all(len(position.ants_of(colour)) <= ANTS_PER_PLAYER for colour in COLOURS)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32))
def test_every_position_reached_prints_and_parses_back_to_itself(seed):
    for game in play(seed):
        assert parse_board(print_board(game.position)) == game.position


# An error quotes an excerpt of the input, so its length does not grow with the input's.
SHORT = 400
SETUP_TEXT = print_board(Position.setup())
QUESTION_WORDS = ["layout", "legal", "sow", "ant-moves", "score", "--via", "--via=L19", "L1", "L3", "L19", "L20",
                  "L4,L19", "l1", "É1"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(SETUP_TEXT))
def test_any_damaged_position_text_is_read_or_refused_with_a_line_and_column(text):
    try:
        position = parse_board(text)
    except BoardTextError as error:
        assert error.line >= 1 and error.column >= 1 and len(str(error)) < SHORT, str(error)
        return
    assert parse_board(print_board(position)) == position


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(QUESTION_WORDS) | st.text(max_size=6), max_size=5),
       st.none() | st.sampled_from(["red", "black", "green"]))
def test_any_question_is_answered_or_refused_with_a_question_error(words, player):
    try:
        answer(parse_board(SETUP_TEXT), words, player)
    except QuestionError as error:
        assert len(str(error)) < SHORT, str(error)
