"""Cannonball Colony's printed surfaces: the island board sheets and the road tile faces."""

from __future__ import annotations

import random
from functools import lru_cache

import cv2
import numpy as np

from companion.games.cannonball_colony.kit.terrain import Terrain, terrain_to_text
from companion.games.cannonball_colony.render.tabletop import SHEET_MM
from companion.kit.layout import Paper
from companion.games.cannonball_colony.kit.boards import island_board_layout, island_terrain_label
from companion.kit.palette import ROAD
from companion.games.cannonball_colony.kit.printed import render_board
from companion.render.colour import decode_image, to_linear
from companion.render.textures import (INK_FLOOR, SHEET_DPI, SHEET_PX_PER_MM, Texture, as_uint8, smooth_noise,
                                       with_levels)

SHEET_PAPER_MARGIN_MM = 5.0  # render_sheet centres the sheet inside 5 mm print margins
ROAD_TILE_MM = 21.6  # a tile sits inside its 24 mm cell with room to be laid a little askew
ROAD_TILE_PX = 216
ROAD_TILE_VARIANTS = 6


@lru_cache(maxsize=16)
def sheet_texture(board_number: int, terrain: Terrain, paper_seed: int) -> Texture:
    """Island board `board_number` as printed from the kit with `terrain`, on real paper."""
    layout = island_terrain_label(island_board_layout(board_number), terrain_to_text(terrain))
    side = SHEET_MM + 2 * SHEET_PAPER_MARGIN_MM
    page = render_board(layout, Paper("board", side, side), SHEET_DPI, terrain)
    margin = int(round(SHEET_PAPER_MARGIN_MM * SHEET_PX_PER_MM))
    pixels = int(round(SHEET_MM * SHEET_PX_PER_MM))
    printed = page[margin:margin + pixels, margin:margin + pixels]
    rng = np.random.default_rng([paper_seed, board_number, 23])
    paper = to_linear((236 + rng.integers(-6, 4), 241 + rng.integers(-4, 4), 243 + rng.integers(-4, 4)))  # B, G, R: warm white
    ink = decode_image(printed)
    reflect = (INK_FLOOR + (1 - INK_FLOOR) * ink) * paper.astype(np.float32)
    grain = 1 + 0.012 * smooth_noise(rng, pixels, pixels, 1.5) + 0.01 * smooth_noise(rng, pixels, pixels, 400)
    return with_levels(as_uint8(np.clip(reflect * grain[:, :, None], 0, 1)), SHEET_PX_PER_MM)


@lru_cache(maxsize=4)
def road_tile_textures(seed: int) -> tuple[Texture, ...]:
    """A few printed road tile faces: the road colour on card, a thin printed rim, and the
    slightly darker bevel where the card was cut."""
    rng = np.random.default_rng([seed, 31])
    base = to_linear(ROAD.bgr).astype(np.float32)
    size = ROAD_TILE_PX
    steps = np.arange(size, dtype=np.float32)
    edge_x = np.minimum(steps, size - 1 - steps) / (size / ROAD_TILE_MM)  # mm from the nearest side
    edge = np.minimum(edge_x[:, None], edge_x[None, :])
    rim = np.clip(1 - np.abs(edge - 1.2) / 0.3, 0, 1)
    bevel = np.clip(1 - edge / 0.4, 0, 1)
    variants = []
    for _ in range(ROAD_TILE_VARIANTS):
        grain = cv2.GaussianBlur(rng.standard_normal((size, size), dtype=np.float32), (0, 0), 1.0)
        grain /= grain.std()
        shade = (1 + rng.normal(0, 0.025)) * (1 + 0.02 * grain + 0.025 * smooth_noise(rng, size, size, 70))
        shade = shade * (1 - 0.3 * rim) * (1 - 0.2 * bevel)
        variants.append(with_levels(as_uint8(np.clip(shade[:, :, None] * base, 0, 1)), ROAD_TILE_PX / ROAD_TILE_MM, 3))
    return tuple(variants)


def paper_seed_for(seed: int) -> int:
    """Paper varies by table, not by frame: clips keep the same sheets throughout."""
    return random.Random(f"paper {seed}").randrange(1 << 30)
