"""Spots the cannon's base marker beside the island in a camera frame: its pose on the table and,
from the same frame, where each board's cells are (companion.hardware.aim's table frame)."""

from __future__ import annotations

import time
from typing import Callable

import cv2
import numpy as np
from firmware_bridge.aiming import CannonPose

from companion.hardware.aim import CANNON_MARKER_ID, CannonFix, Matrix
from companion.games.cannonball_colony.camera.island import IslandGeometry, IslandNotFound, assemble_island, locate_boards
from companion.vision.markers import DetectedMarker, detect_markers

# The cannon stays put for minutes; two looks a second keep the panel current without
# taking the reader's time (one marker pass is a few ms on a 720p frame).
LOOK_EVERY_S = 0.5


def sight(geometry: IslandGeometry, marker: DetectedMarker, height_mm: float = 60.0) -> CannonFix:
    """The cannon's pose and every seen board's cell grid, in the reference board's sheet mm."""
    reference = min(geometry.located)
    to_table = np.linalg.inv(geometry.located[reference].sheet_to_image)
    corners = cv2.perspectiveTransform(np.array(marker.corners, np.float64).reshape(-1, 1, 2), to_table).reshape(4, 2)
    pose = CannonPose.from_marker_corners([tuple(map(float, c)) for c in corners], height=height_mm)
    boards: dict[int, Matrix] = {}
    for number, (col, row) in geometry.boards.items():
        local_to_logical = np.array([[1.0, 0, col], [0, 1.0, row], [0, 0, 1.0]])
        matrix = to_table @ geometry.grid_to_image(number) @ local_to_logical
        matrix = matrix / matrix[2, 2]
        boards[number] = tuple(tuple(float(v) for v in line) for line in matrix)
    return CannonFix(pose, "camera", time.time(), boards, reference)


class CannonSpotter:
    """Called with every frame by the live pipeline; looks at most every `every_s` and hands a
    fix to `on_fix`, or a sentence to `on_note` when the marker is seen but cannot be placed."""

    def __init__(self, on_fix: Callable[[CannonFix], None], on_note: Callable[[str], None] = lambda text: None, *,
                 every_s: float = LOOK_EVERY_S, height_mm: float = 60.0, clock: Callable[[], float] = time.monotonic):
        self.on_fix, self.on_note = on_fix, on_note
        self.every_s, self.height_mm, self.clock = every_s, height_mm, clock
        self.fixes = 0
        self._last_look = float("-inf")

    def __call__(self, image: np.ndarray, timestamp: float | None = None) -> CannonFix | None:
        now = self.clock()
        if now - self._last_look < self.every_s:
            return None
        self._last_look = now
        markers = detect_markers(image)
        cannon = [m for m in markers if m.id == CANNON_MARKER_ID]
        if not cannon:
            return None
        try:
            fix = sight(assemble_island(locate_boards(markers)), cannon[0], self.height_mm)
        except IslandNotFound as error:
            self.on_note(f"The camera sees the cannon's marker but cannot place it on the table: {error}")
            return None
        except (ValueError, np.linalg.LinAlgError) as error:   # a degenerate view of the boards
            self.on_note(f"The camera sees the cannon's marker but could not measure the island: {error}")
            return None
        self.fixes += 1
        self.on_fix(fix)
        return fix
