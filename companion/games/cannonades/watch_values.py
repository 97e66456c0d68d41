"""The values the watch of a physical game gives and keeps (watch.py): a verdict, a fleet as the
companion knows it (face-up cards named, face-down ones only counted), and a grin effect still due."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.cannonades.seen import SeatSeen

PLAY, REVEAL, OVER = "play", "reveal", "over"   # stages: the turns, every ship to be turned up, the end
GRIN_WORDS = {1: "Vendetta", 2: "Revenge"}


@dataclass(frozen=True)
class WatchVerdict:
    rule: str                        # the rulebook section or ruling it applies
    sentence: str
    evidence: tuple[str, ...] = ()   # the cards and seats it rests on
    question: bool = False           # not explained by the rules: asked, nothing counted

    def to_json(self) -> dict:
        return {"rule": self.rule, "sentence": self.sentence, "evidence": list(self.evidence), "question": self.question}


@dataclass
class Fleet:
    up: list[str] = field(default_factory=list)    # face-up (damaged) ships' cards
    down: int = 0                                   # face-down ships: the companion does not know them
    ways: dict[str, str] = field(default_factory=dict)   # face-up ship -> where its bow points

    @property
    def in_play(self) -> int:
        return len(self.up) + self.down


@dataclass(frozen=True)
class GrinDue:
    owner: str      # whose hit ship's grin it is: they choose the effect
    against: str    # who hit it
    ship: str
    hit: str        # damaged | sunk
    grins: int


def ways_of(seen: SeatSeen) -> dict[str, str]:
    """Each face-up ship of a seat -> where its bow points, as seen."""
    return dict(zip(seen.up, seen.ways))
