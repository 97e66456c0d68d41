"""A board seen by fewer than three of its corner markers, fitted again against its own print. One or two markers
hold the homography only near themselves: across the board it may lie 5-50 mm off with two markers and 35-160 mm
with one (tuning seeds 2200-2399), so ships are placed a square off and dice looked for where they are not. The
printed board (kit/sheets.py board_picture) is known everywhere, so the fit is refined by matching the photo to the
print over the whole board (OpenCV's ECC, a homography maximising their correlation).

ECC only finds the print from near it. A lone marker's four corners leave the homography's tilt free, too far off
for that; a camera does not tilt freely: with the typical webcam's focal length (plane_camera.py), the marker's
corners fix the camera's pose up to a mirror (OpenCV's IPPE gives both poses), each a start. Every start is matched
and the one whose print correlates best is kept, when it correlates well and the markers seen still lie where they
were detected; else the markers' fit stands, as before."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from companion.games.black_cannon.board import Board
from companion.games.black_cannon.camera.board_view import BoardView, board_marker_points
from companion.games.black_cannon.camera.settings import ReaderSettings
from companion.games.black_cannon.kit.sheets import board_picture
from companion.vision.markers import DetectedMarker
from companion.vision.plane_camera import camera_from_plane, prior_plane_maps


@dataclass(frozen=True)
class PrintMatch:
    homography: np.ndarray    # board mm -> picture px
    correlation: float        # of the print and the photo under it (ECC's)
    marker_drift_px: float    # the farthest a seen marker's corner lies from where it was detected


@lru_cache(maxsize=2)
def _print_grey(board: Board, px_per_mm: float) -> np.ndarray:
    return cv2.cvtColor(board_picture(board, px_per_mm), cv2.COLOR_BGR2GRAY).astype(np.float32)


def refit_sparse_view(view: BoardView, image: np.ndarray, board: Board, markers: list[DetectedMarker],
                      settings: ReaderSettings) -> BoardView:
    """`view` refitted to the board's print when fewer than `sure_corners` markers fixed it, and the refit holds."""
    if len(view.corners_seen) >= settings.sure_corners:
        return view
    match = best_print_match(view, image, board, markers, settings)
    if (match is None or match.correlation < settings.refit_least_correlation
            or match.marker_drift_px > settings.refit_marker_drift_px):
        return view
    size = (image.shape[1], image.shape[0])
    return BoardView(view.geometry, match.homography, camera_from_plane(match.homography, size), view.corners_seen,
                     match.correlation)


def best_print_match(view: BoardView, image: np.ndarray, board: Board, markers: list[DetectedMarker],
                     settings: ReaderSettings) -> PrintMatch | None:
    """Of the starts (the markers' fit and the camera poses their corners allow), the print matched best by a
    homography a camera makes. ECC may lock onto the print's grid a square off far from the markers (tuning seeds
    1800-2399: correlations up to 0.51); no camera sees the board so (the square's middles 5-160 mm from those of
    the nearest camera's view, a right refit's 0.5-1.8 mm)."""
    board_points, image_points = board_marker_points(view.geometry, markers)
    photo, shrink = _photo_grey(view, image, settings)
    size = (image.shape[1], image.shape[0])
    matches = [match for start in [view.to_image, *prior_plane_maps(board_points, image_points, image.shape[:2])]
               if (match := _match_print(start, photo, shrink, board, settings)) is not None
               and _off_any_camera_mm(match.homography, view.geometry, size) <= settings.refit_camera_mm]
    if not matches:
        return None
    best = max(matches, key=lambda match: match.correlation)
    placed = cv2.perspectiveTransform(np.float64(board_points).reshape(-1, 1, 2), best.homography).reshape(-1, 2)
    drift = float(np.linalg.norm(placed - np.float64(image_points), axis=1).max())
    return PrintMatch(best.homography, best.correlation, drift)


def _off_any_camera_mm(homography: np.ndarray, geometry, size: tuple[int, int]) -> float:
    """How far (mm, the farthest of the squares' middles in the picture) the homography's board lies from the view
    of the camera recovered from it (plane_camera.py): a homography no pinhole camera makes lies far."""
    middles = np.float64([geometry.square_centre(column, row) for column in range(geometry.columns)
                          for row in range(geometry.rows)])
    seen = cv2.perspectiveTransform(middles.reshape(-1, 1, 2), homography).reshape(-1, 2)
    in_picture = (seen >= 0).all(axis=1) & (seen[:, 0] < size[0]) & (seen[:, 1] < size[1])
    if not in_picture.any():
        return float("inf")
    camera_seen = camera_from_plane(homography, size).project_raised(middles, 0.0)
    back = cv2.perspectiveTransform(camera_seen.reshape(-1, 1, 2), np.linalg.inv(homography)).reshape(-1, 2)
    return float(np.linalg.norm(back - middles, axis=1)[in_picture].max())


def _photo_grey(view: BoardView, image: np.ndarray, settings: ReaderSettings) -> tuple[np.ndarray, float]:
    """The photo in grey, shrunk to about `refit_photo_over_print` times the print's fineness at the board's middle
    (no finer detail is matched), and the shrink."""
    middle = np.float64(view.geometry.size_mm) / 2
    ends = cv2.perspectiveTransform(np.float64([middle, middle + (1.0, 0.0)]).reshape(-1, 1, 2), view.to_image)
    photo_px_per_mm = float(np.linalg.norm(ends[1] - ends[0]))
    shrink = min(1.0, settings.refit_photo_over_print * settings.refit_px_per_mm / max(photo_px_per_mm, 1e-6))
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    if shrink < 1.0:
        grey = cv2.resize(grey, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
    return grey.astype(np.float32), shrink


def _match_print(start: np.ndarray, photo: np.ndarray, shrink: float, board: Board,
                 settings: ReaderSettings) -> PrintMatch | None:
    """ECC from `start` (board mm -> picture px): the homography and the correlation it reached, None when it fails."""
    ppm = settings.refit_px_per_mm
    to_print_px = np.diag([1 / ppm, 1 / ppm, 1.0])
    to_photo = np.diag([shrink, shrink, 1.0])
    warp = to_photo @ start @ to_print_px
    stop = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, settings.refit_iterations, settings.refit_step_px)
    try:
        correlation, warp = cv2.findTransformECC(_print_grey(board, ppm), photo, (warp / warp[2, 2]).astype(np.float32),
                                                 cv2.MOTION_HOMOGRAPHY, stop, None, settings.refit_smoothing_px)
    except cv2.error:      # the print and photo did not correlate from there
        return None
    homography = np.linalg.inv(to_photo) @ warp.astype(np.float64) @ np.linalg.inv(to_print_px)
    return PrintMatch(homography / homography[2, 2], float(correlation), 0.0)
