"""Dice as the renderer draws them: styles that differ in body and pip colour, pip shape, size and how
rounded the corners are; one style (HELD_OUT_STYLE) is never used to tune the reader and is reported
on its own. A die is a chamfered cube (its rounded corners) with its pips a hair proud of each face."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

from companion.render.meshes import Face, Mesh

PIP_LAYOUT = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
              4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
              6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


@dataclass(frozen=True)
class DieStyle:
    name: str
    size_mm: float
    body_rgb: tuple[int, int, int]
    pip_rgb: tuple[int, int, int]
    pip_shape: str          # round | square
    pip_share: float        # pip diameter as a share of the side
    spread_share: float     # a corner pip's offset from the face's middle, as a share of the side
    rounding_mm: float      # the chamfer standing for rounded edges and corners
    gloss: float


DIE_STYLES = (
    DieStyle("ivory", 16.0, (236, 230, 214), (30, 28, 30), "round", 0.17, 0.27, 1.2, 0.4),
    DieStyle("casino-red", 19.0, (196, 30, 36), (246, 246, 246), "round", 0.15, 0.28, 0.4, 0.6),
    DieStyle("blue-square", 17.0, (40, 80, 170), (240, 240, 235), "square", 0.15, 0.26, 2.0, 0.3),
    DieStyle("green-gold", 18.0, (25, 120, 70), (232, 196, 60), "round", 0.16, 0.27, 2.6, 0.3),
)
# Kept out of every threshold: a large black die with white pips and very round corners.
HELD_OUT_STYLE = DieStyle("black-jumbo", 21.0, (28, 28, 32), (236, 236, 236), "round", 0.18, 0.26, 3.2, 0.5)
ALL_STYLES = {style.name: style for style in (*DIE_STYLES, HELD_OUT_STYLE)}


def _faces_of(polygons, rgb, gloss) -> list[Face]:
    faces = []
    for polygon in polygons:
        points = np.asarray(polygon, np.float64)
        normal = np.cross(points[1] - points[0], points[2] - points[0])
        normal /= np.linalg.norm(normal)
        if normal @ points.mean(axis=0) < 0:    # the cube is centred on the origin: outward is away from it
            normal = -normal
        faces.append(Face(points, normal, rgb, gloss))
    return faces


def chamfered_cube(side: float, chamfer: float) -> list[np.ndarray]:
    """The polygons of a cube of `side` centred on the origin, its edges and corners cut by `chamfer`."""
    h, c = side / 2, min(chamfer, side / 4)
    i = h - c
    polygons = []
    for axis in range(3):
        u, v = [a for a in range(3) if a != axis]
        for sign in (-1, 1):
            square = []
            for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                point = [0.0] * 3
                point[axis], point[u], point[v] = sign * h, a * i, b * i
                square.append(point)
            polygons.append(square)
    if c > 0:
        for a, b in itertools.combinations(range(3), 2):
            t = 3 - a - b
            for sa, sb in itertools.product((-1, 1), repeat=2):
                quad = []
                for st, (pa, pb) in zip((-1, -1, 1, 1), ((h, i), (i, h), (i, h), (h, i))):
                    point = [0.0] * 3
                    point[a], point[b], point[t] = sa * pa, sb * pb, st * i
                    quad.append(point)
                polygons.append(quad)
        for sx, sy, sz in itertools.product((-1, 1), repeat=3):
            polygons.append([(sx * h, sy * i, sz * i), (sx * i, sy * h, sz * i), (sx * i, sy * i, sz * h)])
    return [np.array(p, np.float64) for p in polygons]


def _pip_polygons(style: DieStyle, count: int, axis_sign: tuple[int, int]) -> list[np.ndarray]:
    axis, sign = axis_sign
    h = style.size_mm / 2
    u, v = [a for a in range(3) if a != axis]
    radius = style.pip_share * style.size_mm / 2
    spread = style.spread_share * style.size_mm
    if style.pip_shape == "round":
        ring = [(math.cos(t), math.sin(t)) for t in np.linspace(0, 2 * math.pi, 10, endpoint=False)]
    else:
        ring = [(-0.88, -0.88), (0.88, -0.88), (0.88, 0.88), (-0.88, 0.88)]
    polygons = []
    for a, b in PIP_LAYOUT[count]:
        polygon = []
        for du, dv in ring:
            point = [0.0] * 3
            point[axis], point[u], point[v] = sign * (h + 0.05), a * spread + du * radius, b * spread + dv * radius
            polygon.append(point)
        polygons.append(np.array(polygon))
    return polygons


# Opposite faces add to seven: the count on +z (up), +x, +y; the rest follow.
def _face_counts(up: int, turn: int) -> dict[tuple[int, int], int]:
    sides = {1: (2, 3), 2: (1, 3), 3: (1, 2), 4: (1, 5), 5: (1, 4), 6: (2, 4)}[up]
    x_count, y_count = sides if turn % 2 == 0 else sides[::-1]
    return {(2, 1): up, (2, -1): 7 - up, (0, 1): x_count, (0, -1): 7 - x_count, (1, 1): y_count, (1, -1): 7 - y_count}


def die_mesh(style: DieStyle, up: int, centre_xy, angle_deg: float, lean_deg: float = 0.0,
             lean_axis_deg: float = 0.0, base_z: float = 0.0) -> tuple[Mesh, tuple[Face, ...]]:
    """A die showing `up` pips to the ceiling, turned `angle_deg` on the table, leaning `lean_deg` (a
    cocked die) about a horizontal axis at `lean_axis_deg`; its lowest point rests at `base_z`."""
    if up not in PIP_LAYOUT:
        raise ValueError(f"a die shows 1 to 6 pips, not {up!r}")
    body = _faces_of(chamfered_cube(style.size_mm, style.rounding_mm), style.body_rgb, style.gloss)
    pips = []
    for axis_sign, count in _face_counts(up, int(angle_deg * 7) % 2).items():
        pips += _faces_of(_pip_polygons(style, count, axis_sign), style.pip_rgb, 0.2)
    spin, lean, axis = (math.radians(a) for a in (angle_deg, lean_deg, lean_axis_deg))
    rz = np.array([[math.cos(spin), -math.sin(spin), 0], [math.sin(spin), math.cos(spin), 0], [0, 0, 1]])
    k = np.array([math.cos(axis), math.sin(axis), 0.0])
    kx = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    tilt = np.eye(3) + math.sin(lean) * kx + (1 - math.cos(lean)) * kx @ kx
    turn = tilt @ rz
    flip = np.diag([1.0, 1.0, -1.0])      # the render frame's z grows downwards, into the table
    vertices = np.vstack([face.points for face in body]) @ turn.T
    lift = -vertices[:, 2].min()
    offset = np.array([centre_xy[0], centre_xy[1], base_z])

    def moved(points):
        return ((points @ turn.T) + [0, 0, lift]) @ flip + offset

    faces = tuple(Face(moved(f.points), (f.normal @ turn.T) @ flip, f.rgb, f.gloss) for f in body)
    spots = tuple(Face(moved(f.points), (f.normal @ turn.T) @ flip, f.rgb, f.gloss) for f in pips)
    cloud = np.vstack([f.points for f in faces])
    low = cloud[:, 2] > cloud[:, 2].max() - 0.5
    mesh = Mesh("die", faces, (cloud,), cloud[low] if low.sum() >= 3 else cloud, base_z, cloud.mean(axis=0))
    return mesh, spots
