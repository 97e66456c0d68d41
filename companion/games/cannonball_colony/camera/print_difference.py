"""Which pixels round a piece are not the board's print: the piece, whatever its paint shows.

The reader knows what lies printed under every cell of a located board: the ground it read there, and a
road tile under every piece. Each ground's print is measured on the board itself, under this light, as the
median colour of the middles of the bare cells read as it. A pixel of the board's plane whose colour is
far from its cell's print, in hue or by being lighter, or much darker than a piece's shadow makes it, is
something standing on the board. Unlike a piece's paint, this finds the faces a shade hides and the rings
a lit top leaves, and it does not count a ground whose ink names the paint. It cannot tell one piece from
another, so what shows another country's paint is left out; beyond the cell grid (the frame, its markers
and label, the table) the print is not known.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.cannonball_colony.camera.board_view import BoardView
from companion.games.cannonball_colony.kit.boards import ISLAND_CELLS
from companion.vision.colour_classes import ColourTable

ROAD = "r"
SEA = "."
PAPER_TOTAL = 3.0   # the frame's paper over the white field: one in each channel


@dataclass(frozen=True)
class PrintSettings:
    middle_share: float = 0.5     # of a cell's side: the middle of a bare cell its print is measured over
    # A pixel is not the print when its chromaticity (each channel's share of the three) is this far from its
    # cell's print's, or it is lighter by this log factor, or darker by this one (a piece's shadow darkens the
    # print by up to about this: seed 6015's deep shadows by -1.8, their chromaticity 0.1 off at most).
    chroma_least: float = 0.12
    # More chromaticity asked of a pixel per unit of log darkening (at most one): a shadow is lit by the room, not the
    # lamp, and its hue drifts (seeds 6076 and 6094: 0.08-0.13 off a road tile's). Set on tuning seeds 6000-6099
    # (camera/piece_fit.py, FitSettings.from_print).
    shadow_chroma: float = 0.1
    lighter_least: float = 0.4
    darker_least: float = 2.0
    line_band: float = 0.07       # of a cell's side, each side of its edges: the grid line and the next cell's ink
    letter_box: float = 0.32      # of a cell's side: the corner its terrain letter is printed in
    dark_floor: float = 0.02      # light added to each channel before chromaticity: a black marker's noise has no hue
    blur_px: float = 1.0          # the window's colours are smoothed this much first: a pixel's noise is not a piece
    opening_px: int = 3           # specks this small (the grid lines, the cells' letters) are not a piece


def print_colours(view: BoardView, grounds: dict, table: ColourTable,
                  settings: PrintSettings = PrintSettings()) -> dict[tuple[int, int], np.ndarray]:
    """Board-local cell -> the linear BGR (over the white field) its print shows under this light: each ground's
    median over its bare cells' middles; under a piece, a road tile's (the colour table's road where none is bare).
    Sea cells and grounds no bare cell shows are left out."""
    side, margin = view.settings.px_per_cell, view.settings.margin_cells
    half = max(1, int(round(side * settings.middle_share / 2)))
    bare = [(cell, token) for cell, token in grounds.items() if len(token) == 1 and token != SEA]
    middles = []
    for (col, row), _ in bare:
        x, y = int(round((col + margin + 0.5) * side)), int(round((row + margin + 0.5) * side))
        middles.append(view.paper_relative[y - half:y + half, x - half:x + half].reshape(-1, 3))
    measured: dict[str, list[np.ndarray]] = {}
    # Every middle's median at once when they are the same size (each the same as alone), else one by one.
    medians = (np.median(np.array(middles), axis=1) if len({len(m) for m in middles}) == 1
               else [np.median(middle, axis=0) for middle in middles])
    for (_, token), median in zip(bare, medians):
        measured.setdefault(token, []).append(median)
    prints = {token: np.median(np.array(colours), axis=0) for token, colours in measured.items()}
    if ROAD not in prints:
        prints[ROAD] = np.asarray(table.references["road"], np.float64)[::-1]   # RGB -> BGR
    return Prints({cell: prints[ROAD if len(token) == 2 else token] for cell, token in grounds.items()
                   if (ROAD if len(token) == 2 else token) in prints})


class Prints(dict):
    """print_colours' cells -> colours, with their lookup table made once for every window compared with them."""

    _table: _PrintTable | None = None

    def table(self) -> _PrintTable:
        if self._table is None:
            self._table = _PrintTable(self)
        return self._table


def grid_at(view: BoardView, points_mm: np.ndarray) -> np.ndarray:
    """(h, w, 2) board-local cell coordinates (0..6 over the grid) of sheet-mm points."""
    grid = cv2.perspectiveTransform(points_mm.reshape(-1, 1, 2), np.linalg.inv(view.grid_to_sheet)).reshape(points_mm.shape)
    return grid - np.asarray(view.origin, np.float64)


def not_print(balanced: np.ndarray, grid: np.ndarray, prints: dict[tuple[int, int], np.ndarray],
              settings: PrintSettings = PrintSettings()) -> tuple[np.ndarray, np.ndarray]:
    """((h, w) bool: the pixel is not the print, (h, w) bool: the print there is known) for linear BGR colours over
    the white field at board-local cell coordinates `grid` (grid_at). Near a cell's edges the print is its ink, its
    neighbour's, the dark grid line or a mix of them; in its corner, its ink or its letter; on the frame, paper,
    markers and label, all without hue."""
    return not_print_many([(balanced, grid)], prints, settings)[0]


def not_print_many(windows: list[tuple[np.ndarray, np.ndarray]], prints: dict[tuple[int, int], np.ndarray],
                   settings: PrintSettings = PrintSettings()) -> list[tuple[np.ndarray, np.ndarray]]:
    """not_print of each (balanced, grid) window against the same prints: each window smoothed and opened alone, the
    pixels between worked out all windows at once (a pixel's values are its own: the same to the bit as window by
    window, without numpy's cost per call on each small window)."""
    seens, grids = [], []
    for balanced, grid in windows:
        seen = np.maximum(balanced, 0).astype(np.float32)
        if settings.blur_px > 0:
            seen = cv2.GaussianBlur(seen, (0, 0), settings.blur_px)
        seens.append(seen.reshape(-1, 3))
        grids.append(grid.reshape(-1, 2))
    table = prints.table() if isinstance(prints, Prints) else _PrintTable(prints)
    differs, known = _differing(np.concatenate(seens), np.concatenate(grids), table, settings)
    results, start = [], 0
    kernel = np.ones((settings.opening_px, settings.opening_px), np.uint8)
    for balanced, _ in windows:
        shape, end = balanced.shape[:2], start + balanced.shape[0] * balanced.shape[1]
        window_differs, window_known = differs[start:end].reshape(shape), known[start:end].reshape(shape)
        if settings.opening_px > 1:
            window_differs = cv2.morphologyEx(window_differs.astype(np.uint8), cv2.MORPH_OPEN, kernel).astype(bool)
        results.append((window_differs, window_known))
        start = end
    return results


def _differing(seen: np.ndarray, grid: np.ndarray, table: "_PrintTable",
               settings: PrintSettings) -> tuple[np.ndarray, np.ndarray]:
    """(n,) bool each: the pixel is not the print, and its print is known, for (n, 3) smoothed colours at (n, 2)
    board-local cell coordinates."""
    cells = np.floor(grid).astype(int)
    inside = _both((cells >= 0) & (cells < ISLAND_CELLS))
    on_frame = _both((cells >= -1) & (cells <= ISLAND_CELLS)) & ~inside
    flat, on = table.places(cells)
    known = (table.known.reshape(-1).take(flat) & on & inside) | on_frame
    # Only the pixels whose print is known can differ from it: each is worked out alone, the same to the bit as over
    # the whole window (a pixel's values are its own), the rest left not differing.
    at = np.flatnonzero(known)
    seen, cells, grid = seen.take(at, axis=0), cells.take(at, axis=0), grid.take(at, axis=0)
    flat, inside = flat.take(at), inside.take(at)
    own_known = table.known.reshape(-1).take(flat)
    total = seen[..., 0] + seen[..., 1] + seen[..., 2]   # summed as sum(axis=-1) does, without its slow short axis
    floor = settings.dark_floor
    chroma = seen + floor
    chroma /= (total + 3 * floor)[..., None]
    # Each print is compared as lit as the pixel is (a shadow's dark ink, its noise floor and all).
    own, _ = table.chroma(cells, total, floor, (flat, inside))
    own[~inside] = 1 / 3
    gap = _length(chroma - own)
    within = grid - cells
    # The gap to the segment from the print to the line's grey, worked out only where it is asked for: in the letter's
    # corner and near the edges below (each pixel's value is its own, the same to the bit). Off the grid the print is
    # that grey, the segment a point, and the gap the one above.
    letter = np.flatnonzero(_both(within < settings.letter_box) & inside)
    near_sides = [np.flatnonzero(((within[..., axis] < settings.line_band) if side < 0
                                  else (within[..., axis] > 1 - settings.line_band)) & inside)
                  for axis in (0, 1) for side in (-1, 1)]
    near = np.concatenate(near_sides)
    gap[letter] = _segment_gap(chroma.take(letter, axis=0), own.take(letter, axis=0), 1 / 3)
    # The pixels near each of the four edges, and the step to the cell beyond it, all worked out at once (each pixel's
    # values are its own: the same to the bit as side by side; a corner pixel takes the least of its two sides).
    if len(near):
        steps = np.repeat(np.array([[-1, 0], [1, 0], [0, -1], [0, 1]]), [len(n) for n in near_sides], axis=0)
        flat_chroma, flat_own = chroma.take(near, axis=0), own.take(near, axis=0)
        other, other_known = table.chroma(cells.take(near, axis=0) + steps, total.take(near), floor)
        other = np.where(other_known[..., None], other, 1 / 3)   # beyond the grid: the frame's paper
        mixed = np.minimum.reduce([_segment_gap(flat_chroma, flat_own, 1 / 3), _segment_gap(flat_chroma, other, 1 / 3),
                                   _segment_gap(flat_chroma, flat_own, other)])
        start = 0
        for side in near_sides:
            gap[side] = np.minimum(gap[side], mixed[start:start + len(side)])
            start += len(side)
    expected_total = np.where(inside & own_known, table.totals.reshape(-1).take(flat), np.inf)
    lighter = np.log(np.maximum(total, 1e-3) / np.where(np.isfinite(expected_total), expected_total, PAPER_TOTAL))
    # The light in a shadow is the room's, not the lamp's: its hue drifts from the print the darker it is.
    least = settings.chroma_least + settings.shadow_chroma * np.clip(-lighter, 0.0, 1.0)
    measured = (gap > least) | ((lighter > settings.lighter_least) & inside & np.isfinite(expected_total))
    measured |= (lighter < -settings.darker_least) & inside & np.isfinite(expected_total)
    differs = np.zeros(known.shape, bool)
    differs[at] = measured
    return differs, known


class _PrintTable:
    """The prints as arrays over the cell grid and the frame round it (cells -1..6): each pixel's looked up at once."""

    def __init__(self, prints: dict[tuple[int, int], np.ndarray]):
        side = ISLAND_CELLS + 2
        self.shares = np.full((side, side, 3), 1 / 3)
        self.totals = np.ones((side, side))
        self.known = np.zeros((side, side), bool)
        for (col, row), colour in prints.items():
            total = max(float(colour.sum()), 1e-3)
            self.shares[row + 1, col + 1] = colour / total
            self.totals[row + 1, col + 1] = total
            self.known[row + 1, col + 1] = True

    def places(self, cells: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(each cell's row in the flat arrays, which cells lie on them): worked out once for every lookup."""
        on = _both((cells >= -1) & (cells <= ISLAND_CELLS))
        index = np.minimum(np.maximum(cells + 1, 0), ISLAND_CELLS + 1)   # np.clip's, without its overhead
        return index[..., 1] * (ISLAND_CELLS + 2) + index[..., 0], on

    def chroma(self, cells: np.ndarray, totals: np.ndarray, floor: float,
               places: tuple[np.ndarray, np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray]:
        """(the chromaticity of each cell's print, scaled to the pixel's light `totals` before the dark `floor` is
        added, which prints are known)."""
        flat, on = self.places(cells) if places is None else places
        light = totals[..., None]
        scaled = self.shares.reshape(-1, 3).take(flat, axis=0)
        scaled *= light   # (share * light + floor) / (light + 3 floor), step by step in place: the same to the bit
        scaled += floor
        scaled /= light + 3 * floor
        return scaled, self.known.reshape(-1).take(flat) & on


def _segment_gap(points: np.ndarray, start, end) -> np.ndarray:
    """Each point's distance from the segment start-end (chromaticities; a mix of two inks lies on it)."""
    start, end = np.broadcast_to(start, points.shape), np.broadcast_to(end, points.shape)
    along = end - start
    length = np.maximum(_dot(along, along), 1e-9)
    share = np.clip(_dot(points - start, along) / length, 0.0, 1.0)
    return _length(points - (start + share[..., None] * along))


# numpy's reductions over a last axis of two or three are slow on small windows; these add in the same order
# (first to last), so every value is the same to the bit.
def _both(pairs: np.ndarray) -> np.ndarray:
    return pairs[..., 0] & pairs[..., 1]


def _dot(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    return first[..., 0] * second[..., 0] + first[..., 1] * second[..., 1] + first[..., 2] * second[..., 2]


def _length(vectors: np.ndarray) -> np.ndarray:
    return np.sqrt(_dot(vectors, vectors))
