"""A webcam photo of a game's teaching sheet (`companion print pieces`) lying on the table: the
printed page, where it lies, and the camera, light and sensor over it.

Camera, light and sensor are drawn from the seed, or taken from a game view (`Like`): a group
teaches under the light and camera it plays with. Each game puts its own pieces on the squares.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from companion.kit.layout import PAPERS, SheetLayout
from companion.kit.sheets import render_sheet
from companion.render.camera import Camera, aim_camera, frame_region, ideal_canvas
from companion.render.canvas import FLAT_SHADING, Canvas
from companion.render.colour import decode_image
from companion.render.frame import PAPER_GLOSS, SHEET_THICKNESS_MM
from companion.render.lighting import LIGHT_KINDS, Light, choose_light
from companion.render.options import MAX_TILT_DEG, RenderOptions
from companion.render.sensor import Sensor, choose_sensor
from companion.render.textures import (CLOTHS, INK_FLOOR, SHEET_DPI, SHEET_PX_PER_MM, TABLE_MM, WOODS, Texture, as_uint8,
                                       table_gloss, table_texture, with_levels)

PAPER = PAPERS["a4"]


@dataclass(frozen=True)
class Like:
    """What a teaching photo borrows from a view of the game: the table, light, sensor and camera's slant."""

    material: str
    light: Light
    sensor: Sensor
    tilt_deg: float
    yaw_deg: float


@dataclass(frozen=True)
class SheetPhoto:
    """Where the page lies (table mm, its centre and turn) and what looks at it."""

    page_centre_mm: tuple[float, float]
    page_angle_deg: float
    material: str
    camera: Camera | None
    light: Light
    sensor: Sensor

    def page_to_table(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        angle = math.radians(self.page_angle_deg)
        dx, dy = x_mm - PAPER.width_mm / 2, y_mm - PAPER.height_mm / 2
        return (self.page_centre_mm[0] + dx * math.cos(angle) - dy * math.sin(angle),
                self.page_centre_mm[1] + dx * math.sin(angle) + dy * math.cos(angle))

    def page_matrix(self) -> np.ndarray:
        """Page mm -> table mm, as a 3x3 matrix."""
        origin = np.array(self.page_to_table(0.0, 0.0))
        x_axis = np.array(self.page_to_table(1.0, 0.0)) - origin
        y_axis = np.array(self.page_to_table(0.0, 1.0)) - origin
        return np.array([[x_axis[0], y_axis[0], origin[0]], [x_axis[1], y_axis[1], origin[1]], [0, 0, 1]])

    def page_slab(self) -> tuple[np.ndarray, float]:
        """The page as a slab casting a contact shadow: (its corners on the table, its thickness)."""
        square = np.array([[0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]], float)
        page = (square * [PAPER.width_mm, PAPER.height_mm, 1]) @ self.page_matrix().T
        return np.column_stack([page[:, :2], np.zeros(4)]), SHEET_THICKNESS_MM

    def square_spot(self, seed: int, square: dict) -> tuple[float, float, float, random.Random]:
        """(x, y, turn) of the piece a player set on `square` (pieces-sheet.json's entry), a little off
        its middle and turned any way, and the square's own random draws for anything more."""
        jitter = random.Random(f"teach {seed} {square['centre_mm']}")
        x, y = self.page_to_table(*square["centre_mm"])
        x, y = x + jitter.uniform(-1.5, 1.5), y + jitter.uniform(-1.5, 1.5)
        return x, y, self.page_angle_deg + jitter.uniform(-12, 12) + jitter.choice((0, 90, 180, 270)), jitter


def borrowed_from(material: str, light: Light, sensor: Sensor, camera: Camera) -> Like:
    """What a teaching photo borrows from a view of the game, drawn with `camera`."""
    return Like(material, light, sensor, camera.tilt_deg, camera.yaw_deg)


def sheet_canvas(photo: SheetPhoto, sheet: SheetLayout, seed: int, supersample: int) -> Canvas:
    """A canvas with the table and the printed page on it, ready for the pieces."""
    canvas = Canvas(photo.camera, ideal_canvas(photo.camera, supersample))
    canvas.cover_table(table_texture(photo.material, seed), TABLE_MM, table_gloss(photo.material))
    canvas.paste(page_texture(sheet, seed % 97), photo.page_matrix(), (PAPER.width_mm, PAPER.height_mm),
                 shading=(*FLAT_SHADING[:2], PAPER_GLOSS, 0))
    return canvas


@lru_cache(maxsize=4)
def page_texture(sheet: SheetLayout, paper_seed: int) -> Texture:
    """The printed teaching sheet on a slightly warm, grainy paper."""
    printed = render_sheet(sheet, PAPER, SHEET_DPI)
    rng = np.random.default_rng([paper_seed, 47])
    paper = decode_image(np.array([[[236 + rng.integers(-6, 4), 241 + rng.integers(-4, 4), 243]]], np.uint8))[0, 0]
    reflect = (INK_FLOOR + (1 - INK_FLOOR) * decode_image(printed)) * paper
    return with_levels(as_uint8(np.clip(reflect, 0, 1)), SHEET_PX_PER_MM)


def compose_sheet_photo(seed: int, options: RenderOptions = RenderOptions(), like: Like | None = None,
                        fill: float | None = None) -> SheetPhoto:
    """Every choice for a photo of the sheet but what stands on it. The page spans 0.6-0.85 of the picture's
    width or height, whichever binds, drawn from the seed; or `fill` of it, centred (a closer photo)."""
    rng = random.Random(f"teaching {seed}")
    centre, angle = (rng.uniform(-60, 60), rng.uniform(-40, 40)), rng.uniform(-20, 20) + rng.choice((0, 0, 90, 180))
    material = like.material if like else rng.choice(list(WOODS) + list(CLOTHS))
    light = like.light if like else choose_light(options.light or rng.choice(LIGHT_KINDS), rng, 160.0)
    sensor = like.sensor if like else choose_sensor(rng, options.noisy, options.jpeg_quality)
    tilt = options.tilt_deg if options.tilt_deg is not None else (like.tilt_deg if like else rng.uniform(0, MAX_TILT_DEG * 0.8))
    yaw = like.yaw_deg if like else rng.uniform(-25, 25)
    placed = SheetPhoto(centre, angle, material, None, light, sensor)
    camera = aim_camera(options.size, (*centre, 0.0), tilt, yaw, 600.0, rng.uniform(58, 76),
                        (rng.uniform(-0.15, 0.02), rng.uniform(-0.02, 0.08), 0.0, 0.0, 0.0), rng.uniform(-3, 3))
    corners = [(*placed.page_to_table(x, y), 0.0) for x, y in
               ((0, 0), (PAPER.width_mm, 0), (PAPER.width_mm, PAPER.height_mm), (0, PAPER.height_mm))]
    drawn_fill, offset = rng.uniform(0.6, 0.85), (rng.uniform(-0.04, 0.04), rng.uniform(-0.04, 0.04))
    camera = frame_region(camera, corners, fill or drawn_fill, (0.0, 0.0) if fill else offset)
    return SheetPhoto(centre, angle, material, camera, light, sensor)
