"""Realistic webcam views of a Cannonball Colony table, with their exact ground truth.

    rendered = render_table(position, seed=7, options=RenderOptions(tilt_deg=30, light="warm"))
    rendered.image   # uint8 BGR, like a webcam frame
    rendered.truth   # JSON-able: board text, cells, marker corners, pieces, camera, light, hand

The same position, seed and options give the same pixels on the same machine.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.games.cannonball_colony.position import Position
from companion.games.cannonball_colony.kit.terrain import Terrain
from companion.games.cannonball_colony.render.frame import render_frame
from companion.games.cannonball_colony.render.scene import RenderOptions, Scene, compose_scene
from companion.games.cannonball_colony.render.tabletop import printed_terrain
from companion.games.cannonball_colony.render.truth import image_truth

__all__ = ["RenderOptions", "Rendered", "Scene", "compose_scene", "printed_terrain", "render_scene", "render_table"]


@dataclass(frozen=True)
class Rendered:
    image: np.ndarray
    truth: dict
    scene: Scene
    jpeg: bytes | None = None  # the JPEG file `image` was decoded from, when compressed


def render_scene(scene: Scene, frame_index: int = 0) -> Rendered:
    frame = render_frame(scene, frame_index)
    return Rendered(frame.image, image_truth(scene, frame.hand, frame.pieces), scene, frame.jpeg)


def render_table(position: Position, seed: int = 0, options: RenderOptions = RenderOptions(),
                 printed: tuple[Terrain, ...] | None = None) -> Rendered:
    """A webcam photo of `position` laid out on a table. `printed` is the terrain printed on
    each board in seat order (road tiles lie on top of it); None draws the terrain under
    each road from the seed."""
    return render_scene(compose_scene(position, seed, options, printed))
