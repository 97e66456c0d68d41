"""How a piece looks standing on a square of a plane: where to sample it, and how near two looks are.

A piece's look is read at the same points whatever the camera: a grid over its base (across
the square and along the way pieces lean), and a column of points straight above the base at
rising heights, each projected through the plane's camera to where it shows in the picture.
The share of those points that show the piece's paint says how wide and how tall it is; seen
from straight above the column falls onto the base, and width alone is left to go on.

The teaching sheet (calibration.pieces) and a game's board read looks the same way, so a look
taught on the sheet can be found again on the board. Matching gives a confidence that stays low
when the nearest taught look is still far off: a look never taught is not a confident reading.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.vision.paper_white import to_linear
from companion.vision.plane_camera import PlaneCamera


@dataclass(frozen=True)
class LookSettings:
    across: tuple[float, ...] = (-0.39, -0.26, -0.13, 0.0, 0.13, 0.26, 0.39)   # shares of the square's side
    along: tuple[float, ...] = (-0.39, -0.26, -0.13, 0.0, 0.13, 0.26, 0.39)    # the base, along the lean
    heights_mm: tuple[float, ...] = (3.0, 6.0, 9.0, 12.0, 15.0, 19.0, 23.0, 28.0, 34.0)   # the column above it
    lean_probe_mm: float = 20.0     # the height whose lean gives the base grid its direction
    min_lean_mm: float = 0.3        # below this the camera looks straight down: any direction will do
    # A piece seldom stands in the middle of its square, and a lens bends the picture a little off
    # the markers' plane: the points are read again round the middle of what showed, this far off at most.
    max_shift: float = 0.3          # of the side
    min_shown: float = 2.0          # base points showing a piece before the middle is moved to it
    # Matching: a look's distance is the RMS difference of the two profiles (shares, 0..1).
    sharpness: float = 0.04         # distances this much apart make the nearer one e times likelier
    unfamiliar: float = 0.25        # the nearest taught look further than this: not this kind, as far as we know
    unfamiliar_confidence: float = 0.45

    @property
    def count(self) -> int:
        return len(self.across) * (len(self.along) + len(self.heights_mm))

    @property
    def base_count(self) -> int:
        return len(self.across) * len(self.along)


def _grid(plane_to_image, camera: PlaneCamera, centres: np.ndarray, side_mm: float, settings: LookSettings):
    """(base points in the plane (M, base_count, 2), every look point in the picture (M, count, 2))."""
    to_plane = np.linalg.inv(plane_to_image)
    probe = cv2.perspectiveTransform(camera.project_raised(centres, settings.lean_probe_mm).reshape(-1, 1, 2),
                                     to_plane).reshape(-1, 2)
    lean = probe - centres
    length = np.linalg.norm(lean, axis=1, keepdims=True)
    direction = np.where(length > settings.min_lean_mm, lean / np.maximum(length, 1e-9), [0.0, 1.0])
    across_axis = np.column_stack([-direction[:, 1], direction[:, 0]])
    u = np.array(settings.across)[None, :, None] * side_mm
    v = np.array(settings.along)[None, :, None, None] * side_mm
    base = centres[:, None, None, :] + v * direction[:, None, None, :] + u[:, None] * across_axis[:, None, None, :]
    base = base.reshape(len(centres), -1, 2)
    base_px = cv2.perspectiveTransform(base.reshape(-1, 1, 2), plane_to_image).reshape(len(centres), -1, 2)
    column = centres[:, None, :] + u * across_axis[:, None, :]                        # (M, across, 2)
    raised = [camera.project_raised(column.reshape(-1, 2), height).reshape(len(centres), -1, 2)
              for height in settings.heights_mm]
    return base, np.concatenate([base_px, *raised], axis=1)


def sample_pixels(plane_to_image: np.ndarray, camera: PlaneCamera, centres_mm: np.ndarray, side_mm: float,
                  settings: LookSettings = LookSettings()) -> np.ndarray:
    """(M, settings.count, 2) picture px of every look point of squares centred at `centres_mm` (M, 2)."""
    return _grid(plane_to_image, camera, np.asarray(centres_mm, np.float64).reshape(-1, 2), side_mm, settings)[1]


def read_looks(colours, shows, plane_to_image: np.ndarray, camera: PlaneCamera, centres_mm: np.ndarray,
               side_mm: float, settings: LookSettings = LookSettings()):
    """The look of a piece on each square: (picture px (M, count, 2), colours (M, count, 3), shares (M, count)).
    `colours(px)` gives the balanced colour at picture points and `shows(colours)` how much each shows a
    piece (0..1); the points are read once round each square's middle and again round the piece's."""
    centres = np.asarray(centres_mm, np.float64).reshape(-1, 2)
    base, pixels = _grid(plane_to_image, camera, centres, side_mm, settings)
    shares = shows(colours(pixels))
    weights = shares[:, :settings.base_count]
    total = weights.sum(axis=1, keepdims=True)
    middle = (weights[:, :, None] * base).sum(axis=1) / np.maximum(total, 1e-9)
    shift = np.where(total >= settings.min_shown, middle - centres, 0.0)
    limit = settings.max_shift * side_mm
    shift *= np.minimum(1.0, limit / np.maximum(np.linalg.norm(shift, axis=1, keepdims=True), 1e-9))
    _, pixels = _grid(plane_to_image, camera, centres + shift, side_mm, settings)
    balanced = colours(pixels)
    return pixels, balanced, shows(balanced)


def linear_at(image_bgr: np.ndarray, pixels: np.ndarray) -> np.ndarray:
    """Linear BGR (float32) of a uint8 picture at sub-pixel points (..., 2), bilinear."""
    flat = np.asarray(pixels, np.float32).reshape(-1, 2)
    count = len(flat)
    columns = 256    # remap wants fewer than 32767 rows: the points are laid out as a rectangle
    rows = max(1, -(-count // columns))
    grid = np.zeros((rows * columns, 2), np.float32)
    grid[:count] = flat
    # Only the pixels round the points are made linear: remap reads the two pixels either side of
    # each point, and a crop reaching the picture's edge wherever a point does replicates the same border.
    height, width = image_bgr.shape[:2]
    x0, y0, x1, y1 = 0, 0, width, height
    if count and np.isfinite(flat).all():
        # Each column's least and most alone: a reduction over the first axis of (n, 2) is ten times slower.
        xs, ys = flat[:, 0], flat[:, 1]
        low, high = np.floor([xs.min(), ys.min()]), np.floor([xs.max(), ys.max()])
        x0, y0 = int(min(max(low[0] - 1, 0), width - 1)), int(min(max(low[1] - 1, 0), height - 1))
        x1, y1 = int(max(min(high[0] + 3, width), x0 + 1)), int(max(min(high[1] + 3, height), y0 + 1))
        grid[:count] -= np.array([x0, y0], np.float32)
    grid = grid.reshape(rows, columns, 2)
    linear = to_linear(image_bgr[y0:y1, x0:x1])
    values = cv2.remap(linear, grid[..., 0], grid[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return values.reshape(-1, 3)[:count].reshape(*np.shape(pixels)[:-1], 3)


def profile(shares: np.ndarray, settings: LookSettings = LookSettings(), known: np.ndarray | None = None):
    """What a look's point shares say, whichever way the piece is turned and however far it stands
    off the square's middle: how much shows in each row of the base (along the lean), how much at
    each distance across from the middle (both sides averaged), and how much at each height.
    Points not `known` (hidden behind another piece) count for nothing; returns (profiles, valid),
    valid saying which entries rest on at least one known point."""
    shares = np.atleast_2d(np.asarray(shares, np.float32))
    known = np.ones_like(shares) if known is None else np.atleast_2d(np.asarray(known, np.float32))
    across, along = len(settings.across), len(settings.along)

    def split(values):
        return (values[:, :across * along].reshape(len(values), along, across),
                values[:, across * along:].reshape(len(values), -1, across))

    (base, column), (base_known, column_known) = split(shares * known), split(known)
    both, both_known = np.concatenate([base, column], axis=1), np.concatenate([base_known, column_known], axis=1)
    mirrored, mirrored_known = both + both[:, :, ::-1], both_known + both_known[:, :, ::-1]
    half = (across + 1) // 2
    sums = [base.sum(axis=2), mirrored.sum(axis=1)[:, :half], column.sum(axis=2)]
    counts = [base_known.sum(axis=2), mirrored_known.sum(axis=1)[:, :half], column_known.sum(axis=2)]
    values = [total / np.maximum(count, 1e-9) for total, count in zip(sums, counts)]
    # A piece is one column from its base up: paint seen again above a gap is a piece behind it.
    # Each height seen takes the least share seen at it or below (at most 1): a running minimum along the column.
    heights, seen = values[2], counts[2] > 0
    lowest = np.minimum(np.minimum.accumulate(np.where(seen, heights, np.float32(1.0)), axis=1), np.float32(1.0))
    values[2] = np.where(seen, lowest, heights)
    return np.hstack(values), np.hstack([count > 0 for count in counts])


def distances(shares: np.ndarray, prototypes: np.ndarray, settings: LookSettings = LookSettings(),
              known: np.ndarray | None = None) -> np.ndarray:
    """RMS difference of the profiles of each row of `shares` (M, points) from each prototype's (P, points),
    over the profile entries the known points of each row give: (M, P)."""
    (mine, valid), (theirs, _) = profile(shares, settings, known), profile(prototypes, settings)
    squared = (mine[:, None, :] - theirs[None, :, :]) ** 2 * valid[:, None, :]
    return np.sqrt(squared.sum(axis=2) / np.maximum(valid.sum(axis=1), 1)[:, None])


def inside_convex(points: np.ndarray, hull: np.ndarray) -> np.ndarray:
    """Which of `points` (N, 2) lie inside the convex polygon `hull` (K, 2, either winding)."""
    edges = np.roll(hull, -1, axis=0) - hull
    offsets = points[:, None, :] - hull[None, :, :]
    cross = edges[None, :, 0] * offsets[:, :, 1] - edges[None, :, 1] * offsets[:, :, 0]
    return (cross >= 0).all(axis=1) | (cross <= 0).all(axis=1)


@dataclass(frozen=True)
class Match:
    label: str
    confidence: float
    distance: float        # to the nearest taught look of that label
    runner_up: str | None


class LookBook:
    """Taught looks by label, their profiles worked out once: what a reader matches every cell against."""

    def __init__(self, prototypes: dict[str, list[np.ndarray]], settings: LookSettings = LookSettings()):
        if not prototypes:
            raise ValueError("no taught looks to match against")
        self.settings = settings
        self.labels = list(prototypes)
        self.profiles = [profile(np.array(prototypes[label]), settings)[0] for label in self.labels]

    def match(self, shares: np.ndarray, known: np.ndarray | None = None) -> Match:
        """The taught label whose look is nearest to `shares` (over its `known` points), and how sure: a
        softmax over each label's nearest look, capped at `unfamiliar_confidence` when even the nearest is far."""
        s = self.settings
        mine, valid = profile(shares, s, known)
        weight = valid[0] / max(valid[0].sum(), 1)
        nearest = np.array([np.sqrt((((theirs - mine) ** 2) * weight).sum(axis=1)).min() for theirs in self.profiles])
        order = np.argsort(nearest)
        weights = np.exp(-(nearest - nearest[order[0]]) / s.sharpness)
        confidence = float(weights[order[0]] / weights.sum())
        if nearest[order[0]] > s.unfamiliar:
            confidence = min(confidence, s.unfamiliar_confidence)
        runner = self.labels[order[1]] if len(self.labels) > 1 else None
        return Match(self.labels[order[0]], confidence, float(nearest[order[0]]), runner)


def match(shares: np.ndarray, prototypes: dict[str, list[np.ndarray]],
          settings: LookSettings = LookSettings(), known: np.ndarray | None = None) -> Match:
    """LookBook(prototypes).match(shares, known), for one look."""
    return LookBook(prototypes, settings).match(shares, known)
