"""Where a printed sheet lies: its homography, and its 3D pose, from the markers printed on it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

import cv2
import numpy as np

from calibration.camera import CameraIntrinsics
from companion.vision.markers import DetectedMarker

# A corner further than this from where the other markers put it marks its marker as misread
# (or as another sheet's marker with the same id). Detected corners agree to well under 1 px;
# 3 px leaves room for paper that does not lie quite flat.
OUTLIER_PX = 3.0

Corners = tuple[tuple[float, float], tuple[float, float], tuple[float, float], tuple[float, float]]


class SheetNotFound(ValueError):
    """The sheet cannot be located in the picture; the message says why."""


@dataclass(frozen=True)
class SheetLayout:
    """Where each marker is printed on a sheet: id -> its corners in mm from the sheet's
    top-left, in OpenCV's order (top-left, top-right, bottom-right, bottom-left as printed)."""

    markers: Mapping[int, Corners]

    @classmethod
    def from_squares(cls, squares: Mapping[int, tuple[float, float, float]]) -> SheetLayout:
        """From id -> (left_mm, top_mm, side_mm) of each upright square marker."""
        return cls({
            marker_id: ((x, y), (x + side, y), (x + side, y + side), (x, y + side))
            for marker_id, (x, y, side) in squares.items()
        })


@dataclass(frozen=True, eq=False)
class SheetHomography:
    """The plane-to-plane map from sheet mm to image px, and the markers it rests on."""

    matrix: np.ndarray  # 3x3, sheet mm -> image px
    markers_used: tuple[int, ...]
    markers_rejected: tuple[int, ...]  # seen, but not where the others put them
    rms_px: float  # how far the used corners lie from where the map puts them

    def to_image(self, points_mm) -> np.ndarray:
        """(N, 2) image px of (N, 2) sheet points in mm."""
        return _apply(self.matrix, points_mm)

    def to_sheet(self, points_px) -> np.ndarray:
        """(N, 2) sheet mm of (N, 2) image points in px."""
        return _apply(np.linalg.inv(self.matrix), points_px)


@dataclass(frozen=True, eq=False)
class SheetPose:
    """The sheet's pose in the camera frame: x right and y down the sheet, z into it, in mm."""

    rvec: np.ndarray  # Rodrigues rotation, sheet -> camera
    tvec: np.ndarray  # the sheet's top-left corner in camera coordinates, mm
    markers_used: tuple[int, ...]
    rms_px: float

    def rotation(self) -> np.ndarray:
        return cv2.Rodrigues(self.rvec)[0]

    @property
    def tilt_degrees(self) -> float:
        """Angle between the camera's view axis and the sheet's normal: 0 when seen face-on."""
        normal = self.rotation()[:, 2]
        return float(np.degrees(np.arccos(min(1.0, abs(normal[2])))))

    def to_camera(self, points_mm) -> np.ndarray:
        """(N, 3) camera coordinates in mm of (N, 2) sheet points or (N, 3) points above it."""
        points = _as_3d(points_mm)
        return points @ self.rotation().T + self.tvec.reshape(1, 3)


def locate_sheet(
    markers: list[DetectedMarker], layout: SheetLayout, *, outlier_px: float = OUTLIER_PX
) -> SheetHomography:
    """The homography from sheet mm to image px, from whichever of the sheet's markers are seen.

    One marker is enough; more spread it over the sheet and let a misread one be rejected.
    SheetNotFound when none of the sheet's markers is usable.
    """
    usable = _matched(markers, layout)
    sheet_points = np.array([layout.markers[m.id] for m in usable], np.float64).reshape(-1, 2)
    image_points = np.array([m.corners for m in usable], np.float64).reshape(-1, 2)
    if len(usable) == 1:
        matrix, _ = cv2.findHomography(sheet_points, image_points, 0)
        keep = np.ones(4, bool)
    else:
        matrix, inliers = cv2.findHomography(sheet_points, image_points, cv2.RANSAC, outlier_px)
        if matrix is None:
            raise SheetNotFound(f"sheet not located: markers {_ids(usable)} do not fit one plane")
        # A marker counts only when all four of its corners agree with the rest.
        keep = np.repeat(inliers.reshape(-1, 4).all(axis=1), 4)
        if not keep.any():
            raise SheetNotFound(f"sheet not located: markers {_ids(usable)} disagree with each other")
        matrix, _ = cv2.findHomography(sheet_points[keep], image_points[keep], 0)
    if matrix is None:
        raise SheetNotFound(f"sheet not located: the corners of markers {_ids(usable)} are degenerate")
    residuals = _apply(matrix, sheet_points[keep]) - image_points[keep]
    used = tuple(m.id for m, k in zip(usable, keep[::4]) if k)
    rejected = tuple(m.id for m, k in zip(usable, keep[::4]) if not k)
    return SheetHomography(matrix / matrix[2, 2], used, rejected, _rms(residuals))


def estimate_pose(
    markers: list[DetectedMarker],
    layout: SheetLayout,
    intrinsics: CameraIntrinsics,
    *,
    outlier_px: float = OUTLIER_PX,
) -> SheetPose:
    """The sheet's 3D pose from its seen markers and the camera's intrinsics.

    Markers the homography rejects are left out here too. SheetNotFound as locate_sheet.
    """
    located = locate_sheet(markers, layout, outlier_px=outlier_px)
    chosen = [m for m in markers if m.id in located.markers_used]
    sheet_points = _as_3d(np.array([layout.markers[m.id] for m in chosen], np.float64).reshape(-1, 2))
    image_points = np.array([m.corners for m in chosen], np.float64).reshape(-1, 2)
    camera, distortion = intrinsics.matrix(), intrinsics.distortion_array()
    # IPPE is made for planar targets: exact for four or more coplanar points, no initial guess.
    found, rvec, tvec = cv2.solvePnP(
        sheet_points, image_points, camera, distortion, flags=cv2.SOLVEPNP_IPPE
    )
    if not found:
        raise SheetNotFound(f"sheet pose not found from markers {located.markers_used}")
    projected, _ = cv2.projectPoints(sheet_points, rvec, tvec, camera, distortion)
    residuals = projected.reshape(-1, 2) - image_points
    return SheetPose(rvec.ravel(), tvec.ravel(), located.markers_used, _rms(residuals))


def _matched(markers: list[DetectedMarker], layout: SheetLayout) -> list[DetectedMarker]:
    # An id seen twice cannot be told apart (two sheets, or a misread): neither copy is used.
    counts = Counter(m.id for m in markers)
    usable = [m for m in markers if m.id in layout.markers and counts[m.id] == 1]
    if not usable:
        expected = ", ".join(str(i) for i in sorted(layout.markers))
        seen = ", ".join(str(m.id) for m in markers) or "none"
        raise SheetNotFound(
            f"sheet not located: none of its markers ({expected}) seen once; seen: {seen}"
        )
    return usable


def _apply(matrix: np.ndarray, points) -> np.ndarray:
    points = np.asarray(points, np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(points, matrix).reshape(-1, 2)


def _as_3d(points) -> np.ndarray:
    points = np.asarray(points, np.float64)
    if points.ndim == 1:
        points = points.reshape(1, -1)
    if points.shape[1] == 2:
        points = np.hstack([points, np.zeros((len(points), 1))])
    return points


def _rms(residuals: np.ndarray) -> float:
    return float(np.sqrt((residuals ** 2).sum(axis=1).mean()))


def _ids(markers: list[DetectedMarker]) -> tuple[int, ...]:
    return tuple(m.id for m in markers)
