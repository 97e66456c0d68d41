"""Cannons & Coastlines over time: commit a table only when it has been still and in plain view.

A frame with a hand over the table, or with the table moving, waits. A ship the reader marks
stale (hidden under an arm) keeps its last committed pose and stays marked stale. A mat the reader
cannot vouch for (observation.mat_doubts) keeps its last committed holdings and is named unsure with
its doubts, so a wavering reading never moves the points. A table is committed again only when
something a player would notice changed: a ship moved or turned, a fitting, a holder, a coin or
prize, a ship gone, a mat newly unsure or sure again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Mapping

from companion.games.cannons_coastlines.observation import TableObservation
from companion.games.cannons_coastlines.table import Table

MOVED_INCHES = 0.15       # below the reader's pose noise, above the 5 mm target
TURNED_DEGREES = 2.0


@dataclass(frozen=True)
class CoastTrackerSettings:
    still_frames: int = 3        # calm frames in a row before a table counts
    # Share of the picture changed since the frame read before (the reader's change map: 4x4 pixels averaged, 10
    # grey levels) that still counts as calm: sensor noise and JPEG leave none; a hand reaching in from the picture's
    # edge changes 0.9-6% of it between frames (the bundled clip), so 0.4% waits for it to leave.
    max_motion: float = 0.004


@dataclass(frozen=True)
class Waiting:
    reason: str


@dataclass(frozen=True)
class Settling:
    calm_frames: int


@dataclass(frozen=True)
class Unchanged:
    pass


@dataclass(frozen=True)
class TableCommitted:
    table: Table
    stale: frozenset[str]
    unsure_mats: Mapping[str, tuple[str, ...]] = field(default_factory=dict)   # player -> the reader's doubts
    notes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)   # player -> what changes no points: shown


class CoastTracker:
    def __init__(self, settings: CoastTrackerSettings | None = None):
        self.settings = settings or CoastTrackerSettings()
        self.committed: Table | None = None
        self.committed_stale: frozenset[str] = frozenset()
        self.committed_unsure: Mapping[str, tuple[str, ...]] = {}
        self._calm = 0

    def update(self, observation: TableObservation):
        if observation.table is None:
            self._calm = 0
            return Waiting("table not found: " + ("; ".join(observation.problems) or "no table markers"))
        if observation.hidden:
            self._calm = 0
            return Waiting("a hand is over the table")
        if observation.motion > self.settings.max_motion:
            self._calm = 0
            return Waiting(f"the table is moving ({observation.motion:.0%} changed)")
        self._calm += 1
        if self._calm < self.settings.still_frames:
            return Settling(self._calm)
        table, stale = self._keep_stale_poses(observation.table, observation.stale_ships)
        unsure = {player: tuple(doubts) for player, doubts in observation.mat_doubts.items() if player in table.players}
        table = self._keep_unsure_mats(table, unsure)
        if self.committed is not None and stale == self.committed_stale and unsure.keys() == self.committed_unsure.keys() \
                and not changed(self.committed, table):
            return Unchanged()
        self.committed, self.committed_stale, self.committed_unsure = table, stale, unsure
        return TableCommitted(table, stale, unsure, dict(observation.mat_notes))

    def _keep_unsure_mats(self, table: Table, unsure: Mapping[str, tuple[str, ...]]) -> Table:
        """An unsure mat keeps its last committed holdings; with none committed yet, the reading stands (named
        unsure, so the players check it)."""
        if self.committed is None:
            return table
        kept = {player: self.committed.mats[player] for player in unsure if player in self.committed.mats}
        return table.replace(mats={**table.mats, **kept}) if kept else table

    def _keep_stale_poses(self, table: Table, stale: frozenset[str]) -> tuple[Table, frozenset[str]]:
        if self.committed is None:
            return table, frozenset(s for s in stale if s in table.ships)
        ships = dict(table.ships)
        for ship_id in stale:
            before = self.committed.ships.get(ship_id)
            if before is not None and ship_id in ships:
                ships[ship_id] = ships[ship_id].moved(x=before.x, y=before.y, heading=before.heading)
        return table.replace(ships=ships), frozenset(s for s in stale if s in ships)


def changed(before: Table, after: Table) -> bool:
    if set(before.ships) != set(after.ships) or before.mats != after.mats or before.players != after.players:
        return True
    if {i.id: i.holder for i in before.islands.values()} != {i.id: i.holder for i in after.islands.values()}:
        return True
    for ship_id, old in before.ships.items():
        new = after.ships[ship_id]
        turned = abs((new.heading - old.heading + 180) % 360 - 180)
        if math.hypot(new.x - old.x, new.y - old.y) > MOVED_INCHES or turned > TURNED_DEGREES \
                or new.fittings != old.fittings or new.owner != old.owner:
            return True
    return False
