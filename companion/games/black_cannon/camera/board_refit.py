"""A board seen by fewer than three of its corner markers, fitted again against its own print. One or two markers
hold the homography only near themselves: across the board it may lie 5-50 mm off (tuning seeds 1650-1799), so a
die is looked for where it is not. The printed board (kit/sheets.py board_picture) is known everywhere, so the fit
from the markers is refined by matching the photo to the print over the whole board (OpenCV's ECC, a homography
maximising their correlation). The refit is kept only when the print correlates well and the markers seen still
lie where they were detected; else the markers' fit stands, as before."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from companion.games.black_cannon.board import Board
from companion.games.black_cannon.camera.board_view import BoardView, board_marker_points
from companion.games.black_cannon.camera.settings import ReaderSettings
from companion.games.black_cannon.kit.sheets import board_picture
from companion.vision.markers import DetectedMarker
from companion.vision.plane_camera import camera_from_plane


@lru_cache(maxsize=2)
def _print_grey(board: Board, px_per_mm: float) -> np.ndarray:
    return cv2.cvtColor(board_picture(board, px_per_mm), cv2.COLOR_BGR2GRAY).astype(np.float32)


def refit_sparse_view(view: BoardView, image: np.ndarray, board: Board, markers: list[DetectedMarker],
                      settings: ReaderSettings) -> BoardView:
    """`view` refitted to the board's print when fewer than `sure_corners` markers fixed it, and the refit holds."""
    if len(view.corners_seen) >= settings.sure_corners:
        return view
    ppm = settings.refit_px_per_mm
    to_print_px = np.array([[1 / ppm, 0, 0], [0, 1 / ppm, 0], [0, 0, 1.0]])
    start = view.to_image @ to_print_px
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    stop = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, settings.refit_iterations, settings.refit_step_px)
    try:
        correlation, warp = cv2.findTransformECC(_print_grey(board, ppm), grey, (start / start[2, 2]).astype(np.float32),
                                                 cv2.MOTION_HOMOGRAPHY, stop, None, settings.refit_smoothing_px)
    except cv2.error:      # the print and photo did not correlate (too little of the board seen): keep the markers'
        return view
    if correlation < settings.refit_least_correlation:
        return view
    homography = warp.astype(np.float64) @ np.linalg.inv(to_print_px)
    board_points, image_points = board_marker_points(view.geometry, markers)
    placed = cv2.perspectiveTransform(np.float64(board_points).reshape(-1, 1, 2), homography).reshape(-1, 2)
    if np.linalg.norm(placed - np.float64(image_points), axis=1).max() > settings.refit_marker_drift_px:
        return view
    size = (image.shape[1], image.shape[0])
    return BoardView(view.geometry, homography / homography[2, 2], camera_from_plane(homography, size),
                     view.corners_seen)
