"""A table's frame from its four corner markers, through the lens.

The sixteen corners of the four table markers lie at known table positions (the game's kit
says where, as a TableLayout); they fix the
table-to-picture homography and, with one radial term searched over, the lens' barrel
distortion (a webcam's k1 bends straight edges by a few pixels, which is several mm on the
table). The homography gives the camera (plane_camera), so a point lying `h` mm above the
table (a deck tag 12 mm up, a sail, a flag) is mapped exactly, not as if it lay on the table.
Table points here are mm from the play area's top-left corner, x right, y down the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from companion.vision.markers import get_dictionary
from companion.vision.plane_camera import PlaneCamera, camera_from_plane

CORNER_NAMES = ("top-left", "top-right", "bottom-right", "bottom-left")
MM_PER_INCH = 25.4


@dataclass(frozen=True)
class TableFrameSettings:
    # The lens' radial term over the half-diagonal (barrel < 0) is searched over this range ...
    k1_range: tuple[float, float] = (-0.30, 0.10)
    k1_steps: int = 41
    # ... and only with markers on this many sides of the picture: fewer cannot measure it.
    lens_markers: int = 3


@dataclass(frozen=True)
class TableLayout:
    """What a game's kit says about its table: the ids of the corner markers (in CORNER_NAMES
    order), the play area in mm, and each marker's four corners (OpenCV order) in table mm."""

    marker_ids: tuple[int, int, int, int]
    play_area_mm: tuple[float, float]
    marker_corners_mm: tuple[tuple[tuple[float, float], ...], ...]

    def __post_init__(self):
        if len(self.marker_ids) != 4 or len(self.marker_corners_mm) != 4:
            raise ValueError(f"a table has four corner markers, got ids {self.marker_ids!r}")


@lru_cache(maxsize=2)
def _detectors() -> tuple[cv2.aruco.ArucoDetector, ...]:
    """OpenCV's defaults, and a second setting that forgives blurred bits and rounded corners:
    small deck tags under blur fail one or the other, rarely both."""
    plain = cv2.aruco.DetectorParameters()
    plain.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    lenient = cv2.aruco.DetectorParameters()
    lenient.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    lenient.polygonalApproxAccuracyRate = 0.08
    lenient.minMarkerPerimeterRate = 0.02
    lenient.adaptiveThreshConstant = 5
    lenient.perspectiveRemoveIgnoredMarginPerCell = 0.3
    lenient.errorCorrectionRate = 0.8
    lenient.maxErroneousBitsInBorderRate = 0.5
    dictionary = get_dictionary("DICT_4X4_50")
    return cv2.aruco.ArucoDetector(dictionary, plain), cv2.aruco.ArucoDetector(dictionary, lenient)


def find_markers(grey: np.ndarray, rejected: list | None = None) -> dict[int, np.ndarray]:
    """Marker id -> its four corners (OpenCV order, px). A marker seen twice keeps the first
    sighting; an id seen at two places (a misread) keeps neither. Squares whose bits could not
    be read are added to `rejected` when given (a game's camera may read them again)."""
    found: dict[int, np.ndarray] = {}
    doubtful: set[int] = set()
    for detector in _detectors():
        corners, ids, squares = detector.detectMarkers(grey)
        if rejected is not None:
            rejected.extend(square.reshape(4, 2).astype(np.float64) for square in squares)
        if ids is None:
            continue
        seen_now: dict[int, np.ndarray] = {}
        for marker_id, quad in zip(ids.ravel().tolist(), corners):
            quad = quad.reshape(4, 2).astype(np.float64)
            if marker_id in seen_now:
                doubtful.add(marker_id)
            seen_now[marker_id] = quad
        for marker_id, quad in seen_now.items():
            if marker_id in found and np.linalg.norm(found[marker_id].mean(0) - quad.mean(0)) > 10:
                doubtful.add(marker_id)
            found.setdefault(marker_id, quad)
    return {marker_id: quad for marker_id, quad in found.items() if marker_id not in doubtful}


