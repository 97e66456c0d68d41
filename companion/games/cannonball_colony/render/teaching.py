"""A webcam photo of the teaching sheet (`companion print pieces`) with a group's own pieces on it.

The sheet is printed from the kit as the players print it, laid on the table, and one piece of
each kind stands on its square (a road tile on the road square, nothing on the empty ones).
Camera, light and sensor are drawn from the seed as for an island, or taken from an island's
scene (`like`): a group teaches under the light and camera it plays with.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from companion.games.cannonball_colony.cells import COUNTRY_BY_INITIAL, Ground, Piece, PieceKind
from companion.games.cannonball_colony.kit.printed import pieces_sheet
from companion.games.cannonball_colony.render.frame import _distance, tile_matrix
from companion.games.cannonball_colony.render.piece_sets import PieceSet
from companion.games.cannonball_colony.render.scene import ROAD_TILE_HEIGHT_MM, Placed, Scene
from companion.games.cannonball_colony.render.textures import ROAD_TILE_MM, road_tile_textures
from companion.kit.layout import PAPERS
from companion.kit.pieces_sheet import pieces_sheet_layout, pieces_sheet_record
from companion.kit.sheets import render_sheet
from companion.render.camera import Camera, aim_camera, frame_region, ideal_canvas
from companion.render.canvas import FLAT_SHADING, Canvas
from companion.render.colour import decode_image
from companion.render.frame import PAPER_GLOSS, SHEET_THICKNESS_MM, Frame, light_picture, through_lens
from companion.render.lighting import LIGHT_KINDS, Light, choose_light, towards_lamp
from companion.render.options import MAX_TILT_DEG, RenderOptions
from companion.render.sensor import Sensor, choose_sensor, develop
from companion.render.textures import (CLOTHS, INK_FLOOR, SHEET_DPI, SHEET_PX_PER_MM, TABLE_MM, WOODS, Texture,
                                       as_uint8, table_gloss, table_texture, with_levels)

PAPER = PAPERS["a4"]


@dataclass(frozen=True)
class TeachingScene:
    seed: int
    piece_set: PieceSet | None          # None: the kit's own forts, cannons and blockades
    page_centre_mm: tuple[float, float]
    page_angle_deg: float
    table_material: str
    camera: Camera
    light: Light
    sensor: Sensor
    supersample: int
    left_off: frozenset[str] = frozenset()   # labels of squares the players left without their piece

    def page_to_table(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        angle = math.radians(self.page_angle_deg)
        dx, dy = x_mm - PAPER.width_mm / 2, y_mm - PAPER.height_mm / 2
        return (self.page_centre_mm[0] + dx * math.cos(angle) - dy * math.sin(angle),
                self.page_centre_mm[1] + dx * math.sin(angle) + dy * math.cos(angle))

    def objects(self) -> tuple[list[Placed], list[Placed]]:
        """(road tiles, standing pieces) on their squares, each a little off centre and turned."""
        tiles, pieces = [], []
        for square in sheet_record()["squares"]:
            if square["label"] in self.left_off:
                continue
            jitter = random.Random(f"teach {self.seed} {square['centre_mm']}")
            x, y = self.page_to_table(*square["centre_mm"])
            x, y = x + jitter.uniform(-1.5, 1.5), y + jitter.uniform(-1.5, 1.5)
            angle = self.page_angle_deg + jitter.uniform(-12, 12) + jitter.choice((0, 90, 180, 270))
            if square["label"] == Ground.ROAD.value:
                tiles.append(Placed("road", None, None, (x, y), 0.0, self.page_angle_deg + jitter.uniform(-5, 5)))
            elif len(square["label"]) == 2:
                piece = piece_of(square["label"])
                pieces.append(Placed(piece.kind.label, None, piece.owner, (x, y), 0.0, angle, look=self.piece_set))
        return tiles, pieces


def piece_of(token: str) -> Piece:
    """The piece a square's label names: `Fs` is Spain's fort."""
    return Piece(PieceKind(token[0]), COUNTRY_BY_INITIAL[token[1]])


@lru_cache(maxsize=1)
def sheet_record() -> dict:
    """pieces-sheet.json of the sheet rendered here (A4)."""
    return pieces_sheet_record("cannonball-colony", PAPER, pieces_sheet_layout(pieces_sheet()))


@lru_cache(maxsize=4)
def page_texture(paper_seed: int) -> Texture:
    """The printed teaching sheet on a slightly warm, grainy paper."""
    printed = render_sheet(pieces_sheet_layout(pieces_sheet()).sheet, PAPER, SHEET_DPI)
    rng = np.random.default_rng([paper_seed, 47])
    paper = decode_image(np.array([[[236 + rng.integers(-6, 4), 241 + rng.integers(-4, 4), 243]]], np.uint8))[0, 0]
    reflect = (INK_FLOOR + (1 - INK_FLOOR) * decode_image(printed)) * paper
    return with_levels(as_uint8(np.clip(reflect, 0, 1)), SHEET_PX_PER_MM)


def compose_teaching(piece_set: PieceSet | None, seed: int, options: RenderOptions = RenderOptions(),
                     like: Scene | None = None, left_off: frozenset[str] = frozenset()) -> TeachingScene:
    """Every choice for a photo of the teaching sheet; `like` lends its table, light and sensor."""
    rng = random.Random(f"teaching {seed}")
    centre, angle = (rng.uniform(-60, 60), rng.uniform(-40, 40)), rng.uniform(-20, 20) + rng.choice((0, 0, 90, 180))
    material = like.table_material if like else rng.choice(list(WOODS) + list(CLOTHS))
    light = like.light if like else choose_light(options.light or rng.choice(LIGHT_KINDS), rng, 160.0)
    sensor = like.sensor if like else choose_sensor(rng, options.noisy, options.jpeg_quality)
    tilt = options.tilt_deg if options.tilt_deg is not None else (
        like.camera.tilt_deg if like else rng.uniform(0, MAX_TILT_DEG * 0.8))
    yaw = like.camera.yaw_deg if like else rng.uniform(-25, 25)
    scene = TeachingScene(seed, piece_set, centre, angle, material, None, light, sensor, options.supersample)
    camera = aim_camera(options.size, (*centre, 0.0), tilt, yaw, 600.0, rng.uniform(58, 76),
                        (rng.uniform(-0.15, 0.02), rng.uniform(-0.02, 0.08), 0.0, 0.0, 0.0), rng.uniform(-3, 3))
    corners = [(*scene.page_to_table(x, y), 0.0) for x, y in
               ((0, 0), (PAPER.width_mm, 0), (PAPER.width_mm, PAPER.height_mm), (0, PAPER.height_mm))]
    camera = frame_region(camera, corners, rng.uniform(0.6, 0.85), (rng.uniform(-0.04, 0.04), rng.uniform(-0.04, 0.04)))
    return TeachingScene(seed, piece_set, centre, angle, material, camera, light, sensor, options.supersample,
                         frozenset(left_off))


def render_teaching(scene: TeachingScene, frame_index: int = 0) -> Frame:
    camera = scene.camera
    canvas = Canvas(camera, ideal_canvas(camera, scene.supersample))
    canvas.cover_table(table_texture(scene.table_material, scene.seed), TABLE_MM, table_gloss(scene.table_material))
    canvas.paste(page_texture(scene.seed % 97), _page_matrix(scene), (PAPER.width_mm, PAPER.height_mm),
                 shading=(*FLAT_SHADING[:2], PAPER_GLOSS, 0))
    tiles, pieces = scene.objects()
    faces = road_tile_textures(scene.seed)
    for index, tile in enumerate(tiles):
        mesh = tile.mesh()
        for _, pixels, bgr, shading in canvas.visible_faces(mesh.faces, towards_lamp(scene.light, mesh.centre)[0]):
            canvas.fill_polygon(pixels, bgr, (*shading[:3], 0))
        canvas.paste(faces[index % len(faces)], tile_matrix(tile), (ROAD_TILE_MM, ROAD_TILE_MM), -ROAD_TILE_HEIGHT_MM,
                     (*FLAT_SHADING[:2], PAPER_GLOSS, 0))
    for item in sorted(pieces, key=lambda t: -_distance(camera, t)):
        mesh = item.mesh()
        canvas.draw_mesh(mesh, towards_lamp(scene.light, mesh.centre)[0])
    albedo, shading, hand = through_lens(canvas)
    radiance, hand_shadow = light_picture(camera, scene.light, scene.sensor.exposure, albedo, shading, hand,
                                          _slabs(scene, tiles), pieces, [])
    image, jpeg = develop(radiance, scene.sensor, np.random.default_rng([scene.seed, frame_index, 211]))
    return Frame(image, hand, shading[:, :, 3].astype(np.float32) / 255.0, jpeg, hand_shadow)


def _page_matrix(scene: TeachingScene) -> np.ndarray:
    origin = np.array(scene.page_to_table(0.0, 0.0))
    x_axis = np.array(scene.page_to_table(1.0, 0.0)) - origin
    y_axis = np.array(scene.page_to_table(0.0, 1.0)) - origin
    return np.array([[x_axis[0], y_axis[0], origin[0]], [x_axis[1], y_axis[1], origin[1]], [0, 0, 1]])


def _slabs(scene: TeachingScene, tiles) -> list:
    square = np.array([[0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]], float)
    page = (square * [PAPER.width_mm, PAPER.height_mm, 1]) @ _page_matrix(scene).T
    slabs = [(np.column_stack([page[:, :2], np.zeros(4)]), SHEET_THICKNESS_MM)]
    for tile in tiles:
        corners = (square * [ROAD_TILE_MM, ROAD_TILE_MM, 1]) @ tile_matrix(tile).T
        slabs.append((np.column_stack([corners[:, :2], np.full(4, -ROAD_TILE_HEIGHT_MM)]), ROAD_TILE_HEIGHT_MM))
    return slabs
