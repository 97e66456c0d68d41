"""A Cannons & Coastlines game between two events: the table, the turn, the claim and the result (pure)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from companion.games.cannons_coastlines.factions import Rulebook
from companion.games.cannons_coastlines.scoring import Holdings, points, value_table
from companion.games.cannons_coastlines.table import Table


@dataclass(frozen=True)
class CoastState:
    """What the record keeps; every event makes a new one (dataclasses.replace)."""

    rulebook: Rulebook
    table: Table
    stale: frozenset[str] = frozenset()                              # ships a hand hides: last pose kept
    touched: Mapping[str, frozenset[str]] = field(default_factory=dict)   # islands each ship touched at its turn's end
    house: Mapping[str, Mapping[str, int]] = field(default_factory=dict)  # house prize values (CS-4)
    turn: dict | None = None      # {"player", "number", "holdings", "seq"}: the start-of-turn holdings (CS-5)
    claim: dict | None = None     # the last victory claim this turn, with its verdict and seq
    result: dict | None = None    # {"winner", "rule", "message"} once the game is won
    # The mats the camera could not vouch for at its last table, with its doubts (their holdings are the last known or
    # a player's correction), and what it noted that changes no points (a coin's kind).
    unsure: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    notes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def values(self) -> dict[str, dict[str, int]]:
        """The prize values in use: the faction cards with the house values on top."""
        return value_table(self.rulebook, dict(self.house))


def holdings_of(table: Table) -> dict[str, dict]:
    """What lies on each player's mat, as JSON: coins, and prizes by 'faction:kind'."""
    return {player: {"coins": table.mat(player).coin_count,
                     "prizes": {f"{f}:{k}": n for (f, k), n in sorted(table.mat(player).prizes.items())}}
            for player in table.players}


def points_of(holdings: Mapping[str, dict], values) -> dict[str, int]:
    out = {}
    for player, held in holdings.items():
        prizes = {tuple(key.split(":", 1)): n for key, n in held["prizes"].items()}
        out[player] = points(Holdings(held["coins"], prizes), values).total
    return out
