"""A pinhole webcam with lens distortion, aimed at the table; projection and distortion maps."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

# undistortPointsIter to far below a thousandth of a pixel: the truth must be exact.
UNDISTORT_CRITERIA = (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 40, 1e-12)
# The inverse distortion is smooth, so it is solved on a grid this coarse and interpolated.
MAP_BLOCK = 8
# A strongly barrelled lens would need a huge ideal canvas; beyond this it is cropped.
MAX_CANVAS_GROWTH = 1.4


@dataclass(frozen=True)
class Camera:
    """Intrinsics (K, k1 k2 p1 p2 k3) and pose (rvec, tvec: table -> camera), as OpenCV uses them."""

    width: int
    height: int
    matrix: tuple[tuple[float, float, float], ...]
    distortion: tuple[float, float, float, float, float]
    rvec: tuple[float, float, float]
    tvec: tuple[float, float, float]
    tilt_deg: float = 0.0
    yaw_deg: float = 0.0
    roll_deg: float = 0.0
    distance_mm: float = 0.0

    @property
    def K(self) -> np.ndarray:
        return np.array(self.matrix, dtype=np.float64)

    @property
    def dist(self) -> np.ndarray:
        return np.array(self.distortion, dtype=np.float64)

    @property
    def rotation(self) -> np.ndarray:
        return cv2.Rodrigues(np.array(self.rvec, dtype=np.float64))[0]

    @property
    def centre(self) -> np.ndarray:
        """The camera's optical centre in the table frame."""
        return -self.rotation.T @ np.array(self.tvec)

    def to_camera(self, points) -> np.ndarray:
        points = np.asarray(points, dtype=np.float64).reshape(-1, 3)
        return points @ self.rotation.T + np.array(self.tvec)

    def project(self, points) -> np.ndarray:
        """Table points (N, 3) to distorted pixels (N, 2): exactly cv2.projectPoints."""
        points = np.ascontiguousarray(np.asarray(points, dtype=np.float64).reshape(-1, 3))
        if len(points) == 0:
            return np.zeros((0, 2))
        pixels, _ = cv2.projectPoints(points, np.array(self.rvec), np.array(self.tvec), self.K, self.dist)
        return pixels.reshape(-1, 2)

    def rays(self, pixels) -> np.ndarray:
        """Unit-depth rays (N, 3) in camera coordinates through distorted pixels."""
        pixels = np.ascontiguousarray(np.asarray(pixels, dtype=np.float64).reshape(-1, 1, 2))
        normal = cv2.undistortPointsIter(pixels, self.K, self.dist, None, None, UNDISTORT_CRITERIA)
        normal = normal.reshape(-1, 2)
        return np.column_stack([normal, np.ones(len(normal))])

    def table_points(self, pixels) -> np.ndarray:
        """Where the rays through `pixels` meet the table (z = 0), in the table frame."""
        rays = self.rays(pixels) @ self.rotation  # camera -> table directions
        origin = self.centre
        steps = -origin[2] / rays[:, 2]
        return origin + rays * steps[:, None]

    def to_json(self) -> dict:
        return {
            "size": [self.width, self.height],
            "K": [list(row) for row in self.matrix],
            "distortion": list(self.distortion),
            "rvec": list(self.rvec),
            "tvec": list(self.tvec),
            "tilt_deg": round(self.tilt_deg, 4),
            "yaw_deg": round(self.yaw_deg, 4),
            "roll_deg": round(self.roll_deg, 4),
            "distance_mm": round(self.distance_mm, 3),
        }


def aim_camera(size: tuple[int, int], target, tilt_deg: float, yaw_deg: float, distance_mm: float,
               hfov_deg: float, distortion=(0.0,) * 5, roll_deg: float = 0.0,
               principal_shift=(0.0, 0.0)) -> Camera:
    """A camera `distance_mm` from `target`, tilted from straight down towards the +y side of
    the table (turned by `yaw_deg` about the vertical), looking at `target`."""
    width, height = size
    tilt, yaw, roll = (math.radians(a) for a in (tilt_deg, yaw_deg, roll_deg))
    back = np.array([-math.sin(yaw), math.cos(yaw), 0.0])
    up = np.array([0.0, 0.0, -1.0])
    centre = np.asarray(target, dtype=np.float64) + distance_mm * (back * math.sin(tilt) + up * math.cos(tilt))
    forward = np.asarray(target, dtype=np.float64) - centre
    forward /= np.linalg.norm(forward)
    # (cos yaw, sin yaw, 0) is already square to `forward`, and stays defined straight down.
    right = np.array([math.cos(yaw), math.sin(yaw), 0.0])
    down = np.cross(forward, right)
    right, down = (right * math.cos(roll) + down * math.sin(roll),
                   -right * math.sin(roll) + down * math.cos(roll))
    rotation = np.vstack([right, down, forward])
    rvec = cv2.Rodrigues(rotation)[0].ravel()
    tvec = -rotation @ centre
    focal = (width / 2) / math.tan(math.radians(hfov_deg) / 2)
    cx = (width - 1) / 2 + principal_shift[0]
    cy = (height - 1) / 2 + principal_shift[1]
    matrix = ((focal, 0.0, cx), (0.0, focal, cy), (0.0, 0.0, 1.0))
    return Camera(width, height, matrix, tuple(float(d) for d in distortion),
                  tuple(float(v) for v in rvec), tuple(float(v) for v in tvec),
                  tilt_deg, yaw_deg, roll_deg, distance_mm)


