"""The flow of the game between decisions: draws, the end of a turn, eliminations, the final shootout.

`settle` runs everything that needs nobody's choice (a draw step, the hand limit's due, the next
turn) until the game waits for a player. Randomness comes only from the game's Chance: a seeded
rng while a command is decided, the logged outcomes while the log is replayed.
"""

from __future__ import annotations

import random

from companion.games.cannonades.deck import CANNONADE
from companion.games.cannonades.ending import finish_by_tiebreak
from companion.games.cannonades.state import (ACT, ACTIONS, CLOSE, DRAW, HAND_SIZE, LIMIT, OVER, REDEAL, Game)


class Chance:
    """A seeded rng's shuffles and picks; `outcomes` keeps each, so the log replays exactly."""

    def __init__(self, rng: random.Random, keep: bool = True):
        self.rng, self.outcomes = rng, [] if keep else None

    def shuffle(self, cards: list[str]) -> list[str]:
        shuffled = list(cards)
        self.rng.shuffle(shuffled)
        if self.outcomes is not None:
            self.outcomes.append(list(shuffled))
        return shuffled

    def pick(self, cards: list[str]) -> str:
        chosen = self.rng.choice(cards)
        if self.outcomes is not None:
            self.outcomes.append(chosen)
        return chosen


class Replay:
    """The outcomes a Chance logged, given back in order; ValueError when the log does not fit."""

    def __init__(self, outcomes: list):
        self.outcomes = list(outcomes)

    def _next(self):
        if not self.outcomes:
            raise ValueError("needs a random outcome the event did not log")
        return self.outcomes.pop(0)

    def shuffle(self, cards: list[str]) -> list[str]:
        shuffled = self._next()
        if not isinstance(shuffled, list) or sorted(shuffled) != sorted(cards):
            raise ValueError("logs a shuffle of other cards")
        return list(shuffled)

    def pick(self, cards: list[str]) -> str:
        chosen = self._next()
        if chosen not in cards:
            raise ValueError(f"logs a random pick of {chosen!r}, which was not there")
        return chosen


def tell(game: Game, what: str, private: list[str] | None = None, **details) -> None:
    """One thing that happened, for the log. `private`: the only seats that see its card(s)."""
    if game.news is not None:
        entry = {"what": what, **details}
        if private is not None:
            entry["private"] = list(private)
        game.news.append(entry)


# --- cards moving --------------------------------------------------------------------------


def draw_cards(game: Game, seat: str, count: int) -> list[str]:
    """Up to `count` from the top; taking the deck's last card starts the final shootout."""
    drawn = []
    for _ in range(count):
        if not game.pile:
            break
        drawn.append(game.pile.pop())
    game.hands[seat].extend(drawn)
    if drawn:
        tell(game, "draw", [seat], seat=seat, count=len(drawn), cards=drawn)
    if drawn and not game.pile and game.trigger is None:
        trigger_shootout(game, seat)
    return drawn


def trigger_shootout(game: Game, seat: str) -> None:
    """Whoever drew the last card (even on another's turn, by a Vendetta) takes back a cannonade;
    the turn in progress ends; then each player still in takes a final turn, the trigger last (CN-8)."""
    game.trigger = seat
    order, at = [], seat
    while True:
        at = game.next_seat(at)
        order.append(at)
        if at == seat:
            break
    game.final_turns = order
    game.cut_short = True
    tell(game, "shootout", trigger=seat, final_turns=list(order))
    game.pending.append(("salvage", seat, "trigger"))


def cannonades_in_discard(game: Game) -> list[str]:
    return [card for card in game.discard if game.card(card).kind == CANNONADE]


def discard_from_hand(game: Game, seat: str, card: str, why: str) -> None:
    game.hands[seat].remove(card)
    game.discard.append(card)
    tell(game, "discard", seat=seat, card=card, why=why)


# --- players leaving ------------------------------------------------------------------------


