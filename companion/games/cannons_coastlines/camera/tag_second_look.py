"""A second look for ship tags that ArUco outlined but could not read.

A far deck tag is 17-25 px wide: its 3 mm white card is two or three pixels on a brown deck,
and blur or a mast in front flips a bit or two, so ArUco often finds the black square (a
"rejected candidate") and gives up on its bits. Once the table frame is known, each such
square of a deck tag's size is read again: its pose is fitted to the tag's straight edges
at deck height, the 6 x 6 cells are sampled there in table mm (no perspective guesswork),
and each cell's brightness is set between the black border's and the white card's. Only ship
ids still missing are accepted, and only when the best code fits clearly better than any
other of the dictionary's codes, so a doubtful square is left unread rather than misread.
"""

from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np

from companion.games.cannons_coastlines.kit import pieces as kit
from companion.vision.table_frame import TableFrame
from companion.vision.markers import get_dictionary
from companion.games.cannons_coastlines.camera.settings import TagLookSettings

CELLS = 6                                   # 4 x 4 bits inside a one-cell black border
CELL_MM = kit.SHIP_TAG_MARKER_MM / CELLS
PATCH_PX_PER_MM = 2.0                       # the tag looked at from above: a cell is 10 px
PATCH_HALF_MM = 21.0                        # the card (18 mm) and a little deck round it
# A candidate's centre may be 2 mm off (a sail over a corner bends its outline): tag centres
# are tried round it, 0.5 mm apart, 2.5 mm each way.
SHIFTS_PX = np.array([(dx, dy) for dy in range(-5, 6) for dx in range(-5, 6)], np.float64)


@lru_cache(maxsize=1)
def _codes() -> tuple[np.ndarray, np.ndarray]:
    """Every dictionary code in its four turns: (ids, bits as 0/1 floats, shape (n, 16))."""
    dictionary = get_dictionary("DICT_4X4_50")
    ids, bits = [], []
    for marker_id in range(len(dictionary.bytesList)):
        inner = cv2.aruco.generateImageMarker(dictionary, marker_id, CELLS, borderBits=1)[1:-1, 1:-1] > 127
        for turn in range(4):
            ids.append(marker_id)
            bits.append(np.rot90(inner, turn).ravel())
    return np.array(ids), np.array(bits, np.float32)


def second_look_for_ship_tags(grey: np.ndarray, frame: TableFrame, candidates: list[np.ndarray],
                              wanted: set[int], seen: dict[int, np.ndarray],
                              settings: TagLookSettings = TagLookSettings()) -> dict[int, np.ndarray]:
    """Marker id -> its four corners (px, OpenCV order) of wanted ship tags read in the
    candidate squares. `seen` holds the markers found already: squares on them are skipped."""
    if not wanted or not candidates:
        return {}
    quads = np.array([np.asarray(quad, np.float64).reshape(4, 2) for quad in candidates])
    centres = quads.mean(1)
    sides_px = np.linalg.norm(quads - np.roll(quads, 1, 1), axis=2).mean(1)
    corners_mm = frame.to_table(quads.reshape(-1, 2), kit.HULL_HEIGHT_MM).reshape(-1, 4, 2)
    sides_mm = np.linalg.norm(corners_mm - np.roll(corners_mm, 1, 1), axis=2)
    plausible = ((sides_mm.min(1) >= settings.shortest_side_mm) & (sides_mm.max(1) >= settings.longest_side_mm[0])
                 & (sides_mm.max(1) <= settings.longest_side_mm[1]))
    if seen:
        # Squares on a marker found already (its bits, its border) are not tags.
        seen_quads = np.array(list(seen.values()))
        seen_sides = np.linalg.norm(seen_quads - np.roll(seen_quads, 1, 1), axis=2).mean(1)
        distances = np.linalg.norm(centres[:, None] - seen_quads.mean(1)[None], axis=2)
        plausible &= (distances >= np.maximum(seen_sides[None] * settings.clear_of_seen_marker,
                                             sides_px[:, None] * settings.clear_of_own_side)).all(1)
    # Both detector settings often outline the same square: read it once.
    chosen: list[int] = []
    for index in np.flatnonzero(plausible):
        if all(np.linalg.norm(centres[index] - centres[other]) >= sides_px[index] * settings.same_square_within for other in chosen):
            chosen.append(index)
    reads: dict[int, list[np.ndarray]] = {}
    for found in read_tags_at(grey, frame, corners_mm[chosen], settings):
        if found is not None and found[0] in wanted:
            reads.setdefault(found[0], []).append(found[1])
    # One id read at two places is a misread somewhere: neither is kept.
    return {marker_id: quads_read[0] for marker_id, quads_read in reads.items() if len(quads_read) == 1}


