"""Where a harbour mat lies, to a fraction of a mm, and its straight-down picture.

The mat's one 50 mm marker fixes its place, but extrapolated 200 mm to the far corner a
fraction of a pixel of corner error turns the mat by a degree or more (several mm at the
coins). The paper's own edges are long straight lines: each left, right and bottom edge is
found along short profiles across it (the step from white paper to the table), and the mat's
similarity (turn, scale, shift) is refitted to the marker's corners and those edge points
together. The top edge is left out: the fleet's colour band runs along it. A far mat is small
in the picture, so the fit's tolerances are at least a pixel or two; where coins' edges near a
side spoil the wide first look, each side keeps only the steps along one straight line.

The flattening (mat mm -> picture px) is one cv2.remap with maps cached per mat placement, so
a still mat costs one remap a frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import cv2
import numpy as np

from companion.games.cannons_coastlines.kit import pieces as kit
from companion.kit import ids
from companion.vision.table_frame import TableFrame
from companion.vision.tag_edges import strongest_steps
from companion.vision.markers import get_dictionary
from companion.games.cannons_coastlines.camera.settings import MatPlaceSettings

MAP_STEP = 8                     # flattened px between exactly mapped points


@dataclass(frozen=True)
class MatPlace:
    """Mat mm -> table mm as a 2x3 similarity, and how many edge points agreed with it."""

    pose: np.ndarray
    edge_points: int

    def to_table(self, points_mm) -> np.ndarray:
        return np.asarray(points_mm, np.float64).reshape(-1, 2) @ self.pose[:, :2].T + self.pose[:, 2]

    def to_mat(self, points_mm) -> np.ndarray:
        inverse = cv2.invertAffineTransform(self.pose)
        return np.asarray(points_mm, np.float64).reshape(-1, 2) @ inverse[:, :2].T + inverse[:, 2]


def _marker_in_mat() -> np.ndarray:
    x0, y0 = kit.MAT_MARKER_AT
    side = kit.MAT_MARKER_MM
    return np.array([(x0, y0), (x0 + side, y0), (x0 + side, y0 + side), (x0, y0 + side)], np.float64)


def marker_pose(frame: TableFrame, marker_corners_px: np.ndarray) -> np.ndarray | None:
    """2x3 similarity mat mm -> table mm from the mat marker's corners alone."""
    pose, _ = cv2.estimateAffinePartial2D(_marker_in_mat(), frame.to_table(marker_corners_px))
    return pose


@lru_cache(maxsize=1)
def _close_look_detectors() -> tuple[cv2.aruco.ArucoDetector, ...]:
    """For a second look at a small crop: OpenCV's defaults (the crop enlarged), a steadier
    threshold, and wider threshold windows (the enlarged crop)."""
    dictionary = get_dictionary("DICT_4X4_50")
    steady = cv2.aruco.DetectorParameters()
    steady.adaptiveThreshConstant = 12
    wide = cv2.aruco.DetectorParameters()
    wide.adaptiveThreshWinSizeMin, wide.adaptiveThreshWinSizeMax, wide.adaptiveThreshWinSizeStep = 15, 45, 15
    wide.adaptiveThreshConstant = 10
    return (cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters()),
            cv2.aruco.ArucoDetector(dictionary, steady), cv2.aruco.ArucoDetector(dictionary, wide))


def home_marker_box(frame: TableFrame, player: int, image_size: tuple[int, int],
                    settings: MatPlaceSettings = MatPlaceSettings()) -> tuple[int, int, int, int] | None:
    """The picture box (x0, y0, x1, y1) round where player's mat marker lies when the mat is
    near its home place (kit.pieces.mat_home_mm), or None when that is out of the picture."""
    centre = np.array(kit.mat_home_mm(player))
    corner = centre - np.array(kit.MAT_MM) / 2 + kit.MAT_MARKER_AT
    reach = settings.home_search_mm
    square = corner + np.array([(-reach, -reach), (kit.MAT_MARKER_MM + reach, -reach),
                                (kit.MAT_MARKER_MM + reach, kit.MAT_MARKER_MM + reach), (-reach, kit.MAT_MARKER_MM + reach)])
    pixels = frame.to_image(square)
    width, height = image_size
    x0, y0 = np.clip(np.floor(pixels.min(0)).astype(int), 0, [width, height])
    x1, y1 = np.clip(np.ceil(pixels.max(0)).astype(int), 0, [width, height])
    return (int(x0), int(y0), int(x1), int(y1)) if x1 - x0 > 8 and y1 - y0 > 8 else None


