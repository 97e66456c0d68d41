"""Each located board seen top-down: rectified, white-balanced on its own frame, every pixel's colour named, and which way pieces lean.

The board is resampled at a fixed number of pixels per cell over its grid and a margin of
frame round it (where ships stand). The white frame gives the board's white field; colours
are named through the colour table; the plane camera says, for each cell, where the top
of a piece standing there shows on the table: the direction and length of its lean.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from companion.games.cannonball_colony.kit.boards import ISLAND_CELLS
from companion.vision.colour_classes import CLASS_INDEX, CLASSES, ColourTable
from companion.games.cannonball_colony.camera.island import IslandGeometry
from companion.vision.paper_white import (LUMA, FrameBlocks, WhiteField, WhiteSettings, camera_saturation, fit_white,
                                         to_linear)
from companion.vision.plane_camera import PlaneCamera, camera_from_plane


OTHER = CLASS_INDEX["other"]


@dataclass(frozen=True)
class ViewSettings:
    px_per_cell: int = 12          # about a small cell's own size in a 1280x720 view of four boards
    margin_cells: float = 1.5      # the frame and a little beyond, round the grid: ships, leaning pieces
    piece_height_mm: float = 17.0  # a fort, the tallest piece on a cell: how far pieces lean
    fraction_blur_px: int = 3      # class shares are read over about a fifth of a cell
    downsample_above: float = 2.5  # sample more densely and average once cells exceed this many rectified cells
    saturation_every: int = 30     # frames between estimates of the camera's saturation
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
    place: "BoardPlace | None" = None
    # Rectified linear BGR over the white field, the camera's saturation left in, as the teaching
    # sheet is seen (camera/taught.py names it with the group's own paint).
    paper_relative: np.ndarray | None = None

    def to_view(self, xs: np.ndarray, ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Board-local cell coordinates (0..6 over the grid) -> rectified pixel coordinates."""
        s, m = self.settings.px_per_cell, self.settings.margin_cells
        return (xs + m) * s - 0.5, (ys + m) * s - 0.5

    def lean_at(self, xs: np.ndarray, ys: np.ndarray, height_mm: float | None = None) -> np.ndarray:
        """Lean (cell units) of a point `height_mm` above board-local cell coordinates."""
        height = self.settings.piece_height_mm if height_mm is None else height_mm
        points = np.column_stack([np.ravel(xs) + self.origin[0], np.ravel(ys) + self.origin[1]])
        return _lean(self.grid_to_image, self.grid_to_sheet, self.camera, points, height).reshape(np.shape(xs) + (2,))

    def image_to_view(self) -> np.ndarray:
        """The homography from picture px to this view's rectified px."""
        s, m = self.settings.px_per_cell, self.settings.margin_cells
        grid_to_view = np.array([[s, 0, (m - self.origin[0]) * s - 0.5], [0, s, (m - self.origin[1]) * s - 0.5], [0, 0, 1]])
        return grid_to_view @ np.linalg.inv(self.grid_to_image)


@dataclass(frozen=True, eq=False)
class BoardPlace:
    """Everything about a board that depends only on where it lies, worked out once while
    the boards stay put: the resampling maps, the camera, each cell's lean."""

    board: int
    origin: tuple[int, int]
    grid_to_image: np.ndarray
    grid_to_sheet: np.ndarray
    maps: tuple[np.ndarray, np.ndarray]   # cv2.remap maps, rectified pixel -> image pixel
    camera: PlaneCamera
    lean: np.ndarray
    cell_px: float
    white_steps: np.ndarray               # rectified pixel centres in cell units
    level: int = 0                        # the maps sample 2**level times as densely, averaged down
    samples: dict = field(default_factory=dict, compare=False)   # cell_features' sampling indices


def place_boards(island: IslandGeometry, size: tuple[int, int], settings: ViewSettings = ViewSettings()) -> dict[int, BoardPlace]:
    return {board: place_board(island, board, size, settings) for board in sorted(island.boards)}


