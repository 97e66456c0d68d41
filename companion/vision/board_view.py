"""Each located board seen top-down: rectified, white-balanced on its own frame, every pixel's colour named, and which way pieces lean.

The board is resampled at a fixed number of pixels per cell over its grid and a margin of
frame round it (where ships stand). The white frame gives the board's white field; colours
are named through the colour table; the plane camera says, for each cell, where the top
of a piece standing there shows on the table: the direction and length of its lean.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from companion.kit.layout import ISLAND_CELLS
from companion.vision.colour_classes import CLASSES, ColourTable
from companion.vision.island import IslandGeometry
from companion.vision.paper_white import FrameBlocks, WhiteField, WhiteSettings, fit_white, to_linear
from companion.vision.plane_camera import PlaneCamera, camera_from_plane


@dataclass(frozen=True)
class ViewSettings:
    px_per_cell: int = 12          # about a small cell's own size in a 1280x720 view of four boards
    margin_cells: float = 1.5      # the frame and a little beyond, round the grid: ships, leaning pieces
    piece_height_mm: float = 17.0  # a fort, the tallest piece on a cell: how far pieces lean
    fraction_blur_px: int = 3      # class shares are read over about a fifth of a cell
    white: WhiteSettings = WhiteSettings()


@dataclass(frozen=True, eq=False)
class BoardView:
    board: int
    origin: tuple[int, int]          # logical (col, row) of the grid's top-left cell
    grid_to_image: np.ndarray        # logical cell units -> image px
    image: np.ndarray                # rectified uint8 BGR
    classes: np.ndarray              # rectified class index per pixel
    fractions: np.ndarray            # (h, w, len(CLASSES)) uint8 share of each class round each pixel (see fraction_scale)
    white: WhiteField | None
    lean: np.ndarray                 # (6, 6, 2) lean of a piece top per cell, in cell units (dx, dy)
    cell_px: float                   # a cell's size in the original picture (px), at the board's middle
    camera: PlaneCamera              # in the board's own sheet frame (mm)
    grid_to_sheet: np.ndarray        # logical cell units -> the board's sheet mm
    settings: ViewSettings

    def to_view(self, xs: np.ndarray, ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Board-local cell coordinates (0..6 over the grid) -> rectified pixel coordinates."""
        s, m = self.settings.px_per_cell, self.settings.margin_cells
        return (xs + m) * s - 0.5, (ys + m) * s - 0.5

    def lean_at(self, xs: np.ndarray, ys: np.ndarray, height_mm: float | None = None) -> np.ndarray:
        """Lean (cell units) of a point `height_mm` above board-local cell coordinates."""
        height = self.settings.piece_height_mm if height_mm is None else height_mm
        points = np.column_stack([np.ravel(xs) + self.origin[0], np.ravel(ys) + self.origin[1]])
        return _lean(self.grid_to_image, self.grid_to_sheet, self.camera, points, height).reshape(np.shape(xs) + (2,))


def view_boards(image: np.ndarray, island: IslandGeometry, table: ColourTable,
                settings: ViewSettings = ViewSettings()) -> dict[int, BoardView]:
    """Every board of the island, rectified and classified."""
    height, width = image.shape[:2]
    views = {}
    for board, origin in sorted(island.boards.items()):
        views[board] = view_board(image, island, board, table, settings, (width, height))
    return views


