"""Room for forts: how many more forts a player's network could still hold, the search's sense
of territory (a fort is what wins, and a walled-in network runs out of places for them).

The country a network may still grow over is every grass, forest and enterable road cell
reachable from it (CC-5's walls: an opponent's fort, any blockade, mountains, lakes, sea). Its
room is a greedy packing of new forts there that keeps CC-6's distance to the player's forts and
to each other; grass counts as passable, as it will be road once built on, so the packing is
a cautious estimate. Its gateways are the cells that are its only way to some of it: the room
at risk is what the worst rival wall there next turn would shut away. Pure: positions only.
"""

from __future__ import annotations

from collections import deque
from typing import Iterable

from companion.games.cannonball_colony.cells import FORTS_PER_PLAYER, Cell, Country, Ground, PieceKind
from companion.games.cannonball_colony.position import Position
from companion.games.cannonball_colony.rules import MIN_FORT_DISTANCE, place_piece

GROWABLE = (Ground.GRASS, Ground.FOREST)


def reachable(position: Position, player: Country) -> frozenset[Cell]:
    """The network and every cell it could still grow onto, through grass, forest and enterable roads."""
    network = position.network(player)
    seen = set(network)
    queue = deque(network)
    while queue:
        for n in queue.popleft().neighbours():
            if n not in seen and _growable(position, player, n):
                seen.add(n)
                queue.append(n)
    return frozenset(seen)


def _growable(position: Position, player: Country, cell: Cell) -> bool:
    ground = position.ground_at(cell)
    if ground in GROWABLE:
        return True
    if ground is not Ground.ROAD:
        return False
    piece = position.pieces.get(cell)
    return piece is None or piece.kind is PieceKind.CANNON or (piece.kind is PieceKind.FORT and piece.owner is player)


# Fort distances over planned paths change only when a blockade goes down (grass turns to road,
# both passable), so the neighbourhoods are kept per passable set: one or two an island.
_NEIGHBOURHOODS: dict[frozenset[Cell], dict[Cell, frozenset[Cell]]] = {}
NEIGHBOURHOODS_KEPT = 16


class _Crowding:
    """The cells closer than the fort distance to a cell, along planned paths (road, forest and
    grass, as grass will be road once built on; never through a blockade)."""

    def __init__(self, position: Position, within: int):
        passable = frozenset(cell for cell, ground in position.ground.items() if ground in GROWABLE or (
            ground is Ground.ROAD and getattr(position.pieces.get(cell), "kind", None) is not PieceKind.BLOCKADE))
        if passable not in _NEIGHBOURHOODS and len(_NEIGHBOURHOODS) >= NEIGHBOURHOODS_KEPT:
            _NEIGHBOURHOODS.clear()
        self.known = _NEIGHBOURHOODS.setdefault(passable, {})
        self.passable, self.within = passable, within

    def near(self, start: Cell) -> frozenset[Cell]:
        found = self.known.get(start)
        if found is None:
            near, frontier = {start}, [start]
            for _ in range(self.within):
                frontier = [n for cell in frontier for n in cell.neighbours() if n in self.passable and n not in near]
                near.update(frontier)
            found = self.known[start] = frozenset(near)
        return found


def room_for_forts(position: Position, player: Country) -> int:
    """How many more forts fit in the player's reachable country (never more than the forts still in hand)."""
    in_hand = FORTS_PER_PLAYER - position.fort_count(player)
    if in_hand <= 0:
        return 0
    crowding = _Crowding(position, MIN_FORT_DISTANCE - 1)
    blocked: set[Cell] = set()
    for fort in position.pieces_of(player, PieceKind.FORT):
        blocked |= crowding.near(fort)
    ships = set(position.landing.values())
    fire = position.cells_under_opponent_fire(player)
    sites = [cell for cell in reachable(position, player)
             if cell not in blocked and cell not in ships and cell not in fire and cell not in position.pieces]
    if not sites:
        return 0
    site_set = set(sites)
    crowd = {cell: crowding.near(cell) & site_set for cell in sites}
    free, placed = set(sites), 0
    while free and placed < in_hand:
        # The site that shuts out fewest others first: a maximal packing's usual greedy order.
        pick = min(free, key=lambda c: (len(crowd[c] & free), c.row, c.col))
        free -= crowd[pick]
        placed += 1
    return placed


def gateways(position: Position, player: Country) -> frozenset[Cell]:
    """The cells of the reachable country that are its only way to some of it: walled there (a
    rival's fort or blockade), part of the country is cut off from the player's landing and forts.

    The articulation points of the reachable cells with the network's roots joined as one."""
    country = reachable(position, player)
    roots = set(position.pieces_of(player, PieceKind.FORT))
    landed = position.landing.get(player)
    if landed in country:
        roots.add(landed)
    roots &= country
    found: set[Cell] = set()
    order: dict[Cell, int] = {}
    low: dict[Cell, int] = {}
    for root in roots:
        order[root] = low[root] = 0   # the roots are one node, numbered 0
    counter = 1
    # Depth first from the joined roots, without recursion: (cell, parent, neighbours left).
    stack = [(cell, None, iter(cell.neighbours())) for cell in roots]
    while stack:
        cell, parent, ahead = stack[-1]
        for n in ahead:
            if n not in country or n == parent or (n in roots and cell in roots):
                continue
            if n in order:
                low[cell] = min(low[cell], order[n])
                continue
            order[n] = low[n] = counter
            counter += 1
            stack.append((n, cell, iter(n.neighbours())))
            break
        else:
            stack.pop()
            if parent is not None:
                low[parent] = min(low[parent], low[cell])
                if low[cell] >= order[parent] and parent not in roots:
                    found.add(parent)
    return frozenset(found)


def room_at_risk(position: Position, player: Country, walls: Iterable[tuple[Country, PieceKind, Cell]]) -> int:
    """How much of the player's room for forts the worst of the rivals' possible next walls (a
    fort or blockade on a gateway of the player's country) would shut away."""
    ways = gateways(position, player)
    threats = [(rival, kind, cell) for rival, kind, cell in walls if cell in ways]
    if not threats:
        return 0
    now = room_for_forts(position, player)
    return max(now - room_for_forts(place_piece(position, rival, kind, cell), player)
               for rival, kind, cell in threats)
