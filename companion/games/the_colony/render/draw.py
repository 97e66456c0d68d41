"""Draw one frame of The Colony: table, the printed board (its own print, kit/board.py), ants on their
spots, the eggs on their logs, a hand; then lens, light and sensor through the shared render engine."""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from companion.games.the_colony.kit.board import GEOMETRY, board_picture, space_places
from companion.games.the_colony.kit.printed import TOKENS
from companion.games.the_colony.render import pieces
from companion.games.the_colony.render.scene import ColonyScene
from companion.render.camera import ideal_canvas
from companion.render.canvas import DIRECT_SCALE, FLAT_SHADING, MAX_DIRECT, NEAR_MM, Canvas
from companion.render.frame import PAPER_GLOSS, SHEET_THICKNESS_MM, light_picture, through_lens
from companion.render.hands import draw_hand, hand_shapes
from companion.render.lighting import towards_lamp
from companion.render.sensor import develop
from companion.render.textures import TABLE_MM, Texture, table_gloss, table_texture, with_levels

BOARD_PX_PER_MM = 10.0
TABLE_GRAINS = 8   # table textures per material: each takes a second to make, and is kept
CARD_SHADING = (*FLAT_SHADING[:2], PAPER_GLOSS, 0)


@dataclass(frozen=True)
class ColonyFrame:
    image: np.ndarray
    jpeg: bytes | None
    hand: np.ndarray          # share of each pixel the hand covers
    hand_shadow: np.ndarray


@lru_cache(maxsize=2)
def board_texture(layout) -> Texture:
    return with_levels(board_picture(layout, BOARD_PX_PER_MM), BOARD_PX_PER_MM)


def render_frame(scene: ColonyScene, frame_index: int = 0) -> ColonyFrame:
    camera = scene.camera
    canvas = Canvas(camera, ideal_canvas(camera, scene.supersample))
    canvas.cover_table(table_texture(scene.material, scene.seed % TABLE_GRAINS), TABLE_MM, table_gloss(scene.material))
    to_table = scene.board_to_table()
    lift = -SHEET_THICKNESS_MM
    canvas.paste(board_texture(scene.position.layout), to_table, GEOMETRY.size_mm, lift, CARD_SHADING)
    width, height = GEOMETRY.size_mm
    board_top = np.array([(*scene.on_table(c), lift) for c in ((0, 0), (width, 0), (width, height), (0, height))])
    places = {place.id: place for place in space_places(scene.position.layout)}
    if scene.ant_kind == "token":
        for space, colour in sorted(scene.position.ants.items()):
            faces = [_lifted(face, lift) for face in pieces.ant_token(colour, scene.on_table(places[space].ant),
                                                                      TOKENS.diameter_mm, TOKENS.ring_mm, TOKENS.dot_mm)]
            for face in faces:
                for _, pixels, bgr, shading in canvas.visible_faces([face], towards_lamp(scene.light, face.points.mean(axis=0))[0]):
                    canvas.fill_polygon(pixels, bgr, shading)
    ant_figures, beads = standing_pieces(scene)
    standing = ant_figures + beads
    draw_solids(canvas, scene.light, standing)
    hand = hand_shapes(scene.hand) if scene.hand else []
    if hand:
        draw_hand(canvas, hand, scene.light.lamp_mm)
    albedo, shading, hand_cover = through_lens(canvas)
    radiance, hand_shadow = light_picture(camera, scene.light, scene.sensor.exposure, albedo, shading, hand_cover,
                                          [(board_top, SHEET_THICKNESS_MM)], standing, hand)
    image, jpeg = develop(radiance, scene.sensor, np.random.default_rng([scene.seed, frame_index, 16]))
    return ColonyFrame(image, jpeg, hand_cover, hand_shadow)


def draw_solids(canvas: Canvas, light, solids) -> None:
    """Every face of `solids`, farthest first, shaded as Canvas.visible_faces shades a face, but worked
    out for all faces at once: a few thousand bead faces a frame."""
    faces = [face for solid in solids for face in solid.body.faces]
    if not faces:
        return
    lamp_ways = towards_lamp(light, np.array([solid.body.centre for solid in solids]))
    lamp = np.repeat(lamp_ways, [len(solid.body.faces) for solid in solids], axis=0)
    normals = np.array([face.normal for face in faces])
    order, to_eye, distance = painters_order(canvas, faces)
    up = np.array([0.0, 0.0, -1.0])
    facing = np.einsum("ij,ij->i", normals, lamp)
    plane = np.maximum(lamp @ up, 0.15)
    direct = np.minimum(np.maximum(facing, 0.0) / plane, MAX_DIRECT)
    ambient = 0.72 + 0.28 * (normals @ up)
    halfway = lamp + to_eye / distance[:, None]
    halfway /= np.linalg.norm(halfway, axis=1, keepdims=True)
    glosses = np.array([face.gloss for face in faces])
    shine = np.where(facing > 0, glosses * np.maximum(np.einsum("ij,ij->i", normals, halfway), 0.0) ** 24, 0.0)
    for index, pixels in order:
        shading = (int(round(direct[index] * DIRECT_SCALE)), int(round(ambient[index] * 255)),
                   int(round(min(shine[index], 1.0) * 255)), 255)
        canvas.fill_polygon(pixels, faces[index].rgb[::-1], shading)


def painters_order(canvas: Canvas, faces) -> tuple[list[tuple[int, np.ndarray]], np.ndarray, np.ndarray]:
    """The faces the frame draws, farthest first (their centres' distance to the eye), each with its canvas
    pixels; faces turned away or too near the camera are left out. Shared by the frame and the id buffer
    (render/visibility.py), so both paint in the same order."""
    centres = np.array([face.points.mean(axis=0) for face in faces])
    normals = np.array([face.normal for face in faces])
    to_eye = canvas.eye - centres
    distance = np.linalg.norm(to_eye, axis=1)
    seen = np.einsum("ij,ij->i", normals, to_eye) > 0
    order = []
    for index in np.argsort(-distance):
        if not seen[index]:
            continue
        pixels, depth = canvas.project(faces[index].points)
        if (depth < NEAR_MM).any():
            continue
        order.append((int(index), pixels))
    return order, to_eye, distance


def standing_pieces(scene: ColonyScene) -> tuple[list, list]:
    """What stands on the board, as the frame draws it: the plastic ant figures (none for printed tokens),
    then every bead in scene.eggs' order."""
    turn = scene.board_pose[2]
    figures = []
    if scene.ant_kind != "token":
        places = {place.id: place for place in space_places(scene.position.layout)}
        for space, colour in sorted(scene.position.ants.items()):
            # crc32, not hash(): a string's hash changes from one process to the next, and a render must not
            yaw = (zlib.crc32(f"{scene.seed}:{space}".encode()) % 360) + turn
            figures += pieces.ant_figure(colour, scene.on_table(places[space].ant), yaw)
    beads = [pieces.bead(scene.look, scene.on_table(egg.xy), egg.base_mm + SHEET_THICKNESS_MM, egg.yaw_deg + turn,
                         egg.scale, egg.tip_deg) for egg in scene.eggs]
    return figures, beads


def _lifted(face, lift: float):
    return pieces.Face(face.points + [0.0, 0.0, lift], face.normal, face.rgb, face.gloss)
