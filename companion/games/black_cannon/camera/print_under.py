"""Whether the board's print is blank where a spot is seen. The reader knows the printed board (kit/sheets.py
board_picture): a spot the camera sees is a printed mark only where the print has one. A lone pip, read as a face of
one, whose surround runs on as the paper does (lone_pip_body.py) may be a blurred letter of the border; but where
the camera's line of sight through it meets the board, and all round there, the print is one even colour, no mark
lies to be seen: the spot is a die's pip (an ivory die on the ivory border). Asked only of a board whose fit is
sure (three corner markers or more, or refitted to its print): a fit some millimetres off could miss the mark."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from companion.games.black_cannon.board import Board
from companion.games.black_cannon.camera.board_view import BoardView
from companion.games.black_cannon.camera.settings import ReaderSettings
from companion.games.black_cannon.kit.sheets import board_picture


@lru_cache(maxsize=2)
def print_picture(board: Board, px_per_mm: float) -> np.ndarray:
    """The board's print in Lab (8-bit scale, float), `px_per_mm`, its top-left at board mm (0, 0)."""
    return cv2.cvtColor(board_picture(board, px_per_mm), cv2.COLOR_BGR2LAB).astype(np.float32)


def print_blank_under(view: BoardView, board: Board, point_mm, height_mm: float, settings: ReaderSettings) -> bool:
    """Whether the print is one even colour within `print_blank_mm` of where the line of sight through `point_mm`
    (board mm, `height_mm` up) meets the board; False off the board's print or on a fit that is not sure."""
    if len(view.corners_seen) < settings.sure_corners and not view.print_match:
        return False
    pixel = cv2.perspectiveTransform(np.float64(point_mm).reshape(1, 1, 2), view.raised(height_mm))
    x, y = view.to_board(pixel.reshape(1, 2))[0]
    ppm = settings.print_check_px_per_mm
    lab = print_picture(board, ppm)
    reach = int(np.ceil(settings.print_blank_mm * ppm))
    column, row = int(round(x * ppm)), int(round(y * ppm))
    height, width = lab.shape[:2]
    if not (0 <= column < width and 0 <= row < height):
        return False
    # The disc round that place, as far as it lies on the print (beyond its edge is the table, not print).
    ys, xs = np.mgrid[max(0, row - reach):min(height, row + reach + 1),
                      max(0, column - reach):min(width, column + reach + 1)]
    disc = lab[ys, xs][np.hypot(xs - column, ys - row) <= reach]
    return bool(np.linalg.norm(disc - np.median(disc, axis=0), axis=1).max() <= settings.print_even_colour)