def look_again_for_mat_marker(grey: np.ndarray, frame: TableFrame, player: int,
                              settings: MatPlaceSettings = MatPlaceSettings()) -> np.ndarray | None:
    """Player's mat marker found in a close look round its home place, or None. The mat's
    marker lies 4 mm from the paper's edge, so against a dark table its white quiet zone is
    thin and a whole-picture search can miss it; a crop, enlarged, with other thresholds
    finds it."""
    box = home_marker_box(frame, player, (grey.shape[1], grey.shape[0]), settings)
    if box is None:
        return None
    x0, y0, x1, y1 = box
    crop = grey[y0:y1, x0:x1]
    marker_id = ids.harbour_mat(player)
    for detector, scale in zip(_close_look_detectors(), (2, 1, 2)):
        picture = cv2.resize(crop, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC) if scale > 1 else crop
        corners, found, _ = detector.detectMarkers(picture)
        if found is None:
            continue
        for quad, seen in zip(corners, found.ravel()):
            if seen == marker_id:
                quad = quad.reshape(4, 2).astype(np.float64)
                # Enlarging maps pixel centres x -> scale * x + (scale - 1) / 2.
                return (quad - (scale - 1) / 2) / scale + (x0, y0)
    return None


@lru_cache(maxsize=2)
def _edges(points_per_edge: int) -> tuple[tuple[int, float, np.ndarray, np.ndarray], ...]:
    """(axis held, its value, start, end) in mat mm for the left, right and bottom edges (made once: not to be
    written to)."""
    width, height = kit.MAT_MM
    ts = np.linspace(0.06, 0.94, points_per_edge)
    left_top = kit.MAT_MARKER_AT[1] + kit.MAT_MARKER_MM + 4.0     # below the marker's own edge
    edges = ((0, 0.0, np.stack([np.zeros_like(ts), left_top + ts * (height - left_top)], 1), np.array([-1.0, 0.0])),
             (0, width, np.stack([np.full_like(ts, width), ts * height], 1), np.array([1.0, 0.0])),
             (1, height, np.stack([ts * width, np.full_like(ts, height)], 1), np.array([0.0, 1.0])))
    for _, _, points, outward in edges:
        points.flags.writeable = outward.flags.writeable = False
    return edges


def _along_one_line(along_mm: np.ndarray, offset_mm: np.ndarray, good: np.ndarray, tolerance_mm: float) -> np.ndarray:
    """The steps that lie along the one straight line most of them share (a paper edge is
    straight; coins' edges taken for the strongest step on some profiles lie off it)."""
    chosen = np.zeros_like(good)
    for first, second in combinations(np.flatnonzero(good), 2):
        slope = (offset_mm[second] - offset_mm[first]) / (along_mm[second] - along_mm[first])
        agree = good & (np.abs(offset_mm - offset_mm[first] - slope * (along_mm - along_mm[first])) <= tolerance_mm)
        if agree.sum() > chosen.sum():
            chosen = agree
    return chosen


def place_mat(frame: TableFrame, grey: np.ndarray, marker_corners_px: np.ndarray,
              settings: MatPlaceSettings = MatPlaceSettings()) -> MatPlace | None:
    """The mat's placement: the marker's guess refined by the paper's edges (None: no marker fit)."""
    place = marker_pose(frame, marker_corners_px)
    if place is None:
        return None
    agreed = 0
    marker = _marker_rows(frame, marker_corners_px)   # the same for every pass
    for reach, step in settings.passes:
        refined = _refit(frame, grey, marker, place, reach, step, settings)
        if refined is None and not agreed:
            # The wide first look found coins' edges as often as the paper's on some side.
            refined = _refit(frame, grey, marker, place, reach, step, settings, one_line=True)
        if refined is None and not agreed:
            # A far, small marker can turn its guess so far that the bottom edge lies out of reach.
            refined = _refit(frame, grey, marker, place, *settings.far_pass, settings)
        if refined is None:
            break
        place, agreed = refined
    return MatPlace(place, agreed)


def _marker_rows(frame, marker_corners_px) -> tuple[list, list, float]:
    """The marker's corners as the fit's rows (two linear equations each) and their targets, and how many mm a
    pixel spans at the marker."""
    # A far mat is small in the picture: a step found a pixel off is more mm off.
    mm_per_px = kit.MAT_MARKER_MM / np.linalg.norm(np.roll(marker_corners_px, 1, axis=0) - marker_corners_px, axis=1).mean()
    rows_a, rows_b = [], []
    for (x, y), (u, v) in zip(_marker_in_mat(), frame.to_table(marker_corners_px)):
        # table -> mat similarity [c -d; d c] q + s = m: two linear equations per marker corner
        rows_a += [[u, -v, 1, 0], [v, u, 0, 1]]
        rows_b += [x, y]
    return rows_a, rows_b, mm_per_px


