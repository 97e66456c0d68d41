"""The exact ground truth of a rendered Colony photo: the position, every space's eggs, ant and how much
of it a hand hides, the markers' corners in the picture, the bead look, camera and light."""

from __future__ import annotations

import numpy as np

from companion.games.the_colony.kit.board import GEOMETRY, board_markers, space_places
from companion.games.the_colony.render.pieces import HELD_OUT
from companion.games.the_colony.render.scene import ColonyScene
from companion.games.the_colony.text import print_board
from companion.render.coverage import share_inside

HIDDEN_SHARE = 0.03   # a hand over this share of a space's circle or ant spot hides it


def _circle(scene: ColonyScene, centre, radius: float, sides: int = 32) -> np.ndarray:
    angles = np.linspace(0, 2 * np.pi, sides, endpoint=False)
    points = [scene.on_table((centre[0] + radius * np.cos(a), centre[1] + radius * np.sin(a))) for a in angles]
    return scene.camera.project([(x, y, 0.0) for x, y in points]).astype(np.float64)


def colony_truth(scene: ColonyScene, frame) -> dict:
    position = scene.position
    spaces = {}
    for place in space_places(position.layout):
        egg_share = share_inside(frame.hand, _circle(scene, place.centre, GEOMETRY.egg_radius_mm))
        ant_share = share_inside(frame.hand, _circle(scene, place.ant, GEOMETRY.ant_radius_mm))
        spaces[place.id] = {
            "eggs": position.eggs[place.id],
            "ant": position.ants.get(place.id),
            "piled": sum(1 for egg in scene.eggs if egg.space == place.id and egg.piled),
            "hand_share": round(max(egg_share, ant_share), 4),
            "hidden": max(egg_share, ant_share) > HIDDEN_SHARE,
        }
    markers = {}
    for marker in board_markers():
        corners = scene.camera.project([(*scene.on_table(c), 0.0) for c in marker.corners])
        markers[str(marker.id)] = [[round(float(x), 2), round(float(y), 2)] for x, y in corners]
    return {
        "game": "the-colony",
        "board": print_board(position),
        "seed": scene.seed,
        "look": scene.look.name,
        "held_out_look": scene.look.name == HELD_OUT,
        "ants_as": scene.ant_kind,
        "spaces": spaces,
        "collected": dict(position.collected),
        "markers": markers,
        "camera": scene.camera.to_json(),
        "light": scene.light.to_json(),
        "hand": scene.hand.to_json() if scene.hand else None,
        "table": scene.material,
    }
