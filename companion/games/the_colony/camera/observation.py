"""What the camera read from one picture of The Colony: per space its eggs, how sure, its ant, whether
a hand hides it; and the position those make (collected eggs are not on the board: given, or zero)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.the_colony.position import Position


@dataclass(frozen=True)
class SpaceReading:
    space: str
    eggs: int
    confidence: float          # the posterior of that count (low under a hand, or where it cannot tell)
    ant: str | None            # "red", "black" or None
    ant_confidence: float
    hidden: bool               # a hand (or its shadow) lies over the space or its ant spot
    question: str = ""         # why its count is asked of the players ("" when the count is claimed sure)

    def to_json(self) -> dict:
        return {"eggs": self.eggs, "confidence": round(self.confidence, 3), "ant": self.ant,
                "ant_confidence": round(self.ant_confidence, 3), "hidden": self.hidden,
                "question": self.question or None}


@dataclass(frozen=True)
class ColonyObservation:
    timestamp: float
    problems: tuple[str, ...]
    spaces: tuple[SpaceReading, ...]
    position: Position | None
    bead_unit_mm2: float = 0.0       # one bead's area as the picture showed it
    eggs_on_board: int | None = None  # the total the counts were fitted to, when the rules gave one

    @property
    def located(self) -> bool:
        return self.position is not None

    def reading(self, space: str) -> SpaceReading:
        return next(reading for reading in self.spaces if reading.space == space)

    def unsure(self, threshold: float) -> tuple[str, ...]:
        return tuple(r.space for r in self.spaces if r.hidden or r.confidence < threshold or r.ant_confidence < threshold)
