"""Draw one Black Cannon frame: the table, the printed board (its pages as one sheet, corner markers
included), chest tokens, ship stands standing or knocked over, the two dice, a hand; then lens, light
and sensor through the shared renderer (companion/render)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from companion.games.black_cannon.board import Board
from companion.games.black_cannon.kit import pieces as kit
from companion.games.black_cannon.kit.sheets import board_picture
from companion.games.black_cannon.render.dice import die_mesh
from companion.games.black_cannon.render.scene import BlackCannonScene, DiePose, ShipPose
from companion.kit.marker_image import marker_image
from companion.render import meshes
from companion.render.camera import ideal_canvas
from companion.render.canvas import FLAT_SHADING, Canvas
from companion.render.frame import PAPER_GLOSS, light_picture, through_lens
from companion.render.hands import draw_hand, hand_shapes
from companion.render.lighting import towards_lamp
from companion.render.meshes import Face, Mesh
from companion.render.sensor import develop
from companion.render.textures import SHEET_PX_PER_MM, TABLE_MM, Texture, table_gloss, table_texture, with_levels

SHEET_SHADING = (*FLAT_SHADING[:2], PAPER_GLOSS, 0)
TAG_SHADING = (*FLAT_SHADING[:2], PAPER_GLOSS, 255)
CARD_RGB = (243, 241, 236)
TABLE_LOOKS = 3             # table textures per material: a wood's planks cost seconds to grow, so they are kept


@lru_cache(maxsize=12)
def _table(material: str, look: int) -> Texture:
    return table_texture(material, look)


@dataclass(frozen=True)
class Solid:
    body: Mesh
    overlays: tuple[Face, ...] = ()

    def mesh(self) -> Mesh:
        return self.body


@dataclass(frozen=True)
class BlackCannonFrame:
    image: np.ndarray
    jpeg: bytes | None
    hand: np.ndarray          # share of each pixel the hand covers


@lru_cache(maxsize=4)
def board_texture(board: Board) -> Texture:
    return with_levels(np.ascontiguousarray(board_picture(board, SHEET_PX_PER_MM)), SHEET_PX_PER_MM)


@lru_cache(maxsize=16)
def tag_texture(marker_id: int) -> Texture:
    px = SHEET_PX_PER_MM
    side, border = int(round(kit.TAG_MARKER_MM * px)), int(round(kit.TAG_BORDER_MM * px))
    card = np.full((side + 2 * border, side + 2 * border), 255, np.uint8)
    card[border:border + side, border:border + side] = marker_image(marker_id, side, "DICT_4X4_50")
    paper = np.array(CARD_RGB[::-1], np.float32) / 255.0
    image = (0.03 + 0.97 * card[:, :, None] / 255.0) * paper
    return with_levels(np.clip(image * 255, 0, 255).astype(np.uint8), px)


def _rotation(heading_deg: float) -> np.ndarray:
    a = math.radians(heading_deg)
    return np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])


def _local_to_table(centre, heading_deg, points_xy) -> np.ndarray:
    """A stand's own frame (x along the bow, y to port) to the render frame."""
    return np.asarray(points_xy, np.float64) @ _rotation(heading_deg).T + np.asarray(centre)


def _flat(points_xy, z, rgb, gloss=0.0) -> Face:
    points = np.array([(x, y, z) for x, y in points_xy], float)
    return Face(points, np.array([0.0, 0.0, -1.0]), rgb, gloss)


