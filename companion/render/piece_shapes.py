"""Playing pieces of shapes the project's kit never drew: the families a group's own pieces come in.

Every family is built from convex parts (companion.render.meshes) in the piece's own frame,
scaled by one footprint width and a height, so a reader can be tried on looks far from the
kit's own forts, cannons and blockades. `PieceLook` says everything about one piece's look;
`choose_look` draws one from a seed, and `owner_colour` spreads an owner's ink over its hue range.
"""

from __future__ import annotations

import colorsys
import math
import random
from dataclasses import dataclass

import numpy as np

from companion.render import meshes

FAMILIES = ("tower", "cube", "cylinder", "meeple", "house", "barrel", "wedge", "disc")
# Height over footprint width of each family, as a range: a disc is flat, a tower tall.
HEIGHT_SHARE = {"tower": (1.4, 2.0), "cube": (0.9, 1.1), "cylinder": (0.8, 1.5), "meeple": (1.1, 1.4),
                "house": (0.9, 1.3), "barrel": (1.1, 1.4), "wedge": (0.5, 0.9), "disc": (0.15, 0.3)}


@dataclass(frozen=True)
class LookSettings:
    smallest_share: float = 0.5      # of a cell: the narrowest piece
    largest_share: float = 0.95      # a full cell, less room to set it down
    hue_spread_deg: float = 14.0     # an owner's paint may be this far round the hue circle from its ink
    lightness_spread: float = 0.18   # and this much lighter or darker (share of HLS lightness)
    saturation_spread: float = 0.25
    glossy_share: float = 0.5        # of looks that are varnished plastic, not matte wood


@dataclass(frozen=True)
class PieceLook:
    """One piece's look: its family, footprint width and height (mm), and how glossy it is."""

    family: str
    width_mm: float
    height_mm: float
    gloss: float

    def __post_init__(self):
        if self.family not in FAMILIES:
            raise ValueError(f"unknown piece family {self.family!r}; expected one of {', '.join(FAMILIES)}")

    def shape(self, rgb) -> tuple[list, list]:
        """(convex parts, extra faces) in the piece's own frame, as meshes.place wants them."""
        return BUILDERS[self.family](self.width_mm / 2, self.height_mm, tuple(int(c) for c in rgb), self.gloss)


def choose_look(rng: random.Random, family: str, cell_mm: float, settings: LookSettings = LookSettings(),
                width_share: float | None = None) -> PieceLook:
    share = width_share if width_share is not None else rng.uniform(settings.smallest_share, settings.largest_share)
    width = share * cell_mm
    low, high = HEIGHT_SHARE[family]
    gloss = rng.uniform(0.4, 0.8) if rng.random() < settings.glossy_share else rng.uniform(0.0, 0.1)
    return PieceLook(family, round(width, 2), round(width * rng.uniform(low, high), 2), round(gloss, 2))


def owner_colour(ink_rgb, rng: random.Random, settings: LookSettings = LookSettings()) -> tuple[int, int, int]:
    """The ink's colour turned a little round the hue circle, lighter or darker, more or less vivid."""
    hue, lightness, saturation = colorsys.rgb_to_hls(*(c / 255 for c in ink_rgb))
    hue = (hue + rng.uniform(-1, 1) * settings.hue_spread_deg / 360) % 1.0
    lightness = min(max(lightness * (1 + rng.uniform(-1, 1) * settings.lightness_spread), 0.08), 0.85)
    saturation = min(max(saturation * (1 + rng.uniform(-1, 0.4) * settings.saturation_spread), 0.2), 1.0)
    return tuple(int(round(c * 255)) for c in colorsys.hls_to_rgb(hue, lightness, saturation))


def _darker(rgb, share: float):
    return tuple(int(c * share) for c in rgb)


def _tower(r, h, rgb, gloss):
    body = meshes.prism(meshes.circle((0, 0), r * 0.8, 12), 0.0, h * 0.75, rgb, gloss)
    roof = meshes.frustum(meshes.circle((0, 0), r, 12), meshes.circle((0, 0), r * 0.08, 12), h * 0.75, h,
                          _darker(rgb, 0.85), gloss)
    base = meshes.prism(meshes.circle((0, 0), r, 12), 0.0, h * 0.08, rgb, gloss)
    return [base, body, roof], []


def _cube(r, h, rgb, gloss):
    return [meshes.box(-r, -r, 0.0, r, r, h, rgb, gloss)], []


def _cylinder(r, h, rgb, gloss):
    return [meshes.prism(meshes.circle((0, 0), r, 16), 0.0, h, rgb, gloss)], []


def _meeple(r, h, rgb, gloss):
    body = meshes.frustum([(-r, -r * 0.45), (r, -r * 0.45), (r, r * 0.45), (-r, r * 0.45)],
                          [(-r * 0.45, -r * 0.4), (r * 0.45, -r * 0.4), (r * 0.45, r * 0.4), (-r * 0.45, r * 0.4)],
                          0.0, h * 0.62, rgb, gloss)
    arms = meshes.box(-r * 0.95, -r * 0.4, h * 0.42, r * 0.95, r * 0.4, h * 0.62, rgb, gloss)
    head = meshes.prism(meshes.circle((0, 0), r * 0.38, 10), h * 0.62, h, rgb, gloss)
    return [body, arms, head], []


def _house(r, h, rgb, gloss):
    walls = meshes.box(-r, -r * 0.8, 0.0, r, r * 0.8, h * 0.6, rgb, gloss)
    ridge = [(-r, -0.02), (r, -0.02), (r, 0.02), (-r, 0.02)]
    roof = meshes.frustum([(-r, -r * 0.8), (r, -r * 0.8), (r, r * 0.8), (-r, r * 0.8)], ridge, h * 0.6, h,
                          _darker(rgb, 0.7), gloss)
    return [walls, roof], []


def _barrel(r, h, rgb, gloss):
    waist, rim = meshes.circle((0, 0), r, 14), meshes.circle((0, 0), r * 0.8, 14)
    hoop = _darker(rgb, 0.55)
    return [meshes.frustum(rim, waist, 0.0, h * 0.5, rgb, gloss), meshes.frustum(waist, rim, h * 0.5, h, rgb, gloss),
            meshes.prism(meshes.circle((0, 0), r * 1.01, 14), h * 0.47, h * 0.53, hoop, gloss)], []


def _wedge(r, h, rgb, gloss):
    edge = [(-r, r - 0.05), (r, r - 0.05), (r, r), (-r, r)]
    return [meshes.frustum([(-r, -r), (r, -r), (r, r), (-r, r)], edge, 0.0, h, rgb, gloss)], []


def _disc(r, h, rgb, gloss):
    return [meshes.prism(meshes.circle((0, 0), r, 18), 0.0, max(h, 1.0), rgb, gloss)], []


BUILDERS = {"tower": _tower, "cube": _cube, "cylinder": _cylinder, "meeple": _meeple, "house": _house,
            "barrel": _barrel, "wedge": _wedge, "disc": _disc}
