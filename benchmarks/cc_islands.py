"""Cannonball Colony's benchmark islands: how many leave the bot's seat walled into a smaller pocket.

For each seeded two-player island of benchmarks/cc_bot.py (same seeds, same seat for the bot),
the land a network could ever cover (grass, forest and road, joined orthogonally) falls into
walled-off regions. The island counts when every landing space of the bot's seat lies in a
region other than, and smaller than, the best region the opponent may land in: whatever the bot
does, a random opponent that lands well has more room for forts.

    python benchmarks/cc_islands.py [--games 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.cannonball_colony.cells import Cell, Country, Ground  # noqa: E402
from companion.games.cannonball_colony.position import Position  # noqa: E402
from companion.games.cannonball_colony.rules import judge_landing  # noqa: E402
from companion.games.cannonball_colony.setup import new_island  # noqa: E402

BUILDABLE = (Ground.GRASS, Ground.FOREST, Ground.ROAD)


def regions(position: Position) -> dict[Cell, int]:
    """Each buildable cell's region number."""
    region: dict[Cell, int] = {}
    for start, ground in position.ground.items():
        if start in region or ground not in BUILDABLE:
            continue
        number = len(set(region.values())) + 1
        region[start] = number
        queue = deque([start])
        while queue:
            for n in queue.popleft().neighbours():
                if n not in region and position.ground.get(n) in BUILDABLE:
                    region[n] = number
                    queue.append(n)
    return region


def best_region(position: Position, player: Country, region: dict[Cell, int], size: dict[int, int]) -> tuple[int, int]:
    """(size, number) of the largest region one of the player's landing spaces lies in."""
    spots = [cell for cell in region if judge_landing(position, player, cell).legal]
    return max(((size[region[cell]], region[cell]) for cell in spots), default=(0, 0))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    walled = []
    for game in range(args.games):
        seed = args.seed * 100_000 + game
        rng = random.Random(seed)
        players = rng.sample(list(Country), 2)   # as cc_bot.play draws them
        bot, other = players[seed % 2], players[1 - seed % 2]
        position = new_island(players, seed=seed)
        region = regions(position)
        size: dict[int, int] = {}
        for number in region.values():
            size[number] = size.get(number, 0) + 1
        mine, theirs = best_region(position, bot, region, size), best_region(position, other, region, size)
        if mine[1] != theirs[1] and mine[0] < theirs[0]:
            walled.append((seed, mine[0], theirs[0]))
    print(f"{len(walled)} of {args.games} islands wall the bot's seat into a smaller region than the opponent's best")
    for seed, mine, theirs in walled:
        print(f"  seed {seed}: the bot's best region {mine} cells, the opponent's {theirs}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
