"""Realistic webcam views of The Colony's printed board with eggs and ants, with their exact ground truth.

    rendered = render_colony(random_position(7), seed=7, options=RenderOptions(tilt_deg=30, light="warm"))
    rendered.image   # uint8 BGR, like a webcam frame
    rendered.truth   # JSON-able: every space's eggs, ant and hand share, markers, look, camera, light

Same position, seed and options: same pixels on the same machine.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.games.the_colony.position import Position
from companion.games.the_colony.render.draw import render_frame
from companion.games.the_colony.render.scene import ColonyScene, compose_scene, random_position
from companion.games.the_colony.render.truth import colony_truth
from companion.render.options import RenderOptions

__all__ = ["ColonyRendered", "RenderOptions", "random_position", "render_colony"]


@dataclass(frozen=True)
class ColonyRendered:
    image: np.ndarray
    truth: dict
    scene: ColonyScene
    jpeg: bytes | None = None


def render_colony(position: Position, seed: int = 0, options: RenderOptions = RenderOptions(),
                  look: str | None = None, looks: tuple[str, ...] | None = None) -> ColonyRendered:
    scene = compose_scene(position, seed, options, look, looks)
    frame = render_frame(scene)
    return ColonyRendered(frame.image, colony_truth(scene, frame), scene, frame.jpeg)
