"""What a cell looks like, as numbers: class shares sampled on a grid turned to the way pieces lean.

Seen at a slant, a piece's base is on the side of its cell nearest the camera and its body
covers the cell behind. So every cell is sampled on the same kind of grid whatever the
camera: across the cell, and along the lean from the middle of the cell in front of it to
the cell behind. A piece standing here, one standing in front and leaning over, and bare
ground then look alike from any side of the table. Ships are sampled the same way at their
spot in the frame beside an edge cell.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.games.cannonball_colony.kit.boards import ISLAND_CELLS
from companion.games.cannonball_colony.camera.board_view import BoardView, fraction_scale

OUTWARD = {"up": (0, -1), "left": (-1, 0), "right": (1, 0), "down": (0, 1)}


@dataclass(frozen=True)
class FeatureSettings:
    across: tuple[float, ...] = (-0.4, -0.2, 0.0, 0.2, 0.4)
    along: tuple[float, ...] = tuple(round(-1.4 + 0.2 * i, 2) for i in range(17))   # -1.4 .. 1.8
    # Below this lean (cells) a piece's top is straight over its base: no direction to turn to.
    min_lean: float = 0.03
    # A ship's hull stands this far (cells) from its landing cell's middle, in the frame band.
    ship_offset_cells: float = 1.05

    @property
    def size(self) -> int:
        from companion.vision.colour_classes import CLASSES
        return len(self.across) * len(self.along) * len(CLASSES) + 2


@dataclass(frozen=True, eq=False)
class BoardFeatures:
    cells: np.ndarray                  # (36, size), reading order
    spots: np.ndarray                  # (len(spot_places), size)
    spot_places: tuple                 # (col, row, side) of each ship spot


def board_features(view: BoardView, settings: FeatureSettings = FeatureSettings()) -> BoardFeatures:
    """The features of every cell and every ship spot of a board, sampled in one go (where
    to sample is worked out once per board placement)."""
    cache = view.place.samples if view.place is not None else {}
    key = ("board", settings)
    if key not in cache:
        rows, cols = np.mgrid[0:ISLAND_CELLS, 0:ISLAND_CELLS]
        cell_centres = np.column_stack([cols.ravel() + 0.5, rows.ravel() + 0.5])
        places = tuple(edge_spots(view))
        spot_centres = _spot_centres(places, settings.ship_offset_cells)
        spot_lean = view.lean_at(spot_centres[:, 0], spot_centres[:, 1])
        where = _sample_points(view, np.vstack([cell_centres, spot_centres]),
                               np.vstack([view.lean.reshape(-1, 2), spot_lean]), settings)
        cache[key] = (places, len(cell_centres), where)
    places, count, (yi, xi, scalars) = cache[key]
    both = _gather(view, yi, xi, scalars)
    return BoardFeatures(both[:count], both[count:], places)


def _spot_centres(spots, offset_cells: float) -> np.ndarray:
    return np.array([(c + 0.5 + OUTWARD[side][0] * offset_cells, r + 0.5 + OUTWARD[side][1] * offset_cells)
                     for c, r, side in spots], np.float64)


def edge_spots(view: BoardView) -> list[tuple[int, int, str]]:
    """Every (col, row, side) where a ship could stand beside an edge cell of this board."""
    last = ISLAND_CELLS - 1
    spots = []
    for i in range(ISLAND_CELLS):
        spots += [(i, 0, "up"), (i, last, "down"), (0, i, "left"), (last, i, "right")]
    return spots


def _gather(view: BoardView, yi: np.ndarray, xi: np.ndarray, scalars: np.ndarray) -> np.ndarray:
    shares = view.fractions[yi, xi].reshape(len(scalars), -1).astype(np.float32)
    shares *= np.float32(1.0 / fraction_scale(view.settings))
    return np.hstack([shares, scalars])


def _sample_points(view: BoardView, centres: np.ndarray, lean: np.ndarray, settings: FeatureSettings):
    """Rectified pixel rows and columns of every sample point, and each centre's scalars."""
    length = np.linalg.norm(lean, axis=1)
    direction = np.where(length[:, None] > settings.min_lean, lean / np.maximum(length, 1e-9)[:, None], [0.0, 1.0])
    across_axis = np.column_stack([-direction[:, 1], direction[:, 0]])
    u = np.array(settings.across)[None, None, :, None]
    v = np.array(settings.along)[None, :, None, None]
    points = (centres[:, None, None, :] + v * direction[:, None, None, :] + u * across_axis[:, None, None, :])
    xs, ys = view.to_view(points[..., 0], points[..., 1])
    height, width = view.fractions.shape[:2]
    xi = np.clip(np.rint(xs).astype(np.int32), 0, width - 1)
    yi = np.clip(np.rint(ys).astype(np.int32), 0, height - 1)
    # The lean in cells and the cell size in picture pixels (about 40 at most on a 1280x720
    # view of four boards): how far pieces reach, and how much detail there is to go on.
    scalars = np.column_stack([length, np.full(len(centres), view.cell_px / 40.0)]).astype(np.float32)
    return yi, xi, scalars
