"""A cell read as bare land (or a bare road tile) must look like it: the middle of the cell shows its ink.

The network reads a cell from the class shares round it turned to the lean, so a piece of a look
it never learned (a group's own, standing on a road tile) can pass for the land about it, and sure
of it. Seen straight through the cell's middle, such a piece, or the road tile under it, shows none
of the land's ink. A cell read as land whose middle shows little of that ink is doubtful: the
players are asked. On the taught benchmark's tuning seeds 6000-6019 (tuned families, untaught and
taught), cells read right as land and sure show less than 0.3 of their ink 1-7 times in 1563;
pieces and road tiles read as land, sure, 14 times of 19. A bare road tile is held to its card the same
way (right road cells there show 0.4 of it and more).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.games.cannonball_colony.camera.board_view import BoardView
from companion.games.cannonball_colony.cells import Ground
from companion.games.cannonball_colony.kit.boards import ISLAND_CELLS
from companion.vision.colour_classes import CLASS_INDEX

BARE_GROUND_INKS = {Ground.GRASS.value: CLASS_INDEX["grass"], Ground.FOREST.value: CLASS_INDEX["forest"],
             Ground.LAKE.value: CLASS_INDEX["lake"], Ground.MOUNTAIN.value: CLASS_INDEX["mountain"],
             Ground.ROAD.value: CLASS_INDEX["road"]}


@dataclass(frozen=True)
class LandDoubtSettings:
    middle_share: float = 0.6     # of a cell's side: the square round its middle that is looked at
    least_ink_share: float = 0.3  # of that square's pixels named the land's ink, or the cell is doubtful
    unsure_confidence: float = 0.5


def land_ink_share(view: BoardView, col: int, row: int, token: str, settings: LandDoubtSettings = LandDoubtSettings()) -> float:
    """The share of the middle of board-local cell (col, row) that the rectified view names `token`'s ink."""
    side = view.settings.px_per_cell
    margin = view.settings.margin_cells
    edge = (1.0 - settings.middle_share) / 2
    x0, y0 = int((margin + col + edge) * side), int((margin + row + edge) * side)
    width = max(1, int(settings.middle_share * side))
    middle = view.classes[y0:y0 + width, x0:x0 + width]
    return float((middle == BARE_GROUND_INKS[token]).mean()) if middle.size else 0.0


def doubt_unlike_land(views: dict[int, BoardView], tokens: dict, probabilities: dict,
                      settings: LandDoubtSettings = LandDoubtSettings()) -> list[tuple[int, int, int]]:
    """Lower, in place, to `unsure_confidence` every sure cell read as land whose middle shows too little of
    its ink; the cells doubted, (board, col, row)."""
    doubted = []
    for board, view in views.items():
        for row in range(ISLAND_CELLS):
            for col in range(ISLAND_CELLS):
                key = (board, col, row)
                token = tokens.get(key)
                if token not in BARE_GROUND_INKS or probabilities.get(key, 0.0) <= settings.unsure_confidence:
                    continue
                if land_ink_share(view, col, row, token, settings) < settings.least_ink_share:
                    probabilities[key] = settings.unsure_confidence
                    doubted.append(key)
    return doubted
