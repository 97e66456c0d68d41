"""White balance from the paper itself: every board's printed white frame is a white reference in every frame.

A warm lamp, a cool window and the webcam's own white balance all tint the picture; a desk
lamp also lights a pool on the table, brighter in the middle of a board than at its edges.
The white frame round each board's grid sees the same light as the cells. So each board
gets a white field: one light colour (measured on the frame where no channel is clipped)
times a smooth brightness (a quadratic surface fitted round the frame, which bulges over
the middle as a lamp's pool does). Where the frame is so bright that the camera clipped a
channel, the brightness comes from the channels that were not clipped. Every pixel is
divided by the field (in linear light): colours are then relative to the paper, the same
ink gives the same numbers under any light, and can be compared with references in Lab.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

LUMA = np.array([0.0722, 0.7152, 0.2126], np.float32)   # B, G, R weights (Rec. 709)
SRGB_TO_LINEAR = np.array([(v / 255.0) / 12.92 if v <= 10 else ((v / 255.0 + 0.055) / 1.055) ** 2.4
                           for v in range(256)], np.float32)


@dataclass(frozen=True)
class WhiteSettings:
    # The frame band is cut into blocks; a block's white is the brightness reached by this
    # share of its pixels (text, marker corners and small shadows stay below it).
    block_percentile: float = 75.0
    # Blocks much darker than the fit (a ship's shadow, a hand) are dropped and the fit redone.
    outlier_ratio: float = 0.8
    min_blocks: int = 6
    # Linear level from which a channel counts as clipped (about 245 of 255 in the picture).
    clipped: float = 0.91
    # Below this many blocks the brightness is fitted as a plane, not a quadratic surface.
    quadratic_blocks: int = 12
    # Webcams turn saturation down (or up) after the light has tinted the picture, which no
    # division by white undoes: under a warm lamp grass then drifts towards the road tiles'
    # cream. Each board's cells are printed inks of known colour, so the saturation that
    # brings its cells nearest to them is found among these and undone.
    saturations: tuple[float, ...] = tuple(round(0.6 + 0.03 * i, 2) for i in range(17))   # 0.6 .. 1.08
    saturation_cap: float = 20.0   # delta E at which a cell counts as "no ink" (a piece, a hand)


@dataclass(frozen=True)
class WhiteField:
    """The white (linear BGR) at any point of a board: `colour` times a brightness surface
    b(x, y) = c0 + c1 x + c2 y + c3 x^2 + c4 y^2 + c5 x y, x and y in cell units."""

    colour: np.ndarray         # (3,) the light's colour, B + G + R = 3
    coefficients: np.ndarray   # (6,) brightness surface
    blocks_used: int
    blocks_total: int
    # False when too much of the frame was clipped to tell the light's colour: the colour is
    # then a guess (neutral), better taken from another board of the same picture.
    colour_seen: bool = True

    def brightness(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        c = self.coefficients
        return np.maximum(c[0] + c[1] * xs + c[2] * ys + c[3] * xs * xs + c[4] * ys * ys + c[5] * xs * ys, 1e-4)

    def at(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """The white at cell coordinates (arrays of one shape) -> shape + (3,)."""
        return self.brightness(np.asarray(xs, np.float64), np.asarray(ys, np.float64))[..., None] * self.colour

    def grid(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """The white over the grid of columns `xs` and rows `ys` -> (len(ys), len(xs), 3)."""
        level = self.brightness(xs[None, :].astype(np.float64), ys[:, None].astype(np.float64))
        return (level[..., None] * self.colour).astype(np.float32)

    def mean(self) -> np.ndarray:
        return self.at(np.array(3.0), np.array(3.0))


@dataclass(frozen=True, eq=False)
class FrameBlocks:
    """Stretches of a board's white frame: flat pixel indices (blocks, pixels) and centres (cells)."""

    indices: np.ndarray
    centres: np.ndarray


def to_linear(image_bgr: np.ndarray) -> np.ndarray:
    """uint8 sRGB -> float32 linear light, by table (cv2.LUT where it takes the shape: the same values, several times
    faster than indexing the table)."""
    image_bgr = np.asarray(image_bgr)
    if image_bgr.dtype == np.uint8 and image_bgr.size and (image_bgr.ndim == 2 or (image_bgr.ndim == 3 and image_bgr.shape[2] <= 4)):
        return cv2.LUT(image_bgr, SRGB_TO_LINEAR).reshape(image_bgr.shape)
    return SRGB_TO_LINEAR[image_bgr]


