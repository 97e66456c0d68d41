"""Where single beads lie on a log: a bead-centre density predicted at every pixel of the log's
rectified darkness from filter responses at the bead's own scale (the darkness blurred, its Laplacian
and Hessian from a third of a bead's radius to a small pile's), by a small network fitted on rendered training
views (bead_density.json, benchmarks/colony_train_counter.py). Each bead adds one to the density's
sum wherever it lies, alone, touching others or piled on them, so the sum over a log is a count that
merged blobs do not fool; the density's peaks are the beads it sees one by one."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from companion.games.the_colony.camera.counting import EggModel, egg_model
from companion.games.the_colony.camera.settings import SETTINGS, ColonyReaderSettings

DENSITY_FILE = Path(__file__).with_name("bead_density.json")
SCALES = (0.35, 0.6, 0.9, 1.4)    # filter widths, as shares of one bead's radius (the last a small pile's)
INPUT_NAMES = ("darkness", "dark_distance", "gradient", *(f"{kind}_{share}" for kind in ("blur", "laplacian", "hessian")
                                                          for share in SCALES), "radius_mm")


@dataclass(frozen=True)
class BeadGrid:
    """The coarse grid the density lives on: every space patch shrunk by `shrink`, and the pixels
    near enough to a log's centre to hold its beads."""

    side: int
    px_per_mm: float
    near: np.ndarray          # (side, side) True within settings.bead_look_mm of the centre
    offsets: np.ndarray       # (side,) each pixel column's (or row's) mm from the centre


@lru_cache(maxsize=4)
def bead_grid(space_side: int, px_per_mm: float, settings: ColonyReaderSettings = SETTINGS) -> BeadGrid:
    side = space_side // settings.bead_shrink
    scale = px_per_mm / settings.bead_shrink
    offsets = (np.arange(side) + 0.5) / scale - side / scale / 2
    near = np.hypot(*np.meshgrid(offsets, offsets)) <= settings.bead_look_mm
    return BeadGrid(side, scale, near, offsets)


def patch_to_grid(points_mm: np.ndarray, centre, grid: BeadGrid) -> np.ndarray:
    """Board mm -> (column, row) on a space's coarse grid (pixel centres at whole numbers)."""
    return (np.asarray(points_mm, np.float64) - np.asarray(centre)) * grid.px_per_mm + grid.side / 2 - 0.5


def bead_inputs(darkness: np.ndarray, unit_mm2: float, grid: BeadGrid,
                settings: ColonyReaderSettings = SETTINGS) -> tuple[np.ndarray, np.ndarray]:
    """The filter responses of one log's darkness (space patch size, 0 off the log) at the pixels worth
    predicting (near the centre and not bare paper): (rows, where), `where` a (side, side) mask. The
    filters' widths are shares of one bead's radius as this picture shows it (`unit_mm2` its area)."""
    small = cv2.resize(darkness, (grid.side, grid.side), interpolation=cv2.INTER_AREA)
    radius_mm = float(np.sqrt(unit_mm2 / np.pi))
    radius = radius_mm * grid.px_per_mm
    dark = (small > settings.dark).astype(np.uint8)
    responses = [small, cv2.distanceTransform(dark, cv2.DIST_L2, 3) / radius]
    gx, gy = cv2.Sobel(small, cv2.CV_32F, 1, 0), cv2.Sobel(small, cv2.CV_32F, 0, 1)
    responses.append(np.hypot(gx, gy) * radius)
    blurs, laplacians, hessians = [], [], []
    for share in SCALES:
        sigma = max(share * radius, 0.6)
        blurred = cv2.GaussianBlur(small, (0, 0), sigma)
        xx = cv2.Sobel(blurred, cv2.CV_32F, 2, 0) * sigma ** 2
        yy = cv2.Sobel(blurred, cv2.CV_32F, 0, 2) * sigma ** 2
        xy = cv2.Sobel(blurred, cv2.CV_32F, 1, 1) * sigma ** 2
        blurs.append(blurred)
        laplacians.append(xx + yy)
        hessians.append(xx * yy - xy * xy)
    responses += blurs + laplacians + hessians
    where = grid.near & (blurs[-1] > settings.bead_floor)
    rows = np.stack([r[where] for r in responses] + [np.full(int(where.sum()), radius_mm, np.float32)], axis=1)
    return rows, where


def bead_density(darkness: np.ndarray | None, unit_mm2: float, grid: BeadGrid, model: EggModel | None = None,
                 settings: ColonyReaderSettings = SETTINGS) -> np.ndarray:
    """The bead-centre density on the coarse grid (beads per pixel; 0 where nothing dark lies)."""
    density = np.zeros((grid.side, grid.side), np.float32)
    if darkness is None:
        return density
    rows, where = bead_inputs(darkness, unit_mm2, grid, settings)
    if len(rows):
        model = model or egg_model(DENSITY_FILE)
        density[where] = np.maximum(model.logits(rows)[:, 0], 0.0) * settings.density_unit
    return density


def bead_counts(density: np.ndarray, grid: BeadGrid, lean_mm=(0.0, 0.0),
                settings: ColonyReaderSettings = SETTINGS) -> list[float]:
    """Numbers for the counter: the density's sum over the log (its circle moved by how far a bead's
    middle leans in this view), and its peaks (beads seen one by one) that hold at least half a bead."""
    xx, yy = np.meshgrid(grid.offsets - lean_mm[0], grid.offsets - lean_mm[1])
    log = np.hypot(xx, yy) <= settings.bead_reach_mm
    total = float(density[log].sum())
    held = cv2.boxFilter(density, -1, (5, 5), normalize=False)
    peaks = (density >= cv2.dilate(density, np.ones((3, 3), np.uint8))) & (held > 0.5) & log
    return [total, float(cv2.connectedComponents(peaks.astype(np.uint8))[0] - 1)]


def bead_cells(density: np.ndarray, grid: BeadGrid, unit_mm2: float, lean_mm=(0.0, 0.0),
               settings: ColonyReaderSettings = SETTINGS) -> list[float]:
    """The density cut into cells, one per local peak at least `cell_apart` of a bead's radius from a
    higher one (each pixel goes to its nearest peak, a watershed for round blobs): the peaks holding at
    least `cell_least` of a bead, the beads the cells hold each rounded (a pile's peak holds two), and the
    largest cell. Touching beads keep their own peaks where the density's sum alone blurs them."""
    radius = float(np.sqrt(unit_mm2 / np.pi)) * grid.px_per_mm
    xx, yy = np.meshgrid(grid.offsets - lean_mm[0], grid.offsets - lean_mm[1])
    log = np.hypot(xx, yy) <= settings.bead_reach_mm
    smooth = cv2.GaussianBlur(density, (0, 0), settings.cell_smooth_px)
    size = max(3, int(round(settings.cell_apart * radius)) | 1)
    peaks = (smooth >= cv2.dilate(smooth, np.ones((size, size), np.uint8))) & (smooth > settings.cell_peak_floor) & log
    rows, columns = np.nonzero(peaks)
    if not len(rows):
        return [0.0, 0.0, 0.0]
    held = density > 0
    pixel_rows, pixel_columns = np.nonzero(held & log)
    nearest = np.argmin((pixel_rows[:, None] - rows[None, :]) ** 2 + (pixel_columns[:, None] - columns[None, :]) ** 2,
                        axis=1)
    cells = np.bincount(nearest, weights=density[pixel_rows, pixel_columns], minlength=len(rows))
    kept = cells[cells >= settings.cell_least]
    return [float(len(kept)), float(np.maximum(np.round(kept), 1).sum()), float(cells.max())]
