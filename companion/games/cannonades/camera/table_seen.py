"""What a reading says about the game (seen.py's SeatSeen and TableSeen), with the seat areas of the
game's number of players: the reader's own areas are for two, so each card's area is found again
from where it lies."""

from __future__ import annotations

from dataclasses import replace

from companion.games.cannonades.camera.reading import Reading
from companion.games.cannonades.kit import table
from companion.games.cannonades.seen import SeatSeen, TableSeen

__all__ = ["SeatSeen", "TableSeen", "table_seen"]


def table_seen(reading: Reading, players: int | None = None) -> TableSeen:
    players = players or reading.players
    cards = reading.cards
    if players != reading.players:
        cards = tuple(replace(card, area=table.area_of(*card.centre_mm, players)) for card in cards)
    seats = []
    for number in range(1, players + 1):
        mine = [card for card in cards if card.area == f"seat {number}"]
        ships = sorted((card for card in mine if card.kind != "cannonade" and card.face == "up" and card.card),
                       key=lambda c: c.card)
        # A face-up ship whose markers are hidden is counted by the reader, but the game keeps fleets by card:
        # the seat waits (unsure) until its name shows.
        nameless = any(card.face == "up" and not card.card for card in mine)
        shots = tuple(sorted((card.card, card.on or "unknown") for card in mine
                             if card.face == "up" and card.kind == "cannonade"))
        seats.append(SeatSeen(tuple(card.card for card in ships),
                              sum(card.face == "down" and card.kind != "cannonade" for card in mine), shots,
                              nameless or any(card.face == "unknown" for card in mine), tuple(card.heading or "?" for card in ships)))
    discard = tuple(sorted(card.card for card in cards if card.area == "discard" and card.card))
    return TableSeen(tuple(seats), discard)