def _refit(frame, grey, marker: tuple[list, list, float], guess, reach, step_mm, settings: MatPlaceSettings,
           one_line=False) -> tuple[np.ndarray, int] | None:
    """The similarity fitted to the marker's corners (`marker`: _marker_rows) and the paper edges found near
    `guess`; `one_line`: each side's steps kept only along the line most of them share."""
    offsets = np.arange(-reach, reach + 1e-9, step_mm)
    rows_a, rows_b, mm_per_px = marker
    edge_rows, edge_targets = [], []
    edges = _edges(settings.edge_points)
    # Every side's profiles taken at once (each sample is mapped and read on its own: the same as side by side).
    on_table = [(points[:, None, :] + offsets[None, :, None] * outward).reshape(-1, 2) @ guess[:, :2].T + guess[:, 2]
                for _, _, points, outward in edges]
    pixels = frame.to_image(np.concatenate(on_table)).reshape(-1, len(offsets), 2).astype(np.float32)
    profiles = cv2.remap(grey, pixels[..., 0], pixels[..., 1], cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_CONSTANT, borderValue=0).astype(np.float32)
    first = 0
    for axis, value, points, outward in edges:
        profile, first = profiles[first:first + len(points)], first + len(points)
        # Paper (inside) is brighter than what lies outside.
        good, offset = strongest_steps(profile[:, :-2] - profile[:, 2:], offsets, step_mm, settings.min_edge_step)
        if one_line:
            good = _along_one_line(points[:, 1 - axis], offset, good,
                                   max(settings.edge_line_tolerance_mm, settings.edge_line_tolerance_px * mm_per_px))
        found = (points[good] + outward * offset[good, None]) @ guess[:, :2].T + guess[:, 2]
        edge_rows += [[q[0], -q[1], 1, 0] if axis == 0 else [q[1], q[0], 0, 1] for q in found]
        edge_targets += [value] * len(found)
    if len(edge_rows) < 8:
        return None
    a = np.vstack([rows_a, edge_rows])
    b = np.concatenate([rows_b, edge_targets])
    weight = np.concatenate([np.full(len(rows_b), 2.0), np.ones(len(edge_targets))])
    keep = np.ones(len(b), bool)
    outlier_mm = max(settings.outlier_mm, settings.outlier_px * mm_per_px)
    for _ in range(2):
        solution = np.linalg.lstsq(a[keep] * weight[keep, None], b[keep] * weight[keep], rcond=None)[0]
        residual = np.abs(a @ solution - b)
        keep = residual < max(outlier_mm, 2.5 * float(np.median(residual)))
        keep[:len(rows_b)] = True
    # Each side must hold enough of the fit's points: with one side's points all gone, the
    # other two can turn the mat freely about themselves.
    sides = np.array(edge_targets)[keep[len(rows_b):]]
    if any((sides == value).sum() < settings.min_points_per_side for value in (0.0, kit.MAT_MM[0], kit.MAT_MM[1])):
        return None
    c, d, sx, sy = solution
    to_mat = np.array([[c, -d, sx], [d, c, sy]])
    return cv2.invertAffineTransform(to_mat), int(keep[len(rows_b):].sum())


class MatFlattener:
    """The mat seen from straight above at `px_per_mm`; maps kept while the mat stays put."""

    def __init__(self, px_per_mm: float):
        self.px_per_mm = px_per_mm
        self._key = None
        self._maps = None

    def maps(self, frame: TableFrame, place: MatPlace) -> tuple[np.ndarray, np.ndarray]:
        key = (np.round(place.pose, 4).tobytes(), np.round(frame.plane_to_image, 6).tobytes(), round(frame.k1, 5))
        if key != self._key:
            self._maps = _flatten_maps(frame, place, self.px_per_mm)
            self._key = key
        return self._maps

    def flatten(self, image: np.ndarray, frame: TableFrame, place: MatPlace) -> np.ndarray:
        map_x, map_y = self.maps(frame, place)
        return cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _flatten_maps(frame: TableFrame, place: MatPlace, px_per_mm: float) -> tuple[np.ndarray, np.ndarray]:
    """Picture px of every flattened pixel: exact on a grid every MAP_STEP pixels (the lens
    bends slowly), linear in between. The grid sits at the pixel positions cv2.resize samples
    from, so the enlarged map is exact interpolation, not shifted by half a step. The (x, y) map is
    converted as one two-channel map: the same fixed-point maps as its planes apart, without copying them out."""
    (width, height), (columns, rows), grid = _flatten_grid(px_per_mm)
    coarse = frame.to_image(place.to_table(grid)).reshape(rows, columns, 2).astype(np.float32)
    full = cv2.resize(coarse, (columns * MAP_STEP, rows * MAP_STEP), interpolation=cv2.INTER_LINEAR)[:height, :width]
    return cv2.convertMaps(np.ascontiguousarray(full), None, cv2.CV_16SC2)


@lru_cache(maxsize=2)
def _flatten_grid(px_per_mm: float) -> tuple[tuple[int, int], tuple[int, int], np.ndarray]:
    """((width, height) of the flattened mat px, (columns, rows) of its exactly mapped grid, the grid's points in
    mat mm): the same for every mat (made once: not to be written to)."""
    width, height = (int(round(v * px_per_mm)) for v in kit.MAT_MM)
    columns, rows = -(-width // MAP_STEP), -(-height // MAP_STEP)
    xs = (np.arange(columns) + 0.5) * MAP_STEP - 0.5
    ys = (np.arange(rows) + 0.5) * MAP_STEP - 0.5
    grid = np.stack(np.meshgrid(xs, ys), -1).reshape(-1, 2) / px_per_mm
    grid.flags.writeable = False
    return (width, height), (columns, rows), grid
