"""Eggs (several bead looks), ant tokens and ant figures as flat-shaded meshes, in table mm (z into the
table, as companion/render/meshes.py). The bead looks vary size, shape, colour and gloss, because the
players may use any small dark beads; one look is kept out of all training and tuning (HELD_OUT)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from companion.render.meshes import Face, Mesh


@dataclass(frozen=True)
class BeadLook:
    name: str
    axes_mm: tuple[float, float, float]   # half-length, half-width, half-height of the bead
    rgb: tuple[int, int, int]
    gloss: float
    size_spread: float                    # each bead's size varies by up to this share
    flat_top: bool = False                # a pony bead: a short cylinder, not an ellipsoid


LOOKS = (
    BeadLook("colony-egg", (3.3, 2.4, 2.1), (28, 24, 22), 0.35, 0.06),        # the game's own small black eggs
    BeadLook("glass-bead", (2.9, 2.9, 2.7), (22, 26, 48), 0.9, 0.05),          # round, glossy, navy-black
    BeadLook("pony-bead", (3.6, 3.6, 2.6), (40, 48, 40), 0.15, 0.08, True),     # matte dark-green cylinder
    BeadLook("bean", (4.0, 2.7, 1.8), (58, 24, 22), 0.55, 0.10),                # held out: flat, reddish-brown
)
HELD_OUT = "bean"
TRAINING_LOOKS = tuple(look.name for look in LOOKS if look.name != HELD_OUT)


def look_named(name: str) -> BeadLook:
    for look in LOOKS:
        if look.name == name:
            return look
    raise ValueError(f"unknown bead look {name!r}; expected one of {', '.join(look.name for look in LOOKS)}")


@dataclass(frozen=True)
class Placed:
    """Something standing on the board, for the frame's shadows (anything with .mesh())."""

    body: Mesh

    def mesh(self) -> Mesh:
        return self.body


def bead(look: BeadLook, centre_xy, base_z: float, yaw_deg: float, scale: float, tip_deg: float = 0.0) -> Placed:
    """One bead lying at `centre_xy` with its bottom at height `base_z` (mm above the table)."""
    c = look.axes_mm[2] * scale
    yaw, tip = math.radians(yaw_deg), math.radians(tip_deg)
    rotation = np.array([[math.cos(yaw), -math.sin(yaw), 0], [math.sin(yaw), math.cos(yaw), 0], [0, 0, 1.0]])
    tilt = np.array([[1, 0, 0], [0, math.cos(tip), -math.sin(tip)], [0, math.sin(tip), math.cos(tip)]])
    turn = rotation @ tilt
    centre = np.array([centre_xy[0], centre_xy[1], -(base_z + c)])
    polygons, normals, cloud = _unit_bead(look)
    faces = tuple(Face(points * scale @ turn.T + centre, normal @ turn.T, look.rgb, look.gloss)
                  for points, normal in zip(polygons, normals))
    points = cloud * scale @ turn.T + centre
    footprint = points[np.argsort(points[:, 2])[-BEAD_SIDES:]]
    return Placed(Mesh("egg", faces, (points,), footprint, -base_z, centre))


BEAD_SIDES = 10


@lru_cache(maxsize=16)
def _unit_bead(look: BeadLook) -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...], np.ndarray]:
    """A bead's faces in its own frame (centre at the origin, z down), built once per look."""
    a, b, c = look.axes_mm
    if look.flat_top:
        rings = [(-1.0, 0.82), (-0.8, 1.0), (0.8, 1.0), (1.0, 0.82)]
    else:
        rings = [(math.sin(t), math.cos(t)) for t in np.linspace(-math.pi / 2, math.pi / 2, 6)]
    angles = np.linspace(0, 2 * math.pi, BEAD_SIDES, endpoint=False)
    grid = [[np.array([a * r * math.cos(q), b * r * math.sin(q), -c * z]) for q in angles] for z, r in rings]
    polygons = []
    for ring in range(len(grid) - 1):
        for side in range(BEAD_SIDES):
            polygons.append(np.array([grid[ring][side], grid[ring][(side + 1) % BEAD_SIDES],
                                      grid[ring + 1][(side + 1) % BEAD_SIDES], grid[ring + 1][side]]))
    if look.flat_top:
        polygons += [np.array(grid[0]), np.array(grid[-1])]
    normals = []
    for points in polygons:
        mean = points.mean(axis=0)
        normal = mean / np.square([a, b, c])          # the ellipsoid's gradient: outward
        if look.flat_top and abs(mean[2]) > 0.99 * c:
            normal = np.array([0.0, 0.0, math.copysign(1.0, mean[2])])
        normals.append(normal / np.linalg.norm(normal))
    return tuple(polygons), tuple(normals), np.array([p for ring in grid for p in ring])


ANT_RGB = {"red": (190, 34, 40), "black": (22, 22, 24)}
TOKEN_THICKNESS_MM = 1.5


def ant_token(colour: str, centre_xy, diameter: float, ring: float, dot: float) -> list[Face]:
    """A printed card token: its rim (a low cylinder) then its top, ring and dot, drawn in this order."""
    rgb = ANT_RGB[colour]
    sides = 24
    angles = np.linspace(0, 2 * math.pi, sides, endpoint=False)
    top = -TOKEN_THICKNESS_MM
    faces = []
    for index in range(sides):
        q0, q1 = angles[index], angles[(index + 1) % sides]
        r = diameter / 2
        quad = np.array([(centre_xy[0] + r * math.cos(q0), centre_xy[1] + r * math.sin(q0), 0.0),
                         (centre_xy[0] + r * math.cos(q1), centre_xy[1] + r * math.sin(q1), 0.0),
                         (centre_xy[0] + r * math.cos(q1), centre_xy[1] + r * math.sin(q1), top),
                         (centre_xy[0] + r * math.cos(q0), centre_xy[1] + r * math.sin(q0), top)])
        middle = (q0 + q1) / 2
        faces.append(Face(quad, np.array([math.cos(middle), math.sin(middle), 0.0]), (235, 232, 225)))
    for size, fill in ((diameter, rgb), (ring, (240, 238, 232)), (dot, rgb)):
        disc = np.array([(centre_xy[0] + size / 2 * math.cos(q), centre_xy[1] + size / 2 * math.sin(q), top)
                         for q in angles])
        faces.append(Face(disc, np.array([0.0, 0.0, -1.0]), fill, 0.1))
    return faces


def ant_figure(colour: str, centre_xy, yaw_deg: float) -> list[Placed]:
    """A plastic ant: abdomen, thorax and head as three beads in a row, standing on short legs' height."""
    from dataclasses import replace

    body = BeadLook("ant", (1.0, 1.0, 1.0), ANT_RGB[colour], 0.5, 0.0)
    yaw = math.radians(yaw_deg)
    along = np.array([math.cos(yaw), math.sin(yaw)])
    parts = [((3.2, 2.3, 1.9), -3.6), ((1.9, 1.5, 1.4), 0.6), ((1.5, 1.5, 1.4), 3.6)]
    return [bead(replace(body, axes_mm=axes), tuple(np.array(centre_xy) + along * offset), 1.2, yaw_deg, 1.0)
            for axes, offset in parts]
