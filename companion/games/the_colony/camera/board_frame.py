"""Where The Colony's board is in a picture (its four table-corner markers, the lens' barrel term),
and the rectified patches of every log space and ant spot, sampled in one remap."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from companion.games.the_colony.kit.board import GEOMETRY, board_picture, marker_corners_mm, space_places
from companion.games.the_colony.layout import Layout
from companion.games.the_colony.camera.settings import SETTINGS, ColonyReaderSettings
from companion.kit import ids
from companion.vision.markers import detect_markers
from companion.vision.table_frame import TableFrame, TableLayout, find_markers, table_frame


@lru_cache(maxsize=1)
def board_table_layout() -> TableLayout:
    corners = marker_corners_mm()
    marker_ids = tuple(ids.TABLE_CORNER_MARKERS.ids)
    return TableLayout(marker_ids, GEOMETRY.size_mm, tuple(tuple(map(tuple, corners[m])) for m in marker_ids))


def corner_markers(image: np.ndarray) -> dict[int, np.ndarray]:
    """The board's corner markers found anywhere in the picture."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    return {m: quad for m, quad in find_markers(grey).items() if m in ids.TABLE_CORNER_MARKERS.ids}


def locate_board(image: np.ndarray, markers: dict[int, np.ndarray] | None = None) -> tuple[TableFrame | None, dict]:
    """The board's frame (None with fewer than two corner markers seen) and the markers found."""
    if markers is None:
        markers = corner_markers(image)
    wanted = {m: quad for m, quad in markers.items() if m in ids.TABLE_CORNER_MARKERS.ids}
    height, width = image.shape[:2]
    return table_frame(wanted, (width, height), board_table_layout()), wanted


COARSE_STEP = 6   # the lens and perspective are smooth over a patch: mapped every few pixels, interpolated


def find_markers_near(image: np.ndarray, last: dict[int, np.ndarray], settings: ColonyReaderSettings = SETTINGS,
                      frame: TableFrame | None = None) -> dict | None:
    """The corner markers looked for only round where they were last frame; None (look everywhere)
    when one of them is not found there. With the last `frame`, a corner marker missing from `last`
    (a hand lay over it) is looked for where the frame puts it, and kept when it shows again."""
    found = {}
    for marker_id, quad in last.items():
        seen = _marker_near(image, marker_id, quad, settings)
        if seen is None:
            return None
        found[marker_id] = seen
    if frame is not None:
        corners = marker_corners_mm()
        for marker_id in ids.TABLE_CORNER_MARKERS.ids:
            if marker_id not in found:
                seen = _marker_near(image, marker_id, frame.to_image(corners[marker_id]), settings)
                if seen is not None:
                    found[marker_id] = seen
    return found


def _marker_near(image: np.ndarray, marker_id: int, quad: np.ndarray, settings: ColonyReaderSettings):
    height, width = image.shape[:2]
    side = float(np.linalg.norm(quad[0] - quad[2])) / 1.414
    grow = side * settings.marker_search_grow
    x0, y0 = (np.maximum(quad.min(axis=0) - grow, 0)).astype(int)
    x1, y1 = (np.minimum(quad.max(axis=0) + grow, (width - 1, height - 1))).astype(int) + 1
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    seen = {marker.id: np.array(marker.corners) for marker in detect_markers(image[y0:y1, x0:x1])}
    return seen[marker_id] + [x0, y0] if marker_id in seen else None


@dataclass(frozen=True, eq=False)
class PatchGrid:
    """The patches' layout: every space's square round its circle (stacked down), every ant spot's."""

    layout: Layout
    px_per_mm: float
    space_side: int
    ant_side: int
    space_points: np.ndarray        # (spaces, k, k, 2) board mm of a coarse grid over each space patch
    ant_points: np.ndarray          # (spaces, j, j, 2) the same over each ant patch
    space_ink: np.ndarray           # (spaces * side, side) the print's lines, True where inked
    ant_ink: np.ndarray
    centres: np.ndarray             # (spaces, 2) board mm of each log's centre

    @property
    def spaces(self) -> int:
        return len(self.layout.spaces)

    def space_rows(self, index: int) -> slice:
        return slice(index * self.space_side, (index + 1) * self.space_side)

    def ant_rows(self, index: int) -> slice:
        return slice(index * self.ant_side, (index + 1) * self.ant_side)


def _coarse(centres, side: int, scale: float) -> np.ndarray:
    """Board mm at every COARSE_STEP-th pixel edge of a side x side patch round each centre."""
    steps = np.arange(0, side + COARSE_STEP, COARSE_STEP, dtype=np.float64)
    offsets = steps / scale - side / scale / 2
    xx, yy = np.meshgrid(offsets, offsets)
    return np.stack([np.stack([xx + cx, yy + cy], axis=-1) for cx, cy in centres])


