"""A face whose markers no detector pass read, named from its markers' bits sampled where the card's shape says they
lie. On a far, soft face a marker's 7x7 modules are 2 to 3 px tall: thresholded, the white bits by its dark border
break the border's outline, so the detector finds no square there, though the bits themselves still show. The card's
shape (face_down's blob: its centre and long axis) places both markers to a few mm; each is sampled cell by cell at
poses about it, and a card is named only when both its markers match their own codes nearly bit for bit at one pose,
and no other card's do at any pose: a wrong name is worse than none."""

from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np

from companion.games.cannonades.camera import face_down, face_up
from companion.games.cannonades.camera.grid_read_settings import GRID_READ_SETTINGS, GridReadSettings
from companion.games.cannonades.kit import cards
from companion.kit import ids
from companion.vision.markers import get_dictionary

MODULES = 7          # a 5x5 code inside a one-module dark border
CODE_CELLS = 25
BRIGHT_BITS = 90     # percentile of a marker's bit cells taken as its white (a code has a few white bits at least)


@lru_cache(maxsize=1)
def _cells_in_card() -> np.ndarray:
    """Both markers' cell centres (2 x 49 x 2) in card mm about the card's middle, row by row."""
    module = cards.MARKER_MM / MODULES
    steps = (np.arange(MODULES) + 0.5) * module
    rows, cols = np.meshgrid(steps, steps, indexing="ij")
    middle = np.array(cards.CARD_MM) / 2
    return np.stack([np.stack([cols.ravel() + x, rows.ravel() + y], axis=1) - middle
                     for x, y in cards.marker_positions()])


@lru_cache(maxsize=4)
def _codes(deck_size: int) -> np.ndarray:
    """Each card's two markers' 25 bits (cards x 2 x 25), in the card's own frame."""
    dictionary = get_dictionary(ids.CARD_DICTIONARY)
    count = min(deck_size, ids.MAX_CARDS)
    return np.array([[dictionary.getBitsFromByteList(dictionary.bytesList[ids.card_marker(index, corner)][None], 5)
                      .ravel() for corner in range(len(ids.CARD_CORNERS))] for index in range(count)], np.uint8)


def _poses(blob: face_down.Blob, settings: GridReadSettings) -> np.ndarray:
    """(x mm, y mm, angle deg) about the blob: either end of its long axis may be the card's top."""
    shifts = np.arange(-settings.shift_mm, settings.shift_mm + 1e-9, settings.step_mm)
    turns = np.arange(-settings.turn_deg, settings.turn_deg + 1e-9, settings.turn_step_deg)
    tops = blob.axis_deg + np.array([0.0, 180.0])
    grid = np.meshgrid(shifts + blob.centre_mm[0], shifts + blob.centre_mm[1], (tops[:, None] + turns).ravel(),
                       indexing="ij")
    return np.stack([axis.ravel() for axis in grid], axis=1)


def _sample(grey: np.ndarray, to_image: np.ndarray, poses: np.ndarray) -> np.ndarray:
    """Each pose's two markers' cell brightness (poses x 2 x 49)."""
    angles = np.radians(poses[:, 2])
    across = np.stack([np.cos(angles), np.sin(angles)], axis=1)    # the card's u axis in table mm
    down = np.stack([-np.sin(angles), np.cos(angles)], axis=1)     # its v axis: the top faces -v
    cells = _cells_in_card()
    table_mm = (poses[:, None, None, :2] + cells[None, ..., :1] * across[:, None, None]
                + cells[None, ..., 1:] * down[:, None, None])
    px = cv2.perspectiveTransform(table_mm.reshape(1, -1, 2), to_image)[0].astype(np.float32)
    shape = (len(poses) * 2, MODULES * MODULES)
    values = cv2.remap(grey.astype(np.float32), px[:, 0].reshape(shape), px[:, 1].reshape(shape), cv2.INTER_LINEAR,
                       borderMode=cv2.BORDER_REPLICATE)
    return values.reshape(len(poses), 2, MODULES * MODULES)


def _bits(values: np.ndarray, settings: GridReadSettings) -> tuple[np.ndarray, np.ndarray]:
    """Each marker's 25 bits (white 1) and whether its border is dark, thresholded halfway from its border to its
    bright bits."""
    grid = values.reshape(*values.shape[:-1], MODULES, MODULES)
    inner = grid[..., 1:-1, 1:-1].reshape(*values.shape[:-1], CODE_CELLS)
    ring = np.ones((MODULES, MODULES), bool)
    ring[1:-1, 1:-1] = False
    border = grid[..., ring]
    threshold = (border.mean(axis=-1) + np.percentile(inner, BRIGHT_BITS, axis=-1)) / 2
    bits = (inner > threshold[..., None]).astype(np.uint8)
    dark = (border < threshold[..., None]).mean(axis=-1) >= settings.border_dark
    return bits, dark


def read_by_grid(grey: np.ndarray, to_image: np.ndarray, blob: face_down.Blob, deck_size: int,
                 settings: GridReadSettings = GRID_READ_SETTINGS) -> face_up.PlacedFace | None:
    """The one card whose two markers' bits show at a pose about the blob, placed there; None when no card's, or
    more than one card's, do."""
    poses = _poses(blob, settings)
    bits, dark = _bits(_sample(grey, to_image, poses), settings)
    codes = _codes(deck_size)
    wrong = (bits[:, None] != codes[None]).sum(axis=-1)                  # poses x cards x 2
    fits = (wrong <= settings.most_wrong_bits).all(axis=-1) & dark.all(axis=-1)[:, None]
    named = np.flatnonzero(fits.any(axis=0))
    if len(named) != 1:
        return None
    index = int(named[0])
    total = np.where(fits[:, index], wrong[:, index].sum(axis=-1), np.iinfo(np.int32).max)
    x, y, angle = poses[int(np.argmin(total))]
    turn = math.radians(angle)
    frame = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]])
    outline = (face_up.CARD_OUTLINE - face_up.CARD_MIDDLE) @ frame.T + (x, y)
    return face_up.PlacedFace(index, (float(x), float(y)), float(angle % 360), outline, len(ids.CARD_CORNERS),
                              settings.confidence)