@dataclass(frozen=True)
class TableFrame:
    """Where the table is in one picture: homography table mm -> undistorted px, lens, camera."""

    plane_to_image: np.ndarray      # 3x3, table mm -> undistorted px
    k1: float                       # radial term over the half-diagonal
    centre: tuple[float, float]
    half_diagonal: float
    camera: PlaneCamera
    residual_px: float              # rms misfit of the table markers' corners
    seen: tuple[int, ...]           # table corners (0-3) whose marker was seen
    play_area_mm: tuple[float, float]
    planes: dict = field(default_factory=dict, compare=False, repr=False)

    def undistort(self, points_px) -> np.ndarray:
        points = np.asarray(points_px, np.float64).reshape(-1, 2)
        offset = (points - self.centre) / self.half_diagonal
        radius2 = (offset ** 2).sum(1, keepdims=True)
        return self.centre + offset * (1 + self.k1 * radius2) * self.half_diagonal

    def distort(self, points_px) -> np.ndarray:
        """The inverse of `undistort`, by a few fixed-point steps (the term is small)."""
        target = np.asarray(points_px, np.float64).reshape(-1, 2)
        offset = (target - self.centre) / self.half_diagonal
        guess = offset.copy()
        for _ in range(4):
            guess = offset / (1 + self.k1 * (guess ** 2).sum(1, keepdims=True))
        return self.centre + guess * self.half_diagonal

    def to_image(self, points_mm, height_mm=0.0) -> np.ndarray:
        """Picture px (through the lens) of table points `height_mm` above the table (one
        height for all, or one per point)."""
        points = np.asarray(points_mm, np.float64).reshape(-1, 2)
        if np.any(height_mm):
            undistorted = self.camera.project_raised(points, height_mm)
        else:
            undistorted = cv2.perspectiveTransform(points.reshape(-1, 1, 2), self.plane_to_image).reshape(-1, 2)
        return self.distort(undistorted)

    def to_table(self, points_px, height_mm: float = 0.0) -> np.ndarray:
        """Table mm of picture points known to lie `height_mm` above the table."""
        undistorted = self.undistort(points_px)
        return cv2.perspectiveTransform(undistorted.reshape(-1, 1, 2), self.image_to_plane(height_mm)).reshape(-1, 2)

    def image_to_plane(self, height_mm: float) -> np.ndarray:
        """Undistorted px -> table mm for points `height_mm` up (cached: a few heights per frame)."""
        key = round(float(height_mm), 3)
        if key not in self.planes:
            self.planes[key] = _image_to_plane(self, key)
        return self.planes[key]

    def table_to_image_inches(self) -> tuple[float, ...]:
        """The homography table inches -> picture px (the lens left out: within a few px)."""
        scaled = self.plane_to_image @ np.diag([MM_PER_INCH, MM_PER_INCH, 1.0])
        return tuple(float(v) for v in (scaled / scaled[2, 2]).ravel())


def _image_to_plane(frame: TableFrame, height_mm: float) -> np.ndarray:
    width, height = frame.play_area_mm
    corners = np.array([(0, 0), (width, 0), (width, height), (0, height)], np.float64)
    raised = frame.camera.project_raised(corners, height_mm) if height_mm else \
        cv2.perspectiveTransform(corners.reshape(-1, 1, 2), frame.plane_to_image).reshape(-1, 2)
    return cv2.getPerspectiveTransform(raised.astype(np.float32), corners.astype(np.float32)).astype(np.float64)


def table_frame(markers: dict[int, np.ndarray], image_size: tuple[int, int], layout: TableLayout,
                settings: TableFrameSettings = TableFrameSettings()) -> TableFrame | None:
    """The table frame from the table markers seen, or None when fewer than two were seen."""
    seen = tuple(corner for corner, marker_id in enumerate(layout.marker_ids) if marker_id in markers)
    if len(seen) < 2:
        return None
    image_points = np.vstack([markers[layout.marker_ids[c]] for c in seen])
    table_points = np.array([point for c in seen for point in layout.marker_corners_mm[c]], np.float64)
    width, height = image_size
    centre = ((width - 1) / 2.0, (height - 1) / 2.0)
    half_diagonal = float(np.hypot(width, height) / 2)
    # The lens term is only measurable with markers on three or four sides of the picture.
    candidates = np.linspace(*settings.k1_range, settings.k1_steps) if len(seen) >= settings.lens_markers else (0.0,)
    best = None
    for k1 in candidates:
        offset = (image_points - centre) / half_diagonal
        undistorted = centre + offset * (1 + k1 * (offset ** 2).sum(1, keepdims=True)) * half_diagonal
        homography, _ = cv2.findHomography(table_points, undistorted, 0)
        if homography is None:
            continue
        fitted = cv2.perspectiveTransform(table_points.reshape(-1, 1, 2), homography).reshape(-1, 2)
        residual = float(np.sqrt(((fitted - undistorted) ** 2).sum(1).mean()))
        if best is None or residual < best[0]:
            best = (residual, float(k1), homography)
    if best is None:
        return None
    residual, k1, homography = best
    camera = camera_from_plane(homography, image_size)
    return TableFrame(homography, k1, centre, half_diagonal, camera, residual, seen, layout.play_area_mm)