def view_board(image: np.ndarray, island: IslandGeometry, board: int, table: ColourTable,
               settings: ViewSettings, size: tuple[int, int]) -> BoardView:
    s, m = settings.px_per_cell, settings.margin_cells
    side = view_side(settings)
    col, row = island.boards[board]
    grid_to_image = island.grid_to_image(board)
    # Rectified pixel (x, y) -> logical cell coordinates -> image px.
    view_to_grid = np.array([[1.0 / s, 0, col - m + 0.5 / s], [0, 1.0 / s, row - m + 0.5 / s], [0, 0, 1]])
    rectified = cv2.warpPerspective(image, grid_to_image @ view_to_grid, (side, side),
                                    flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)
    linear = to_linear(rectified)
    white = fit_white(linear, frame_blocks(settings), settings.white)
    if white is not None:
        steps = (np.arange(side, dtype=np.float32) + 0.5) / s - m
        linear /= white.grid(steps, steps)
    else:
        linear /= max(float(np.percentile(linear, 95)), 1e-3)
    classes = table.classify(linear)
    k = settings.fraction_blur_px
    # One byte per class: a box of k*k ones sums to ONE_HOT exactly, so shares come out exact.
    fractions = cv2.blur(_one_hot(k)[classes], (k, k))
    sheet_to_image = island.located[board].sheet_to_image
    camera = _camera(island.located[board], size)
    grid_to_sheet = island.cell_to_sheet[board]
    centres = np.array([[col + c + 0.5, row + r + 0.5] for r in range(ISLAND_CELLS) for c in range(ISLAND_CELLS)])
    lean = _lean(grid_to_image, grid_to_sheet, camera, centres, settings.piece_height_mm)
    middle = cv2.perspectiveTransform(np.array([[[col + 2.5, row + 3.0], [col + 3.5, row + 3.0]]]), grid_to_image)[0]
    return BoardView(board, (col, row), grid_to_image, rectified, classes, fractions, white,
                     lean.reshape(ISLAND_CELLS, ISLAND_CELLS, 2), float(np.linalg.norm(middle[1] - middle[0])),
                     camera, grid_to_sheet, settings)


@lru_cache(maxsize=4)
def _one_hot(k: int) -> np.ndarray:
    return (np.eye(len(CLASSES)) * (255 // (k * k)) * k * k).astype(np.uint8)


def fraction_scale(settings: ViewSettings) -> float:
    """The value of `fractions` that means a share of 1."""
    k = settings.fraction_blur_px
    return float((255 // (k * k)) * k * k)


def view_side(settings: ViewSettings) -> int:
    return int(round((ISLAND_CELLS + 2 * settings.margin_cells) * settings.px_per_cell))


@lru_cache(maxsize=4)
def frame_blocks(settings: ViewSettings) -> FrameBlocks:
    """Stretches of the white frame (skipping the corner markers) as flat pixel indices of the
    rectified board, all of one size, with their centres in board-local cell coordinates."""
    s, m = settings.px_per_cell, settings.margin_cells
    side = view_side(settings)
    # Keep clear of the grid's edge and of the cut edge: the middle of the band only.
    near = (int(round((m - 0.8) * s)), int(round((m - 0.2) * s)))
    far = (int(round((m + ISLAND_CELLS + 0.2) * s)), int(round((m + ISLAND_CELLS + 0.8) * s)))
    indices, centres = [], []
    for i in range(ISLAND_CELLS):
        along = np.arange(int(round((m + i) * s)), int(round((m + i + 1) * s)))
        for band, fixed in ((near, -0.5), (far, ISLAND_CELLS + 0.5)):
            across = np.arange(*band)
            rows, cols = np.meshgrid(across, along, indexing="ij")
            indices.append((rows * side + cols).ravel())      # top or bottom band
            centres.append((i + 0.5, fixed))
            indices.append((cols * side + rows).ravel())      # left or right band
            centres.append((fixed, i + 0.5))
    return FrameBlocks(np.array(indices), np.array(centres))


_CAMERAS: dict = {}


def _camera(located, size) -> PlaneCamera:
    """The plane camera of a located board, worked out once per placement (tracking keeps it)."""
    key = (id(located), size)
    if key not in _CAMERAS:
        if len(_CAMERAS) > 64:
            _CAMERAS.clear()
        _CAMERAS[key] = (located, camera_from_plane(located.sheet_to_image, size))
    return _CAMERAS[key][1]


def _lean(grid_to_image, grid_to_sheet, camera: PlaneCamera, points: np.ndarray, height_mm: float) -> np.ndarray:
    """Where the top of a piece of `height_mm` on each logical point shows on the table, minus the point."""
    sheet = cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float64), grid_to_sheet).reshape(-1, 2)
    raised = camera.project_raised(sheet, height_mm)
    on_table = cv2.perspectiveTransform(raised.reshape(-1, 1, 2), np.linalg.inv(grid_to_image)).reshape(-1, 2)
    return on_table - points
