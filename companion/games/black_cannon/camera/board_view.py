"""Where the board lies in a photo: the homography from the board frame (kit/pieces.py, mm) to the
picture, fitted through every corner of every table-corner marker seen (20-23), the camera recovered
from it, and views of the board plane (or a plane above it) as straight-down pictures."""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.games.black_cannon.kit import pieces as kit
from companion.kit import ids
from companion.vision.markers import DetectedMarker
from companion.vision.plane_camera import PlaneCamera, camera_from_plane


@dataclass(frozen=True)
class BoardView:
    geometry: kit.BoardGeometry
    to_image: np.ndarray        # board mm (z = 0) -> picture px
    camera: PlaneCamera
    corners_seen: tuple[int, ...]
    print_match: float = 0.0    # fitted again against the board's print (board_refit.py): their correlation
    # Each plane's matrices once worked out, by (which, height): a read asks for the same few planes hundreds of
    # times (the dice's, the decks'). Never written to once made; not part of the view's value.
    _planes: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def raised(self, height_mm: float) -> np.ndarray:
        """Board mm on the plane `height_mm` above the board -> picture px."""
        return self._plane("raised", height_mm)

    def to_board(self, pixels, height_mm: float = 0.0) -> np.ndarray:
        """Picture px -> board mm on the plane `height_mm` above the board."""
        return cv2.perspectiveTransform(np.float64(pixels).reshape(-1, 1, 2),
                                        self._plane("to board", height_mm)).reshape(-1, 2)

    def _plane(self, which: str, height_mm: float) -> np.ndarray:
        key = (which, float(height_mm))
        found = self._planes.get(key)
        if found is None:
            if which == "raised":
                cam = self.camera
                k = np.array([[cam.focal, 0, cam.centre[0]], [0, cam.focal, cam.centre[1]], [0, 0, 1.0]])
                r = cam.rotation
                found = k @ np.column_stack([r[:, 0], r[:, 1], r[:, 2] * cam.up * height_mm + cam.translation])
            else:
                found = np.linalg.inv(self.raised(height_mm) if height_mm else self.to_image)
            found.flags.writeable = False
            self._planes[key] = found
        return found

    def warp(self, image: np.ndarray, px_per_mm: float, origin_mm, size_mm, height_mm: float = 0.0) -> np.ndarray:
        """A straight-down picture of the plane `height_mm` up, `px_per_mm`, its top-left at `origin_mm`."""
        scale = np.array([[1 / px_per_mm, 0, origin_mm[0]], [0, 1 / px_per_mm, origin_mm[1]], [0, 0, 1.0]])
        matrix = (self.raised(height_mm) if height_mm else self.to_image) @ scale
        size = (int(round(size_mm[0] * px_per_mm)), int(round(size_mm[1] * px_per_mm)))
        return cv2.warpPerspective(image, matrix, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                   borderMode=cv2.BORDER_REPLICATE)


def locate_board(markers: list[DetectedMarker], image_size: tuple[int, int], columns: int, rows: int) -> BoardView | None:
    """The board's view from the corner markers seen, None when none is."""
    geometry = kit.BoardGeometry(columns, rows)
    board_points, image_points = board_marker_points(geometry, markers)
    seen = [marker.id - ids.TABLE_CORNER_MARKERS.first for marker in markers if marker.id in ids.TABLE_CORNER_MARKERS.ids]
    if not seen:
        return None
    homography, _ = cv2.findHomography(np.float64(board_points), np.float64(image_points))
    if homography is None:
        return None
    return BoardView(geometry, homography, camera_from_plane(homography, image_size), tuple(sorted(seen)))


def board_marker_points(geometry: kit.BoardGeometry, markers: list[DetectedMarker]) -> tuple[list, list]:
    """Every corner of every table-corner marker seen: its place on the board (mm) and in the picture (px)."""
    board_points, image_points = [], []
    for marker in markers:
        if marker.id in ids.TABLE_CORNER_MARKERS.ids:
            board_points += geometry.corner_marker_corners(marker.id - ids.TABLE_CORNER_MARKERS.first)
            image_points += marker.corners
    return board_points, image_points
