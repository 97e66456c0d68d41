"""What a reading says about the game, in the terms the live part counts in: each seat's ships face
up (by card) and face down (a count), the cannonades laid on ships, the discard pile's face-up cards,
and where the reader is unsure (a hand, cards half hidden). Also the tracker's tokens for it: one key
per seat and the discard pile, so frames are voted key by key and a seat under a hand is hidden."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.cannonades.camera.reader import Reading


@dataclass(frozen=True)
class SeatSeen:
    up: tuple[str, ...] = ()                        # face-up ships' card ids, sorted
    down: int = 0                                   # face-down ships
    shots: tuple[tuple[str, str], ...] = ()         # (cannonade, what it lies on: a ship's card, "face down", "unknown")
    unsure: bool = False                            # an unknown shape lies in the seat's area

    def token(self) -> str:
        shots = ",".join(f"{card}>{on}" for card, on in self.shots)
        return f"up={','.join(self.up)};down={self.down};shots={shots}"

    @classmethod
    def from_token(cls, token: str) -> "SeatSeen":
        fields = dict(part.split("=", 1) for part in token.split(";"))
        shots = tuple(tuple(shot.split(">", 1)) for shot in fields["shots"].split(",") if shot)
        return cls(tuple(card for card in fields["up"].split(",") if card), int(fields["down"]), shots)


@dataclass(frozen=True)
class TableSeen:
    seats: tuple[SeatSeen, ...]                     # seat 1 first, in the table's seat order
    discard: tuple[str, ...] = ()                   # face-up cards on the discard pile, sorted

    def tokens(self) -> dict[str, str]:
        out = {f"seat {number}": seat.token() for number, seat in enumerate(self.seats, start=1)}
        out["discard"] = ",".join(self.discard)
        return out

    @classmethod
    def from_tokens(cls, tokens: dict[str, str]) -> "TableSeen":
        count = sum(key.startswith("seat ") for key in tokens)
        seats = tuple(SeatSeen.from_token(tokens[f"seat {number}"]) for number in range(1, count + 1))
        return cls(seats, tuple(card for card in tokens.get("discard", "").split(",") if card))

    def hidden(self) -> frozenset[str]:
        """The keys a hand or a half-hidden card leaves unsure: not voted, so never committed."""
        return frozenset(f"seat {number}" for number, seat in enumerate(self.seats, start=1) if seat.unsure)


def table_seen(reading: Reading) -> TableSeen:
    seats = []
    for number in range(1, reading.players + 1):
        mine = reading.in_area(f"seat {number}")
        ships = [card for card in mine if card.kind != "cannonade"]
        shots = tuple(sorted((card.card, card.on or "unknown") for card in mine
                             if card.face == "up" and card.kind == "cannonade"))
        seats.append(SeatSeen(tuple(sorted(card.card for card in ships if card.face == "up")),
                              sum(card.face == "down" for card in ships), shots,
                              any(card.face == "unknown" for card in mine)))
    discard = tuple(sorted(card.card for card in reading.in_area("discard") if card.card))
    return TableSeen(tuple(seats), discard)