def place_board(island: IslandGeometry, board: int, size: tuple[int, int], settings: ViewSettings) -> BoardPlace:
    s, m = settings.px_per_cell, settings.margin_cells
    side = view_side(settings)
    col, row = island.boards[board]
    grid_to_image = island.grid_to_image(board)
    # Rectified pixel (x, y) -> logical cell coordinates -> image px, as fixed-point maps:
    # remap with them is cheaper than warpPerspective working the transform out per pixel.
    middle = cv2.perspectiveTransform(np.array([[[col + 2.5, row + 3.0], [col + 3.5, row + 3.0]]]), grid_to_image)[0]
    cell_px = float(np.linalg.norm(middle[1] - middle[0]))
    # Cells far bigger than the rectified ones are sampled 2x (or 4x) as densely and averaged
    # down: taking every fifth pixel of a close-up would alias its noise into false colours.
    level = int(np.clip(np.floor(np.log2(max(cell_px, 1.0) / (s * settings.downsample_above))) + 1, 0, 2))
    dense = side * 2 ** level
    step = 2 ** level
    view_to_grid = np.array([[1.0 / (s * step), 0, col - m + 0.5 / (s * step)],
                             [0, 1.0 / (s * step), row - m + 0.5 / (s * step)], [0, 0, 1]])
    ys, xs = np.mgrid[0:dense, 0:dense].astype(np.float32)
    image_points = cv2.perspectiveTransform(np.dstack([xs, ys]).reshape(-1, 1, 2), grid_to_image @ view_to_grid)
    map_x = image_points[:, 0, 0].reshape(dense, dense).astype(np.float32)
    map_y = image_points[:, 0, 1].reshape(dense, dense).astype(np.float32)
    maps = cv2.convertMaps(map_x, map_y, cv2.CV_16SC2)
    camera = _camera(island.located[board], size)
    grid_to_sheet = island.cell_to_sheet[board]
    centres = np.array([[col + c + 0.5, row + r + 0.5] for r in range(ISLAND_CELLS) for c in range(ISLAND_CELLS)])
    lean = _lean(grid_to_image, grid_to_sheet, camera, centres, settings.piece_height_mm)
    steps = (np.arange(side, dtype=np.float32) + 0.5) / s - m
    return BoardPlace(board, (col, row), grid_to_image, grid_to_sheet, maps, camera,
                      lean.reshape(ISLAND_CELLS, ISLAND_CELLS, 2), cell_px, steps, level)


def view_boards(image: np.ndarray, places: dict[int, BoardPlace], table: ColourTable,
                settings: ViewSettings = ViewSettings()) -> dict[int, BoardView]:
    """Every placed board of the picture, rectified, white-balanced and classified."""
    rectified = {board: _rectify(image, place, settings) for board, place in places.items()}
    light = _light(places, rectified, table, settings)
    return {board: _classify(place, *rectified[board], light.get(board), table, settings)
            for board, place in places.items()}


