"""A standing piece as a simple solid: its footprint, width and height in mm, fitted to what the camera saw.

A piece seen from above covers, on the table plane, its footprint and everything behind it that
its body hides: the picture's silhouette cast back onto the plane from the camera. A solid (a
square or round footprint, straight or narrowing to its top) of a given width and height casts
a silhouette the camera fixes exactly, wherever it stands; so a piece's width and height, fitted
once from the teaching sheet, say what its silhouette must look like on any square of the board,
under this camera. The width shows from straight above; the height only as far as the camera
looks slant, and the fit leans on it only so far.

Masks are read in a small window of the plane round a square, at `mm_per_px`: a soft share (0..1)
of each pixel showing the piece, and which pixels are known (not hidden behind another piece).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import cv2
import numpy as np

from companion.vision.plane_camera import PlaneCamera

SHAPES = ("square", "round")


@dataclass(frozen=True)
class SolidSettings:
    mm_per_px: float = 0.6
    widths_mm: tuple[float, ...] = tuple(np.arange(6.0, 27.0, 1.0))     # tried first; then half a step each way
    heights_mm: tuple[float, ...] = tuple(np.arange(1.0, 52.0, 3.0))
    tops: tuple[float, ...] = (1.0, 0.3)            # the top's width, as a share of the footprint's
    # A narrowing top must cover the silhouette this much better than a straight one: a flat disc's silhouette is
    # a tall cone's too, and a cone taught where a disc stood reads every disc as something else (tuning seeds
    # 6000-6099, taught: 0 -> 0.05 pieces 1045 -> 1065 of 1276, cells 9168 -> 9186 of 9432).
    narrowing_margin: float = 0.05
    offset_step_mm: float = 1.0                     # a piece stands a little off its square's middle
    offset_steps: int = 1                           # this many steps each way
    rounds: int = 2                                 # of fitting width, height and place in turn
    margin_mm: float = 4.0                          # round the largest silhouette, in the window
    largest_width_mm: float = 26.0
    tallest_mm: float = 50.0


_ANGLES = np.linspace(0, 2 * np.pi, 16, endpoint=False)
ROUND_FOOTPRINT = np.column_stack([np.cos(_ANGLES), np.sin(_ANGLES)])   # a round piece's base, unit radius


@dataclass(frozen=True)
class Solid:
    shape: str
    width_mm: float
    height_mm: float
    top: float = 1.0

    def footprint(self, scale: float = 1.0) -> np.ndarray:
        half = self.width_mm / 2 * scale
        if self.shape == "square":
            return np.array([[-half, -half], [half, -half], [half, half], [-half, half]])
        return half * ROUND_FOOTPRINT

    def to_json(self) -> dict:
        return {"shape": self.shape, "width_mm": round(self.width_mm, 2), "height_mm": round(self.height_mm, 2),
                "top": self.top}

    @classmethod
    def from_json(cls, data) -> "Solid":
        """ValueError naming what is wrong."""
        try:
            solid = cls(str(data["shape"]), float(data["width_mm"]), float(data["height_mm"]), float(data.get("top", 1.0)))
        except (KeyError, TypeError, ValueError):
            raise ValueError(f"a solid needs shape, width_mm and height_mm, got {str(data)[:80]!r}") from None
        if solid.shape not in SHAPES or not (0 < solid.width_mm < 100 and 0 < solid.height_mm < 200):
            raise ValueError(f"a solid of shape {solid.shape!r}, {solid.width_mm} x {solid.height_mm} mm is not a piece")
        return solid


def cast(points: np.ndarray, height_mm: float, camera: PlaneCamera) -> np.ndarray:
    """Plane points (n, 2) raised `height_mm`, cast back onto the plane from the camera's centre."""
    eye = camera.position
    depth = abs(eye[2])
    stretch = depth / max(depth - height_mm, 1e-3)
    return eye[:2] + (np.asarray(points, np.float64) - eye[:2]) * stretch


def silhouette(solid: Solid, centre_mm, camera: PlaneCamera) -> np.ndarray:
    """The plane polygon (k, 2) the solid standing at `centre_mm` hides from the camera (convex)."""
    centre = np.asarray(centre_mm, np.float64)
    base = centre + solid.footprint()
    top = cast(centre + solid.footprint(solid.top), solid.height_mm, camera)
    return cv2.convexHull(np.vstack([base, top]).astype(np.float32)).reshape(-1, 2)


