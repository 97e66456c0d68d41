"""The room's light: a key light (lamp or window), ambient light, a soft bright patch, and
the white balance the camera picks; how much light reaches each point of the table."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import numpy as np

from companion.render.colour import light_colour

LIGHT_KINDS = ("warm", "cool", "even")
# Auto white balance never quite neutralises a strong cast: the camera settles this share
# of the way from the light's temperature towards daylight.
DAYLIGHT_KELVIN = 5200.0


@dataclass(frozen=True)
class Light:
    """Light in relative units: direct + ambient is about 1 on the middle of the island."""

    kind: str
    kelvin: float
    lamp_mm: tuple[float, float, float]  # the key light's position (z < 0 is above the table)
    lamp_radius_mm: float  # its size: how soft shadows are
    aim_mm: tuple[float, float]  # where the lamp's shade points
    cone_deg: float  # half-width of the shade's beam (a large value: no shade)
    direct: float
    ambient: float
    ambient_slope: tuple[float, float]  # relative change of ambient light per metre along x, y
    patch: tuple[float, float, float, float]  # a soft bright patch: x, y, radius (mm), strength
    white_kelvin: float  # the colour temperature the camera's white balance assumes

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "kelvin": round(self.kelvin, 1),
            "camera_white_balance_kelvin": round(self.white_kelvin, 1),
            "lamp_mm": [round(v, 2) for v in self.lamp_mm],
            "lamp_radius_mm": round(self.lamp_radius_mm, 2),
            "aim_mm": [round(v, 2) for v in self.aim_mm],
            "cone_deg": round(self.cone_deg, 2),
            "direct": round(self.direct, 4),
            "ambient": round(self.ambient, 4),
            "ambient_slope_per_m": [round(v, 4) for v in self.ambient_slope],
            "patch": [round(v, 3) for v in self.patch],
        }

    @property
    def cast(self) -> np.ndarray:
        """Linear (B, G, R) gains the light leaves on a white surface after white balance."""
        return light_colour(self.kelvin) / light_colour(self.white_kelvin)


def choose_light(kind: str, rng: random.Random, island_radius_mm: float) -> Light:
    """A plausible room light of `kind` around an island about `island_radius_mm` across."""
    if kind not in LIGHT_KINDS:
        raise ValueError(f"unknown light {kind!r}; expected one of {', '.join(LIGHT_KINDS)}")
    azimuth = rng.uniform(0, 2 * math.pi)
    around = (math.cos(azimuth), math.sin(azimuth))
    patch_at = (rng.uniform(-0.6, 0.6) * island_radius_mm, rng.uniform(-0.6, 0.6) * island_radius_mm)
    if kind == "warm":
        # A desk lamp close to the table: strong fall-off and a pool of light under its shade.
        kelvin = rng.uniform(2700, 3300)
        reach, height = rng.uniform(250, 480), rng.uniform(380, 620)
        lamp = (around[0] * reach, around[1] * reach, -height)
        aim = (around[0] * reach * 0.5, around[1] * reach * 0.5)
        light = Light(kind, kelvin, lamp, rng.uniform(25, 45), aim, rng.uniform(35, 55),
                      direct=rng.uniform(0.78, 0.86), ambient=rng.uniform(0.14, 0.22),
                      ambient_slope=(rng.uniform(-0.2, 0.2), rng.uniform(-0.2, 0.2)),
                      patch=(*patch_at, rng.uniform(80, 160), rng.uniform(0.0, 0.1)),
                      white_kelvin=kelvin + (DAYLIGHT_KELVIN - kelvin) * rng.uniform(0.3, 0.55))
    elif kind == "cool":
        # A window: a large, distant source low in the sky, and skylight falling off with
        # the distance from the window.
        kelvin = rng.uniform(6200, 7200)
        elevation = math.radians(rng.uniform(35, 60))
        distance = 2500.0
        lamp = (around[0] * distance * math.cos(elevation), around[1] * distance * math.cos(elevation),
                -distance * math.sin(elevation))
        slope = rng.uniform(0.5, 0.9)
        light = Light(kind, kelvin, lamp, rng.uniform(250, 450), (0.0, 0.0), 180.0,
                      direct=rng.uniform(0.5, 0.65), ambient=rng.uniform(0.38, 0.48),
                      ambient_slope=(around[0] * slope, around[1] * slope),
                      patch=(*patch_at, rng.uniform(120, 220), rng.uniform(0.05, 0.18)),
                      white_kelvin=kelvin + (DAYLIGHT_KELVIN - kelvin) * rng.uniform(0.35, 0.6))
    else:
        # Ceiling lights: high, broad, fairly even, with a mild patch.
        kelvin = rng.uniform(4300, 5300)
        reach = rng.uniform(0, 300)
        lamp = (around[0] * reach, around[1] * reach, -rng.uniform(1400, 1900))
        light = Light(kind, kelvin, lamp, rng.uniform(150, 300), (0.0, 0.0), 180.0,
                      direct=rng.uniform(0.3, 0.42), ambient=rng.uniform(0.6, 0.7),
                      ambient_slope=(rng.uniform(-0.12, 0.12), rng.uniform(-0.12, 0.12)),
                      patch=(*patch_at, rng.uniform(150, 260), rng.uniform(0.0, 0.06)),
                      white_kelvin=kelvin + rng.uniform(-250, 250))
    return light


def towards_lamp(light: Light, points) -> np.ndarray:
    """Unit vectors from `points` (N, 3) to the lamp."""
    offsets = np.asarray(light.lamp_mm) - np.asarray(points, dtype=np.float64).reshape(-1, 3)
    return offsets / np.linalg.norm(offsets, axis=1, keepdims=True)


def table_light(light: Light, points) -> tuple[np.ndarray, np.ndarray]:
    """(direct, ambient) light on the table at `points` (N, 3), before any shadow.

    The direct part follows the inverse square and the cosine of incidence, relative to the
    island's middle, and the lamp shade's soft beam.
    """
    points = np.asarray(points, dtype=np.float64).reshape(-1, 3)
    lamp = np.asarray(light.lamp_mm)
    offsets = lamp - points
    distance = np.linalg.norm(offsets, axis=1)
    cosine = np.clip(-offsets[:, 2] / distance, 0.0, 1.0)
    reference = np.linalg.norm(lamp)
    falloff = (reference / distance) ** 2 * cosine / (-lamp[2] / reference)
    direct = light.direct * falloff * _beam(light, points)
    x, y = points[:, 0] / 1000.0, points[:, 1] / 1000.0
    ambient = light.ambient * np.clip(1 + light.ambient_slope[0] * x + light.ambient_slope[1] * y, 0.3, 2.0)
    px, py, radius, strength = light.patch
    bright = 1 + strength * np.exp(-((points[:, 0] - px) ** 2 + (points[:, 1] - py) ** 2) / (2 * radius ** 2))
    return direct * bright, ambient * bright


def _beam(light: Light, points) -> np.ndarray:
    if light.cone_deg >= 90:
        return np.ones(len(points))
    lamp = np.asarray(light.lamp_mm)
    axis = np.array([light.aim_mm[0], light.aim_mm[1], 0.0]) - lamp
    axis /= np.linalg.norm(axis)
    rays = points - lamp
    rays /= np.linalg.norm(rays, axis=1, keepdims=True)
    angle = np.degrees(np.arccos(np.clip(rays @ axis, -1, 1)))
    # A shade's edge is soft; outside it the lamp still lights the table a little.
    return 0.25 + 0.75 / (1 + np.exp((angle - light.cone_deg) / 6.0))


def penumbra_mm(light: Light, height_mm: float) -> float:
    """How wide the soft edge of a shadow is, for an object `height_mm` above the table."""
    lamp_height = -light.lamp_mm[2]
    return light.lamp_radius_mm * height_mm / max(lamp_height - height_mm, 1.0)
