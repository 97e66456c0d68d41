"""Realistic webcam views of a Cannons & Coastlines table, with their exact ground truth.

    table = random_coast_table(seed=7, players=3)
    rendered = render_coast_table(table, seed=7, options=RenderOptions(tilt_deg=30, light="warm"))
    rendered.image   # uint8 BGR, like a webcam frame
    rendered.truth   # JSON-able: table corners and homography, ships, islands, mats, markers, camera

Same table, seed and options: same pixels on the same machine.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.games.cannons_coastlines.table import Table
from companion.games.cannons_coastlines.render.draw import render_coast_frame
from companion.games.cannons_coastlines.render.generate import random_coast_table
from companion.games.cannons_coastlines.render.piece_sets import CoastPieceSet
from companion.games.cannons_coastlines.render.scene import CoastScene, compose_coast_scene
from companion.games.cannons_coastlines.render.truth import coast_truth
from companion.render.options import RenderOptions

__all__ = ["CoastRendered", "RenderOptions", "compose_coast_scene", "random_coast_table", "render_coast_table"]


@dataclass(frozen=True)
class CoastRendered:
    image: np.ndarray
    truth: dict
    scene: CoastScene
    jpeg: bytes | None = None


def render_coast_table(table: Table, seed: int = 0, options: RenderOptions = RenderOptions(),
                       piece_set: CoastPieceSet | None = None) -> CoastRendered:
    """A webcam photo of `table` (its mats included: Table.mats); with `piece_set`, the mats hold a
    group's own masts, crates and coins (render/piece_sets.py)."""
    scene = compose_coast_scene(table, seed, options, piece_set)
    frame = render_coast_frame(scene)
    truth = coast_truth(scene, frame)
    if truth["hand"] is not None:
        truth["hand"]["covered_ships"] = [ship["id"] for ship in truth["ships"] if ship["covered_by_hand"]]
    return CoastRendered(frame.image, truth, scene, frame.jpeg)
