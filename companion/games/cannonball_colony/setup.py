"""Setting up a game: a random island of one 6x6 board per player, and the road supply."""

from __future__ import annotations

import random

from companion.games.cannonball_colony.cells import BOARD_SIZE, SUPPLY_BY_PLAYER_COUNT, Cell, Country, Ground
from companion.games.cannonball_colony.position import Position

# Printed boards are mostly open country; these weights give every board room to land.
TERRAIN_WEIGHTS = {Ground.GRASS: 45, Ground.FOREST: 30, Ground.LAKE: 12, Ground.MOUNTAIN: 13}


def random_layout(count: int, rng: random.Random) -> list[Cell]:
    """Top-left cells of `count` boards, each butted against an earlier one, possibly offset."""
    corners = [(0, 0)]
    while len(corners) < count:
        col, row = rng.choice(corners)
        side = rng.choice(((0, -1), (0, 1), (-1, 0), (1, 0)))
        offset = rng.randint(-3, 3)
        col += side[0] * BOARD_SIZE + (offset if side[0] == 0 else 0)
        row += side[1] * BOARD_SIZE + (offset if side[1] == 0 else 0)
        overlaps = any(abs(col - c) < BOARD_SIZE and abs(row - r) < BOARD_SIZE for c, r in corners)
        if not overlaps:
            corners.append((col, row))
    left = min(c for c, _ in corners)
    top = min(r for _, r in corners)
    return [Cell(c - left, r - top) for c, r in corners]


def random_terrain(rng: random.Random) -> list[list[Ground]]:
    kinds, weights = zip(*TERRAIN_WEIGHTS.items())
    return [rng.choices(kinds, weights, k=BOARD_SIZE) for _ in range(BOARD_SIZE)]


def island_from_boards(players, corners, terrains, supply=None) -> Position:
    width = max(c.col for c in corners) + BOARD_SIZE
    height = max(c.row for c in corners) + BOARD_SIZE
    ground = {Cell(col, row): Ground.SEA for row in range(height) for col in range(width)}
    for corner, terrain in zip(corners, terrains):
        for row in range(BOARD_SIZE):
            for col in range(BOARD_SIZE):
                ground[Cell(corner.col + col, corner.row + row)] = terrain[row][col]
    return Position(tuple(players), tuple(corners), width, height, ground, supply=supply, turn=players[0])


def new_island(players: list[Country], seed: int | None = None, supply: int | None = None) -> Position:
    """The position before landing: boards laid out at random, full road supply."""
    if not 2 <= len(players) <= 4 or len(set(players)) != len(players):
        raise ValueError(f"a game needs 2 to 4 different countries, not {[str(p) for p in players]}")
    rng = random.Random(seed)
    corners = random_layout(len(players), rng)
    terrains = [random_terrain(rng) for _ in players]
    if supply is None:
        supply = SUPPLY_BY_PLAYER_COUNT[len(players)]
    return island_from_boards(players, corners, terrains, supply)
