"""A whole game consistent with what one seat knows: its view, with every unseen card dealt at random.

The computer seat never reads the true state: it reasons on many such games (information-set
search). What the seat knows is its own view (views.view) plus the deck's list, which is public
(printed on the box, CN-1). Face-down ships get ship cards; the other hands and the deck share the rest.
"""

from __future__ import annotations

import random

from companion.games.cannonades.deck import Deck
from companion.games.cannonades.state import Game, Ship, pending_from_json
from companion.games.cannonades.turns import Chance


class Knowledge:
    """One seat's view, read once: what it knows for sure and the cards it has not seen."""

    def __init__(self, seen: dict, deck: Deck):
        self.view, self.deck = seen, deck
        known = {card["id"] for card in seen["discard"]}
        known |= {card["id"] for card in seen["hand"] or ()}
        for player in seen["players"].values():
            known |= {ship["card"]["id"] for ship in player["ships"] if "card" in ship}
        unseen = [card for card in deck.ids if card not in known]
        self.unseen_ships = [card for card in unseen if deck.card(card).is_ship]
        self.unseen_other = [card for card in unseen if not deck.card(card).is_ship]
        self.hidden_ships = [ship["id"] for player in seen["players"].values() for ship in player["ships"]
                             if "card" not in ship]

    def sample(self, rng: random.Random) -> Game:
        """One game the seat cannot tell from the true one."""
        seen, deck = self.view, self.deck
        ships = list(self.unseen_ships)
        rng.shuffle(ships)
        hidden = dict(zip(self.hidden_ships, ships))
        rest = ships[len(self.hidden_ships):] + self.unseen_other
        rng.shuffle(rest)
        me = seen["seat"]
        game = Game(deck, tuple(seen["seats"]), seen["variant"])
        for seat, player in seen["players"].items():
            game.fleets[seat] = [Ship(s["id"], s["card"]["id"] if "card" in s else hidden[s["id"]], s["face"] == "up")
                                 for s in player["ships"]]
            if seat == me:
                game.hands[seat] = [card["id"] for card in seen["hand"]]
            else:
                count = player["hand"]
                game.hands[seat], rest = rest[:count], rest[count:]
        game.pile = rest
        game.discard = [card["id"] for card in seen["discard"]]
        game.out = [seat for seat in seen["seats"] if seen["players"][seat]["out"]]
        game.had_first_turn = set(seen["had_first_turn"])
        game.current, game.stage, game.actions_left = seen["turn"], seen["stage"], seen["actions_left"]
        game.final_turn, game.cut_short = seen["final_turn"], seen["cut_short"]
        game.pending = [pending_from_json(p) for p in seen["pending"]]
        game.ships_added = dict(seen["ships_added"])
        if seen["shootout"] is not None:
            game.trigger, game.final_turns = seen["shootout"]["trigger"], list(seen["shootout"]["final_turns"])
        game.winners, game.why, game.rule = list(seen["winners"]), seen["why"], seen["rule"]
        game.chance = Chance(rng, keep=False)
        return game
