"""A second look for the board's corner markers the first one missed. Seen 40-45 degrees off straight down, the far
markers are a dozen pixels across, and in dim light and blur ArUco misses even near ones; the board is then fitted
through one or two markers, which hold it only near themselves (tuning seeds 3150-3349: the fit 13-98 mm off over the
board, one view's lone marker giving no board at all; board_refit.py cannot always mend that). The picture is looked
at again magnified, where the same detector finds most of them (its thresholds and corner refinement work on more
pixels); each marker so found is kept only when it is one of the board's corner markers not seen yet and the fit
through all the markers then puts every corner within a few pixels of where it was detected (a marker found at the
wrong place cannot do that)."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.black_cannon.camera.board_view import board_marker_points
from companion.games.black_cannon.camera.settings import ReaderSettings
from companion.games.black_cannon.kit import pieces as kit
from companion.kit import ids
from companion.vision.markers import DetectedMarker, detect_markers_magnified


def _corner_ids(markers: list[DetectedMarker]) -> set[int]:
    return {marker.id for marker in markers if marker.id in ids.TABLE_CORNER_MARKERS.ids}


def with_missed_corners(image: np.ndarray, markers: list[DetectedMarker], columns: int, rows: int,
                        settings: ReaderSettings) -> list[DetectedMarker]:
    """`markers` and the board's corner markers found on a magnified look, when fewer than `sure_corners` were seen
    (none added when none was: there is no board to check them against, and no fit to mend)."""
    seen = _corner_ids(markers)
    if not seen or len(seen) >= settings.sure_corners:
        return markers
    geometry = kit.BoardGeometry(columns, rows)
    found = list(markers)
    for scale in settings.corner_search_scales:
        new = [marker for marker in detect_markers_magnified(image, scale)
               if marker.id in ids.TABLE_CORNER_MARKERS.ids and marker.id not in _corner_ids(found)]
        if new and _fits_together(geometry, [*found, *new], settings):
            found += new
        if len(_corner_ids(found)) >= settings.sure_corners:
            break
    return sorted(found, key=lambda marker: (marker.id, marker.corners))


def _fits_together(geometry: kit.BoardGeometry, markers: list[DetectedMarker], settings: ReaderSettings) -> bool:
    """Whether one homography puts every corner marker's corners within `corner_search_residual_px` of where they
    were detected."""
    board_points, image_points = board_marker_points(geometry, markers)
    homography, _ = cv2.findHomography(np.float64(board_points), np.float64(image_points))
    if homography is None:
        return False
    placed = cv2.perspectiveTransform(np.float64(board_points).reshape(-1, 1, 2), homography).reshape(-1, 2)
    return float(np.linalg.norm(placed - np.float64(image_points), axis=1).max()) <= settings.corner_search_residual_px
