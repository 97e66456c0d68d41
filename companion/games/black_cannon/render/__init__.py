"""Webcam-like photos of a Black Cannon table, with their exact ground truth.

    position = random_position(seed=7)
    rendered = render_position(position, seed=7, options=RenderOptions(tilt_deg=30))
    rendered.image   # uint8 BGR, like a webcam frame
    rendered.truth   # JSON-able: ships (square, kind, fleet, sunk), chests, dice (pips, style, cocked, hidden)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.games.black_cannon.position import Position
from companion.games.black_cannon.render.draw import render_frame
from companion.games.black_cannon.render.scene import BlackCannonScene, compose_scene, random_position
from companion.games.black_cannon.render.truth import scene_truth
from companion.render.options import RenderOptions

__all__ = ["BlackCannonRendered", "RenderOptions", "compose_scene", "random_position", "render_position"]


@dataclass(frozen=True)
class BlackCannonRendered:
    image: np.ndarray
    truth: dict
    scene: BlackCannonScene
    jpeg: bytes | None = None


def render_position(position: Position, seed: int = 0, options: RenderOptions = RenderOptions(),
                    held_out: bool | None = None, sunk: frozenset[str] | None = None) -> BlackCannonRendered:
    scene = compose_scene(position, seed, options, held_out, sunk)
    frame = render_frame(scene)
    return BlackCannonRendered(frame.image, scene_truth(scene, frame), scene, frame.jpeg)