@dataclass(frozen=True)
class Window:
    """A patch of the plane round a square: plane mm -> window px, and what each pixel showed."""

    origin_mm: np.ndarray     # plane mm of pixel (0, 0)'s corner
    mm_per_px: float
    shares: np.ndarray        # (h, w) float32 0..1: how much each pixel shows the piece
    known: np.ndarray         # (h, w) float32 1 where the pixel counts

    def to_px(self, points_mm: np.ndarray) -> np.ndarray:
        return (np.asarray(points_mm, np.float64) - self.origin_mm) / self.mm_per_px

    def shown(self) -> np.ndarray:
        """(h, w) bool: the pixels that show the piece and count."""
        return (self.shares > 0.5) & (self.known > 0.5)

    @cached_property
    def whole(self) -> tuple[np.ndarray, int, np.ndarray | None, int] | None:
        """With every pixel's share and known either 0 or 1: (the pixels shown and counted as a uint8 mask, how many,
        the pixels counted as one or None where all count, how many), for overlap's whole-pixel sums; None for a
        soft window."""
        if not (_zero_or_one(self.shares) and _zero_or_one(self.known)):
            return None
        counted = (self.known > 0.5).astype(np.uint8)
        shown = (self.shares > 0.5).astype(np.uint8) & counted
        counted_count = int(np.count_nonzero(counted))
        return (shown, int(np.count_nonzero(shown)), None if counted_count == counted.size else counted, counted_count)

    def own_piece(self, centre_mm, radius_mm: float) -> "Window":
        """The same window showing only the patches that reach within `radius_mm` of `centre_mm`: a piece of
        the same paint beside it, not touching, is not this one."""
        count, labels = cv2.connectedComponents((self.shares > 0.5).astype(np.uint8), connectivity=8)
        if count <= 1:
            return self
        near = np.zeros(self.shares.shape, np.uint8)
        cv2.circle(near, tuple(int(v) for v in np.round(self.to_px(centre_mm))), int(round(radius_mm / self.mm_per_px)), 1, -1)
        # The patches touching the circle (not the background): np.isin(labels, touching) by a lookup table, the same
        # without sorting.
        kept = np.bincount(labels[near > 0], minlength=count) > 0
        kept[0] = False
        if not kept.any():
            return self
        keep = kept.take(labels)
        return Window(self.origin_mm, self.mm_per_px, self.shares * keep, self.known)

    def with_hidden(self, polygons) -> "Window":
        """The same window with the pixels inside `polygons` (plane mm) not counted."""
        hidden = np.zeros(self.known.shape, np.uint8)
        for polygon in polygons:
            cv2.fillConvexPoly(hidden, np.round(self.to_px(polygon) * 4).astype(np.int32), 1, cv2.LINE_8, 2)
        return Window(self.origin_mm, self.mm_per_px, self.shares, self.known * (1 - hidden.astype(np.float32)))


def window_points(centre_mm, camera: PlaneCamera, settings: SolidSettings = SolidSettings()):
    """(origin mm, (h, w, 2) plane mm of every pixel's middle) of the window round a square at `centre_mm`:
    wide enough for the largest, tallest piece standing there."""
    biggest = Solid("square", settings.largest_width_mm, settings.tallest_mm)
    corners = silhouette(biggest, centre_mm, camera)
    low = corners.min(axis=0) - settings.margin_mm
    high = corners.max(axis=0) + settings.margin_mm
    size = np.ceil((high - low) / settings.mm_per_px).astype(int)
    # Each column's x and each row's y worked out once and spread (the same values as over every pixel).
    points = np.empty((size[1], size[0], 2))
    points[..., 0] = low[0] + (np.arange(size[0], dtype=np.float64) + 0.5) * settings.mm_per_px
    points[..., 1] = (low[1] + (np.arange(size[1], dtype=np.float64) + 0.5) * settings.mm_per_px)[:, None]
    return low, points


def drawn(polygon_mm: np.ndarray, window: Window) -> np.ndarray:
    """(h, w) float32 1 inside the polygon, anti-aliased a little at its edge."""
    return drawn_levels(polygon_mm, window).astype(np.float32) / 255.0


def drawn_levels(polygon_mm: np.ndarray, window: Window) -> np.ndarray:
    """(h, w) uint8: the polygon drawn 255 inside, anti-aliased at a quarter pixel's precision."""
    return _levels(np.round(window.to_px(polygon_mm) * 4).astype(np.int32), window)


def _levels(corners: np.ndarray, window: Window) -> np.ndarray:
    """drawn_levels of a polygon whose corners are given in quarter pixels of the window."""
    canvas = np.zeros(window.shares.shape, np.uint8)
    cv2.fillConvexPoly(canvas, corners, 255, cv2.LINE_AA, 2)
    return canvas


def overlap(solid: Solid, centre_mm, camera: PlaneCamera, window: Window, whole_pixels: bool = False) -> float:
    """Soft intersection over union of the solid's silhouette and what the window showed, over known pixels.
    `whole_pixels`, where every pixel of the window is shown or not and counts or not (Window.whole): the same sums
    counted exactly in the drawing's levels (0-255), several times faster than in float32 (which rounds them)."""
    return _covered(drawn_levels(silhouette(solid, centre_mm, camera), window), window, whole_pixels)


