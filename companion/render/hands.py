"""A player's arm and hand reaching over the table: built from capsules and an ellipsoid,
ray-cast per pixel for true perspective, round shading and exact outlines."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np

from companion.render.canvas import DIRECT_SCALE, MAX_DIRECT, NEAR_MM, Canvas
from companion.render.colour import encode_image, to_linear

SKIN_TONES = (  # sRGB, from very light to very dark
    (242, 204, 180), (228, 180, 150), (210, 160, 124), (184, 130, 96),
    (150, 102, 72), (116, 78, 56), (86, 58, 42),
)
SLEEVES = ((38, 52, 84), (120, 122, 128), (150, 40, 46), (66, 96, 140), (30, 30, 34), (214, 210, 200))
# Where the fingers spread across the hand (mm right of its middle) and how long they are.
FINGERS = ((-25.5, 72.0), (-8.5, 80.0), (8.5, 75.0), (24.5, 60.0))
PALM_LENGTH = 95.0
UP = np.array([0.0, 0.0, -1.0])
NAIL_BGR = (196, 204, 236)


@dataclass(frozen=True)
class HandPose:
    """A hand whose fingertips hover `hover_mm` over `reach_mm`, its arm coming from `from_mm`."""

    from_mm: tuple[float, float]  # a point on the table under the shoulder
    reach_mm: tuple[float, float]
    hover_mm: float
    skin: tuple[int, int, int]
    sleeve: tuple[int, int, int] | None
    sleeve_length: float  # share of the forearm the sleeve covers from the elbow
    right_handed: bool
    spread_deg: float
    curl: float  # 0 flat, 1 fingers bent well down

    def to_json(self) -> dict:
        return {"from_mm": [round(v, 2) for v in self.from_mm], "reach_mm": [round(v, 2) for v in self.reach_mm],
                "hover_mm": round(self.hover_mm, 2), "skin": list(self.skin),
                "sleeve": list(self.sleeve) if self.sleeve else None, "right_hand": self.right_handed,
                "curl": round(self.curl, 3)}


@dataclass(frozen=True)
class Capsule:
    start: np.ndarray
    end: np.ndarray
    radius: float
    rgb: tuple[int, int, int]
    cloth: bool = False  # a sleeve: folds instead of skin
    nail: bool = False  # a fingertip: a nail on its top
    joints: float = 0.0  # how much its ends redden, as knuckles do
    limb: tuple | None = None  # (start, end) of the whole limb it is a piece of, for smooth shading

    @property
    def length(self) -> float:
        return float(np.linalg.norm(self.end - self.start))


@dataclass(frozen=True)
class Ellipsoid:
    centre: np.ndarray
    axes: np.ndarray  # columns: the three semi-axes as vectors
    rgb: tuple[int, int, int]


def hand_shapes(pose: HandPose) -> list:
    """The arm, palm, fingers and thumb in table coordinates (z < 0 above the table)."""
    reach = np.array([*pose.reach_mm, 0.0])
    towards = reach - np.array([*pose.from_mm, 0.0])
    forward = towards / np.linalg.norm(towards)
    right = np.array([-forward[1], forward[0], 0.0])
    tip = reach + UP * pose.hover_mm
    wrist = tip - forward * 170.0 + UP * 32.0
    elbow = wrist - forward * 250.0 + UP * 70.0
    shoulder = elbow - forward * 280.0 + UP * 170.0
    # Past the shoulder the arm rises on towards the player's body, out of the picture.
    body = shoulder - forward * 350.0 + UP * 350.0
    skin = pose.skin
    sleeve_end = pose.sleeve_length if pose.sleeve else 0.0
    cuff = elbow + (wrist - elbow) * sleeve_end
    cloth = pose.sleeve or skin
    shapes: list = _tube(body, shoulder, 52.0, 47.0, cloth, bool(pose.sleeve))
    shapes += _tube(shoulder, elbow, 47.0, 39.0 if pose.sleeve else 36.0, cloth, bool(pose.sleeve))
    if pose.sleeve and sleeve_end > 0:
        shapes += _tube(elbow, cuff, 39.0, 39.0 - 6.0 * sleeve_end, cloth, True)
    # The forearm narrows from the elbow to the wrist.
    shapes += _tube(cuff, wrist, 34.0 - 9.0 * sleeve_end, 25.0, skin, False)
    # The palm leans down towards the fingers by about ten degrees.
    along = forward * math.cos(0.18) + UP * -math.sin(0.18)
    palm_centre = wrist + along * 54.0 + UP * -4.0
    across = right
    thickness = np.cross(along, across)
    thickness = -thickness if thickness @ UP < 0 else thickness
    shapes.append(Ellipsoid(palm_centre, np.column_stack([along * 52.0, across * 40.0, thickness * 14.0]), skin))
    # The wrist is wider than it is deep: it takes the round forearm into the flat hand.
    shapes.append(Ellipsoid(wrist + along * 8.0, np.column_stack([along * 34.0, across * 31.0, thickness * 21.0]), skin))
    knuckles = wrist + along * PALM_LENGTH
    for index, (offset, length) in enumerate(FINGERS):
        fan = math.radians(pose.spread_deg * (index - 1.5) / 1.5)
        direction = forward * math.cos(fan) + right * math.sin(fan)
        base = knuckles + right * offset + UP * -3.0
        # Fingers curl more towards the little finger, as a hand at rest does.
        curl = pose.curl * (0.8 + 0.15 * index)
        middle = base + length * 0.5 * _tilt(direction, -0.25 - 0.5 * curl)
        end = middle + length * 0.5 * _tilt(direction, -0.6 - 1.1 * curl)
        radius = 8.6 if index < 3 else 7.6
        shapes += [Capsule(base, middle, radius, skin, joints=1.0),
                   Capsule(middle, end, radius * 0.88, skin, nail=True, joints=0.6)]
    side = -1.0 if pose.right_handed else 1.0  # palm down, a right thumb is on the left
    thumb_base = wrist + along * 28.0 + right * side * 30.0 + UP * -10.0
    thumb_dir = forward * math.cos(0.75) + right * side * math.sin(0.75)
    thumb_mid = thumb_base + 40.0 * _tilt(thumb_dir, -0.45)
    thumb_end = thumb_mid + 32.0 * _tilt(forward * 0.9 + right * side * 0.1, -0.55 - 0.3 * pose.curl)
    shapes += [Capsule(thumb_base, thumb_mid, 11.0, skin, joints=0.6),
               Capsule(thumb_mid, thumb_end, 9.5, skin, nail=True, joints=0.6)]
    return shapes


def _tube(start, end, start_radius: float, end_radius: float, rgb, cloth: bool, step_mm: float = 30.0) -> list:
    """A limb narrowing from one end to the other: short capsules whose radii step down a
    little at a time, shaded as one smooth tube so that no joint shows."""
    count = max(1, int(np.linalg.norm(end - start) / step_mm))
    shapes = []
    for index in range(count):
        a, b = start + (end - start) * index / count, start + (end - start) * (index + 1) / count
        radius = start_radius + (end_radius - start_radius) * (index + 0.5) / count
        shapes.append(Capsule(a, b, radius, rgb, cloth=cloth, limb=(start, end)))
    return shapes


def _tilt(direction: np.ndarray, pitch: float) -> np.ndarray:
    """`direction` turned down (negative pitch) towards the table by `pitch` radians."""
    flat = direction / np.linalg.norm(direction)
    return flat * math.cos(pitch) + UP * math.sin(pitch)


def draw_hand(canvas: Canvas, shapes: list, lamp_mm) -> None:
    """Ray-cast every shape into the canvas: nearest surface wins; marks the pixels as hand."""
    depth_buffer = np.full((canvas.ideal.height, canvas.ideal.width), np.inf, np.float32)
    if canvas.hand is None:
        canvas.hand = np.zeros((canvas.ideal.height, canvas.ideal.width), np.uint8)
    lamp = np.asarray(lamp_mm, dtype=np.float64)
    lamp_camera = canvas.rotation @ lamp + canvas.translation
    up_camera = canvas.rotation @ UP
    for shape in clip_to_view(canvas, shapes):
        rows, cols = _candidate_pixels(canvas, shape)
        if len(rows) == 0:
            continue
        rays = _rays(canvas, cols, rows)
        if isinstance(shape, Capsule):
            start, end = canvas.to_camera(shape.start)[0], canvas.to_camera(shape.end)[0]
            distance = _hit_capsule(rays, start, end, shape.radius)
        else:
            centre = canvas.to_camera(shape.centre)[0]
            axes = canvas.rotation @ shape.axes
            distance = _hit_ellipsoid(rays, centre, axes)
        depth = distance * rays[:, 2]
        hit = np.isfinite(depth) & (depth > NEAR_MM)
        hit[hit] = depth[hit] < depth_buffer[rows[hit], cols[hit]]
        if not hit.any():
            continue
        rows, cols, depth = rows[hit], cols[hit], depth[hit]
        points = rays[hit] * distance[hit][:, None]
        depth_buffer[rows, cols] = depth
        if isinstance(shape, Capsule):
            normals, share = _capsule_normals(points, start, end)
            if shape.limb is not None:
                limb_start, limb_end = canvas.to_camera(np.array(shape.limb))
                normals, _ = _capsule_normals(points, limb_start, limb_end)
        else:
            normals, share = _ellipsoid_normals(points, centre, axes), None
        towards = lamp_camera - points
        towards /= np.linalg.norm(towards, axis=1, keepdims=True)
        # Shading is relative to the table's own lighting (see canvas.py).
        to_lamp = lamp - shape_anchor(shape)
        plane = max(float(to_lamp @ UP / np.linalg.norm(to_lamp)), 0.15)
        facing = np.sum(normals * towards, axis=1)
        # Skin scatters light under its surface: light wraps a little past the terminator.
        direct = np.clip((facing + 0.3) / 1.3, 0, None) / plane
        ambient = 0.72 + 0.28 * (normals @ up_camera)
        eye = -points / np.linalg.norm(points, axis=1, keepdims=True)
        halfway = towards + eye
        halfway /= np.linalg.norm(halfway, axis=1, keepdims=True)
        gloss = 0.25 * np.clip(np.sum(normals * halfway, axis=1), 0, 1) ** 14 * (facing > 0)
        table_points = (points - canvas.translation) @ canvas.rotation
        albedo = _albedo(shape, table_points, normals @ up_camera, share)
        canvas.albedo[rows, cols] = albedo
        canvas.hand[rows, cols] = 255
        canvas.shading[rows, cols] = np.column_stack([
            np.clip(direct, 0, MAX_DIRECT) * DIRECT_SCALE, np.clip(ambient, 0, 1) * 255,
            np.clip(gloss, 0, 1) * 255, np.zeros(len(direct))]).round().astype(np.uint8)


def _albedo(shape, table_points: np.ndarray, upness: np.ndarray, share) -> np.ndarray:
    """Per-pixel sRGB (B, G, R): skin blotched and reddened at the joints, nails on the
    fingertips, and a sleeve's folds."""
    base = to_linear(shape.rgb[::-1]).astype(np.float32)[None, :]
    x, y, z = table_points.astype(np.float32).T
    blotches = np.sin(x * 0.31 + y * 0.17 + 1.3) * np.sin(y * 0.27 - z * 0.23) + 0.5 * np.sin(z * 0.41 + x * 0.19)
    if getattr(shape, "cloth", False) and share is not None:
        # Along the limb's own axis, so the folds run on unbroken from capsule to capsule.
        axis = ((shape.end - shape.start) / shape.length).astype(np.float32)
        folds = np.sin(table_points.astype(np.float32) @ axis / 9.0 + np.sin(x * 0.05) * 2.0)
        return encode_image(base * (1 + 0.12 * folds + 0.03 * blotches)[:, None])
    tone = base * (1 + 0.045 * blotches)[:, None]
    if share is not None:
        # Knuckles and finger joints are a little darker and redder.
        joint = np.clip(1 - np.minimum(share, 1 - share) / 0.12, 0, 1) * getattr(shape, "joints", 0.0)
        tone = tone * (1 - 0.1 * joint)[:, None] * np.array([0.92, 0.96, 1.04], np.float32)[None, :] ** joint[:, None]
        if getattr(shape, "nail", False):
            nail = (share > 0.62) & (upness > 0.45)
            tone[nail] = 0.55 * tone[nail] + 0.45 * to_linear(NAIL_BGR).astype(np.float32)
    return encode_image(tone)


