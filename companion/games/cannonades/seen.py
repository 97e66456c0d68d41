"""A still table of physical cards, in the terms the bookkeeping (watch.py) counts in: each seat's ships
face up (by card, with the way each points) and face down (a count), the cannonades laid on ships, the
discard pile's face-up cards, and where the reader was unsure. Also the tracker's tokens for it: one
key per seat and the discard pile (`seat 1`: `up=S09,S20;ways=north,east;down=2;shots=C02>face down`),
which the log keeps, so a physical game replays from its still tables."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SeatSeen:
    up: tuple[str, ...] = ()                        # face-up ships' card ids, sorted
    down: int = 0                                   # face-down ships
    shots: tuple[tuple[str, str], ...] = ()         # (cannonade, what it lies on: a ship's card, "face down", "unknown")
    unsure: bool = False                            # an unknown shape lies in the seat's area
    ways: tuple[str, ...] = ()                      # where each face-up ship's bow points (north...), as `up`

    def token(self) -> str:
        shots = ",".join(f"{card}>{on}" for card, on in self.shots)
        return f"up={','.join(self.up)};ways={','.join(self.ways)};down={self.down};shots={shots}"

    @classmethod
    def from_token(cls, token: str) -> "SeatSeen":
        """ValueError naming the part that is not a seat's token."""
        try:
            fields = dict(part.split("=", 1) for part in token.split(";"))
            shots = tuple(tuple(shot.split(">", 1)) for shot in fields["shots"].split(",") if shot)
            up = tuple(card for card in fields["up"].split(",") if card)
            ways = tuple(way for way in fields.get("ways", "").split(",") if way)
            down = int(fields["down"])
        except (KeyError, ValueError) as error:
            raise ValueError(f"seat token {token!r}: expected up=...;ways=...;down=N;shots=... ({error})") from None
        if any(len(shot) != 2 for shot in shots) or (ways and len(ways) != len(up)) or down < 0:
            raise ValueError(f"seat token {token!r}: a shot is CARD>ON, one way per face-up ship, down >= 0")
        return cls(up, down, shots, False, ways)


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
        if not isinstance(tokens, dict) or not all(isinstance(v, str) for v in tokens.values()):
            raise ValueError("a still table is an object of seat tokens and 'discard'")
        count = sum(key.startswith("seat ") for key in tokens)
        seats = tuple(SeatSeen.from_token(tokens[f"seat {number}"]) for number in range(1, count + 1))
        return cls(seats, tuple(card for card in tokens.get("discard", "").split(",") if card))

    def hidden(self) -> frozenset[str]:
        """The keys a hand or a half-hidden card leaves unsure: not voted, so never committed."""
        return frozenset(f"seat {number}" for number, seat in enumerate(self.seats, start=1) if seat.unsure)