def _covered(canvas: np.ndarray, window: Window, whole_pixels: bool = False) -> float:
    """overlap's value for the silhouette drawn as `canvas` (drawn_levels)."""
    parts = window.whole if whole_pixels else None
    if parts is not None:
        shown, shown_count, counted, counted_count = parts
        # The drawing's levels summed where the window shows the piece and where it counts (whole numbers, exact).
        both = round(cv2.mean(canvas, shown)[0] * shown_count) if shown_count else 0
        drawn_counted = round(cv2.sumElems(canvas)[0] if counted is None else cv2.mean(canvas, counted)[0] * counted_count)
        either = 255 * shown_count + drawn_counted - both
        return both / either if either > 0 else 0.0
    predicted = canvas.astype(np.float32) / 255.0
    both = (np.minimum(predicted, window.shares) * window.known).sum()
    either = (np.maximum(predicted, window.shares) * window.known).sum()
    return float(both / either) if either > 0 else 0.0


def best_overlap(solid: Solid, centre_mm, camera: PlaneCamera, window: Window,
                 settings: SolidSettings = SolidSettings(), whole_pixels: bool = False) -> tuple[float, np.ndarray]:
    """(the best overlap over places round `centre_mm`, that place). Every place's silhouette is worked out, and put in
    the window's quarter pixels, at once (each value its own: the same to the bit as one by one)."""
    best = (-1.0, np.asarray(centre_mm, np.float64))
    centres = np.asarray(centre_mm, np.float64) + np.array(_offsets(settings))
    outlines = _silhouettes(solid, centres, camera)
    corners = np.round(window.to_px(np.concatenate(outlines)) * 4).astype(np.int32)
    ends = np.cumsum([len(outline) for outline in outlines]).tolist()
    for centre, start, end in zip(centres, [0] + ends[:-1], ends):
        score = _covered(_levels(corners[start:end], window), window, whole_pixels)
        if score > best[0]:
            best = (score, centre)
    return best


def _silhouettes(solid: Solid, centres_mm: np.ndarray, camera: PlaneCamera) -> list[np.ndarray]:
    """silhouette() of the solid standing at each of `centres_mm` (n, 2): the corners of all worked out at once (each
    value its own, the same to the bit as one by one), each outline's hull alone."""
    centres = centres_mm[:, None, :]
    base = centres + solid.footprint()
    top = cast(centres + solid.footprint(solid.top), solid.height_mm, camera)
    corners = np.concatenate([base, top], axis=1).astype(np.float32)
    return [cv2.convexHull(points).reshape(-1, 2) for points in corners]


def fit_solid(centre_mm, camera: PlaneCamera, window: Window,
              settings: SolidSettings = SolidSettings()) -> tuple[Solid, float]:
    """The solid (shape, width, height, top) whose silhouette best covers what the window showed, and its overlap."""
    best, best_weighed = (Solid("square", 16.0, 16.0), -1.0), -np.inf
    for shape in SHAPES:
        for top in settings.tops:
            solid, centre, score = Solid(shape, 16.0, 16.0, top), np.asarray(centre_mm, np.float64), -1.0
            width_step = settings.widths_mm[1] - settings.widths_mm[0]
            height_step = settings.heights_mm[1] - settings.heights_mm[0]
            for round_ in range(settings.rounds + 1):
                if round_ < settings.rounds:
                    widths, heights = settings.widths_mm, settings.heights_mm
                else:    # the last round: half a step and a quarter either side of the best
                    widths = [solid.width_mm + k * width_step / 4 for k in (-2, -1, 1, 2)]
                    heights = [max(0.5, solid.height_mm + k * height_step / 4) for k in (-2, -1, 1, 2)]
                for width in widths:
                    trial = Solid(shape, float(width), solid.height_mm, top)
                    value = overlap(trial, centre, camera, window)
                    if value > score:
                        solid, score = trial, value
                for height in heights:
                    trial = Solid(shape, solid.width_mm, float(height), top)
                    value = overlap(trial, centre, camera, window)
                    if value > score:
                        solid, score = trial, value
                value, place = best_overlap(solid, centre, camera, window, settings)
                if value > score:
                    centre, score = place, value
            weighed = score - (settings.narrowing_margin if top < 1.0 else 0.0)
            if weighed > best_weighed:
                best, best_weighed = (solid, score), weighed
    return best


def _zero_or_one(values: np.ndarray) -> bool:
    return bool(((values == 0) | (values == 1)).all())


def _offsets(settings: SolidSettings):
    steps = np.arange(-settings.offset_steps, settings.offset_steps + 1) * settings.offset_step_mm
    return [np.array([dx, dy]) for dy in steps for dx in steps]
