"""Reading one island marker in a picture: which of the sixteen it is, and exactly where its corners are.

Island markers are printed 20 mm across and often show 14-40 px wide, blurred and JPEG'd:
- a candidate quad is read by sampling its 6x6 modules and correlating them with every
  island marker in every quarter turn, the best of a few small shifts (a quad found by a
  contour, or guessed from a board's pose, can be a millimetre out);
- a marker thought to be near a quad is matched by normalised cross-correlation with its
  printed pattern in the marker's own frame, which moves the quad onto it to a tenth of a
  pixel where a corner detector has too few pixels to work with.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from companion.kit import ids

MODULES = 6  # a 4x4 marker with its one-module black border
QUADS_AT_ONCE = 64  # patches read together: their sums (26 kB each) still fit the processor's cache


@dataclass(frozen=True)
class MarkerSettings:
    # Candidates are read at 8 px per module (OpenCV's detector too: on blurred 14-20 px
    # markers that found 350 of 371 against the default's 317).
    px_per_module: int = 8
    # Reading a candidate against the 16 island markers (4 turns each): the best
    # correlation, and its lead over the next best, needed to accept it.
    open_min_score: float = 0.55
    open_min_lead: float = 0.10
    # Pattern matching: module size of the sampled patch and search reach in modules.
    match_px_per_module: int = 6
    match_reach_modules: float = 1.0
    # Markers smaller than this (px across) are not looked for: too few pixels to be sure.
    min_marker_px: float = 9.0
    # Less contrast than this (grey levels) between a quad's dark and light modules: no marker.
    min_contrast: float = 12.0


def read_scores(grey: np.ndarray, quad: np.ndarray, settings: MarkerSettings = MarkerSettings()) -> np.ndarray | None:
    """Correlation of the patch at `quad` with every island pattern (see pattern_index),
    the best over shifts of up to half a module; None when the quad is too small or flat."""
    return read_many(grey, [quad], settings)[0]


def read_many(grey: np.ndarray, quads, settings: MarkerSettings = MarkerSettings()) -> list:
    """read_scores of each quad, those big enough read together."""
    big = [np.linalg.norm(quad[0] - quad[2]) >= settings.min_marker_px for quad in quads]
    tables = iter(many_pattern_scores(grey, [quad for quad, read in zip(quads, big) if read], settings))
    return [next(tables) if read else None for read in big]


def pattern_scores(grey: np.ndarray, quad: np.ndarray, settings: MarkerSettings = MarkerSettings()) -> np.ndarray | None:
    """read_scores' table whatever the quad's size (settings.min_marker_px unused); None when the patch is flat."""
    return many_pattern_scores(grey, [quad], settings)[0]


def many_pattern_scores(grey: np.ndarray, quads, settings: MarkerSettings = MarkerSettings()) -> list:
    """pattern_scores of each quad. Each patch is warped and summed by itself, its modules then sorted and scaled
    with all the others' (element by element: the same numbers), and correlated by itself (the rows of a matrix
    product can depend on how many there are)."""
    if len(quads) > QUADS_AT_ONCE:
        return [table for start in range(0, len(quads), QUADS_AT_ONCE)
                for table in many_pattern_scores(grey, quads[start:start + QUADS_AT_ONCE], settings)]
    if not len(quads):
        return []
    layout = _module_layout(settings.px_per_module)
    size, target = layout[:2]
    # Every module's mean at every shift at once, from one integral image a patch (a patch's grey levels are
    # whole numbers: summed as they are or as floats, the same sums).
    totals = np.empty((len(quads), size + 1, size + 1))
    for quad, total in zip(quads, totals):
        patch = cv2.warpPerspective(grey, cv2.getPerspectiveTransform(np.asarray(quad).astype(np.float32), target),
                                    (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        total[...] = cv2.integral(patch, sdepth=cv2.CV_64F)
    modules = _module_means(totals, layout)
    ordered = np.sort(modules, axis=2)
    # About the 10th and 90th percentiles of the 36 modules: the marker's black and white.
    low, high = ordered[..., 3:4], ordered[..., -4:-3]
    keep = (high - low)[..., 0] >= settings.min_contrast
    # The shifts kept, every quad's in turn (flat ones are not: no division by nought).
    signed = np.clip((modules[keep] - (low[keep] + high[keep]) / 2) / ((high[keep] - low[keep]) / 2), -1, 1)
    tables, start = [], 0
    for count in keep.sum(axis=1).tolist():
        chosen = signed[start:start + count]
        start += count
        tables.append((chosen @ _pattern_matrix().T / chosen.shape[1]).max(axis=0) if count else None)
    return tables


@lru_cache(maxsize=4)
def _module_layout(k: int):
    """For a patch read at k px per module: its size, the quad's target corners in it, where the first module
    starts and over how many pixels module starts range (at every shift of up to half a module), the span of pixels
    a module is averaged over, and where each module of each shift lies in that range (flattened), one row per shift
    (shifts * shifts, 36)."""
    pad = k // 2
    size = MODULES * k + 2 * pad
    target = np.array([[pad, pad], [size - pad, pad], [size - pad, size - pad], [pad, size - pad]], np.float32)
    step = max(1, pad // 2)
    shifts = np.arange(0, 2 * pad + 1, step)
    starts = (shifts[:, None] + np.arange(MODULES)[None, :] * k + k // 4).ravel()   # (shifts * modules)
    span = k - 2 * (k // 4)
    count = len(shifts)
    first, reach = int(starts.min()), int(starts.max() - starts.min() + 1)
    index = (starts[:, None] - first) * reach + (starts[None, :] - first)
    index = index.reshape(count, MODULES, count, MODULES).transpose(0, 2, 1, 3).reshape(count * count, -1).copy()
    return size, target, first, reach, span, index


def _module_means(totals: np.ndarray, layout) -> np.ndarray:
    """Each patch's module means at every shift (N, shifts * shifts, 36) from its integral image (N, size + 1, size
    + 1): the sum of every span-wide box starting in the modules' range at once, each box's four corners taken as
    one module's would be, then each module's box picked out."""
    first, reach, span, index = layout[2:]
    grid = totals[:, first:first + reach + span, first:first + reach + span]
    near, far = slice(0, reach), slice(span, span + reach)
    boxes = grid[:, far, far] - grid[:, near, far] - grid[:, far, near] + grid[:, near, near]
    return boxes.reshape(len(totals), -1)[:, index] / span ** 2


def best_read(table: np.ndarray) -> tuple[int, int, float, float]:
    """(marker id, quarter turns, score, lead over the runner-up) of a read_scores table."""
    order = np.argsort(table)[::-1]
    marker_id = ids.ISLAND_BOARD_MARKERS.first + int(order[0]) // 4
    return marker_id, int(order[0]) % 4, float(table[order[0]]), float(table[order[0]] - table[order[1]])


def read_candidate(grey: np.ndarray, quad: np.ndarray, settings: MarkerSettings = MarkerSettings()):
    """(id, corners in OpenCV order) of an island marker in a candidate quad, or None."""
    quad = np.asarray(quad, np.float64)
    table = read_scores(grey, quad, settings)
    if table is None:
        return None
    marker_id, turns, score, lead = best_read(table)
    if score < settings.open_min_score or lead < settings.open_min_lead:
        return None
    return marker_id, turned(quad, turns)


def turned(quad: np.ndarray, turns: int) -> np.ndarray:
    """The quad's corners in the marker's printed order, when its patch showed the marker
    turned `turns` quarter turns anticlockwise (np.rot90)."""
    return np.roll(quad, turns, axis=0)


def match_marker(grey: np.ndarray, marker_id: int, quad: np.ndarray, settings: MarkerSettings = MarkerSettings(),
                 reach: float | None = None) -> tuple[np.ndarray, float] | None:
    """Refined corners of marker `marker_id` near `quad` (OpenCV corner order), and the match score."""
    quad = np.asarray(quad, np.float64)
    if np.linalg.norm(quad[0] - quad[2]) < settings.min_marker_px * 1.4:
        return None
    k = settings.match_px_per_module
    reach = settings.match_reach_modules if reach is None else reach
    margin = 0.5 + reach  # the template carries half a module of white round the marker
    side = int(round((MODULES + 2 * margin) * k))
    # Module coordinates (0..6 across the marker) -> the sampled patch's pixels, whose
    # centres sit half a pixel in from the edges of the template's squares.
    offset = margin * k - 0.5
    module_to_patch = np.array([[k, 0, offset], [0, k, offset], [0, 0, 1]], np.float64)
    unit = np.array([[0, 0], [MODULES, 0], [MODULES, MODULES], [0, MODULES]], np.float64)
    module_to_image = cv2.getPerspectiveTransform(unit.astype(np.float32), quad.astype(np.float32))
    patch_to_image = module_to_image @ np.linalg.inv(module_to_patch)
    height, width = grey.shape[:2]
    centre = quad.mean(axis=0)
    if not (0 <= centre[0] < width and 0 <= centre[1] < height):
        return None
    patch = cv2.warpPerspective(grey, patch_to_image, (side, side),
                                flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)
    result = cv2.matchTemplate(patch.astype(np.float32), _template(marker_id, k), cv2.TM_CCOEFF_NORMED)
    _, score, _, (x, y) = cv2.minMaxLoc(result)
    dx, dy = _subpixel(result, x, y)
    # The template's top-left sits at (reach * k) px when the quad was exact.
    shift = np.array([(x + dx) / k - reach, (y + dy) / k - reach])
    refined = cv2.perspectiveTransform((unit + shift).reshape(-1, 1, 2), module_to_image).reshape(4, 2)
    return refined, float(score)


def pattern_index(board: int, corner: int, turns: int) -> int:
    """Where the marker at `corner` of `board`, turned `turns` times, sits in a read_scores table."""
    return (ids.island_board_marker(board, corner) - ids.ISLAND_BOARD_MARKERS.first) * 4 + turns


def _subpixel(result: np.ndarray, x: int, y: int) -> tuple[float, float]:
    """Parabola through the peak and its neighbours, along each axis."""
    def offset(minus, centre, plus):
        denominator = minus - 2 * centre + plus
        return 0.0 if denominator >= 0 else float(np.clip(0.5 * (minus - plus) / denominator, -0.5, 0.5))
    height, width = result.shape
    dx = offset(result[y, x - 1], result[y, x], result[y, x + 1]) if 0 < x < width - 1 else 0.0
    dy = offset(result[y - 1, x], result[y, x], result[y + 1, x]) if 0 < y < height - 1 else 0.0
    return dx, dy


@lru_cache(maxsize=None)
def _bits(marker_id: int) -> np.ndarray:
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, ids.DICTIONARY))
    return (dictionary.generateImageMarker(marker_id, MODULES) > 127).astype(np.float32)


@lru_cache(maxsize=1)
def _pattern_matrix() -> np.ndarray:
    """Every island marker in every quarter turn, +1 white / -1 black, one row each."""
    return np.array([np.rot90(_bits(marker_id) * 2 - 1, turns).ravel()
                     for marker_id in ids.ISLAND_BOARD_MARKERS.ids for turns in range(4)], np.float32)


@lru_cache(maxsize=None)
def _template(marker_id: int, k: int) -> np.ndarray:
    """The printed marker at k px per module with half a module of white paper round it."""
    padded = np.pad(_bits(marker_id), 1, constant_values=1.0)
    big = np.kron(padded, np.ones((k, k), np.float32))
    trim = k // 2
    return np.ascontiguousarray(big[trim:-trim, trim:-trim] * 255.0)
