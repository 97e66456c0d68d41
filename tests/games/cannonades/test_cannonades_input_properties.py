"""Generated bad input against Cannonades' parsers: a state file, a deck list, a setup and a command
each either read or are refused with their own short error naming the place, never another exception."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generated_input import damaged_json, json_values, texts

from companion.games.cannonades.deck import DEFAULT_DECK_FILE, DeckError, parse_deck
from companion.games.cannonades.record import RECORD
from companion.games.cannonades.rules import legal_moves
from companion.games.cannonades.text import BoardTextError, parse_board, print_board

SHORT = 400
QUICK = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STATE = {"seats": ["anna", "ben"], "hands": {"anna": ["C01", "C29", "S02"], "ben": ["C05"]},
         "fleets": {"anna": [{"id": "anna-1", "card": "S09", "face": "up"}, {"id": "anna-2", "card": "S33"}],
                    "ben": [{"id": "ben-1", "card": "S08"}]},
         "discard": ["C30"], "turn": {"seat": "anna", "actions_left": 3},
         "pending": [{"kind": "grin", "seat": "ben", "against": "anna", "ship": "ben-2", "hit": "damaged"}]}
DECK = json.loads(DEFAULT_DECK_FILE.read_text())


def read_or_refuse(text: str):
    try:
        game = parse_board(text)
    except BoardTextError as error:
        assert len(str(error)) < SHORT, str(error)
        return None
    legal_moves(game)   # a state that loads is one the rules can play on
    return game


@QUICK
@given(texts | json_values.map(json.dumps))
def test_any_text_is_a_state_or_a_state_error(text):
    read_or_refuse(text)


@QUICK
@given(damaged_json(STATE))
def test_a_damaged_state_is_read_or_refused_naming_the_field(document):
    game = read_or_refuse(json.dumps(document))
    if game is not None:
        assert parse_board(print_board(game)).to_json() == game.to_json()


@QUICK
@given(damaged_json(DECK))
def test_a_damaged_deck_list_is_read_or_refused_naming_the_place(document):
    try:
        parse_deck(json.dumps(document), "deck.json")
    except DeckError as error:
        assert str(error).startswith("deck.json: ") and len(str(error)) < SHORT


@QUICK
@given(st.dictionaries(st.sampled_from(["type", "seat", "card", "target", "ship", "effect", "cards"]), json_values,
                       max_size=5))
def test_any_command_is_decided_or_refused_with_a_value_error(command):
    game = RECORD.apply(None, RECORD.decide(None, {"type": "start", "seats": ["anna", "ben"], "seed": 1})[1][0], 1)
    try:
        verdict, bodies = RECORD.decide(game, command)
    except ValueError as error:
        assert len(str(error)) < SHORT
        return
    assert verdict.legal == bool(bodies)


@pytest.mark.parametrize("seed", range(3))
def test_a_start_with_any_seats_is_dealt_or_refused(seed):
    rng = random.Random(seed)
    for _ in range(50):
        seats = [rng.choice(["anna", "ben", "Ben", "", "x" * 20, 3]) for _ in range(rng.randint(0, 6))]
        try:
            RECORD.decide(None, {"type": "start", "seats": seats})
        except ValueError as error:
            assert str(error).startswith(("seats", "deck")) and len(str(error)) < SHORT
