"""Render one frame of a Cannonball Colony scene: draw it, bend it through the lens, light it, expose it."""

from __future__ import annotations

import numpy as np

from companion.games.cannonball_colony.render.scene import ROAD_TILE_HEIGHT_MM, Placed, Scene
from companion.games.cannonball_colony.render.tabletop import SHEET_MM
from companion.games.cannonball_colony.render.textures import (ROAD_TILE_MM, paper_seed_for, road_tile_textures,
                                                               sheet_texture)
from companion.render.camera import Camera, ideal_canvas
from companion.render.canvas import FLAT_SHADING, Canvas
from companion.render.frame import PAPER_GLOSS, SHEET_THICKNESS_MM, Frame, light_picture, through_lens
from companion.render.hands import draw_hand, hand_shapes
from companion.render.lighting import towards_lamp
from companion.render.sensor import develop
from companion.render.textures import TABLE_MM, table_gloss, table_texture


def render_frame(scene: Scene, frame_index: int = 0) -> Frame:
    camera = scene.camera
    canvas = Canvas(camera, ideal_canvas(camera, scene.supersample))
    canvas.cover_table(table_texture(scene.table_material, scene.seed), TABLE_MM, table_gloss(scene.table_material))
    paper = paper_seed_for(scene.seed)
    for sheet, terrain in zip(scene.tabletop.sheets, scene.tabletop.printed):
        canvas.paste(sheet_texture(sheet.board_number, terrain, paper), sheet_matrix(sheet), (SHEET_MM, SHEET_MM),
                     shading=(*FLAT_SHADING[:2], PAPER_GLOSS, 0))
    tiles = scene.road_tiles()
    faces = road_tile_textures(scene.seed)
    for tile in sorted(tiles, key=lambda t: -_distance(camera, t)):
        mesh = tile.mesh()
        for _, pixels, bgr, shading in canvas.visible_faces(mesh.faces, towards_lamp(scene.light, mesh.centre)[0]):
            canvas.fill_polygon(pixels, bgr, (*shading[:3], 0))
        texture = faces[_tile_variant(scene.seed, tile)]
        canvas.paste(texture, tile_matrix(tile), (ROAD_TILE_MM, ROAD_TILE_MM), -ROAD_TILE_HEIGHT_MM,
                     (*FLAT_SHADING[:2], PAPER_GLOSS, 0))
    standing = scene.pieces() + scene.ships() + list(scene.clutter)
    for item in sorted(standing, key=lambda t: -_distance(camera, t)):
        mesh = item.mesh()
        canvas.draw_mesh(mesh, towards_lamp(scene.light, mesh.centre)[0])
    hand = hand_shapes(scene.hand) if scene.hand else []
    if hand:
        draw_hand(canvas, hand, scene.light.lamp_mm)
    albedo, shading, hand_cover = through_lens(canvas)
    radiance, hand_shadow = _light(scene, albedo, shading, hand_cover, tiles, standing, hand)
    noise = np.random.default_rng([scene.seed, frame_index, 101])
    image, jpeg = develop(radiance, scene.sensor, noise)
    return Frame(image, hand_cover, shading[:, :, 3].astype(np.float32) / 255.0, jpeg, hand_shadow)


def sheet_matrix(sheet) -> np.ndarray:
    """The sheet's own mm frame -> table, as a 3x3 matrix."""
    origin = sheet.to_table(0.0, 0.0)
    x_axis = np.subtract(sheet.to_table(1.0, 0.0), origin)
    y_axis = np.subtract(sheet.to_table(0.0, 1.0), origin)
    return np.array([[x_axis[0], y_axis[0], origin[0]], [x_axis[1], y_axis[1], origin[1]], [0, 0, 1]])


def tile_matrix(tile: Placed) -> np.ndarray:
    angle = np.radians(tile.angle_deg)
    cos, sin = np.cos(angle), np.sin(angle)
    half = ROAD_TILE_MM / 2
    x = tile.centre_mm[0] - half * cos + half * sin
    y = tile.centre_mm[1] - half * sin - half * cos
    return np.array([[cos, -sin, x], [sin, cos, y], [0, 0, 1]])


def _tile_variant(seed: int, tile: Placed) -> int:
    return (tile.cell.col * 7 + tile.cell.row * 13 + seed) % len(road_tile_textures(seed))


def _distance(camera: Camera, item: Placed) -> float:
    return float(np.linalg.norm(np.array([*item.centre_mm, item.base_z]) - camera.centre))


def _light(scene: Scene, albedo, shading, hand_share, tiles, standing, hand) -> tuple[np.ndarray, np.ndarray]:
    return light_picture(scene.camera, scene.light, scene.sensor.exposure, albedo, shading, hand_share,
                         _slabs(scene, tiles), standing, hand)


def _slabs(scene: Scene, tiles) -> list[tuple[np.ndarray, float]]:
    """Top outlines (4, 3) and thicknesses of the sheets and the road tiles."""
    slabs = []
    square = np.array([[0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]], float)
    for sheet in scene.tabletop.sheets:
        corners = (square * [SHEET_MM, SHEET_MM, 1]) @ sheet_matrix(sheet).T
        slabs.append((np.column_stack([corners[:, :2], np.zeros(4)]), SHEET_THICKNESS_MM))
    for tile in tiles:
        corners = (square * [ROAD_TILE_MM, ROAD_TILE_MM, 1]) @ tile_matrix(tile).T
        slabs.append((np.column_stack([corners[:, :2], np.full(4, -ROAD_TILE_HEIGHT_MM)]), ROAD_TILE_HEIGHT_MM))
    return slabs

