"""A harbour mat's straight-down picture, ready to read: its zones, and its paper made white.

The flattened mat (mat_place) is read zone by zone against its own white paper, so the
light's colour and its fall-off across the mat cancel out.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from companion.games.cannons_coastlines.kit import pieces as kit
from companion.games.cannons_coastlines.camera.settings import MatSettings

MAT_PX_PER_MM = 2.0


def mat_zone_picture(picture: np.ndarray, name: str, margin_mm: float = 0.0) -> np.ndarray:
    """The zone's part of the flattened mat, `margin_mm` wider on every side (within the mat)."""
    rows, cols = mat_zone_slices(name, margin_mm, picture.shape)
    return picture[rows, cols]


def mat_zone_slices(name: str, margin_mm: float, shape: tuple[int, ...]) -> tuple[slice, slice]:
    """(rows, columns) of mat_zone_picture's part of a flattened mat of `shape`, their ends within it."""
    zone = kit.mat_zone(name)
    x0, y0 = (max(0, int((v - margin_mm) * MAT_PX_PER_MM)) for v in (zone.x, zone.y))
    x1 = int((zone.x + zone.width + margin_mm) * MAT_PX_PER_MM)
    y1 = int((zone.y + zone.height + margin_mm) * MAT_PX_PER_MM)
    return slice(min(y0, shape[0]), min(max(y0, y1), shape[0])), slice(min(x0, shape[1]), min(max(x0, x1), shape[1]))


def box_round(mask: np.ndarray, reach_px: int) -> tuple[slice, slice] | None:
    """The box round a mask's pixels, `reach_px` wider on every side (within the picture) and starting on an even
    row and column, or None when the mask is empty. Work on the box alone is to the bit the work on the whole
    picture where nothing reaches past the box (an opening, a dilation of no more than `reach_px`), and OpenCV labels
    connected parts in the same order (it scans two rows and columns at a time from the picture's corner)."""
    rows, cols = np.flatnonzero(mask.any(1)), np.flatnonzero(mask.any(0))
    if len(rows) == 0:
        return None
    return (slice(max(0, rows[0] - reach_px) & ~1, rows[-1] + 1 + reach_px),
            slice(max(0, cols[0] - reach_px) & ~1, cols[-1] + 1 + reach_px))


def within(shape: tuple[int, ...], box: tuple[slice, slice], part: np.ndarray) -> np.ndarray:
    """`part` (worked out on `box`) as a mask over the whole picture of `shape`, zero past the box."""
    whole = np.zeros(shape, part.dtype)
    whole[box] = part
    return whole


def white_balanced(picture: np.ndarray, settings: MatSettings = MatSettings()) -> np.ndarray:
    """Divided by the paper's own colour round each spot, so paper reads white even where a
    lamp's light falls off or warms across the mat. The paper is the brightest thing on a
    mat; its colour round a spot is the brightest colour within a coin and a half (found on
    a quarter-size picture: it changes slowly)."""
    small = cv2.resize(picture, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    reach = int(settings.paper_reach_mm * MAT_PX_PER_MM * 0.25) | 1
    paper = cv2.dilate(small, cv2.getStructuringElement(cv2.MORPH_RECT, (reach, reach)))
    paper = cv2.blur(paper, (reach, reach))
    paper = cv2.resize(paper, (picture.shape[1], picture.shape[0]), interpolation=cv2.INTER_LINEAR)
    return cv2.divide(picture, np.maximum(paper, 1, out=paper), scale=235.0)


def not_paper(balanced: np.ndarray, settings: MatSettings = MatSettings()) -> np.ndarray:
    hsv = cv2.cvtColor(balanced, cv2.COLOR_BGR2HSV)
    return ((hsv[..., 1] > settings.paper_max_saturation) | (hsv[..., 2] < settings.paper_min_value)).astype(np.uint8)


@lru_cache(maxsize=8)
def disc_offsets(radius_px: float) -> np.ndarray:
    """The (row, col) offsets of the pixels within `radius_px` of a pixel (made once a radius: not to be written to)."""
    reach = int(radius_px)
    offsets = np.argwhere(np.hypot(*np.mgrid[-reach:reach + 1, -reach:reach + 1]) <= radius_px) - reach
    offsets.flags.writeable = False
    return offsets


def disc_within(row: float, col: float, radius_px: float, shape: tuple[int, ...]) -> np.ndarray:
    """The (row, col) pixels of the disc of `radius_px` round (row, col) that lie within a picture of `shape`."""
    at = disc_offsets(radius_px) + (int(row), int(col))
    return at[(at[:, 0] >= 0) & (at[:, 0] < shape[0]) & (at[:, 1] >= 0) & (at[:, 1] < shape[1])]
