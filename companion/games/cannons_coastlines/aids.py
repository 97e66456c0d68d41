"""Referee aids drawn on the live view and the mirror: coins, flags, table edge, fire, hits."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.cannons_coastlines.geometry import first_hit, forward, inside_table, port, touching
from companion.games.cannons_coastlines.rules import STEP_INCHES, nearest_ship
from companion.games.cannons_coastlines.table import Ship, Table


@dataclass(frozen=True)
class LineOfFire:
    ship: str
    slot: int
    origin: tuple[float, float]
    end: tuple[float, float]
    target: str | None        # the first ship touched, or None
    wasted: bool              # that first ship is the shooter's own


def coin_collectors(table: Table) -> dict[str, str | None]:
    """Each held island -> the holder's ship nearest it, which may collect its coin (CS-3)."""
    return {island.id: nearest_ship(table, island.holder, island.id)
            for island in table.islands.values() if island.holder}


def flag_raisers(table: Table) -> dict[str, list[str]]:
    """Each island -> ships touching it now that also touched it when their owner's last turn ended."""
    raisers = {}
    for island in table.islands.values():
        ships = [ship.id for ship in table.ships.values()
                 if touching(ship.outline(), island.outline)
                 and island.id in table.touched_last_turn.get(ship.id, frozenset())
                 and island.holder != ship.owner]
        raisers[island.id] = sorted(ships)
    return raisers


def room_ahead(table: Table, ship: Ship, limit: float) -> float:
    """Inches the ship can sail straight ahead before its outline leaves the table (up to limit)."""
    fx, fy = forward(ship.heading)
    travelled = 0.0
    while travelled < limit:
        step = min(STEP_INCHES, limit - travelled)
        trial = ship.moved(x=ship.x + fx * (travelled + step), y=ship.y + fy * (travelled + step))
        if not inside_table(trial.outline(), table.width, table.height):
            break
        travelled += step
    return travelled


def edge_warnings(table: Table, click_inches: float, move_counts: dict[str, int]) -> dict[str, float]:
    """Ships that would run out of room within their full move: ship -> inches of room left."""
    warnings = {}
    for ship in table.ships.values():
        full = click_inches * move_counts.get(table.factions.get(ship.owner, ""), 1)
        room = room_ahead(table, ship, full)
        if room < full:
            warnings[ship.id] = round(room, 2)
    return warnings


def forced_off(table: Table) -> dict[str, list[str]]:
    """Ships that a one-ship-width slide (Evasive Maneuvers) would push off the table, and to which side: they sink."""
    sinking = {}
    for ship in table.ships.values():
        px, py = port(ship.heading)
        sides = [side for side, sign in (("port", 1.0), ("starboard", -1.0))
                 if not inside_table(ship.moved(x=ship.x + sign * px * ship.card.beam,
                                                y=ship.y + sign * py * ship.card.beam).outline(), table.width, table.height)]
        if sides:
            sinking[ship.id] = sides
    return sinking


def lines_of_fire(table: Table, reach: float = 120.0) -> list[LineOfFire]:
    lines = []
    for ship in sorted(table.ships.values(), key=lambda s: s.id):
        for index, slot in enumerate(ship.card.slots):
            origin, direction = ship.slot_point(slot)
            hit = first_hit(origin, direction, table.obstacles(skip=ship.id))
            length = hit[1] if hit else reach
            end = (origin[0] + direction[0] * length, origin[1] + direction[1] * length)
            target = hit[0][5:] if hit and hit[0].startswith("ship ") else None
            wasted = target is not None and table.ships[target].owner == ship.owner
            lines.append(LineOfFire(ship.id, index, origin, end, target, wasted))
    return lines


def hits_to_sink(table: Table) -> dict[str, str]:
    """Each ship -> "N hits to sink", or "dead in the water" at no fittings."""
    return {ship.id: "dead in the water: the next hit sinks it" if ship.dead else f"{ship.hits_to_sink} hits to sink"
            for ship in table.ships.values()}
