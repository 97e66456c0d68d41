"""A camera recovered from one table-plane homography: where a point above the table shows in the picture.

Tall pieces lean away from the camera in the picture and hide what stands behind them. To
know which way and how far, the reader needs the camera, not just the plane: with square
pixels and the principal point at the picture's centre, a plane homography H ~ K [r1 r2 t]
fixes the focal length f (r1 and r2 must be orthogonal and of equal length). Near a
straight-down view those two conditions say little about f, so the estimate leans on a
prior focal length (a typical webcam's field of view) in proportion to how little they say.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

# A typical webcam sees about 60-75 degrees across: f near 0.75 of the picture's width.
PRIOR_FOCAL_PER_WIDTH = 0.75
# How strongly the prior holds f, against the two conditions (both scaled to order 1).
PRIOR_WEIGHT = 0.002  # measured on 60 rendered views: 0.05 gave 7% median focal error past 20 degrees, this 2%
FOCAL_RANGE_PER_WIDTH = (0.35, 2.5)


@dataclass(frozen=True)
class PlaneCamera:
    """A pinhole camera over the plane z = 0 of the homography's source frame (mm)."""

    focal: float
    centre: tuple[float, float]
    rotation: np.ndarray     # 3x3, plane frame -> camera frame
    translation: np.ndarray  # 3, plane frame -> camera frame
    up: float                # +1 or -1: the sign of z on the camera's side of the table

    @property
    def position(self) -> np.ndarray:
        """The camera's centre in the plane frame (mm)."""
        return -self.rotation.T @ self.translation

    @property
    def height_mm(self) -> float:
        return float(abs(self.position[2]))

    def project(self, points: np.ndarray) -> np.ndarray:
        """Image px of plane-frame points (n, 3), heights along `up` (z = up * height)."""
        points = np.asarray(points, np.float64).reshape(-1, 3)
        in_camera = points @ self.rotation.T + self.translation
        depth = np.maximum(in_camera[:, 2:3], 1e-6)
        return in_camera[:, :2] / depth * self.focal + np.array(self.centre)

    def project_raised(self, plane_xy: np.ndarray, height_mm) -> np.ndarray:
        """Image px of the points `height_mm` above the plane points (n, 2); one height for
        all, or one per point."""
        plane_xy = np.asarray(plane_xy, np.float64).reshape(-1, 2)
        z = self.up * np.broadcast_to(np.asarray(height_mm, np.float64), (len(plane_xy),)).reshape(-1, 1)
        return self.project(np.hstack([plane_xy, z]))

    def view_angle_deg(self, plane_xy) -> float:
        """Angle between the table's normal and the line of sight to a plane point."""
        offset = self.position - np.array([plane_xy[0], plane_xy[1], 0.0])
        return float(np.degrees(np.arccos(abs(offset[2]) / np.linalg.norm(offset))))


def camera_from_plane(plane_to_image: np.ndarray, image_size: tuple[int, int]) -> PlaneCamera:
    """The camera of a plane homography (plane mm -> image px) in an image of (width, height)."""
    width, height = image_size
    centre = ((width - 1) / 2.0, (height - 1) / 2.0)
    shift = np.array([[1.0, 0.0, -centre[0]], [0.0, 1.0, -centre[1]], [0.0, 0.0, 1.0]])
    h = shift @ np.asarray(plane_to_image, np.float64)
    focal = _focal(h, width)
    scaled = np.diag([1.0 / focal, 1.0 / focal, 1.0]) @ h
    a1, a2, a3 = scaled[:, 0], scaled[:, 1], scaled[:, 2]
    scale = (np.linalg.norm(a1) + np.linalg.norm(a2)) / 2.0
    if a3[2] < 0:        # the plane must lie in front of the camera
        scale = -scale
    r1, r2 = a1 / scale, a2 / scale
    r1 /= np.linalg.norm(r1)
    r2 = r2 - r1 * (r1 @ r2)   # nearest orthonormal pair
    r2 /= np.linalg.norm(r2)
    r3 = np.cross(r1, r2)
    rotation = np.column_stack([r1, r2, r3])
    translation = a3 / scale
    position = -rotation.T @ translation
    return PlaneCamera(focal, centre, rotation, translation, 1.0 if position[2] > 0 else -1.0)


def _focal(h: np.ndarray, width: float) -> float:
    """Least squares in w = 1/f^2 over the two conditions on r1, r2, held to the prior."""
    (h1x, h2x, _), (h1y, h2y, _), (h1z, h2z, _) = h
    prior = 1.0 / (PRIOR_FOCAL_PER_WIDTH * width) ** 2
    # Each condition is  w * a + b = 0; both are rescaled so that the prior's w gives a of order 1.
    rows = np.array([[h1x * h2x + h1y * h2y, h1z * h2z],
                     [h1x ** 2 + h1y ** 2 - h2x ** 2 - h2y ** 2, h1z ** 2 - h2z ** 2]])
    norm = np.linalg.norm([h1x, h1y, h2x, h2y]) ** 2 * prior + 1e-30
    a = rows[:, 0] * prior / norm
    b = rows[:, 1] / norm
    # Minimise sum (a_i * x + b_i)^2 + PRIOR_WEIGHT * (x - 1)^2 with w = x * prior.
    x = (PRIOR_WEIGHT - a @ b) / (a @ a + PRIOR_WEIGHT)
    low, high = FOCAL_RANGE_PER_WIDTH
    focal = float(np.sqrt(1.0 / max(x * prior, 1e-30)))
    return float(np.clip(focal, low * width, high * width))


def prior_plane_maps(plane_points_mm, image_points, picture_shape: tuple[int, int]) -> list[np.ndarray]:
    """The plane-to-picture homographies of the camera poses that put points of the plane (mm, z = 0) where they
    were seen, the focal length a typical webcam's and the principal point the picture's middle: IPPE's two (a pose
    and its mirror; a small square seen alone fits both). None where OpenCV cannot solve them."""
    height, width = picture_shape
    focal = PRIOR_FOCAL_PER_WIDTH * width
    k = np.array([[focal, 0, (width - 1) / 2], [0, focal, (height - 1) / 2], [0, 0, 1.0]])
    on_plane = np.float64([[x, y, 0.0] for x, y in np.float64(plane_points_mm).reshape(-1, 2)])
    try:
        _, rotations, translations, _ = cv2.solvePnPGeneric(on_plane, np.float64(image_points), k, None,
                                                            flags=cv2.SOLVEPNP_IPPE)
    except cv2.error:
        return []
    maps = []
    for rotation, translation in zip(rotations, translations):
        r = cv2.Rodrigues(rotation)[0]
        maps.append(k @ np.column_stack([r[:, 0], r[:, 1], translation.ravel()]))
    return maps
