"""Deck tags too blurred for the ArUco decoder, read from the outline it found and gave up on. Seen straight down
at its deck's height a tag is a marker of a known size; blur eats into its black border, so the outline ArUco
finds is a little small (16 mm of 17 on tuning seeds) and its cell grid, laid over that outline, samples the
cells' edges. Grown about its middle to the marker's size, the grid samples each cell's middle, where a blurred
white cell is still the brightest; the 4 x 4 bits are then matched against the dictionary's codes in every turn.
A read is taken only when its code matches exactly, the border is dark, the bright and dark cells stand apart,
and no other code of the dictionary comes as close (a wrong tag read would be a ship read wrong and sure)."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from companion.games.black_cannon.camera.settings import ReaderSettings
from companion.games.black_cannon.kit import pieces as kit
from companion.vision.markers import DEFAULT_DICTIONARY, get_dictionary

BITS = 4                 # DICT_4X4: a 4 x 4 code inside a one-cell black border
CELLS = BITS + 2
SAMPLE_PX = 10           # each cell sampled at this many pixels a side; its middle this share of it:
MIDDLE = slice(3, 7)


@lru_cache(maxsize=1)
def _codes() -> np.ndarray:
    """Every code of the dictionary in each of its four turns: (ids, turns, 4, 4)."""
    dictionary = get_dictionary(DEFAULT_DICTIONARY)
    count = dictionary.bytesList.shape[0]
    bits = [cv2.aruco.Dictionary.getBitsFromByteList(dictionary.bytesList[i:i + 1], BITS) for i in range(count)]
    return np.array([[np.rot90(code, -turn) for turn in range(4)] for code in bits], np.uint8)


def cell_means(grey: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The mean grey of each cell's middle, the marker's 6 x 6 cells laid over `quad` (its corners in order)."""
    side = CELLS * SAMPLE_PX
    target = np.float32([[0, 0], [side, 0], [side, side], [0, side]])
    square = cv2.warpPerspective(grey, cv2.getPerspectiveTransform(np.float32(quad), target), (side, side),
                                 flags=cv2.INTER_LINEAR)
    cells = square.reshape(CELLS, SAMPLE_PX, CELLS, SAMPLE_PX)[:, MIDDLE, :, MIDDLE]
    return cells.mean(axis=(1, 3))


def read_blurred_tag(grey: np.ndarray, quad: np.ndarray, px_per_mm: float,
                     settings: ReaderSettings) -> tuple[int, np.ndarray] | None:
    """(marker id, its corners in the printed order) for an outline ArUco rejected, or None when it does not
    read as one code clearly. `grey` is a straight-down view at `px_per_mm` on the tag's plane."""
    quad = np.asarray(quad, np.float64).reshape(4, 2)
    side = float(np.linalg.norm(np.roll(quad, -1, axis=0) - quad, axis=1).mean())
    marker = kit.TAG_MARKER_MM * px_per_mm
    low, high = settings.blurred_tag_outline
    if not low * marker <= side <= high * marker:
        return None
    middle = quad.mean(axis=0)
    grown = middle + (quad - middle) * (marker / side)
    means = cell_means(grey, grown)
    inner = means[1:-1, 1:-1]
    border = np.concatenate([means[0], means[-1], means[1:-1, 0], means[1:-1, -1]])
    dark, bright = float(inner.min()), float(inner.max())
    if bright - dark < settings.blurred_tag_contrast:
        return None
    threshold = (dark + bright) / 2
    bits = (inner > threshold).astype(np.uint8)
    ones, zeros = inner[bits == 1], inner[bits == 0]
    # The bright and the dark cells apart by a share of the contrast; the border as dark as the dark cells.
    if ones.size == 0 or zeros.size == 0 or ones.min() - zeros.max() < settings.blurred_tag_gap * (bright - dark):
        return None
    if border.max() > threshold:
        return None
    distances = (_codes() != bits).sum(axis=(2, 3))          # (ids, turns)
    order = np.argsort(distances, axis=None)
    best, second = distances.flat[order[0]], distances.flat[order[1]]
    if best != 0 or second < settings.blurred_tag_rival_bits:
        return None
    marker_id, turn = np.unravel_index(order[0], distances.shape)
    # Turned `turn` quarter turns, the code's top-left corner is the outline's corner `turn` on.
    corners = np.roll(grown, -int(turn), axis=0)
    return int(marker_id), corners
