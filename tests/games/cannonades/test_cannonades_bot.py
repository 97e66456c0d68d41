"""The computer seat decides from its own view: a deal consistent with that view looks the same to it,
two tables it cannot tell apart get the same decision, and every decision is open to it."""

from __future__ import annotations

import random

import pytest

from companion.games.cannonades.bot import BOT
from companion.games.cannonades.determinize import Knowledge
from companion.games.cannonades.record import move_of
from companion.games.cannonades.rules import deal, legal_moves, play, refusal
from companion.games.cannonades.deck import default_deck
from companion.games.cannonades.turns import Chance
from companion.games.cannonades.views import view


def midgame(seed: int, seats=("anna", "ben", "cleo"), moves: int = 60):
    deck = default_deck()
    rng = random.Random(seed)
    order = list(deck.ids)
    rng.shuffle(order)
    game = deal(deck, list(seats), order)
    game.chance = Chance(rng, keep=False)
    for _ in range(moves):
        if game.over:
            break
        options = legal_moves(game)
        actions = [m for m in options if m != ("end",)]
        play(game, rng.choice(actions) if actions and rng.random() < 0.8 else rng.choice(options))
    return game


@pytest.mark.parametrize("seed", range(8))
def test_a_sampled_deal_shows_the_seat_exactly_its_own_view(seed):
    game = midgame(seed)
    for seat in game.seats:
        seen = view(game, seat)
        sample = Knowledge(seen, game.deck).sample(random.Random(seed))
        assert view(sample, seat) == seen
        assert sorted(sample.pile + sample.discard + [c for h in sample.hands.values() for c in h]
                      + [s.card for f in sample.fleets.values() for s in f]) == sorted(game.deck.ids)


def swap_hidden(game, seat):
    """The same table as `seat` sees it, with an opponent's hand card and the deck's top card swapped."""
    other = next(s for s in game.in_play if s != seat and game.hands[s])
    twin = game.clone()
    twin.hands[other][0], twin.pile[-1] = twin.pile[-1], twin.hands[other][0]
    return twin


def test_two_tables_the_seat_cannot_tell_apart_get_the_same_decision():
    for seed in range(40):
        game = midgame(seed, moves=40)
        if game.over or not game.pile or len(view(game, game.to_move)["legal"]) < 3:
            continue
        seat = game.to_move
        twin = swap_hidden(game, seat)
        assert view(twin, seat) == view(game, seat) and twin.hands != game.hands
        first = BOT.choose(game, seat, "quick", random.Random(1))
        assert BOT.choose(twin, seat, "quick", random.Random(1)) == first
        return
    pytest.fail("no mid-game table with a choice among the seeds")


def test_the_bot_refuses_to_decide_for_a_seat_that_is_not_to_move():
    game = midgame(2)
    other = next(s for s in game.seats if s != game.to_move)
    with pytest.raises(ValueError, match=f"not {other}'s decision"):
        BOT.choose(game, other, "strong", random.Random(0))


@pytest.mark.slow
def test_bots_play_whole_games_with_open_moves_only():
    for seed in range(2):
        game = midgame(seed, seats=("anna", "ben"), moves=0)
        rng = random.Random(seed)
        while not game.over:
            decided = BOT.choose(game, game.to_move, "quick", rng)
            move = move_of(decided.commands[0])
            assert refusal(game, game.to_move, move) is None and decided.sentence
            play(game, move)
        assert game.winners
