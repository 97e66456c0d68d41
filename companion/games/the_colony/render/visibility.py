"""How much of each bead a rendered view of The Colony shows at all (issue 16: what one picture can count).

An id buffer drawn as the frame is drawn: every face the frame paints (render/draw.py's painters_order,
farthest first) is filled with its piece's id instead of its colour, the ant figures as pieces too, then
the hand over it as in the frame. A bead's share is its pixels left in that buffer over its pixels drawn
alone. A bead wholly under others, or behind a taller one from a steep camera, shows little or nothing:
no reader of one photo can count it. A separate pass on the same canvas geometry: the frame's pixels are
untouched.

    sights = bead_sights(compose_scene(random_position(7), 7))
    [sight.share for sight in sights if sight.space == "L4"]
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.the_colony.render.draw import painters_order, standing_pieces
from companion.games.the_colony.render.scene import ColonyScene
from companion.render.camera import ideal_canvas
from companion.render.canvas import SUBPIXEL, SUBPIXEL_BITS, Canvas
from companion.render.hands import draw_hand, hand_shapes

HAND_COVERS = 128   # a canvas pixel at least half covered by the hand (canvas.hand is 0-255) hides what is under it


@dataclass(frozen=True)
class BeadSight:
    space: str
    alone_px: int    # its canvas pixels drawn alone (its faces turned to the camera)
    shown_px: int    # its canvas pixels left in the frame's painter's order, with ants and a hand drawn over

    @property
    def share(self) -> float:
        return self.shown_px / self.alone_px if self.alone_px else 0.0


def bead_sights(scene: ColonyScene) -> tuple[BeadSight, ...]:
    """Each bead of scene.eggs, in their order: its pixels alone and shown in the frame."""
    canvas = Canvas(scene.camera, ideal_canvas(scene.camera, scene.supersample))
    figures, beads = standing_pieces(scene)
    solids = figures + beads
    faces, owners = [], []
    for owner, solid in enumerate(solids, start=1):   # 0 is the board and table
        faces += solid.body.faces
        owners += [owner] * len(solid.body.faces)
    ids = np.zeros((canvas.ideal.height, canvas.ideal.width), np.uint16)
    bead_faces: dict[int, list[np.ndarray]] = {}
    order = painters_order(canvas, faces)[0] if faces else []
    for index, pixels in order:
        _fill(ids, pixels, owners[index])
        bead_faces.setdefault(owners[index], []).append(pixels)
    if scene.hand:
        draw_hand(canvas, hand_shapes(scene.hand), scene.light.lamp_mm)
        ids[canvas.hand >= HAND_COVERS] = 0
    shown = np.bincount(ids.ravel(), minlength=len(solids) + 1)
    first_bead = len(figures) + 1
    return tuple(BeadSight(egg.space, _alone(bead_faces.get(owner, []), ids.shape), int(shown[owner]))
                 for owner, egg in enumerate(scene.eggs, start=first_bead))


def _fill(layer: np.ndarray, pixels: np.ndarray, value: int, offset=(0, 0)) -> None:
    """As Canvas fills a polygon (the same sub-pixel rounding), moved by a whole-pixel offset."""
    points = np.round(pixels * SUBPIXEL).astype(np.int32) - np.array(offset, np.int32) * SUBPIXEL
    cv2.fillPoly(layer, [points], value, cv2.LINE_8, SUBPIXEL_BITS)


def _alone(face_pixels: list[np.ndarray], shape: tuple[int, int]) -> int:
    """A bead's pixels with nothing in front of it: its faces filled into a mask of its own box."""
    if not face_pixels:
        return 0
    every = np.vstack(face_pixels)
    x0, y0 = max(int(np.floor(every[:, 0].min())) - 2, 0), max(int(np.floor(every[:, 1].min())) - 2, 0)
    x1, y1 = min(int(np.ceil(every[:, 0].max())) + 2, shape[1]), min(int(np.ceil(every[:, 1].max())) + 2, shape[0])
    if x1 <= x0 or y1 <= y0:
        return 0
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    for pixels in face_pixels:
        _fill(mask, pixels, 1, (x0, y0))
    return int(mask.sum())