def clip_to_view(canvas: Canvas, shapes: list) -> list:
    """The shapes with any capsule that reaches behind the camera shortened to stop just in
    front of it: what is cut off would fill the lens, which a webcam on a stand never sees."""
    kept = []
    for shape in shapes:
        if isinstance(shape, Ellipsoid):
            kept.append(shape)
            continue
        near = NEAR_MM + shape.radius + 1.0
        start_depth, end_depth = canvas.to_camera(np.array([shape.start, shape.end]))[:, 2]
        if start_depth < near and end_depth < near:
            continue
        start, end = shape.start, shape.end
        if start_depth < near:
            start = end + (start - end) * (end_depth - near) / (end_depth - start_depth)
        elif end_depth < near:
            end = start + (end - start) * (start_depth - near) / (start_depth - end_depth)
        kept.append(replace(shape, start=start, end=end))
    return kept


def shape_anchor(shape) -> np.ndarray:
    return shape.centre if isinstance(shape, Ellipsoid) else (shape.start + shape.end) / 2


def shape_points(shape, count: int = 24) -> np.ndarray:
    """Points on the shape's surface, enough for its shadow's outline."""
    angles = np.linspace(0, 2 * math.pi, count, endpoint=False)
    sphere = np.array([[math.cos(a) * math.sin(b), math.sin(a) * math.sin(b), math.cos(b)]
                       for a in angles for b in (0.35, 1.2, 1.95, 2.8)] + [[0, 0, 1], [0, 0, -1]])
    if isinstance(shape, Ellipsoid):
        return shape.centre + sphere @ shape.axes.T
    return np.vstack([shape.start + sphere * shape.radius, shape.end + sphere * shape.radius])