def read_tags_at(grey: np.ndarray, frame: TableFrame, corners_mm: np.ndarray,
                 settings: TagLookSettings = TagLookSettings()) -> list[tuple[int, np.ndarray] | None]:
    """Per rough square (k, 4, 2 corners at deck height), the tag read there: (marker id, its
    corners px in OpenCV order), or None when no code reads clearly there."""
    if not len(corners_mm):
        return []
    centres = corners_mm.mean(1)
    angles = [_square_angle(corners) for corners in corners_mm]
    ids, turns, shifts, misfits, leads = _decode(_tag_patches(grey, frame, centres, angles), settings)
    result = []
    for index, (centre, angle) in enumerate(zip(centres, angles)):
        if misfits[index] > settings.max_misfit or leads[index] < settings.min_lead:
            result.append(None)
            continue
        shift = _rotation(angle) @ (SHIFTS_PX[shifts[index]] / PATCH_PX_PER_MM)
        result.append((int(ids[index]), _marker_corners(frame, centre + shift, angle, int(turns[index]))))
    return result


def _tag_patches(grey, frame, centres, angles) -> np.ndarray:
    """The deck round each tag seen from straight above, PATCH_PX_PER_MM, the tag's top edge
    along x. Over a tag's few dozen pixels the lens bends nothing: one homography does."""
    half = PATCH_HALF_MM
    square = np.array([(-half, -half), (half, -half), (half, half), (-half, half)])
    corners = np.vstack([square @ _rotation(angle).T + centre for centre, angle in zip(centres, angles)])
    pixels = frame.to_image(corners, kit.HULL_HEIGHT_MM).astype(np.float32).reshape(-1, 4, 2)
    side = 2 * half * PATCH_PX_PER_MM
    target = np.array([(0, 0), (side, 0), (side, side), (0, side)], np.float32)
    size = int(round(side))
    return np.array([cv2.warpPerspective(grey, cv2.getPerspectiveTransform(quad, target), (size, size),
                                         flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
                     for quad in pixels], np.float32)


def _decode(patches: np.ndarray, settings: TagLookSettings):
    """Per patch (k, side, side), at the tag centre tried in it (SHIFTS_PX round its middle)
    that fits a code best: that code's id and turn, the centre's index, the misfit (inf where
    the cells are too flat to read) and the lead over the next id's misfit, each (k,)."""
    count, side = len(patches), patches.shape[1]
    cell_index, ring_index, box = _spot_indices(side)
    # Each cell's middle half, averaged: a box filter read at the cells' centres.
    means = np.array([cv2.blur(patch, (box, box)) for patch in patches]).reshape(count, -1)
    cells = means[:, cell_index].reshape(-1, CELLS, CELLS)
    white = _middle(patches.reshape(count, -1)[:, ring_index].reshape(len(cells), -1))
    border = np.concatenate([cells[:, 0], cells[:, -1], cells[:, 1:-1, 0], cells[:, 1:-1, -1]], axis=1)
    black = _middle(border)
    contrast = np.maximum(white - black, 1.0)
    share = np.clip((cells - black[:, None, None]) / contrast[:, None, None], 0.0, 1.0)
    bright_border = (np.concatenate([share[:, 0], share[:, -1], share[:, 1:-1, 0], share[:, 1:-1, -1]], axis=1) > 0.5).sum(1)
    ids, codes = _codes()
    bits = share[:, 1:-1, 1:-1].reshape(len(share), -1)
    # Summed |share - bit| over the bits, for every code at once (bits are 0 or 1).
    # (OpenCV's product, not numpy's: BLAS threads left spinning after it slow the whole read.)
    misfits = bits.sum(1)[:, None] + codes.sum(1)[None] - 2 * cv2.gemm(bits, codes, 1.0, None, 0.0, flags=cv2.GEMM_2_T)
    first = np.argmin(misfits, axis=1)
    best = misfits[np.arange(len(share)), first]
    unreadable = (white - black < settings.min_contrast) | (bright_border > settings.max_bright_border_cells)
    best = np.where(unreadable, np.inf, best).reshape(count, -1)
    # Per patch, the tried centre that fits best; the runner-up there is the best code of
    # another id (a code's own turns do not count).
    chosen = np.argmin(best, axis=1)
    rows = np.arange(count) * len(SHIFTS_PX) + chosen
    chosen_ids = ids[first[rows]]
    other = np.where(ids[None] != chosen_ids[:, None], misfits[rows], np.inf).min(1)
    return chosen_ids, first[rows] % 4, chosen, best[np.arange(count), chosen], other - best[np.arange(count), chosen]


@lru_cache(maxsize=2)
def _spot_indices(side: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Flat indices into a side x side patch of each tried centre's 36 cell centres and of
    its ring of white card samples, and the box filter's size (a cell's middle half)."""
    cell = CELL_MM * PATCH_PX_PER_MM
    cell_xy = (np.arange(CELLS) - (CELLS - 1) / 2) * cell
    ring = (kit.SHIP_TAG_MARKER_MM + kit.SHIP_TAG_BORDER_MM) / 2 * PATCH_PX_PER_MM
    ring_xy = np.array([p for t in np.linspace(-ring, ring, 7)[1:-1] for p in ((t, -ring), (ring, t), (t, ring), (-ring, t))])
    grid = np.stack(np.meshgrid(cell_xy, cell_xy), -1).reshape(-1, 2)
    spots = np.clip(np.round(np.vstack([grid, ring_xy])[None] + SHIFTS_PX[:, None] + side / 2).astype(int), 0, side - 1)
    flat = spots[..., 1] * side + spots[..., 0]
    return flat[:, :len(grid)], flat[:, len(grid):], int(cell / 2) | 1


def _square_angle(corners: np.ndarray) -> float:
    """The direction of a rough square's first side, from all four sides (a mean over
    quarter turns): one side alone may be a degree or more off."""
    edges = np.roll(corners, -1, 0) - corners
    angles = np.arctan2(edges[:, 1], edges[:, 0])
    first = angles[0]
    turned = 4 * (angles - first)
    return float(first + math.atan2(np.sin(turned).sum(), np.cos(turned).sum()) / 4)


def _middle(values: np.ndarray) -> np.ndarray:
    """Each row's median (its middle value: cheaper than np.median for many short rows)."""
    return np.sort(values, axis=1)[:, values.shape[1] // 2]


def _marker_corners(frame, centre, angle, turn) -> np.ndarray:
    """The marker's corners in px, in OpenCV's order from its own top-left corner."""
    half = kit.SHIP_TAG_MARKER_MM / 2
    square = np.array([(-half, -half), (half, -half), (half, half), (-half, half)])
    # The sampled grid read the code turned `turn` quarters (np.rot90, counter-clockwise).
    square = np.roll(square, turn, 0)
    return frame.to_image(square @ _rotation(angle).T + centre, kit.HULL_HEIGHT_MM)


def _rotation(angle: float) -> np.ndarray:
    cos, sin = math.cos(angle), math.sin(angle)
    return np.array([[cos, -sin], [sin, cos]])
