"""The table as it stands: ships with pose and fittings, islands and rocks, each player's mat.

Immutable values; the rules make new tables with `replace`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping

from companion.games.cannons_coastlines.factions import CannonSlot, ShipCard
from companion.games.cannons_coastlines.geometry import Point, Polygon, forward, port, ship_outline


@dataclass(frozen=True)
class Ship:
    id: str                     # e.g. "anna/frigate"
    owner: str                  # the player sailing it now (a captured ship changes owner)
    faction: str                # the faction whose card it is, which also prices its prizes
    card: ShipCard
    x: float
    y: float
    heading: float
    fittings: tuple[str, ...]
    braced: bool = False        # Brace for Impact: the next hit does nothing

    @property
    def dead(self) -> bool:
        """Dead in the water: no fittings left; it cannot move but can still fire."""
        return not self.fittings

    @property
    def hits_to_sink(self) -> int:
        return len(self.fittings) + 1

    def outline(self) -> Polygon:
        return ship_outline(self.x, self.y, self.heading, self.card.length, self.card.beam)

    def slot_point(self, slot: CannonSlot) -> tuple[Point, Point]:
        """Where a cannon in the slot sits on the hull side, and the way it fires."""
        fx, fy = forward(self.heading)
        px, py = port(self.heading)
        sign = 1.0 if slot.side == "port" else -1.0
        half_beam = self.card.beam / 2
        point = (self.x + slot.along * fx + sign * half_beam * px, self.y + slot.along * fy + sign * half_beam * py)
        return point, (sign * px, sign * py)

    def moved(self, **changes) -> "Ship":
        return replace(self, **changes)


@dataclass(frozen=True)
class Island:
    id: str
    outline: Polygon
    holder: str | None = None          # whose flag flies there
    slots: tuple[Point, ...] = ()      # the island's own cannon slots


@dataclass(frozen=True)
class Mat:
    """A player's harbour mat: coins by kind, and prizes by (faction taken from, kind)."""

    coins: Mapping[str, int] = field(default_factory=dict)
    prizes: Mapping[tuple[str, str], int] = field(default_factory=dict)

    @property
    def coin_count(self) -> int:
        return sum(self.coins.values())

    def with_coin(self, kind: str, change: int) -> "Mat":
        coins = dict(self.coins)
        coins[kind] = coins.get(kind, 0) + change
        return replace(self, coins={k: v for k, v in coins.items() if v})

    def with_prize(self, faction: str, kind: str) -> "Mat":
        prizes = dict(self.prizes)
        prizes[(faction, kind)] = prizes.get((faction, kind), 0) + 1
        return replace(self, prizes=prizes)


@dataclass(frozen=True)
class Table:
    width: float
    height: float
    players: tuple[str, ...]                    # turn order
    factions: Mapping[str, str]                 # player -> faction key
    ships: Mapping[str, Ship]
    islands: Mapping[str, Island] = field(default_factory=dict)
    rocks: Mapping[str, Polygon] = field(default_factory=dict)
    mats: Mapping[str, Mat] = field(default_factory=dict)
    bag: Mapping[str, int] = field(default_factory=dict)
    turn: str | None = None
    # Islands each ship touched when its owner's last turn ended (a flag needs it: CS-2).
    touched_last_turn: Mapping[str, frozenset[str]] = field(default_factory=dict)

    def replace(self, **changes) -> "Table":
        return replace(self, **changes)

    def with_ship(self, ship: Ship) -> "Table":
        return self.replace(ships={**self.ships, ship.id: ship})

    def without_ship(self, ship_id: str) -> "Table":
        return self.replace(ships={k: v for k, v in self.ships.items() if k != ship_id})

    def with_mat(self, player: str, mat: Mat) -> "Table":
        return self.replace(mats={**self.mats, player: mat})

    def mat(self, player: str) -> Mat:
        return self.mats.get(player, Mat())

    def fleet(self, player: str) -> list[Ship]:
        return [ship for ship in self.ships.values() if ship.owner == player]

    def obstacles(self, skip: str | None = None) -> dict[str, Polygon]:
        """Every outline a moving ship can bump into, by name."""
        outlines = {f"ship {s.id}": s.outline() for s in self.ships.values() if s.id != skip}
        outlines.update({f"island {i.id}": i.outline for i in self.islands.values()})
        outlines.update({f"rock {name}": outline for name, outline in self.rocks.items()})
        return outlines