def _candidate_pixels(canvas: Canvas, shape) -> tuple[np.ndarray, np.ndarray]:
    """Rows and columns of the canvas pixels the shape may cover: a generous outline of its
    bounding spheres (none for a shape reaching past the camera: see `clip_to_view`)."""
    if isinstance(shape, Ellipsoid):
        centres = np.array([shape.centre])
        radius = float(np.linalg.norm(shape.axes, axis=0).max())
    else:
        centres = np.array([shape.start, shape.end])
        radius = shape.radius
    height, width = canvas.ideal.height, canvas.ideal.width
    depth = canvas.to_camera(centres)[:, 2]
    if (depth - radius < NEAR_MM).any():
        return np.zeros(0, int), np.zeros(0, int)
    pixels, _ = canvas.project(centres)
    spread = canvas.matrix[0, 0] * radius / (depth - radius) + 2
    x0 = int(max(np.floor((pixels[:, 0] - spread).min()), 0))
    y0 = int(max(np.floor((pixels[:, 1] - spread).min()), 0))
    x1 = int(min(np.ceil((pixels[:, 0] + spread).max()), width))
    y1 = int(min(np.ceil((pixels[:, 1] + spread).max()), height))
    if x1 <= x0 or y1 <= y0:
        return np.zeros(0, int), np.zeros(0, int)
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    ends = np.round((pixels - [x0, y0]) * 16).astype(np.int32)
    for (x, y), r in zip(ends, spread):
        cv2.circle(mask, (int(x), int(y)), int(r * 16), 1, -1, cv2.LINE_8, 4)
    if len(ends) == 2:
        cv2.line(mask, tuple(map(int, ends[0])), tuple(map(int, ends[1])), 1, int(2 * spread.max()) + 2, cv2.LINE_8, 4)
    rows, cols = np.nonzero(mask)
    return rows + y0, cols + x0


