"""Measure a camera's intrinsics from views of a chessboard or a ChArUco board."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import cv2
import numpy as np

from calibration.camera import CameraIntrinsics
from calibration.patterns import CharucoPattern, ChessboardPattern, Pattern
from calibration.views import (
    PatternView,
    SkippedView,
    find_charuco_corners,
    find_charuco_markers,
    find_chessboard,
)

# Four views is the least that pins down focal length, centre and three radial terms at all;
# OpenCV's own ChArUco reference was made from four. More views give steadier results.
MIN_VIEWS = 4

# OpenCV's default stops Levenberg-Marquardt after 30 steps. With few views that is not yet
# converged: on OpenCV's four ChArUco tutorial photos fx still moved by 5% after step 30.
# The fit takes milliseconds, so let it run until it settles.
SOLVER_CRITERIA = (cv2.TERM_CRITERIA_COUNT + cv2.TERM_CRITERIA_EPS, 1000, np.finfo(float).eps)


class CalibrationError(ValueError):
    """The views cannot give a calibration; the message says why and what would help."""


class NotEnoughViews(CalibrationError):
    def __init__(
        self, usable: int, needed: int, total: int, pattern: Pattern, skipped: list[SkippedView]
    ):
        super().__init__(
            f"only {usable} of {total} views show the pattern {pattern} usably; "
            f"calibration needs at least {needed}"
        )
        self.usable = usable
        self.needed = needed
        self.skipped = skipped


@dataclass(frozen=True)
class CalibrationRun:
    """The intrinsics found, and the views left out with the reason for each."""

    intrinsics: CameraIntrinsics
    skipped: list[SkippedView]


def calibrate_camera(
    views: Iterable[tuple[str, np.ndarray]],
    pattern: Pattern,
    *,
    fix_aspect: bool = False,
    min_views: int = MIN_VIEWS,
) -> CalibrationRun:
    """Intrinsics from named images (BGR or grey) of `pattern`.

    Views where the pattern is not found, or whose size differs from the first view's,
    are skipped and listed. NotEnoughViews when fewer than `min_views` remain.
    `fix_aspect` holds fx = fy (OpenCV's CALIB_FIX_ASPECT_RATIO with ratio 1).
    """
    greys = _grey_views(views)
    flags = cv2.CALIB_FIX_ASPECT_RATIO if fix_aspect else 0
    if isinstance(pattern, ChessboardPattern):
        found = [find_chessboard(name, grey, pattern) for name, grey in greys]
    elif isinstance(pattern, CharucoPattern):
        found = _find_charuco(greys, pattern, flags, min_views)
    else:
        raise TypeError(f"expected a chessboard or ChArUco pattern, got {pattern!r}")

    usable, skipped = _usable(found)
    if len(usable) < min_views:
        raise NotEnoughViews(len(usable), min_views, len(greys), pattern, skipped)
    rms, matrix, distortion, per_view = _fit(usable, flags)
    intrinsics = CameraIntrinsics(
        camera_matrix=tuple(tuple(float(v) for v in row) for row in matrix),
        distortion=tuple(float(v) for v in distortion.ravel()),
        image_size=usable[0].image_size,
        rms=float(rms),
        per_view_errors={view.name: float(e) for view, e in zip(usable, per_view)},
        pattern=str(pattern),
        flags=("CALIB_FIX_ASPECT_RATIO",) if fix_aspect else (),
        skipped_views={view.name: view.reason for view in skipped},
    )
    return CalibrationRun(intrinsics, skipped)


def _find_charuco(
    greys: list[tuple[str, np.ndarray]], pattern: CharucoPattern, flags: int, min_views: int
) -> list[PatternView | SkippedView]:
    # Two passes, as OpenCV's ChArUco calibration sample does: a rough camera from the marker
    # corners alone, then the chessboard corners placed by that camera's projection and refined.
    # On OpenCV's tutorial photos a single pass (local homographies) gave fx 1.1% from OpenCV's
    # reference, the two passes 0.6%.
    board = pattern.board()
    detections = [find_charuco_markers(name, grey, pattern, board) for name, grey in greys]
    marker_views, _ = _usable([view for _, view in detections])
    camera = distortion = None
    if len(marker_views) >= min_views:
        try:
            _, camera, distortion, _ = _fit(marker_views, flags)
        except cv2.error:
            camera = distortion = None  # fall back to placing corners by local homographies
    found: list[PatternView | SkippedView] = []
    for (name, grey), (markers, marker_view) in zip(greys, detections):
        if isinstance(marker_view, SkippedView):
            found.append(marker_view)
        else:
            found.append(find_charuco_corners(name, grey, pattern, board, markers, camera, distortion))
    return found


def _fit(views: list[PatternView], flags: int):
    size = views[0].image_size
    # With CALIB_FIX_ASPECT_RATIO OpenCV keeps the fx/fy of the matrix passed in: 1 here.
    initial = np.eye(3) if flags & cv2.CALIB_FIX_ASPECT_RATIO else None
    result = cv2.calibrateCameraExtended(
        [v.object_points for v in views], [v.image_points for v in views], size,
        initial, None, flags=flags, criteria=SOLVER_CRITERIA,
    )
    rms, matrix, distortion, _rvecs, _tvecs, _std_in, _std_out, per_view = result
    return rms, matrix, distortion, per_view.ravel()


def _usable(found: list[PatternView | SkippedView]) -> tuple[list[PatternView], list[SkippedView]]:
    usable = [view for view in found if isinstance(view, PatternView)]
    skipped = [view for view in found if isinstance(view, SkippedView)]
    if usable:
        # Intrinsics hold for one image size only: the first usable view sets it.
        width, height = usable[0].image_size
        for view in usable[1:]:
            if view.image_size != (width, height):
                w, h = view.image_size
                reason = f"is {w}x{h}, the other views are {width}x{height}"
                skipped.append(SkippedView(view.name, reason))
        usable = [view for view in usable if view.image_size == (width, height)]
    order = {name: i for i, name in enumerate(v.name for v in found)}
    skipped.sort(key=lambda view: order[view.name])
    return usable, skipped


def _grey_views(views: Iterable[tuple[str, np.ndarray]]) -> list[tuple[str, np.ndarray]]:
    greys = []
    for name, image in views:
        if image.ndim == 3:
            code = cv2.COLOR_BGR2GRAY if image.shape[2] == 3 else cv2.COLOR_BGRA2GRAY
            image = cv2.cvtColor(image, code)
        greys.append((name, image))
    return greys