def standing_ship(ship: ShipPose) -> tuple[Solid, tuple]:
    """The stand as a solid, and the tag card to paste on its deck: (marker id, corner, angle)."""
    length, beam = kit.STAND_MM[1], kit.STAND_MM[0]
    height = kit.HULL_HEIGHT_MM[ship.kind]
    outline = [(-length / 2, -beam / 2), (length / 2 - 4, -beam / 2), (length / 2, 0.0), (length / 2 - 4, beam / 2),
               (-length / 2, beam / 2)]
    placed = _local_to_table(ship.centre_mm, ship.heading_deg, outline)
    faces, vertices = meshes.prism([tuple(p) for p in placed], 0.0, height, kit.FLEET_RGB[ship.fleet], 0.3)
    faces = [Face(f.points * [1, 1, -1], f.normal * [1, 1, -1], f.rgb, f.gloss) for f in faces]
    cloud = vertices * [1, 1, -1]
    body = Mesh("stand", tuple(faces), (cloud,), cloud[cloud[:, 2] > -0.5], 0.0, cloud.mean(axis=0))
    overlays = []
    if ship.carrying:
        at = _local_to_table(ship.centre_mm, ship.heading_deg, [(kit.CHEST_LEDGE_AT_MM, 0.0)])[0]
        overlays.append(_flat(meshes.circle(tuple(at), kit.CHEST_MM / 2, 14), -height - 0.1, kit.CHEST_RGB, 0.2))
    card = kit.TAG_CARD_MM
    # The card's top edge faces the bow: its own +y (down the card) points to the stern.
    tag_centre = _local_to_table(ship.centre_mm, ship.heading_deg, [(kit.tag_offset_mm(), 0.0)])[0]
    angle = ship.heading_deg + 90.0
    corner = tag_centre + _rotation(angle) @ np.array([-card / 2, -card / 2])
    return Solid(body, tuple(overlays)), (kit.deck_tag(ship.fleet, ship.kind), corner, angle, height)


def knocked_over_ship(ship: ShipPose) -> Solid:
    """The stand lying on its side: its deck, tag and all, turned to face sideways."""
    length, beam = kit.STAND_MM[1], kit.STAND_MM[0]
    height = kit.HULL_HEIGHT_MM[ship.kind]
    # Lying on its port side: the deck faces +y of the stand's frame, the keel -y; the beam stands up.
    box_faces, vertices = meshes.box(-length / 2, -height / 2, 0.0, length / 2, height / 2, beam, kit.FLEET_RGB[ship.fleet], 0.3)
    rotation = np.eye(3)
    rotation[:2, :2] = _rotation(ship.heading_deg)
    offset = np.array([*ship.centre_mm, 0.0])
    flip = np.array([1.0, 1.0, -1.0])
    faces = tuple(Face((f.points @ rotation.T) * flip + offset, (f.normal @ rotation.T) * flip, f.rgb, f.gloss)
                  for f in box_faces)
    cloud = (vertices @ rotation.T) * flip + offset
    body = Mesh("sunk stand", faces, (cloud,), cloud[cloud[:, 2] > -0.5], 0.0, cloud.mean(axis=0))
    # The deck tag on the side now facing +y, drawn cell by cell.
    bits = marker_image(kit.deck_tag(ship.fleet, ship.kind), 6, "DICT_4X4_50")
    cell = kit.TAG_MARKER_MM / 6
    card = kit.TAG_CARD_MM
    centre_x = kit.tag_offset_mm()
    overlays = []

    def side_face(x0, z0, x1, z1, rgb):
        points = np.array([(x0, height / 2 + 0.05, z0), (x1, height / 2 + 0.05, z0), (x1, height / 2 + 0.05, z1),
                           (x0, height / 2 + 0.05, z1)])
        normal = np.array([0.0, 1.0, 0.0])
        return Face((points @ rotation.T) * flip + offset, (normal @ rotation.T) * flip, rgb, 0.1)

    low_z = (beam - card) / 2
    overlays.append(side_face(centre_x - card / 2, low_z, centre_x + card / 2, low_z + card, CARD_RGB))
    for r in range(6):
        for c in range(6):
            if bits[r, c] < 128:
                x0 = centre_x - kit.TAG_MARKER_MM / 2 + c * cell
                z1 = low_z + card - kit.TAG_BORDER_MM - r * cell
                overlays.append(side_face(x0, z1 - cell, x0 + cell, z1, (20, 20, 20)))
    return Solid(body, tuple(overlays))