def _rays(canvas: Canvas, cols: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Unit rays (N, 3) in camera coordinates through canvas pixels."""
    inverse = np.linalg.inv(canvas.matrix)
    rays = np.column_stack([cols, rows, np.ones(len(cols))]).astype(np.float64) @ inverse.T
    return rays / np.linalg.norm(rays, axis=1, keepdims=True)


def _hit_capsule(rays, start, end, radius):
    """Distance along each unit ray from the camera to a capsule (inf when missed)."""
    axis = end - start
    axis_sq = axis @ axis
    origin = -start  # rays start at the camera, the origin of camera coordinates
    ray_axis = rays @ axis
    ray_origin = rays @ origin
    axis_origin = axis @ origin
    a = axis_sq - ray_axis ** 2
    b = axis_sq * ray_origin - axis_origin * ray_axis
    c = axis_sq * (origin @ origin) - axis_origin ** 2 - radius ** 2 * axis_sq
    h = b * b - a * c
    with np.errstate(invalid="ignore", divide="ignore"):
        t = (-b - np.sqrt(h)) / a
    along = axis_origin + t * ray_axis
    body = (h >= 0) & (along > 0) & (along < axis_sq)
    distance = np.where(body, t, np.inf)
    for cap in (start, end):
        offset = -cap
        b_cap = rays @ offset
        h_cap = b_cap ** 2 - (offset @ offset - radius ** 2)
        with np.errstate(invalid="ignore"):
            t_cap = -b_cap - np.sqrt(h_cap)
        distance = np.where(~body & (h_cap >= 0) & (t_cap > 0) & (t_cap < distance), t_cap, distance)
    return distance


def _capsule_normals(points, start, end):
    """Outward normals at points on a capsule, and how far along its axis each lies (0-1)."""
    axis = end - start
    share = np.clip(((points - start) @ axis) / (axis @ axis), 0, 1)
    normals = points - start - share[:, None] * axis
    return normals / np.maximum(np.linalg.norm(normals, axis=1, keepdims=True), 1e-9), share


def _hit_ellipsoid(rays, centre, axes):
    """Distance along each unit ray from the camera to an ellipsoid (inf when missed)."""
    inverse = np.linalg.inv(axes)
    origin = inverse @ -centre
    directions = rays @ inverse.T
    a = np.sum(directions ** 2, axis=-1)
    b = directions @ origin
    c = origin @ origin - 1
    h = b * b - a * c
    with np.errstate(invalid="ignore"):
        t = (-b - np.sqrt(h)) / a
    return np.where((h >= 0) & (t > 0), t, np.inf)


def _ellipsoid_normals(points, centre, axes):
    inverse = np.linalg.inv(axes)
    normal = ((points - centre) @ inverse.T) @ inverse
    return normal / np.maximum(np.linalg.norm(normal, axis=1, keepdims=True), 1e-12)
