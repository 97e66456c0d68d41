"""Find a calibration pattern in one view: its corners in the image and on the board."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from calibration.patterns import CharucoPattern, ChessboardPattern
from companion.vision.markers import DetectedMarker, detect_markers

# cornerSubPix settings from OpenCV's own calibration sample (samples/cpp/calibration.cpp),
# whose results our reference file holds: an 11 px half-window, 30 steps or 0.0001 px.
CHESSBOARD_HALF_WINDOW_PX = 11
CHESSBOARD_SUBPIX_CRITERIA = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_COUNT, 30, 0.0001)
CHESSBOARD_FLAGS = (
    cv2.CALIB_CB_ADAPTIVE_THRESH | cv2.CALIB_CB_NORMALIZE_IMAGE | cv2.CALIB_CB_FAST_CHECK
)

# Fewer ChArUco corners than this make a weak view: four is calibrateCamera's floor, and a
# view whose few corners sit in one row tells nothing about the other direction.
MIN_CHARUCO_CORNERS = 6


@dataclass(frozen=True)
class PatternView:
    """A view in which the pattern was found: matching board (mm) and image (px) points."""

    name: str
    object_points: np.ndarray  # (N, 3) float32, mm on the board
    image_points: np.ndarray  # (N, 1, 2) float32, px in the image
    image_size: tuple[int, int]  # (width, height)


@dataclass(frozen=True)
class SkippedView:
    """A view that cannot be used, and why, in words for the person calibrating."""

    name: str
    reason: str


def find_chessboard(
    name: str, grey: np.ndarray, pattern: ChessboardPattern
) -> PatternView | SkippedView:
    """The chessboard's inner corners, refined to sub-pixel, as OpenCV's calibration sample does."""
    size = (pattern.columns, pattern.rows)
    found, corners = cv2.findChessboardCorners(grey, size, flags=CHESSBOARD_FLAGS)
    if not found:
        return SkippedView(name, f"no {pattern.columns}x{pattern.rows} chessboard found")
    half = _chessboard_half_window(corners, pattern)
    corners = cv2.cornerSubPix(grey, corners, (half, half), (-1, -1), CHESSBOARD_SUBPIX_CRITERIA)
    return PatternView(name, pattern.object_points(), corners, _size_of(grey))


def find_charuco_markers(
    name: str, grey: np.ndarray, pattern: CharucoPattern, board
) -> tuple[list[DetectedMarker], PatternView | SkippedView]:
    """The board's ArUco markers, and their corners as points for a first, rough calibration."""
    board_ids = set(int(i) for i in board.getIds().ravel())
    # Marker corners only seed the board pose and the refinement windows here; refining them
    # as well moved the result on OpenCV's tutorial photos away from OpenCV's own reference,
    # which was made with unrefined markers (fx +1.4% against +0.6%).
    found = detect_markers(grey, pattern.dictionary, refine=False)
    markers = [m for m in found if m.id in board_ids]
    if not markers:
        return markers, SkippedView(name, f"no markers of the {pattern.dictionary} board found")
    marker_board = cv2.aruco.Board(board.getObjPoints(), board.getDictionary(), board.getIds())
    corners, ids = _opencv_markers(markers)
    object_points, image_points = marker_board.matchImagePoints(corners, ids)
    return markers, PatternView(name, object_points.reshape(-1, 3), image_points, _size_of(grey))


def find_charuco_corners(
    name: str,
    grey: np.ndarray,
    pattern: CharucoPattern,
    board,
    markers: list[DetectedMarker],
    camera_matrix: np.ndarray | None = None,
    distortion: np.ndarray | None = None,
) -> PatternView | SkippedView:
    """The ChArUco chessboard corners between the found markers, refined to sub-pixel.

    With a camera estimate, each corner's starting point is projected from the board's pose
    rather than from the homographies of its two neighbouring markers. That start lies
    nearer the true corner under lens distortion, and it is what OpenCV's ChArUco
    calibration sample does for its second pass.
    """
    detector = cv2.aruco.CharucoDetector(board)
    if camera_matrix is not None:
        parameters = cv2.aruco.CharucoParameters()
        parameters.cameraMatrix = camera_matrix
        parameters.distCoeffs = distortion
        detector.setCharucoParameters(parameters)
    corners, ids = _opencv_markers(markers)
    charuco_corners, charuco_ids, _, _ = detector.detectBoard(
        grey, markerCorners=corners, markerIds=ids
    )
    count = 0 if charuco_ids is None else len(charuco_ids)
    if count < MIN_CHARUCO_CORNERS:
        return SkippedView(name, f"only {count} ChArUco corners found (need {MIN_CHARUCO_CORNERS})")
    if board.checkCharucoCornersCollinear(charuco_ids):
        return SkippedView(name, f"the {count} ChArUco corners found lie in one line")
    object_points, image_points = board.matchImagePoints(charuco_corners, charuco_ids)
    return PatternView(name, object_points.reshape(-1, 3), image_points, _size_of(grey))


def _chessboard_half_window(corners: np.ndarray, pattern: ChessboardPattern) -> int:
    # A window that takes in the next corner is pulled towards it, so on a small or far board
    # the half-window stays 2 px short of the corner spacing (OpenCV's ChArUco rule too).
    # It could be tighter: half the spacing brought left02.jpg of OpenCV's samples from 1.2
    # to 0.35 px error, but then the result no longer matches OpenCV's published reference.
    grid = corners.reshape(pattern.rows, pattern.columns, 2)
    along_rows = np.linalg.norm(np.diff(grid, axis=1), axis=2).min()
    along_columns = np.linalg.norm(np.diff(grid, axis=0), axis=2).min()
    spacing = min(along_rows, along_columns)
    return int(max(2, min(CHESSBOARD_HALF_WINDOW_PX, spacing - 2)))


def _opencv_markers(markers: list[DetectedMarker]) -> tuple[tuple[np.ndarray, ...], np.ndarray]:
    corners = tuple(np.array(m.corners, np.float32).reshape(1, 4, 2) for m in markers)
    ids = np.array([[m.id] for m in markers], np.int32)
    return corners, ids


def _size_of(grey: np.ndarray) -> tuple[int, int]:
    return (int(grey.shape[1]), int(grey.shape[0]))