def eliminate(game: Game, seat: str, by: str | None) -> None:
    """No ship left: out at once. With 3 or more players the eliminator takes one card of the hand
    at random (CN-7); the rest is discarded face up. Whatever the eliminated player had pending is lost."""
    game.out.append(seat)
    tell(game, "out", seat=seat, by=by)
    hand = game.hands[seat]
    if by is not None and len(game.seats) >= 3 and hand:
        taken = game.chance.pick(sorted(hand))
        hand.remove(taken)
        game.hands[by].append(taken)
        tell(game, "take", [by, seat], seat=by, source=seat, card=taken)
    for card in list(hand):
        discard_from_hand(game, seat, card, "out")
    game.pending = [p for p in game.pending if p[1] != seat]
    game.final_turns = [s for s in game.final_turns if s != seat]
    still = game.in_play
    if len(still) == 1:
        end_game(game, still, f"{still[0]} is the only captain with a fleet afloat", "rules:end-of-game")


def end_game(game: Game, winners: list[str], why: str, rule: str) -> None:
    game.stage, game.winners, game.why, game.rule = OVER, list(winners), why, rule
    game.pending.clear()
    tell(game, "end", winners=list(winners), why=why, rule=rule)


# --- the flow ---------------------------------------------------------------------------------


def settle(game: Game) -> None:
    """Run the game on until a player must decide (or it is over)."""
    while not game.over:
        if game.pending:
            if _drop_empty_decision(game):
                continue
            return
        if game.cut_short and game.stage in (DRAW, ACT):
            game.stage = LIMIT
        if game.stage == ACT:
            return
        if game.stage == REDEAL:
            _begin_turn(game, game.seats[0], final=False)
        elif game.stage == DRAW:
            _draw_step(game)
        elif game.stage == LIMIT:
            game.stage = CLOSE
            excess = len(game.hands[game.current]) - game.hand_limit()
            if excess > 0:
                game.pending.append(("discard", game.current, excess, "limit"))
        elif game.stage == CLOSE:
            _close_turn(game)


def _drop_empty_decision(game: Game) -> bool:
    """A decision with nothing to choose from is skipped: a grin no effect can follow, a discard
    from an empty hand, a salvage from a discard pile without a cannonade."""
    kind, seat = game.pending[-1][:2]
    empty = ((kind == "grin" and not grin_effects(game, game.pending[-1]))
             or (kind == "discard" and not game.hands[seat])
             or (kind == "salvage" and not cannonades_in_discard(game)))
    if empty:
        game.pending.pop()
        tell(game, "nothing", seat=seat, decision=kind)
    return empty


def grin_effects(game: Game, pending: tuple) -> list[str]:
    """The effects a grin may still have (CN-4): those that would do something."""
    _, seat, against, _, _ = pending
    effects = []
    if game.pile:
        effects.append("draw")
    if game.hands.get(against):
        effects.append("discard")
    if any(not ship.face_up for ship in game.fleets.get(against, ())):
        effects.append("reveal")
    return effects


def _begin_turn(game: Game, seat: str, final: bool) -> None:
    game.current, game.stage, game.actions_left = seat, DRAW, ACTIONS
    game.final_turn, game.cut_short, game.undoable = final, False, []
    tell(game, "turn", seat=seat, final=final)


def _draw_step(game: Game) -> None:
    seat = game.current
    game.stage = ACT
    if game.final_turn:
        if seat != game.trigger:
            game.pending.append(("salvage", seat, "final"))
    elif not game.is_first_turn(seat):
        draw_cards(game, seat, max(0, HAND_SIZE - len(game.fleets[seat])))


def _close_turn(game: Game) -> None:
    seat = game.current
    game.had_first_turn.add(seat)
    tell(game, "turn-ends", seat=seat)
    if not game.fleets[seat]:
        eliminate(game, seat, None)   # CN-5: no ship at the end of one's own turn
        if game.over:
            return
    if game.trigger is not None:
        if not game.final_turns:
            finish_by_tiebreak(game, tell)
            return
        _begin_turn(game, game.final_turns.pop(0), final=True)
        return
    _begin_turn(game, game.next_seat(seat), final=False)
