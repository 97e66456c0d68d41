"""A family of randomised bead looks for training only: each view's bead size, height, elongation,
gloss, colour (near-black to dark brown or dark blue) and shadow strength drawn from its seed, so the
egg counter cannot learn the three named training looks by heart. The held-out look is never drawn
from here; its parameters were not used to set these ranges (they follow the issue's "any small dark
beads")."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from companion.games.the_colony.render.pieces import BeadLook
from companion.render.lighting import Light

VARIED = "varied"   # the look name a varied view asks for (its bead look is drawn from the seed)


@dataclass(frozen=True)
class VariedLookRanges:
    half_length_mm: tuple[float, float] = (2.3, 4.4)
    width_share: tuple[float, float] = (0.6, 1.0)      # half-width over half-length ...
    half_width_most_mm: float = 3.7                    # ... up to this (wider beads would not lie 12 to a log)
    height_share: tuple[float, float] = (0.55, 1.0)    # half-height over half-width
    gloss: tuple[float, float] = (0.05, 0.95)
    size_spread: tuple[float, float] = (0.03, 0.12)
    flat_top_chance: float = 0.25                      # a pony-bead cylinder rather than an ellipsoid
    brightness: tuple[float, float] = (14.0, 50.0)     # the colour's mean level, of 255
    tints: tuple[tuple[float, float, float], ...] = ((1.0, 1.0, 1.0), (1.45, 0.9, 0.65), (0.65, 0.9, 1.45),
                                                     (0.9, 1.15, 0.95))   # grey, brown, blue, dark green (rgb)
    direct_share: tuple[float, float] = (0.55, 1.2)    # the lamp's share kept (the rest to ambient): shadow strength


RANGES = VariedLookRanges()


def varied_look(seed: int, ranges: VariedLookRanges = RANGES) -> BeadLook:
    """The bead look of varied view `seed`: the same seed, the same look."""
    rng = random.Random(f"colony varied look {seed}")
    length = rng.uniform(*ranges.half_length_mm)
    width = min(length * rng.uniform(*ranges.width_share), ranges.half_width_most_mm)
    height = width * rng.uniform(*ranges.height_share)
    level = rng.uniform(*ranges.brightness)
    first, second = rng.sample(ranges.tints, 2)
    mix = rng.random() ** 2          # mostly one tint, now and then a blend
    rgb = tuple(int(round(min(255.0, level * ((1 - mix) * a + mix * b)))) for a, b in zip(first, second))
    return BeadLook(VARIED, (round(length, 3), round(width, 3), round(height, 3)), rgb,
                    round(rng.uniform(*ranges.gloss), 3), round(rng.uniform(*ranges.size_spread), 3),
                    rng.random() < ranges.flat_top_chance)


def varied_light(light: Light, seed: int, ranges: VariedLookRanges = RANGES) -> Light:
    """The view's light with its shadows made stronger or softer: some of the lamp's light moved to the
    ambient or back, their sum kept."""
    share = random.Random(f"colony varied light {seed}").uniform(*ranges.direct_share)
    direct = min(light.direct * share, light.direct + light.ambient - 0.05)
    return replace(light, direct=direct, ambient=light.direct + light.ambient - direct)
