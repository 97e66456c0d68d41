"""Terrain of a printed island board: parsed from `--terrain` text or drawn from a seed."""

from __future__ import annotations

import random

from companion.games.cannonball_colony.kit.boards import ISLAND_CELLS

TERRAIN_TOKENS = "gflm"
# Mostly buildable land, as on a real island: half grass, a quarter forest, the rest
# split between lakes and mountains, which nobody can build on.
TERRAIN_WEIGHTS = {"g": 9, "f": 5, "l": 2, "m": 2}

Terrain = tuple[tuple[str, ...], ...]


def parse_terrain(text: str, size: int = ISLAND_CELLS) -> Terrain:
    """Rows separated by '/', each `size` tokens of g f l m, e.g. 'gfgmlg/ffgggl/...'.

    Raises ValueError naming the row and column of the first bad token.
    """
    rows = text.strip().split("/")
    if len(rows) != size:
        raise ValueError(f"terrain {text!r}: expected {size} rows separated by '/', got {len(rows)}")
    parsed = []
    for row_number, row in enumerate(rows, start=1):
        tokens = tuple(row.strip().lower())
        if len(tokens) != size:
            raise ValueError(
                f"terrain {text!r}: row {row_number} {row!r} has {len(tokens)} cells, expected {size}"
            )
        for column_number, token in enumerate(tokens, start=1):
            if token not in TERRAIN_TOKENS:
                raise ValueError(
                    f"terrain {text!r}: row {row_number}, column {column_number}: {token!r} is "
                    f"not a terrain; expected one of g (grass), f (forest), l (lake), m (mountain)"
                )
        parsed.append(tokens)
    return tuple(parsed)


def random_terrain(seed: int, board: int, size: int = ISLAND_CELLS) -> Terrain:
    """A terrain that is the same for the same seed and board number on every machine."""
    # A string seed is hashed by random.Random deterministically (unlike hash()).
    chooser = random.Random(f"cannonball-colony island {board} seed {seed}")
    tokens, weights = zip(*TERRAIN_WEIGHTS.items())
    return tuple(tuple(chooser.choices(tokens, weights, k=size)) for _ in range(size))


def terrain_to_text(terrain: Terrain) -> str:
    return "/".join("".join(row) for row in terrain)