def frame_region(camera: Camera, corners, fill: float, offset=(0.0, 0.0), rounds: int = 6) -> Camera:
    """The same camera moved until `corners` (table points) span `fill` of the picture's
    width or height, whichever binds, centred `offset` (shares of the size) off the middle."""
    focal = camera.matrix[0][0]
    hfov = math.degrees(2 * math.atan(camera.width / 2 / focal))
    shift = (camera.matrix[0][2] - (camera.width - 1) / 2, camera.matrix[1][2] - (camera.height - 1) / 2)
    size = (camera.width, camera.height)
    for _ in range(rounds):
        pixels = camera.project(corners)
        low, high = pixels.min(axis=0), pixels.max(axis=0)
        span = max((high[0] - low[0]) / camera.width, (high[1] - low[1]) / camera.height)
        wanted = ((camera.width - 1) * (0.5 + offset[0]), (camera.height - 1) * (0.5 + offset[1]))
        seen, aimed = camera.table_points([(low + high) / 2, wanted])
        target = camera.centre + camera.rotation[2] * camera.distance_mm + (seen - aimed)
        camera = aim_camera(size, target, camera.tilt_deg, camera.yaw_deg, camera.distance_mm * span / fill,
                            hfov, camera.distortion, camera.roll_deg, shift)
    return camera


@dataclass(frozen=True)
class IdealCanvas:
    """The undistorted, supersampled picture the scene is drawn on before the lens bends it.

    `matrix` projects camera coordinates onto it. The maps take every pixel of the
    supersampled distorted picture to the ideal canvas point it shows.
    """

    scale: int
    width: int
    height: int
    matrix: np.ndarray
    map_x: np.ndarray
    map_y: np.ndarray


@lru_cache(maxsize=8)
def ideal_canvas(camera: Camera, scale: int) -> IdealCanvas:
    """For each supersampled output pixel, undistort its position to find where it samples
    the ideal image (solved on a coarse grid, interpolated bilinearly)."""
    out_w, out_h = camera.width * scale, camera.height * scale
    cols = math.ceil(out_w / MAP_BLOCK) + 2
    rows = math.ceil(out_h / MAP_BLOCK) + 2
    # Block centres, one block beyond each edge, so interpolation never clamps at a border.
    grid_u = (np.arange(cols) - 1) * MAP_BLOCK + (MAP_BLOCK - 1) / 2
    grid_v = (np.arange(rows) - 1) * MAP_BLOCK + (MAP_BLOCK - 1) / 2
    uu, vv = np.meshgrid(grid_u, grid_v)
    # Supersampled pixel centre -> output pixel coordinates.
    pixels = np.column_stack([(uu.ravel() + 0.5) / scale - 0.5, (vv.ravel() + 0.5) / scale - 0.5])
    normal = camera.rays(pixels)[:, :2]
    fx, fy = camera.matrix[0][0] * scale, camera.matrix[1][1] * scale
    cx = camera.matrix[0][2] * scale + (scale - 1) / 2
    cy = camera.matrix[1][2] * scale + (scale - 1) / 2
    ideal_u = fx * normal[:, 0] + cx
    ideal_v = fy * normal[:, 1] + cy
    limit_x, limit_y = out_w * (MAX_CANVAS_GROWTH - 1) / 2, out_h * (MAX_CANVAS_GROWTH - 1) / 2
    margin_x = math.ceil(min(max(0.0, -ideal_u.min()), limit_x)) + 2
    margin_y = math.ceil(min(max(0.0, -ideal_v.min()), limit_y)) + 2
    width = math.ceil(min(max(out_w, ideal_u.max()), out_w + limit_x)) + margin_x + 2
    height = math.ceil(min(max(out_h, ideal_v.max()), out_h + limit_y)) + margin_y + 2
    coarse_x = (ideal_u + margin_x).reshape(rows, cols).astype(np.float32)
    coarse_y = (ideal_v + margin_y).reshape(rows, cols).astype(np.float32)
    size = (cols * MAP_BLOCK, rows * MAP_BLOCK)
    map_x = cv2.resize(coarse_x, size, interpolation=cv2.INTER_LINEAR)[MAP_BLOCK:MAP_BLOCK + out_h, MAP_BLOCK:MAP_BLOCK + out_w]
    map_y = cv2.resize(coarse_y, size, interpolation=cv2.INTER_LINEAR)[MAP_BLOCK:MAP_BLOCK + out_h, MAP_BLOCK:MAP_BLOCK + out_w]
    matrix = np.array([[fx, 0, cx + margin_x], [0, fy, cy + margin_y], [0, 0, 1]], dtype=np.float64)
    return IdealCanvas(scale, width, height, matrix, np.ascontiguousarray(map_x), np.ascontiguousarray(map_y))
