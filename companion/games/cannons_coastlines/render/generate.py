"""Plausible mid-game Cannons & Coastlines tables from a seed: the test bed's positions.

Islands run down the middle of the play area at least 6" apart (the rulebook's narrow-table
clause, see coast_pieces); ships lie inside the table touching nothing; mats hold 0-25 coins
of mixed kinds and a few prizes taken from the other fleets.
"""

from __future__ import annotations

import math
import random

from companion.games.cannons_coastlines.factions import COIN_KINDS, load_rulebook
from companion.games.cannons_coastlines.geometry import distance, inside_table, ship_outline
from companion.games.cannons_coastlines.table import Island, Mat, Ship, Table
from companion.games.cannons_coastlines.kit import pieces as kit

PLAYER_NAMES = ("anna", "ben", "cleo", "dev")
MAX_COINS = 25
MAX_PRIZE_FITTINGS = 4     # the mat's fittings zone holds four lying side by side
SHIP_CLEARANCE_IN = 0.4    # more than CS-2's touching tolerance: nothing touches by chance
TRIES = 400


def random_coast_table(seed: int, players: int = 2) -> Table:
    """A table part-way through a game of `players` (2-4), mats included."""
    if players not in (2, 3, 4):
        raise ValueError(f"Cannons & Coastlines is for 2 to 4 players, got {players!r}")
    rng = random.Random(f"coast table {seed}")
    rulebook = load_rulebook()
    names = PLAYER_NAMES[:players]
    factions = dict(zip(names, rng.sample(sorted(rulebook.factions), players)))
    width, height = kit.PLAY_AREA_IN
    islands = _islands(rng, players, names, width, height)
    rocks = _rocks(rng, islands, width, height)
    outlines = [island.outline for island in islands.values()] + list(rocks.values())
    ships = {}
    for name in names:
        faction = rulebook.factions[factions[name]]
        for card in faction.ships:
            if rng.random() < 0.1:
                continue  # sunk
            ship = _place_ship(rng, name, factions[name], card, outlines, width, height)
            if ship is not None:
                ships[ship.id] = ship
                outlines.append(ship.outline())
    mats = {name: _mat(rng, name, names, factions, rulebook) for name in names}
    return Table(width, height, tuple(names), factions, ships, islands, rocks, mats, turn=names[0])


def _islands(rng, players, names, width, height) -> dict[str, Island]:
    clearance = kit.ISLAND_EDGE_CLEARANCE_IN
    for _ in range(TRIES):
        islands: dict[str, Island] = {}
        for number in range(1, players + 1):
            for _ in range(60):
                # Four islands only fit 6" apart staggered, and a little smaller.
                radius = rng.uniform(1.7, 2.3) if players == 4 else rng.uniform(2.0, 2.8)
                centre = (rng.uniform(clearance + radius, width - clearance - radius),
                          rng.uniform(clearance + radius, height - clearance - radius))
                outline = _blob(rng, centre, radius, 11, 0.22)
                if not all(clearance <= x <= width - clearance and clearance <= y <= height - clearance
                           for x, y in outline):
                    continue
                if all(distance(outline, other.outline) >= kit.ISLAND_GAP_IN for other in islands.values()):
                    slots = tuple(outline[index] for index in sorted(rng.sample(range(len(outline)), 2)))
                    holder = rng.choice((None,) + tuple(names))
                    islands[f"island-{number}"] = Island(f"island-{number}", _shrink(outline, centre, 0.0),
                                                         holder, _inward(slots, centre, 0.35))
                    break
            else:
                break
        if len(islands) == players:
            return islands
    raise ValueError(f"could not lay out {players} islands 6\" apart on a {width:g}x{height:g} in table")


def _blob(rng, centre, radius, points, roughness) -> tuple[tuple[float, float], ...]:
    """An irregular outline round `centre`: a polygon with wobbling radius, no self-crossing."""
    start = rng.uniform(0, 2 * math.pi)
    return tuple((centre[0] + radius * (1 + rng.uniform(-roughness, roughness)) * math.cos(start + 2 * math.pi * i / points),
                  centre[1] + radius * (1 + rng.uniform(-roughness, roughness)) * math.sin(start + 2 * math.pi * i / points))
                 for i in range(points))


def _shrink(outline, centre, inches):
    return tuple((x + (centre[0] - x) * inches, y + (centre[1] - y) * inches) for x, y in outline)


def _inward(points, centre, inches):
    """Points moved `inches` towards the centre: a slot's socket lies inside the beach."""
    moved = []
    for x, y in points:
        dx, dy = centre[0] - x, centre[1] - y
        length = math.hypot(dx, dy) or 1.0
        moved.append((x + dx / length * inches, y + dy / length * inches))
    return tuple(moved)


def _rocks(rng, islands, width, height) -> dict[str, tuple]:
    rocks = {}
    for index in range(rng.randint(0, 3)):
        for _ in range(60):
            centre = (rng.uniform(4, width - 4), rng.uniform(3, height - 3))
            # Convex (a rock is drawn as a frustum): a jittered regular polygon stays convex.
            outline = _blob(rng, centre, rng.uniform(0.6, 1.0), 7, 0.08)
            others = [island.outline for island in islands.values()] + list(rocks.values())
            if all(distance(outline, other) > 2.5 for other in others):
                rocks[f"rock-{index + 1}"] = outline
                break
    return rocks


def _place_ship(rng, owner, faction, card, outlines, width, height) -> Ship | None:
    for _ in range(TRIES):
        x, y, heading = rng.uniform(2, width - 2), rng.uniform(2, height - 2), rng.uniform(0, 360)
        outline = ship_outline(x, y, heading, card.length, card.beam)
        if not inside_table(outline, width, height):
            continue
        if all(distance(outline, other) > SHIP_CLEARANCE_IN for other in outlines):
            kept = tuple(fitting for fitting in card.fittings if rng.random() < 0.75)
            return Ship(f"{owner}/{card.id}", owner, faction, card, round(x, 3), round(y, 3),
                        round(heading % 360, 2), kept)
    return None


def _mat(rng, name, names, factions, rulebook) -> Mat:
    coins = {}
    for _ in range(rng.randint(0, MAX_COINS)):
        kind = rng.choice(COIN_KINDS)
        coins[kind] = coins.get(kind, 0) + 1
    prizes: dict[tuple[str, str], int] = {}
    others = [other for other in names if other != name]
    for _ in range(rng.randint(0, MAX_PRIZE_FITTINGS)):
        taken = (factions[rng.choice(others)], rng.choice(("mast", "cargo")))
        prizes[taken] = prizes.get(taken, 0) + 1
    if rng.random() < 0.3:
        prizes[(factions[rng.choice(others)], "hull")] = 1
    return Mat(coins, prizes)
