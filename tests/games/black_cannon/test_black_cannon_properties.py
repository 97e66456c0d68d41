"""Properties: any position prints and reads back to itself; damaged texts, boards and questions are
read or refused with their own error (a line and column for a text), short; and random games played
through the record keep all 14 chests, never put two ships on a square or a chest on a raft."""

from __future__ import annotations

import json

import pytest
from black_cannon_play import play
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generated_input import damaged_json, mutated, texts

from companion.games.black_cannon.board import FLEETS, BoardError, board_from_data, default_board
from companion.games.black_cannon.position import CHESTS_IN_ALL, KINDS, Position, Ship
from companion.games.black_cannon.referee import QuestionError, answer
from companion.games.black_cannon.text import BoardTextError, parse_board, print_board

SHORT = 400   # an error quotes an excerpt of the input, so its length does not grow with the input's
QUICK = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BOARD = default_board()
SAMPLE = print_board(parse_board("players: anna=red,green bob=blue,yellow\nships: red=frigate@C3 blue=raft@H9\n"
                                 "carrying: red\nhome: green=2"))


@st.composite
def positions(draw):
    """Any position the text can hold: 2 to 4 players, ships on free sea squares, chests anywhere."""
    count = draw(st.integers(2, 4))
    fleets = draw(st.permutations(FLEETS))[:4 if count == 2 else count]
    names = draw(st.lists(st.from_regex(r"[a-z][a-z0-9_-]{0,6}", fullmatch=True), min_size=count, max_size=count,
                          unique=True))
    per = 2 if count == 2 else 1
    players = tuple((name, tuple(fleets[i * per:(i + 1) * per])) for i, name in enumerate(names))
    in_play = [fleet for fleet in FLEETS if fleet in fleets]
    others = {BOARD.port(f) for f in in_play}
    free = [s for s in BOARD.names if BOARD.is_sea(s)]
    ships = {}
    for fleet in in_play:
        square = draw(st.sampled_from([s for s in free if s not in {x.square for x in ships.values()}
                                       and (s not in others or s == BOARD.port(fleet))]))
        ships[fleet] = Ship(draw(st.sampled_from(KINDS)), square)
    carrying = frozenset(f for f in in_play if ships[f].kind != "raft" and draw(st.booleans()))
    home = {f: draw(st.integers(0, 1)) for f in in_play}   # nobody has won: a text may not hold two winners
    chests = {s: draw(st.integers(0, 14)) for s in BOARD.treasure}
    return Position(BOARD, players, draw(st.sampled_from(names)), ships, carrying, home, chests)


@pytest.mark.slow
@QUICK
@given(positions())
def test_any_position_prints_and_reads_back_to_itself(position):
    assert parse_board(print_board(position)) == position


def read_or_refuse(text: str):
    try:
        return parse_board(text)
    except BoardTextError as error:
        assert 1 <= error.line <= max(1, len(text.splitlines()) + 1) and error.column >= 1, error
        assert len(str(error)) < SHORT, str(error)
        return None


@QUICK
@given(mutated(SAMPLE) | texts)
def test_a_damaged_text_is_read_or_refused_with_a_line_and_column(text):
    position = read_or_refuse(text)
    if position is not None:
        assert parse_board(print_board(position)) == position


@pytest.mark.slow
@QUICK
@given(damaged_json(BOARD.to_json()))
def test_a_damaged_board_is_read_or_refused_saying_where(data):
    try:
        board = board_from_data(data)
    except BoardError as error:
        assert error.where and len(str(error)) < SHORT, str(error)
        return
    assert board_from_data(json.loads(json.dumps(board.to_json()))) == board


WORDS = ["board", "moves", "check", "battles", "score", "--fleet", "--dice", "--to", "red", "blue", "yellow", "4,2",
         "4", "7", "6,6,6", "E5", "Q9", "--fleet=red", "--dice=3", "--to=C3", "--via", "É"]


@QUICK
@given(st.lists(st.sampled_from(WORDS) | st.text(max_size=6), max_size=7))
def test_any_question_is_answered_or_refused_with_a_question_error(words):
    try:
        reply = answer(parse_board(SAMPLE), words)
    except QuestionError as error:
        assert len(str(error)) < SHORT, str(error)
        return
    json.dumps(reply.data)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(["", SAMPLE]))
def test_random_games_keep_every_chest_and_every_rule(seed, start):
    first = None
    for _, _, game in play(seed, start, steps=150):
        position = game.position
        total = sum(position.chests.values()) + len(position.carrying) + sum(position.home.values())
        first = total if first is None else first
        assert total == first == (CHESTS_IN_ALL if not start else total)
        squares = [ship.square for ship in position.ships.values()]
        assert len(set(squares)) == len(squares)
        assert not any(position.ships[f].kind == "raft" for f in position.carrying)
        assert parse_board(print_board(position)) == position
