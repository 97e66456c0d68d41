"""Each log's own picture for the convolutional counter (egg_cnn.py): its rectified patch white-balanced
on the paper round the circle (paper 0, a black bead near 1 in every channel), shrunk to the density's
resolution and turned so the view's lean (where bead middles show, lean_mm) points up in every picture."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from companion.games.the_colony.camera.board_frame import PatchGrid
from companion.games.the_colony.camera.settings import SETTINGS, ColonyReaderSettings


@lru_cache(maxsize=4)
def _paper_ring(side: int, scale: float, settings: ColonyReaderSettings) -> np.ndarray:
    offsets = (np.arange(side) + 0.5) / scale - side / scale / 2
    radius = np.hypot(*np.meshgrid(offsets, offsets))
    return (radius >= settings.annulus_mm[0]) & (radius <= settings.annulus_mm[1])


def turn_up(lean_mm) -> float:
    """The angle (degrees, for cv2.getRotationMatrix2D) that turns a patch so `lean_mm` points up."""
    x, y = float(lean_mm[0]), float(lean_mm[1])
    if np.hypot(x, y) < 1e-6:
        return 0.0
    # image y points down: up is (0, -1); the lean's angle from it, turned back
    return float(np.degrees(np.arctan2(x, -y)))


def log_picture(balanced: np.ndarray, lean_mm, px_per_mm: float, settings: ColonyReaderSettings = SETTINGS) -> np.ndarray:
    """(3, side, side) float32 from one log's patch divided by its paper colour (paper 1 in every channel)."""
    out_side, shrink = settings.cnn_side, settings.cnn_px_per_mm / px_per_mm
    small = cv2.resize(1.0 - balanced, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
    middle = small.shape[0] / 2
    turn = cv2.getRotationMatrix2D((middle, middle), turn_up(lean_mm), 1.0)
    turn[:, 2] += out_side / 2 - middle
    picture = cv2.warpAffine(small, turn, (out_side, out_side), flags=cv2.INTER_LINEAR,
                             borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    return np.clip(picture, -0.5, 1.2).transpose(2, 0, 1)


def log_pictures(space_patches: np.ndarray, space_inside: np.ndarray, grid: PatchGrid, leans: np.ndarray,
                 indices=None, settings: ColonyReaderSettings = SETTINGS) -> np.ndarray:
    """(n, 3, side, side) float32 pictures of the logs `indices` (all by default), side cnn_side pixels at
    cnn_px_per_mm, each balanced on the paper round its circle as features.look_at_spaces balances it. A log
    with no paper to balance on (off the picture) is all zeros."""
    side, scale = grid.space_side, grid.px_per_mm
    ring = _paper_ring(side, scale, settings)
    indices = range(grid.spaces) if indices is None else indices
    pictures = np.zeros((len(indices), 3, settings.cnn_side, settings.cnn_side), np.float32)
    for slot, index in enumerate(indices):
        rows = grid.space_rows(index)
        colour, paper_place = space_patches[rows], ring & ~grid.space_ink[rows] & space_inside[rows]
        if paper_place.sum() < 20:
            continue
        paper = np.percentile(colour[paper_place], settings.paper_percentile, axis=0)
        if paper.min() < 1.0:
            continue
        pictures[slot] = log_picture(colour / paper.astype(np.float32), leans[index], scale, settings)
    return pictures