def chest_token(centre) -> Solid:
    faces, vertices = meshes.prism(meshes.circle(centre, kit.CHEST_MM / 2, 14), 0.0, kit.CHEST_THICKNESS_MM,
                                   kit.CHEST_RGB, 0.2)
    faces = [Face(f.points * [1, 1, -1], f.normal * [1, 1, -1], f.rgb, f.gloss) for f in faces]
    cloud = vertices * [1, 1, -1]
    return Solid(Mesh("chest", tuple(faces), (cloud,), cloud[cloud[:, 2] > -0.5], 0.0, cloud.mean(axis=0)))


def die_solid(die: DiePose) -> Solid:
    body, spots = die_mesh(die.style, die.up, die.centre_mm, die.angle_deg, die.lean_deg, die.lean_axis_deg)
    return Solid(body, spots)


def _draw_solid(canvas: Canvas, scene: BlackCannonScene, solid: Solid) -> None:
    lamp = towards_lamp(scene.light, solid.body.centre[None, :])[0]
    canvas.draw_mesh(solid.body, lamp)
    # Overlays are decals lying on the body's faces, drawn in their own order: sorted by distance as faces are,
    # a knocked-over stand's tag card (its middle nearer the camera than its far cells) was drawn over the
    # tag's own black cells, so a tag on its side showed only its nearer half.
    for face in solid.overlays:
        for _, pixels, bgr, shading in canvas.visible_faces((face,), lamp):
            canvas.fill_polygon(pixels, bgr, (*shading[:3], 255))


def _paste_tag(canvas: Canvas, tag) -> None:
    marker_id, corner, angle, height = tag
    a = math.radians(angle)
    matrix = np.array([[math.cos(a), -math.sin(a), corner[0]], [math.sin(a), math.cos(a), corner[1]], [0, 0, 1]])
    canvas.paste(tag_texture(marker_id), matrix, (kit.TAG_CARD_MM,) * 2, -height - 0.05, TAG_SHADING)


def render_frame(scene: BlackCannonScene, frame_index: int = 0) -> BlackCannonFrame:
    camera = scene.camera
    canvas = Canvas(camera, ideal_canvas(camera, scene.supersample))
    canvas.cover_table(_table(scene.material, scene.seed % TABLE_LOOKS), TABLE_MM, table_gloss(scene.material))
    width, height = scene.geometry.size_mm
    corner = scene.to_render((0.0, 0.0))
    canvas.paste(board_texture(scene.position.board), np.array([[1, 0, corner[0]], [0, 1, corner[1]], [0, 0, 1.0]]),
                 (width, height), 0.0, SHEET_SHADING)
    groups = [[chest_token(centre)] for _, centre in scene.chests]
    for ship in scene.ships:
        groups.append([knocked_over_ship(ship)] if ship.sunk else list(standing_ship(ship)))
    groups += [[die_solid(die)] for die in scene.dice]
    standing = []
    eye = camera.centre
    for group in sorted(groups, key=lambda g: -float(np.linalg.norm(g[0].body.centre - eye))):
        _draw_solid(canvas, scene, group[0])
        standing.append(group[0])
        for tag in group[1:]:
            _paste_tag(canvas, tag)
    hand = hand_shapes(scene.hand) if scene.hand else []
    if hand:
        draw_hand(canvas, hand, scene.light.lamp_mm)
    albedo, shading, hand_cover = through_lens(canvas)
    radiance, _ = light_picture(camera, scene.light, scene.sensor.exposure, albedo, shading, hand_cover, [], standing, hand)
    image, jpeg = develop(radiance, scene.sensor, np.random.default_rng([scene.seed, frame_index, 317]))
    return BlackCannonFrame(image, jpeg, hand_cover)