def _fine(coarse: np.ndarray, side: int) -> np.ndarray:
    """Coarse per-patch values (n, k, k, 2) interpolated to every pixel centre, stacked: (n * side, side, 2),
    in one remap of the stacked knots."""
    count, knots = coarse.shape[:2]
    map_x, map_y = _knot_maps(count, knots, side)
    stacked = coarse.reshape(count * knots, knots, 2).astype(np.float32)
    return cv2.remap(stacked, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


@lru_cache(maxsize=8)
def _knot_maps(count: int, knots: int, side: int) -> tuple[np.ndarray, np.ndarray]:
    """Where every pixel centre of every stacked patch falls among the stacked knots."""
    along = ((np.arange(side) + 0.5) / COARSE_STEP).astype(np.float32)
    map_x = np.tile(along, (count * side, 1))
    map_y = np.repeat((np.arange(count)[:, None] * knots + along[None, :]).ravel(), side).reshape(count * side, side)
    return map_x, map_y.astype(np.float32)


@lru_cache(maxsize=2)
def patch_grid(layout: Layout, settings: ColonyReaderSettings = SETTINGS) -> PatchGrid:
    scale = settings.px_per_mm
    space_side = int(round(2 * settings.annulus_mm[1] * scale))
    ant_side = int(round(2 * settings.ant_ring_mm[1] * scale))
    places = space_places(layout)
    space_points = _coarse([p.centre for p in places], space_side, scale)
    ant_points = _coarse([p.ant for p in places], ant_side, scale)
    picture = cv2.cvtColor(board_picture(layout, 10.0), cv2.COLOR_BGR2GRAY)
    grow = np.ones((2 * settings.ink_grow_px + 1,) * 2, np.uint8)
    inks = []
    for coarse, side in ((space_points, space_side), (ant_points, ant_side)):
        mm = _fine(coarse, side) * 10.0 - 0.5
        # Past the board's edge is table, not paper: left out like ink (ant spots near the edge reach it).
        printed = cv2.remap(picture, mm[:, :, 0], mm[:, :, 1], cv2.INTER_LINEAR, borderValue=0)
        inks.append(cv2.dilate((printed < 200).astype(np.uint8), grow) > 0)
    return PatchGrid(layout, scale, space_side, ant_side, space_points, ant_points, inks[0], inks[1],
                     np.array([p.centre for p in places], np.float64))


@dataclass(frozen=True, eq=False)
class PatchMaps:
    """Where every pixel of the stacked space patches and ant patches falls in one picture, for one board
    frame (a stream keeps them while the frame stands), and which of those pixels are inside the picture."""

    space: tuple[np.ndarray, np.ndarray]     # (spaces * side, side) picture x and y, float32
    ant: tuple[np.ndarray, np.ndarray]
    space_inside: np.ndarray
    ant_inside: np.ndarray
    halves: tuple = ()     # every other pixel of both, for the stream's quick look at what changed


def patch_maps(frame: TableFrame, grid: PatchGrid, picture_size: tuple[int, int]) -> PatchMaps:
    width, height = picture_size
    result = []
    for coarse, side in ((grid.space_points, grid.space_side), (grid.ant_points, grid.ant_side)):
        pixels = frame.to_image(coarse.reshape(-1, 2)).reshape(coarse.shape)
        maps = _fine(pixels, side)
        map_x, map_y = np.ascontiguousarray(maps[:, :, 0]), np.ascontiguousarray(maps[:, :, 1])
        result += [(map_x, map_y), (map_x >= 0) & (map_y >= 0) & (map_x <= width - 1) & (map_y <= height - 1)]
    halves = tuple(tuple(np.ascontiguousarray(axis[::2, ::2]) for axis in maps) for maps in (result[0], result[2]))
    return PatchMaps(result[0], result[2], result[1], result[3], halves)


def sample_patches(image: np.ndarray, frame: TableFrame, grid: PatchGrid, maps: PatchMaps | None = None,
                   spaces=None):
    """The picture resampled onto the space patches and the ant patches (float32 BGR each), and
    where each patch pixel fell inside the picture. With `spaces` (indices) only those spaces' patches
    are sampled; the others' rows are left black (a stream keeps what it read there)."""
    maps = maps or patch_maps(frame, grid, image.shape[1::-1])
    space = _remap_rows(image, maps.space, grid.space_side, spaces)
    ant = _remap_rows(image, maps.ant, grid.ant_side, spaces)
    return space, maps.space_inside, ant, maps.ant_inside


def _remap_rows(image: np.ndarray, maps: tuple[np.ndarray, np.ndarray], side: int, spaces) -> np.ndarray:
    if spaces is None or len(spaces) * side == maps[0].shape[0]:
        return cv2.remap(image, *maps, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT).astype(np.float32)
    patches = np.zeros(maps[0].shape + image.shape[2:], np.float32)
    if len(spaces):
        rows = np.concatenate([np.arange(index * side, (index + 1) * side) for index in spaces])
        patches[rows] = cv2.remap(image, maps[0][rows], maps[1][rows], cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
    return patches


def patch_greys(image: np.ndarray, maps: PatchMaps, grid: PatchGrid) -> list[np.ndarray]:
    """Each space's patch and its ant spot's at half their resolution, green only, straight from the
    picture: what a stream compares to tell which spaces changed, without sampling every patch whole."""
    green = image[:, :, 1] if image.ndim == 3 else image
    halves = [cv2.remap(green, *half, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT).astype(np.float32)
              for half in maps.halves]
    space_half, ant_half = grid.space_side // 2, grid.ant_side // 2
    return [np.concatenate([halves[0][index * space_half:(index + 1) * space_half].ravel(),
                            halves[1][index * ant_half:(index + 1) * ant_half].ravel()]) for index in range(grid.spaces)]


def lean_mm(frame: TableFrame, centres: np.ndarray, height_mm: float) -> np.ndarray:
    """Where a point `height_mm` over each centre shows on the board, less the centre (board mm): the
    way a bead's middle leans away from the camera in the rectified patches."""
    seen = frame.to_table(frame.to_image(centres, height_mm))
    return seen - centres
