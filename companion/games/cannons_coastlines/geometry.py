"""Table geometry in inches (CS-1): ship outlines, touching (CS-2), nearest (CS-3), lines of fire.

Frame: x to the right, y down the table, as the camera's table frame; a heading is the angle of
the bow from +x, turning clockwise as seen from above. Pure Python: outlines are small polygons.
"""

from __future__ import annotations

import math
from typing import Iterable, Mapping

Point = tuple[float, float]
Polygon = tuple[Point, ...]

TOUCH_TOLERANCE_INCHES = 0.25  # CS-2
BOW_SHARE = 0.2  # the pointed bow takes this share of a hull's length


def forward(heading_deg: float) -> Point:
    angle = math.radians(heading_deg)
    return math.cos(angle), math.sin(angle)


def port(heading_deg: float) -> Point:
    """Left of the bow as seen from above (y down): the heading turned a quarter anticlockwise."""
    fx, fy = forward(heading_deg)
    return fy, -fx


def ship_outline(x: float, y: float, heading_deg: float, length: float, beam: float) -> Polygon:
    """A hull seen from above: square stern, straight sides, pointed bow; centred on (x, y)."""
    fx, fy = forward(heading_deg)
    px, py = port(heading_deg)
    half, half_beam = length / 2, beam / 2
    shoulder = half - length * BOW_SHARE
    local = [(-half, half_beam), (shoulder, half_beam), (half, 0.0), (shoulder, -half_beam), (-half, -half_beam)]
    return tuple((x + a * fx + b * px, y + a * fy + b * py) for a, b in local)


def _segment_distance(p: Point, q: Point, a: Point, b: Point) -> float:
    if _segments_cross(p, q, a, b):
        return 0.0
    return min(_point_segment(p, a, b), _point_segment(q, a, b), _point_segment(a, p, q), _point_segment(b, p, q))


def _point_segment(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _segments_cross(p: Point, q: Point, a: Point, b: Point) -> bool:
    d1, d2 = _cross(a, b, p), _cross(a, b, q)
    d3, d4 = _cross(p, q, a), _cross(p, q, b)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


def contains(polygon: Polygon, point: Point) -> bool:
    inside = False
    x, y = point
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _edges(polygon: Polygon):
    return zip(polygon, polygon[1:] + polygon[:1])


def distance(a: Polygon, b: Polygon) -> float:
    """Shortest distance between two outlines; 0 when they overlap (CS-3's 'nearest')."""
    if contains(a, b[0]) or contains(b, a[0]):
        return 0.0
    return min(_segment_distance(p, q, r, s) for p, q in _edges(a) for r, s in _edges(b))


def touching(a: Polygon, b: Polygon, tolerance: float = TOUCH_TOLERANCE_INCHES) -> bool:
    return distance(a, b) <= tolerance


def ray_hit(origin: Point, direction: Point, polygon: Polygon) -> float | None:
    """Distance along the ray to the polygon's outline, or None if the ray misses it."""
    if contains(polygon, origin):
        return 0.0
    ox, oy = origin
    dx, dy = direction
    best = None
    for (ax, ay), (bx, by) in _edges(polygon):
        ex, ey = bx - ax, by - ay
        denominator = dx * ey - dy * ex
        if abs(denominator) < 1e-12:
            continue
        t = ((ax - ox) * ey - (ay - oy) * ex) / denominator
        u = ((ax - ox) * dy - (ay - oy) * dx) / denominator
        if t >= 0 and 0 <= u <= 1 and (best is None or t < best):
            best = t
    return best


def first_hit(origin: Point, direction: Point, outlines: Mapping[str, Polygon], skip: Iterable[str] = ()) -> tuple[str, float] | None:
    """The first outline a shot from origin along direction touches, and how far away."""
    skip = set(skip)
    hits = [(distance_along, name) for name, outline in outlines.items() if name not in skip
            for distance_along in [ray_hit(origin, direction, outline)] if distance_along is not None]
    if not hits:
        return None
    distance_along, name = min(hits)
    return name, distance_along


def inside_table(outline: Polygon, width: float, height: float) -> bool:
    return all(0 <= x <= width and 0 <= y <= height for x, y in outline)
