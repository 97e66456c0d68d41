"""Where a placed island board's markers lie in the picture: from the board's table plane, or from one marker's square.

The board finder looks for a placed board's unread markers where these maps put them, and keeps a weakly read marker
only where another marker of its board puts it.
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.kit import ids
from companion.games.cannonball_colony.kit.boards import island_board_layout
from companion.games.cannonball_colony.camera.island import LocatedBoard


def placement(marker_id: int):
    """The printed place of an island marker on its board's sheet."""
    board, corner = ids.island_board_of(marker_id)
    return island_board_layout(board).markers[corner]


def prediction_maps(located: dict[int, LocatedBoard], markers) -> tuple[dict[int, np.ndarray], bool]:
    """(board -> 3x3 sheet mm -> image px, to say where its unread markers lie; whether every board stands on one
    marker). While every placed board stands on
    one marker, each is extended from that marker's square by an affine map: the homography of a 12 px marker's four
    corners bends the sheet's far corners tens to thousands of pixels away (tuning seeds 6205, 6229), and a sheet that
    small in the picture shows little perspective across it. Once a board stands on more, the table plane its markers
    give places the others (the plane conditions them: 6205's board on one marker is then found whole)."""
    if any(len(board.markers_used) > 1 for board in located.values()):
        return {number: board.sheet_to_image for number, board in located.items()}, False
    seen = {m.id: np.array(m.corners, np.float64) for m in markers}
    return {number: square_affine(np.array(placement(board.markers_used[0]).corners, np.float64),
                                  seen[board.markers_used[0]]) for number, board in located.items()}, True


def predicted_quad(sheet_to_image: np.ndarray, marker_placement) -> np.ndarray:
    corners = np.array(marker_placement.corners, np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(corners, sheet_to_image).reshape(4, 2)


def square_affine(square_mm: np.ndarray, quad_px: np.ndarray) -> np.ndarray:
    """3x3: the affine map (least squares over the four corners) taking a marker's printed square to its quad."""
    source = np.hstack([square_mm.reshape(4, 2), np.ones((4, 1))])
    rows, *_ = np.linalg.lstsq(source, quad_px.reshape(4, 2), rcond=None)
    return np.vstack([rows.T, [0.0, 0.0, 1.0]])


def agree(known_id: int, known_quad: np.ndarray, other_id: int, other_quad: np.ndarray, within: float) -> bool:
    """Whether `other` lies where `known`'s own square (extended over the sheet, affine: see prediction_maps) puts
    it, within this share of the two markers' printed distance."""
    board = ids.island_board_of(known_id)[0]
    layout = {p.id: np.array(p.corners, np.float64) for p in island_board_layout(board).markers}
    square_to_image = square_affine(layout[known_id], known_quad)
    seen = cv2.perspectiveTransform(other_quad.mean(axis=0).reshape(1, 1, 2), np.linalg.inv(square_to_image)).reshape(2)
    expected = layout[other_id].mean(axis=0)
    distance = np.linalg.norm(expected - layout[known_id].mean(axis=0))
    return bool(np.linalg.norm(seen - expected) <= within * distance)
