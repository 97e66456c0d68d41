"""The 3D playing pieces and table clutter as flat-shaded faces, in table millimetres.

Shapes are built in a piece's own frame (x right, y forward, z up, origin at the centre of
its base) from convex parts, then placed on the table, whose frame has z pointing into the
table: a point h mm above a base at height b lands at z = -(b + h).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

FORT_SIDE = 13.0
CANNON_LENGTH = 15.0
SAIL_CREAM = (236, 229, 208)
DECK_WOOD = (150, 112, 72)
DOOR_DARK = (48, 36, 30)
CARDBOARD_EDGE = (172, 146, 108)


@dataclass(frozen=True)
class Face:
    """A flat convex polygon with its outward normal and surface."""

    points: np.ndarray  # (n, 3)
    normal: np.ndarray  # (3,) unit, outward
    rgb: tuple[int, int, int]
    gloss: float = 0.0


@dataclass(frozen=True)
class Mesh:
    """A placed object: its faces, the parts its shadow is cast from, and its footprint."""

    name: str
    faces: tuple[Face, ...]
    parts: tuple[np.ndarray, ...]  # vertex clouds of the convex parts, for shadows
    footprint: np.ndarray  # (n, 3) outline of the base, for contact shadows
    base_z: float
    centre: np.ndarray  # (3,) middle of the object, for painter's ordering


# --- convex parts in the piece's own frame -------------------------------------------

def _faces_of(polygons, centre, rgb, gloss=0.0):
    faces = []
    for polygon in polygons:
        points = np.asarray(polygon, dtype=np.float64)
        normal = np.cross(points[1] - points[0], points[2] - points[0])
        normal /= np.linalg.norm(normal)
        if np.dot(normal, points.mean(axis=0) - centre) < 0:
            normal = -normal
        faces.append(Face(points, normal, rgb, gloss))
    return faces


def prism(outline, bottom: float, top: float, rgb, gloss=0.0, with_bottom=False):
    """A vertical prism over a convex (x, y) outline: (faces, vertices)."""
    outline = [(float(x), float(y)) for x, y in outline]
    low = [(x, y, bottom) for x, y in outline]
    high = [(x, y, top) for x, y in outline]
    polygons = [high] + [[low[i], low[(i + 1) % len(low)], high[(i + 1) % len(high)], high[i]]
                         for i in range(len(outline))]
    if with_bottom:
        polygons.append(low)
    vertices = np.array(low + high)
    return _faces_of(polygons, vertices.mean(axis=0), rgb, gloss), vertices


def frustum(bottom_outline, top_outline, bottom: float, top: float, rgb, gloss=0.0):
    """Like a prism, with a different (convex, same vertex count) outline on top."""
    low = [(x, y, bottom) for x, y in bottom_outline]
    high = [(x, y, top) for x, y in top_outline]
    polygons = [high] + [[low[i], low[(i + 1) % len(low)], high[(i + 1) % len(high)], high[i]]
                         for i in range(len(low))]
    vertices = np.array(low + high)
    return _faces_of(polygons, vertices.mean(axis=0), rgb, gloss), vertices


def box(x0, y0, z0, x1, y1, z1, rgb, gloss=0.0):
    faces, vertices = prism([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], z0, z1, rgb, gloss)
    return faces, vertices


def rod(start, end, radius: float, rgb, gloss=0.0, sides: int = 10):
    """A cylinder between two points, both ends capped."""
    start, end = np.asarray(start, float), np.asarray(end, float)
    axis = (end - start) / np.linalg.norm(end - start)
    helper = np.array([0.0, 0.0, 1.0]) if abs(axis[2]) < 0.9 else np.array([1.0, 0.0, 0.0])
    u = np.cross(axis, helper)
    u /= np.linalg.norm(u)
    v = np.cross(axis, u)
    angles = np.linspace(0, 2 * math.pi, sides, endpoint=False)
    ring = [radius * (math.cos(a) * u + math.sin(a) * v) for a in angles]
    low = [start + r for r in ring]
    high = [end + r for r in ring]
    polygons = [low, high] + [[low[i], low[(i + 1) % sides], high[(i + 1) % sides], high[i]] for i in range(sides)]
    vertices = np.array(low + high)
    return _faces_of(polygons, vertices.mean(axis=0), rgb, gloss), vertices


def circle(centre, radius, sides=12):
    return [(centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a))
            for a in np.linspace(0, 2 * math.pi, sides, endpoint=False)]


# --- the pieces -----------------------------------------------------------------------

def fort(rgb):
    """A square tower on a plinth, crenellated, with a door at the front."""
    half, plinth = FORT_SIDE / 2, FORT_SIDE / 2 + 1.2
    parts = [box(-plinth, -plinth, 0, plinth, plinth, 2.0, rgb, 0.25),
             box(-half, -half, 2.0, half, half, 14.0, rgb, 0.25)]
    merlon = 3.6
    for sx in (-1, 1):
        for sy in (-1, 1):
            x0 = half - merlon if sx > 0 else -half
            y0 = half - merlon if sy > 0 else -half
            parts.append(box(x0, y0, 14.0, x0 + merlon, y0 + merlon, 17.0, rgb, 0.25))
    door = [(-1.8, half + 0.05, 2.0), (1.8, half + 0.05, 2.0), (1.8, half + 0.05, 8.0), (-1.8, half + 0.05, 8.0)]
    extra = _faces_of([door], np.array([0.0, 0.0, 8.0]), DOOR_DARK, 0.0)
    return parts, extra


def cannon(rgb):
    """A barrel on a carriage with two wheels, pointing forward (+y) and a little up."""
    dark = tuple(int(c * 0.55) for c in rgb)
    parts = [box(-3.8, -6.0, 1.0, 3.8, 4.0, 5.0, rgb, 0.2)]
    for side in (-1, 1):
        parts.append(rod((side * 4.0, -1.0, 4.2), (side * 5.8, -1.0, 4.2), 4.2, dark, 0.1, 10))
    parts.append(rod((0, -6.5, 6.0), (0, CANNON_LENGTH - 6.5, 8.4), 2.4, dark, 0.5, 10))
    parts.append(rod((0, CANNON_LENGTH - 7.5, 8.2), (0, CANNON_LENGTH - 6.3, 8.45), 2.9, dark, 0.5, 10))
    return parts, []


def blockade(rgb):
    """A low barrier of planks between three posts, lying across the cell."""
    parts = [box(-9.0, -2.2, 0.0, 9.0, 2.2, 5.5, rgb, 0.15)]
    for x in (-8.0, 0.0, 8.0):
        parts.append(box(x - 1.6, -2.8, 0.0, x + 1.6, 2.8, 8.0, rgb, 0.15))
    return parts, []


def ship(rgb):
    """A small boat pointing forward: hull, deck, mast and a square sail."""
    deck = [(-4.8, -11.0), (4.8, -11.0), (4.8, 4.5), (0.0, 12.0), (-4.8, 4.5)]
    keel = [(x * 0.6, y * 0.85) for x, y in deck]
    parts = [frustum(keel, deck, 0.0, 5.0, rgb, 0.3),
             box(-4.2, -10.4, 5.0, 4.2, 3.8, 5.4, DECK_WOOD, 0.05),
             rod((0, -1.0, 5.0), (0, -1.0, 23.0), 0.8, DECK_WOOD, 0.05, 6),
             box(-6.0, -0.4, 10.0, 6.0, 0.4, 20.0, SAIL_CREAM, 0.0),
             box(0.0, -1.2, 21.0, 3.8, -0.8, 23.5, rgb, 0.0)]
    return parts, []


def road_tile_sides(side: float, height: float):
    """The cardboard edges of a road tile; its printed top is drawn as a texture."""
    half = side / 2
    faces, vertices = box(-half, -half, 0.0, half, half, height, CARDBOARD_EDGE)
    return [(faces[1:], vertices)], []


def die(pips_up: int):
    """A white die with its pips; `pips_up` faces the ceiling."""
    size, ivory = 12.0, (238, 233, 222)
    half = size / 2
    parts = [box(-half, -half, 0.0, half, half, size, ivory, 0.4)]
    layout = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
              4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
              6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
    front = {1: 2, 2: 1, 3: 2, 4: 2, 5: 1, 6: 2}[pips_up]
    right = {1: 3, 2: 3, 3: 1, 4: 1, 5: 3, 6: 3}[pips_up]
    spots = []
    for count, origin, du, dv, normal in (
            (pips_up, (0, 0, size), (1, 0, 0), (0, 1, 0), (0, 0, 1)),
            (front, (0, half, half), (1, 0, 0), (0, 0, -1), (0, 1, 0)),
            (7 - front, (0, -half, half), (-1, 0, 0), (0, 0, -1), (0, -1, 0)),
            (right, (half, 0, half), (0, -1, 0), (0, 0, -1), (1, 0, 0)),
            (7 - right, (-half, 0, half), (0, 1, 0), (0, 0, -1), (-1, 0, 0))):
        origin, du, dv, normal = (np.array(v, float) for v in (origin, du, dv, normal))
        for a, b in layout[count]:
            # A hair proud of the face, so the painter draws it after the face.
            centre = origin + 0.05 * normal + 3.2 * (a * du + b * dv)
            ring = [centre + 1.1 * (math.cos(t) * du + math.sin(t) * dv)
                    for t in np.linspace(0, 2 * math.pi, 8, endpoint=False)]
            spots += _faces_of([ring], centre - normal, (35, 30, 30))
    return parts, spots


def mug(rgb):
    """A mug of coffee: a cylinder, with dark coffee a little below the rim."""
    radius, height = 40.0, 95.0
    parts = [prism(circle((0, 0), radius, 32), 0.0, height, rgb, 0.5)]
    coffee = [(x, y, height + 0.05) for x, y in circle((0, 0), radius - 3.5, 32)]
    return parts, _faces_of([coffee], np.array([0.0, 0.0, 0.0]), (62, 38, 24))


# --- placing a shape on the table -----------------------------------------------------

def place(name: str, shape, centre_xy, base_z: float, angle_deg: float) -> Mesh:
    """Turn the shape by `angle_deg` (clockwise seen from above, 0 = forward is table +y)
    and stand it with its base centre at `centre_xy`, `base_z` (<= 0: above the table)."""
    parts, extra = shape
    angle = math.radians(angle_deg)
    rotation = np.array([[math.cos(angle), -math.sin(angle), 0],
                         [math.sin(angle), math.cos(angle), 0],
                         [0, 0, -1.0]])
    offset = np.array([centre_xy[0], centre_xy[1], base_z])

    def moved(points):
        return np.asarray(points) @ rotation.T + offset

    faces, clouds = [], []
    for part_faces, vertices in parts:
        clouds.append(moved(vertices))
        faces += [Face(moved(f.points), f.normal @ rotation.T, f.rgb, f.gloss) for f in part_faces]
    faces += [Face(moved(f.points), f.normal @ rotation.T, f.rgb, f.gloss) for f in extra]
    everything = np.vstack(clouds)
    low = everything[:, 2] > everything[:, 2].max() - 1.0 - 1e-9
    footprint = everything[low] if low.sum() >= 3 else everything
    return Mesh(name, tuple(faces), tuple(clouds), footprint, base_z, everything.mean(axis=0))