def _rectify(image: np.ndarray, place: BoardPlace, settings: ViewSettings):
    """(rectified BGR, its linear light)."""
    rectified = cv2.remap(image, place.maps[0], place.maps[1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    if place.level:
        side = view_side(settings)
        rectified = cv2.resize(rectified, (side, side), interpolation=cv2.INTER_AREA)
    return rectified, to_linear(rectified)


def _light(places: dict[int, BoardPlace], rectified: dict, table: ColourTable, settings: ViewSettings) -> dict:
    """board -> (white fit, the matrix undoing the camera's saturation, the white field with
    it undone). The white is fitted on every frame: a white kept from a frame where a hand
    shaded the frame band made the next frames' cells look hidden."""
    if not places:
        return {}
    whites = {board: fit_white(linear, frame_blocks(settings), settings.white) for board, (_, linear) in rectified.items()}
    whites = _share_light_colour(whites, rectified, settings)
    fields = {board: white.grid(places[board].white_steps, places[board].white_steps)
              for board, white in whites.items() if white is not None}
    matrix = _unsaturation(_saturation(places, rectified, fields, table, settings))
    return {board: (whites[board], matrix, cv2.transform(field, matrix)) for board, field in fields.items()}


def _share_light_colour(whites: dict, rectified: dict, settings: ViewSettings) -> dict:
    """A board whose white frame is clipped (a bright lamp right over it) cannot show the
    light's colour: it takes the colour the other boards of the picture show."""
    seen = [white.colour for white in whites.values() if white is not None and white.colour_seen]
    if not seen or all(white is None or white.colour_seen for white in whites.values()):
        return whites
    colour = np.median(np.array(seen), axis=0)
    colour = colour * 3 / colour.sum()
    return {board: (fit_white(rectified[board][1], frame_blocks(settings), settings.white, colour=colour)
                    if white is not None and not white.colour_seen else white)
            for board, white in whites.items()}


def _unsaturation(saturation: float) -> np.ndarray:
    """paper_white.unsaturate as one 3x3 matrix on linear BGR: x / v + (1 - 1 / v) * luminance."""
    return (np.eye(3) / saturation + (1 - 1 / saturation) * LUMA[None, :].astype(np.float64)).astype(np.float32)


def _classify(place: BoardPlace, rectified, linear, light, table: ColourTable, settings: ViewSettings) -> BoardView:
    s, m = settings.px_per_cell, settings.margin_cells
    if light is not None:
        white, matrix, field = light
        balanced = cv2.transform(linear, matrix) / field
        paper_relative = linear / cv2.transform(field, np.linalg.inv(matrix).astype(np.float32))
    else:
        white = None
        balanced = paper_relative = linear / max(float(np.percentile(linear, 95)), 1e-3)
    classes = table.classify(balanced)
    # Beyond the cut edge is the table, whose wood or cloth can pass for a terrain or a
    # player's colour: it is named "other" whatever it looks like.
    edge = int(round((m - 1) * s))
    if edge > 0:
        classes[:edge], classes[-edge:], classes[:, :edge], classes[:, -edge:] = OTHER, OTHER, OTHER, OTHER
    k = settings.fraction_blur_px
    # One byte per class: a box of k*k ones sums to ONE_HOT exactly, so shares come out exact.
    fractions = cv2.blur(_one_hot(k)[classes], (k, k))
    return BoardView(place.board, place.origin, place.grid_to_image, rectified, classes, fractions, white,
                     place.lean, place.cell_px, place.camera, place.grid_to_sheet, settings, place, paper_relative)


def _saturation(places: dict[int, BoardPlace], rectified: dict, fields: dict, table: ColourTable,
                settings: ViewSettings) -> float:
    """The camera's saturation, found from every board's cells at once (one board of mostly
    grass cannot tell it apart from a paler ink); a setting of the camera, so found again
    only now and then while the boards stay put."""
    keeper = next(iter(places.values())).samples
    frames, saturation = keeper.get("saturation", (0, None))
    if saturation is None or frames >= settings.saturation_every:
        if not fields:
            return 1.0
        cells = np.vstack([_cell_means(rectified[board][1], settings) for board in fields])
        whites = np.vstack([_cell_means(field, settings) for field in fields.values()])
        saturation = camera_saturation(cells, whites, table.printed_lab(), settings.white)
        frames = 0
    keeper["saturation"] = (frames + 1, saturation)
    return saturation


def _cell_means(image: np.ndarray, settings: ViewSettings) -> np.ndarray:
    """The mean of the middle half of every grid cell: (36, channels)."""
    s, m = settings.px_per_cell, settings.margin_cells
    start = int(round(m * s))
    grid = image[start:start + ISLAND_CELLS * s, start:start + ISLAND_CELLS * s]
    cells = grid.reshape(ISLAND_CELLS, s, ISLAND_CELLS, s, -1)[:, s // 4:s - s // 4, :, s // 4:s - s // 4]
    return cells.mean(axis=(1, 3)).reshape(ISLAND_CELLS * ISLAND_CELLS, -1)


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
