"""Points (CS-4), the victory claim on the start-of-turn snapshot (CS-5), the last fleet afloat.

A prize is named by the faction it was taken from and what it is (mast, cargo or hull); its
value comes from that faction's card unless a house table overrides it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from companion.games.excerpt import excerpt
from companion.games.verdict import Reason, Verdict
from companion.games.cannons_coastlines.factions import PRIZE_KINDS, Rulebook

VICTORY_POINTS = 60


@dataclass(frozen=True)
class Holdings:
    """What lies on one player's harbour mat: coins (any kind, 1 point each) and prizes."""

    coins: int = 0
    prizes: Mapping[tuple[str, str], int] = field(default_factory=dict)  # (faction, kind) -> count


@dataclass(frozen=True)
class Points:
    coins: int
    prizes: dict[str, int]     # "faction:kind" -> count
    prize_points: int
    total: int

    def to_json(self) -> dict:
        return {"coins": self.coins, "prizes": dict(self.prizes), "points": self.total}


def value_table(rulebook: Rulebook, house: Mapping[str, Mapping[str, int]] | None = None) -> dict[str, dict[str, int]]:
    """The prize values in use: each faction card's, with a house table's entries on top."""
    table = {key: dict(faction.prize_values) for key, faction in rulebook.factions.items()}
    for faction, values in (house or {}).items():
        if faction not in table:
            raise ValueError(f"house values name an unknown faction {excerpt(faction)} (factions: {', '.join(table)})")
        for kind, value in values.items():
            if kind not in PRIZE_KINDS:
                raise ValueError(f"house values for {faction}: unknown prize {excerpt(kind)} "
                                 f"(expected {', '.join(PRIZE_KINDS)})")
            table[faction][kind] = int(value)
    return table


def points(holdings: Holdings, values: Mapping[str, Mapping[str, int]]) -> Points:
    prizes, prize_points = {}, 0
    for (faction, kind), count in sorted(holdings.prizes.items()):
        if faction not in values or kind not in values[faction]:
            raise ValueError(f"no value for a {kind} taken from {faction!r}")
        prizes[f"{faction}:{kind}"] = count
        prize_points += values[faction][kind] * count
    return Points(holdings.coins, prizes, prize_points, holdings.coins + prize_points)


def judge_claim(claimant: str, start_of_turn: Mapping[str, int]) -> Verdict:
    """CS-5: judged on the points as they stood when the claimant's turn began."""
    if claimant not in start_of_turn:
        raise ValueError(f"{excerpt(claimant)} is not playing (players: {', '.join(start_of_turn)})")
    mine = start_of_turn[claimant]
    ahead = sorted((p for p, score in start_of_turn.items() if p != claimant and score > mine),
                   key=lambda p: -start_of_turn[p])
    reasons = []
    if mine < VICTORY_POINTS:
        reasons.append(Reason("CS-5", f"{claimant} had {mine} points at the start of the turn; a claim needs "
                              f"{VICTORY_POINTS}.", ()))
    if ahead:
        leader = ahead[0]
        reasons.append(Reason("CS-5", f"{leader} is ahead with {start_of_turn[leader]} points to {claimant}'s {mine}.", ()))
    if reasons:
        return Verdict.reject(*reasons)
    return Verdict.accept(f"{claimant} wins with {mine} points at the start of the turn (CS-5).")


def last_fleet_afloat(ships_afloat: Mapping[str, int]) -> str | None:
    """The one player who still has ships on the table, once every other fleet is gone."""
    afloat = [player for player, count in ships_afloat.items() if count > 0]
    return afloat[0] if len(afloat) == 1 and len(ships_afloat) > 1 else None
