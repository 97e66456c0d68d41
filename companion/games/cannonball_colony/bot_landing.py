"""Where the computer seat lands: the space whose share of the island is largest.

Forts are what win, and a network only grows over the country it reaches first; so a landing
space is worth the grass and forest closer to it (in steps over that country) than to any rival
ship, ties shared. A space walled into a small pocket, or right under a rival's nose, is worth
little however open its surroundings. Rivals still to land are taken to land anywhere legal
(the next one's spaces, each as likely), as a ship far from everyone else's is not yet safe.
A rival's steps are counted a few longer than the seat's own (`LandingSettings.lead`), so a large
region shared with a rival's ship can beat a smaller pocket of the seat's own.
The open country near the ship (the first turns' building ground) breaks ties. Pure: positions only.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from statistics import fmean

from companion.games.cannonball_colony.cells import Cell, Country, Ground
from companion.games.cannonball_colony.position import Position
from companion.games.cannonball_colony.rules import judge_landing

SETTLED = (Ground.GRASS, Ground.FOREST, Ground.ROAD)


@dataclass(frozen=True)
class LandingSettings:
    near_reach: int = 4          # the open country within this many steps is what the first turns build on
    near_weight: float = 0.05    # a tie-break beside the share: one cell of share outweighs 20 near cells
    # Steps the seat is taken to outpace its rivals by: a seat that builds where it counts every
    # turn wins a race for shared country that a casual rival's steps alone would call even.
    # Set on tuning islands 960000-960199 and 970000-970199 against random play (373 -> 375.5 of 400).
    lead: int = 4


def steps_over_country(position: Position, start: Cell) -> dict[Cell, int]:
    """Steps from `start` to every grass, forest or road cell a network could grow to from it."""
    steps, queue = {start: 0}, deque([start])
    while queue:
        cell = queue.popleft()
        for n in cell.neighbours():
            if n not in steps and position.ground_at(n) in SETTLED:
                steps[n] = steps[cell] + 1
                queue.append(n)
    return steps


def share(mine: dict[Cell, int], rivals: list[dict[Cell, int]], lead: int = 0) -> float:
    """The cells a ship reaches before every rival (a tie with the nearest rival is half a cell), its
    rivals' steps taken `lead` steps longer."""
    total = 0.0
    for cell, steps in mine.items():
        nearest = min((rival[cell] + lead for rival in rivals if cell in rival), default=None)
        if nearest is None or steps < nearest:
            total += 1.0
        elif steps == nearest:
            total += 0.5
    return total


def open_country(steps: dict[Cell, int], position: Position, reach: int) -> int:
    """Grass (counted twice: two roads a turn) and forest within `reach` steps."""
    return sum(2 if position.ground_at(cell) is Ground.GRASS else 1 for cell, n in steps.items() if n <= reach)


def landing_worth(position: Position, player: Country, spot: Cell, settings: LandingSettings) -> float:
    mine = steps_over_country(position, spot)
    landed = [steps_over_country(position, cell) for other, cell in position.landing.items() if other is not player]
    waiting = [other for other in position.players if other is not player and other not in position.landing]
    if waiting:
        after = position.replace(landing={**position.landing, player: spot})
        spaces = [cell for cell in after.cells() if judge_landing(after, waiting[0], cell).legal]
        expected = fmean(share(mine, landed + [steps_over_country(position, cell)], settings.lead)
                         for cell in spaces) if spaces else share(mine, landed, settings.lead)
    else:
        expected = share(mine, landed, settings.lead)
    return expected + settings.near_weight * open_country(mine, position, settings.near_reach)


def best_landings(position: Position, player: Country, spots: list[Cell],
                  settings: LandingSettings = LandingSettings()) -> list[Cell]:
    """The legal spots worth most (several when equal)."""
    worths = {spot: landing_worth(position, player, spot, settings) for spot in spots}
    top = max(worths.values(), default=0.0)
    return [spot for spot in spots if worths[spot] >= top - 1e-9]
