"""Cannonades test tables: a state written as the referee's JSON, in a few lines, with the default deck.

Cards of the default deck used below (companion/games/cannonades/default-deck.json):
  S01 skull, no grin       S05 skull, a grin        S08 skull, a double grin (sails right)
  S09 anchor, no grin      S13 anchor, a grin       S17 parrot, no grin      S25 kraken, no grin
  S33 compass, no grin     S34 compass, no grin
  C01 skull/anchor, a grin C02 skull/anchor         C13 anchor/parrot, a grin  C29 kraken/compass
"""

from __future__ import annotations

import json
import random

from companion.games.cannonades.rules import play, refusal
from companion.games.cannonades.text import parse_board
from companion.games.cannonades.turns import Chance


def table(**fields):
    """A game from the referee's state fields; the seats are anna and ben unless given."""
    fields.setdefault("seats", ["anna", "ben"])
    game = parse_board(json.dumps(fields))
    game.news, game.chance = [], Chance(random.Random(0))
    return game


def ship(ship_id: str, card: str, face: str = "down") -> dict:
    return {"id": ship_id, "card": card, "face": face}


def act(game, *move, seat=None):
    """Play `move` for `seat` (the seat to move by default); the refusal's rule when it is refused."""
    reason = refusal(game, seat or game.to_move, tuple(move))
    if reason is not None:
        return reason.rule
    play(game, tuple(move))
    return None


def said(game, what: str) -> list[dict]:
    return [effect for effect in game.news if effect["what"] == what]
