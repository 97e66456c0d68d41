"""Every ship of each fleet at the table accounted for: afloat (its deck tag seen), sunk (its hull lies on a mat,
the shooter's prize), or not seen at all, which the players are told.

A tag the camera cannot see (under the ship's own sail from a steep camera, under a rock, a hand) leaves a ship
out of the reading; kept from the frame before, it is marked stale. But a ship the camera never saw is simply not
there, and a game started from that table lacks it: the reader names it instead. A ship whose hull lies on a mat
was sunk (the rules: the next hit after its last fitting sinks it, and the shooter takes the hull), so it is no
longer kept afloat from the frame before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from companion.kit import ids


def ship_id_of(marker_id: int, seats, rulebook) -> str | None:
    """The ship ("player/card") whose deck tag is `marker_id`, at this table's seats; None for another tag or a
    ship its fleet's faction does not have."""
    place = ids.ship_of(marker_id)
    if place is None or not 1 <= place[0] <= len(seats):
        return None
    seat = seats[place[0] - 1]
    cards = rulebook.factions[seat.faction].ships
    return f"{seat.player}/{cards[place[1] - 1].id}" if place[1] <= len(cards) else None


def sunk_ships(hull_tags: Mapping[int, int], seats, rulebook) -> dict[str, str]:
    """Ship id -> the player on whose mat its hull lies, from the tags read in the mats' hulls zones
    (tag -> that mat's fleet)."""
    sunk = {}
    for marker_id, mat_fleet in hull_tags.items():
        ship_id = ship_id_of(marker_id, seats, rulebook)
        if ship_id is not None and 1 <= mat_fleet <= len(seats):
            sunk[ship_id] = seats[mat_fleet - 1].player
    return sunk


@dataclass(frozen=True)
class Unseen:
    """`count` ships of a fleet not seen, among `candidates` (more of them when a hull told by colour alone is one)."""

    count: int
    candidates: tuple[str, ...]

    def said(self) -> str:
        names = ", ".join(self.candidates)
        return names if self.count == len(self.candidates) else f"{self.count} of {names}"


def unseen_ships(fleets: set[int], afloat: set[str], sunk: set[str], hulls_by_fleet: Mapping[int, int], seats,
                 rulebook) -> dict[str, Unseen]:
    """Player -> their ships neither afloat nor sunk, for every fleet at the table. A hull on a mat whose tag was not
    read (told by its colour alone) accounts for one ship of its fleet without naming it."""
    missing = {}
    for fleet in sorted(fleets):
        seat = seats[fleet - 1]
        ships = [f"{seat.player}/{card.id}" for card in rulebook.factions[seat.faction].ships]
        unaccounted = tuple(ship for ship in ships if ship not in afloat and ship not in sunk)
        by_colour_only = max(0, hulls_by_fleet.get(fleet, 0) - sum(1 for ship in ships if ship in sunk))
        if len(unaccounted) > by_colour_only:
            missing[seat.player] = Unseen(len(unaccounted) - by_colour_only, unaccounted)
    return missing


def unseen_question(unseen: Mapping[str, str]) -> str:
    """The players told which ships the camera does not see (player -> `Unseen.said()`), and what to do."""
    named = "; ".join(unseen.values())
    return (f"The camera does not see {named}: neither afloat nor a hull on a mat. A ship's deck tag may be under its "
            f"own sail, a rock or a hand: turn the ship a little so its tag shows, and it joins the game when seen.")