def fit_white(linear: np.ndarray, blocks: FrameBlocks, settings: WhiteSettings = WhiteSettings(),
              colour: np.ndarray | None = None) -> WhiteField | None:
    """The white field of a board (rectified, linear light) from its frame-band blocks; None
    when too few blocks show paper. `colour` fixes the light's colour (B + G + R = 3)."""
    pixels = linear.reshape(-1, 3)[blocks.indices]                 # (blocks, n, 3)
    luminance = pixels @ LUMA
    rank = int(luminance.shape[1] * settings.block_percentile / 100)
    level = np.partition(luminance, rank, axis=1)[:, rank:rank + 1]
    bright = (luminance >= level)[..., None]
    samples = (pixels * bright).sum(axis=1) / np.maximum(bright.sum(axis=1), 1)
    open_channels = samples < settings.clipped
    unclipped = open_channels.all(axis=1)
    colour_seen = colour is not None or unclipped.sum() >= 3
    if colour is not None:
        colour = np.asarray(colour, np.float64)
    elif unclipped.sum() >= 3:
        colour = np.median(samples[unclipped] / samples[unclipped].sum(axis=1, keepdims=True), axis=0) * 3
    else:
        colour = np.median(samples / np.maximum(samples.sum(axis=1, keepdims=True), 1e-6), axis=0) * 3
    # Brightness of each block from its unclipped channels only; a fully clipped block says
    # only "at least this bright", and is left out.
    ratios = np.where(open_channels, samples / colour, np.nan)
    usable = open_channels.any(axis=1)
    brightness = np.full(len(samples), np.nan)
    brightness[usable] = np.nanmean(ratios[usable], axis=1)
    if usable.sum() < settings.min_blocks:
        return None
    # Start from the blocks near the typical brightness: a shadow over a whole side must not
    # drag the first fit down so far that it looks like paper.
    keep = usable & (brightness >= settings.outlier_ratio * np.nanmedian(brightness))
    if keep.sum() < settings.min_blocks:
        return None
    coefficients = None
    for _ in range(3):
        coefficients = _fit(blocks.centres[keep], brightness[keep], settings)
        fitted = _surface(blocks.centres, coefficients)
        new_keep = usable & (brightness >= settings.outlier_ratio * fitted)
        if new_keep.sum() < settings.min_blocks or (new_keep == keep).all():
            break
        keep = new_keep
    return WhiteField(colour.astype(np.float64), coefficients, int(keep.sum()), len(samples), colour_seen)


def unsaturate(linear: np.ndarray, saturation: float) -> np.ndarray:
    """Linear BGR with a camera's saturation `saturation` undone (luminance kept)."""
    luminance = (linear @ LUMA)[..., None]
    return luminance + (linear - luminance) * np.float32(1.0 / saturation)


def camera_saturation(cells: np.ndarray, whites: np.ndarray, printed_lab: np.ndarray,
                      settings: WhiteSettings = WhiteSettings()) -> float:
    """The saturation among settings.saturations that, undone before white balance, brings
    the cells' colours (linear BGR, with the white at each) nearest the printed inks."""
    from companion.vision.colour_classes import lab_of_linear

    saturations = np.array(settings.saturations, np.float32)
    # All candidate saturations at once: (saturations, cells, 3).
    balanced = np.stack([unsaturate(cells, v) / np.maximum(unsaturate(whites, v), 1e-4) for v in saturations])
    lab = lab_of_linear(np.clip(balanced[..., ::-1], 0, 2).reshape(-1, 3)).reshape(balanced.shape)
    distance = np.linalg.norm(lab[:, :, None, :] - printed_lab[None, None, :, :], axis=3).min(axis=2)
    cost = np.minimum(distance, settings.saturation_cap).sum(axis=1)
    return float(saturations[int(np.argmin(cost))])


def _basis(centres: np.ndarray) -> np.ndarray:
    x, y = centres[:, 0], centres[:, 1]
    return np.column_stack([np.ones_like(x), x, y, x * x, y * y, x * y])


def _surface(centres: np.ndarray, coefficients: np.ndarray) -> np.ndarray:
    return _basis(centres) @ coefficients


def _fit(centres: np.ndarray, values: np.ndarray, settings: WhiteSettings) -> np.ndarray:
    """Least squares: quadratic with enough blocks round the frame, else a plane, else a constant."""
    basis = _basis(centres)
    # A quadratic needs every side of the frame: with one side lost it bends wildly there.
    sides = [(centres[:, 0] < 0).sum(), (centres[:, 0] > 6).sum(), (centres[:, 1] < 0).sum(), (centres[:, 1] > 6).sum()]
    terms = 6 if len(values) >= settings.quadratic_blocks and min(sides) >= 2 else 3
    if np.linalg.matrix_rank(basis[:, :terms]) < terms:
        terms = 1
    solution, *_ = np.linalg.lstsq(basis[:, :terms], values, rcond=None)
    return np.concatenate([solution, np.zeros(6 - terms)])
