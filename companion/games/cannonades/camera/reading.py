"""What a Cannonades table reading is: each card seen (face, place, area, confidence and why), the whole reading as
JSON and as lines a player reads (camera/reader.py makes it)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class SeenCard:
    face: str                        # "up", "down" or "unknown"
    centre_mm: tuple[float, float]
    area: str                        # "seat N", "deck" or "discard"
    confidence: float
    card: str | None = None          # the card's id, face up only
    kind: str | None = None
    angle_deg: float | None = None   # where a face-up card's top faces, clockwise from north
    axis_deg: float | None = None    # a face-down card's long axis (0..180): its way is not visible
    heading: str | None = None       # a face-up ship's bow: north, east, south or west of the table
    on: str | None = None            # a cannonade laid on a ship: its id, "face up" (no name), "face down" or "unknown"
    why: str = ""

    def to_json(self) -> dict:
        out = {"face": self.face, "card": self.card, "kind": self.kind, "area": self.area,
               "centre_mm": [round(v, 1) for v in self.centre_mm], "confidence": round(self.confidence, 3)}
        for key in ("angle_deg", "axis_deg"):
            if getattr(self, key) is not None:
                out[key] = round(getattr(self, key), 1)
        if self.heading:
            out["heading"] = self.heading
        if self.on:
            out["on"] = self.on
        if self.why:
            out["why"] = self.why
        return out


@dataclass(frozen=True)
class Reading:
    players: int
    cards: tuple[SeenCard, ...]
    table_markers: tuple[int, ...]
    notes: tuple[str, ...] = field(default=())

    def in_area(self, area: str) -> list[SeenCard]:
        return [card for card in self.cards if card.area == area]

    def to_json(self) -> dict:
        seats = {}
        for seat in range(1, self.players + 1):
            mine = [c for c in self.in_area(f"seat {seat}") if c.kind != "cannonade"]
            seats[f"seat {seat}"] = {"ships_up": sum(c.face == "up" for c in mine),
                                     "ships_down": sum(c.face == "down" for c in mine),
                                     "unknown": sum(c.face == "unknown" for c in mine)}
        return {"game": "cannonades", "players": self.players, "table_markers": list(self.table_markers),
                "seats": seats, "discard": [c.card for c in self.in_area("discard") if c.card],
                "cards": [card.to_json() for card in self.cards], "notes": list(self.notes)}


def reading_lines(reading: Reading) -> list[str]:
    """The reading as lines a player reads: each seat's fleet, the middle, then every card."""
    lines = []
    for seat, counts in reading.to_json()["seats"].items():
        lines.append(f"{seat}: {counts['ships_up']} ship(s) face up, {counts['ships_down']} face down"
                     + (f", {counts['unknown']} unknown" if counts["unknown"] else ""))
    for card in reading.cards:
        where = f"({card.centre_mm[0]:.0f}, {card.centre_mm[1]:.0f}) mm"
        what = (card.card or "face up") if card.face == "up" else "face down" if card.face == "down" else "unknown"
        extra = f", heading {card.heading}" if card.heading else ""
        extra += f", on {card.on}" if card.on else ""
        extra += f" ({card.why})" if card.why else ""
        lines.append(f"  {card.area:8} {what:10} at {where}{extra}, confidence {card.confidence:.2f}")
    return lines
