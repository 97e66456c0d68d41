"""A position of The Colony: eggs and ants on the logs, eggs collected, whose turn, the ant-move rule."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from companion.games.the_colony.layout import Layout, default_layout

COLOURS = ("red", "black")
INITIALS = {"red": "R", "black": "B"}
COLOUR_BY_INITIAL = {initial: colour for colour, initial in INITIALS.items()}
ANTS_PER_PLAYER = 6
EGGS_IN_ALL = 57
EGGS_AT_SETUP = 3   # on each log space


def other(colour: str) -> str:
    return COLOURS[1 - COLOURS.index(colour)]


@dataclass(frozen=True)
class Position:
    """`eggs` names every space of the layout; `ants` only the spaces an ant stands on."""

    layout: Layout
    eggs: dict[str, int]
    ants: dict[str, str] = field(default_factory=dict)
    turn: str = "red"
    collected: dict[str, int] = field(default_factory=lambda: {colour: 0 for colour in COLOURS})
    ants_mandatory: bool = False   # someone has moved an ant: everyone with an ant on the board must
    last_turn: str = "black"       # who last completed a whole turn (decides a tie)

    @classmethod
    def setup(cls, layout: Layout | None = None) -> "Position":
        """The rulebook's setup: three eggs on each log space, no ants on the logs, red to start."""
        layout = layout or default_layout()
        return cls(layout, {space_id: EGGS_AT_SETUP for space_id in layout.ids})

    def replace(self, **changes) -> "Position":
        return replace(self, **changes)

    def ants_of(self, colour: str) -> tuple[str, ...]:
        return tuple(space_id for space_id in self.layout.ids if self.ants.get(space_id) == colour)

    def ants_in_hand(self, colour: str) -> int:
        return ANTS_PER_PLAYER - len(self.ants_of(colour))

    def eggs_in_all(self) -> int:
        return sum(self.eggs.values()) + sum(self.collected.values())
