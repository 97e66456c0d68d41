"""Procedural surfaces: the wooden or cloth table, and the helpers a game's printed card and paper use."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from companion.render.colour import decode_image, encode_image, to_linear

TABLE_MM = (1400, 1000)
TABLE_PX_PER_MM = 2.0
# 254 dpi is exactly 10 px/mm, so every printed edge of the kit falls on a pixel edge.
SHEET_DPI = 254
SHEET_PX_PER_MM = 10.0
MIP_LEVELS = 4
# Black ink on matte paper still reflects a few percent; paper is never pure white.
INK_FLOOR = 0.03

WOODS = {  # sRGB of the timber's mid tone
    "oak": (176, 132, 90),
    "walnut": (112, 76, 52),
    "pine": (204, 164, 112),
    "teak": (150, 100, 62),
    "limed": (170, 158, 140),
}
CLOTHS = {
    "green felt": (44, 96, 62),
    "navy cloth": (42, 52, 82),
    "grey linen": (150, 146, 138),
    "beige linen": (192, 176, 150),
    "burgundy cloth": (104, 38, 44),
}

def table_gloss(material: str) -> float:
    """How glossy the table top is: varnished wood shines, limed wood a little, cloth not."""
    return 0.0 if material in CLOTHS else 0.12 if material == "limed" else 0.3


@dataclass(frozen=True)
class Texture:
    """A surface picture (uint8 BGR) and its half-size copies, for sampling without aliasing."""

    levels: tuple[np.ndarray, ...]
    px_per_mm: float  # of levels[0]

    def level_for(self, screen_px_per_mm: float) -> tuple[np.ndarray, float]:
        """The smallest level that still has at least one texel per screen pixel."""
        for index in range(len(self.levels) - 1, -1, -1):
            scale = self.px_per_mm / 2 ** index
            if scale >= screen_px_per_mm or index == 0:
                return self.levels[index], scale
        raise AssertionError("unreachable")


def with_levels(image: np.ndarray, px_per_mm: float, count: int = MIP_LEVELS) -> Texture:
    levels = [image]
    for _ in range(count - 1):
        if min(levels[-1].shape[:2]) < 16:
            break
        # A 2x2 average keeps texel centres where the mapping expects them (pyrDown would
        # move them by half a texel).
        height, width = levels[-1].shape[:2]
        levels.append(cv2.resize(levels[-1], (width // 2, height // 2), interpolation=cv2.INTER_AREA))
    return Texture(tuple(levels), px_per_mm)


def smooth_noise(rng: np.random.Generator, height: int, width: int, cell_y: float, cell_x: float | None = None) -> np.ndarray:
    """Unit-variance noise that varies over about `cell` pixels (stretched when cells differ)."""
    cell_x = cell_y if cell_x is None else cell_x
    rows, cols = int(height / cell_y) + 4, int(width / cell_x) + 4
    coarse = rng.standard_normal((rows, cols)).astype(np.float32)
    big = cv2.resize(coarse, (int(cols * cell_x), int(rows * cell_y)), interpolation=cv2.INTER_CUBIC)
    top, left = int(cell_y), int(cell_x)
    field = big[top:top + height, left:left + width]
    return (field - field.mean()) / (field.std() + 1e-6)


def fractal_noise(rng, height, width, cells, stretch: float = 1.0) -> np.ndarray:
    """Octaves of smooth noise, each half as strong as the last; `stretch` lengthens along x."""
    total = np.zeros((height, width), np.float32)
    for octave, cell in enumerate(cells):
        total += smooth_noise(rng, height, width, cell, cell * stretch) * 0.5 ** octave
    return total / total.std()


def as_uint8(bgr_linear: np.ndarray) -> np.ndarray:
    return encode_image(bgr_linear)


@lru_cache(maxsize=4)
def table_texture(material: str, seed: int) -> Texture:
    """A table top TABLE_MM in size: wooden planks, or a cloth, as `material` names."""
    rng = np.random.default_rng([seed, 11])
    height, width = (int(mm * TABLE_PX_PER_MM) for mm in TABLE_MM[::-1])
    if material in WOODS:
        image = _wood(rng, height, width, WOODS[material])
    elif material in CLOTHS:
        image = _cloth(rng, height, width, CLOTHS[material])
    else:
        raise ValueError(f"unknown table material {material!r}; expected one of "
                         f"{', '.join(list(WOODS) + list(CLOTHS))}")
    return with_levels(image, TABLE_PX_PER_MM)


def _wood(rng, height, width, rgb) -> np.ndarray:
    base = to_linear(rgb[::-1]).astype(np.float32)
    # Grain: growth rings cut lengthwise, wavering along the planks, plus fine streaks.
    waver = cv2.resize(fractal_noise(rng, height // 4, width // 4, (15, 5), stretch=12.0), (width, height),
                       interpolation=cv2.INTER_LINEAR)
    streaks = fractal_noise(rng, height, width, (12, 4, 1.5), stretch=25.0)
    shade = np.empty((height, width), np.float32)
    tint = np.empty((height, 3), np.float32)
    y = 0
    while y < height:
        plank = int(rng.uniform(90, 150) * TABLE_PX_PER_MM)
        rows = slice(y, min(height, y + plank))
        local_y = np.arange(rows.stop - rows.start, dtype=np.float32)[:, None]
        period = rng.uniform(5, 9) * TABLE_PX_PER_MM
        rings = 0.5 + 0.5 * np.sin(2 * np.pi * (local_y / period + 0.9 * waver[rows] + rng.uniform(0, 1)))
        shade[rows] = (1.0 + rng.normal(0, 0.08)) * (1 - 0.16 * rings ** 3 - 0.05 * streaks[rows])
        tint[rows] = base * np.array([1 + rng.normal(0, 0.04), 1, 1 + rng.normal(0, 0.04)], np.float32)
        # The joint between planks: a dark groove with a lighter lip; and the plank ends.
        shade[rows.start:rows.start + 2] *= 0.35
        shade[min(rows.start + 2, height - 1)] *= 1.08
        for joint in range(int(rng.uniform(0, 900)), width, int(rng.uniform(700, 1300) * TABLE_PX_PER_MM)):
            shade[rows, joint:joint + 2] *= 0.45
        y += plank
    return as_uint8(np.clip(shade[:, :, None] * tint[:, None, :], 0, 1))


def _cloth(rng, height, width, rgb) -> np.ndarray:
    base = to_linear(rgb[::-1]).astype(np.float32)
    fibres = cv2.GaussianBlur(rng.standard_normal((height, width), dtype=np.float32), (0, 0), 0.8)
    fibres /= fibres.std()
    xs = np.sin(2 * np.pi * np.arange(width, dtype=np.float32) / 3.1)
    ys = np.sin(2 * np.pi * np.arange(height, dtype=np.float32) / 3.3)
    weave = ys[:, None] * xs[None, :]
    # Mottling and creases vary slowly: made small, then enlarged.
    small = (height // 8, width // 8)
    mottle = fractal_noise(rng, *small, (38, 11))
    creases = np.clip(0.35 - np.abs(fractal_noise(rng, *small, (50, 20), stretch=2.5)), 0, None) / 0.35
    slow = cv2.resize(0.04 * mottle - 0.06 * creases ** 2, (width, height), interpolation=cv2.INTER_CUBIC)
    shade = 1 + 0.06 * fibres + 0.03 * weave + slow
    return as_uint8(np.clip(shade[:, :, None] * base, 0, 1))

