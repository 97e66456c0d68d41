"""Building Cannons & Coastlines tables for tests: ships by card, square islands, a game."""

from companion.games.cannons_coastlines.factions import load_rulebook
from companion.games.cannons_coastlines.rules import CoastGame
from companion.games.cannons_coastlines.table import Island, Mat, Ship, Table

RULEBOOK = load_rulebook()


def ship(player, card_id, faction, x, y, heading, fittings=None, **more):
    card = RULEBOOK.factions[faction].ship(card_id)
    return Ship(f"{player}/{card_id}", player, faction, card, x, y, heading,
                card.fittings if fittings is None else tuple(fittings), **more)


def square(name, x, y, side=4.0, holder=None, slots=()):
    return Island(name, ((x, y), (x + side, y), (x + side, y + side), (x, y + side)), holder, slots)


def game(*ships, islands=(), coins=None, turn="anna", touched=None):
    table = Table(72, 48, ("anna", "ben"), {"anna": "navy", "ben": "pirates"},
                  {s.id: s for s in ships}, {i.id: i for i in islands},
                  mats={"anna": Mat(coins or {}), "ben": Mat()},
                  bag={"repair_crew": 3, "full_sail": 2}, turn=turn, touched_last_turn=touched or {})
    return CoastGame(table, RULEBOOK)
