"""A group's own pieces, as Cannonball Colony renders them: one shape family and size per kind
(fort, cannon, blockade), and each country's paint spread round its ink's hue.

The kit does not print pieces: every group plays with what it owns. A PieceSet is drawn from a
seed over the families it may use (companion.render.piece_shapes), so the reader can be taught
and tried on looks it never saw; the same set stands on the teaching sheet and on the island.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.games.cannonball_colony.cells import Country, PieceKind
from companion.games.cannonball_colony.kit.boards import ISLAND_CELL_MM
from companion.kit.palette import PLAYERS
from companion.render.piece_shapes import FAMILIES, LookSettings, PieceLook, choose_look, owner_colour

# Kinds get footprints from different bands (shares of a cell), so a set's kinds differ in size
# as a group's own pieces do; which kind gets which band is drawn.
WIDTH_BANDS = ((0.5, 0.62), (0.64, 0.78), (0.8, 0.95))


@dataclass(frozen=True)
class PieceSet:
    """Every kind's look and every country's paint (sRGB)."""

    looks: tuple[tuple[PieceKind, PieceLook], ...]
    colours: tuple[tuple[Country, tuple[int, int, int]], ...]

    def look(self, kind: PieceKind) -> PieceLook:
        return dict(self.looks)[kind]

    def colour(self, country: Country) -> tuple[int, int, int]:
        return dict(self.colours)[country]

    @property
    def families(self) -> tuple[str, ...]:
        return tuple(look.family for _, look in self.looks)


def choose_piece_set(seed: int, families: tuple[str, ...] = FAMILIES,
                     settings: LookSettings = LookSettings()) -> PieceSet:
    """Three different families of `families` for the three kinds, of different sizes."""
    if len(set(families)) < len(PieceKind):
        raise ValueError(f"a piece set needs {len(PieceKind)} families to choose from, got {list(families)}")
    unknown = [family for family in families if family not in FAMILIES]
    if unknown:
        raise ValueError(f"unknown piece families {unknown}; expected some of {', '.join(FAMILIES)}")
    rng = random.Random(f"piece set {seed}")
    chosen = rng.sample(sorted(set(families)), len(PieceKind))
    bands = rng.sample(WIDTH_BANDS, len(PieceKind))
    looks = tuple((kind, choose_look(rng, family, ISLAND_CELL_MM, settings, rng.uniform(*band)))
                  for kind, family, band in zip(PieceKind, chosen, bands))
    colours = tuple((country, owner_colour(PLAYERS[country.value].rgb, rng, settings)) for country in Country)
    return PieceSet(looks, colours)
