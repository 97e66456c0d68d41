"""A face of one pip: a single round spot centred on the die's top. Its pips give no size or turn, so they come
from the top itself: from the spot, rays in every direction run over the body's even colour to the top's edge
(a rounded edge's other light, a side, the table); the top is a square round the spot when those lengths fit one
square's outline turned some way, of a die's size. Its turn and size then place the grid of pip places
(die_face.read_grid), which must read 1 however it is sized inside that square: a middle pip of a 3 or a 5 whose
corners were missed as spots shows them on the grid. A ray that meets a spot of the pip's colour well inside the
square shows another pip of the top: no lone pip."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np

from companion.games.black_cannon.camera.die_face import FaceRead, read_grid
from companion.games.black_cannon.camera.settings import ReaderSettings

RAYS = 16
TURNS_DEG = np.arange(0.0, 90.0, 2.5)          # a square repeats every quarter turn
# The rays' reach in spreads: the flat top's half side (1.3 on the roundest training die) or, where the rounded
# edge looks like the top, the whole half side (1.85-1.92). The grid is read at spreads of the reach over each of
# these, so its pip places and edge samples stay on the top at the largest; the smaller shows a 3's or a 5's corners.
FLAT_REACH_SPREADS = (2.0, 1.7)
RAY_REACH_SIDES = 0.75       # rays run this many of the largest die's sides: past its top and a side beyond it
NEAR_PIP = 0.5               # a ray's colour this near the pip's (a share of the contrast) is another pip
INSIDE_SQUARE = 0.85         # another pip stops a ray this far inside the square's outline at most
STRIP_PAIRS = 2              # rays running on both ways in this many opposite pairs: a strip of print, no die
SMALLEST_TOP = 0.6           # the reach is this share of the smallest die's half side at least (its flat part)


@dataclass(frozen=True)
class TopSquare:
    angle: float            # radians, the square's turn in the crop
    half_side_px: float     # the even body's reach from the spot to the top's edge, straight out
    fit_share: float        # of the rays, the share whose length fits the square's outline


def top_square(picture: np.ndarray, centre, pip_radius: float, settings: ReaderSettings) -> TopSquare | None:
    """The square of even body colour centred on the spot at `centre` (crop px), or None when the spot's
    surround is no such square: a corner or an edge pip of a bigger face, a pip beside another on the top, a dot
    on a strip of print (a border's letter). Rays may run on past the square where a side of the body's colour
    is seen beyond the top, mostly on one side of the die: not both ways in several directions, as along a strip of print
(one pair of opposite rays may: a side beyond one edge, the table's colour past a corner)."""
    ppm = settings.dice_px_per_mm
    start = max(1.8 * pip_radius, 2.0)
    reach = settings.die_size_mm[1] * RAY_REACH_SIDES * ppm
    radii = np.arange(start, reach, 1.0)
    bearings = np.linspace(0.0, 2 * math.pi, RAYS, endpoint=False)
    xs = centre[0] + np.cos(bearings)[:, None] * radii[None, :]
    ys = centre[1] + np.sin(bearings)[:, None] * radii[None, :]
    rays = cv2.remap(picture, xs.astype(np.float32), ys.astype(np.float32), cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_REPLICATE).reshape(RAYS, len(radii), -1)
    pip = _disc_colour(picture, centre, max(1.0, 0.5 * pip_radius))
    near = radii <= start + max(2.0, pip_radius)
    body = np.median(rays[:, near].reshape(-1, rays.shape[-1]), axis=0)
    contrast = float(np.linalg.norm(pip - body))
    if contrast < settings.pip_min_contrast:
        return None
    away = np.linalg.norm(rays - body, axis=2) / contrast
    towards_pip = np.linalg.norm(rays - pip, axis=2) / contrast < NEAR_PIP
    off = away > settings.lone_top_edge
    off = off & np.roll(off, -1, axis=1)        # two samples running: one noisy pixel is no edge
    off[:, -1] = True
    lengths = radii[np.argmax(off, axis=1)]
    pip_stop = towards_pip[np.arange(RAYS), np.argmax(off, axis=1)]
    # The top's square, turned and sized to fit most rays. A side of the body's colour, towards the camera, runs
    # rays on past it; nothing on an even top stops one short of its edge.
    best = None
    for turn in np.radians(TURNS_DEG):
        relative = bearings - turn
        outline = 1.0 / np.maximum(np.abs(np.cos(relative)), np.abs(np.sin(relative)))
        for half in lengths / outline:
            fits = np.abs(lengths - half * outline) <= settings.lone_top_fit * half
            short = lengths < (1.0 - settings.lone_top_fit) * half * outline
            score = fits.mean() - short.mean()
            if best is None or score > best[0]:
                best = (score, float(turn), float(half), float(fits.mean()), float(short.mean()), outline)
    _, turn, half, share, short_share, outline = best
    smallest = settings.die_size_mm[0] / 2 * ppm * SMALLEST_TOP
    if share < settings.lone_top_fit_share or short_share > settings.lone_top_short_share \
            or not smallest <= half <= settings.die_size_mm[1] / 2 * ppm:
        return None
    beyond = lengths > (1.0 + settings.lone_top_fit) * half * outline
    if np.sum(beyond & np.roll(beyond, RAYS // 2)) >= 2 * STRIP_PAIRS:     # each pair counted from both ends
        return None
    # Another pip of the top: a ray stopped by the pip's colour well inside the square.
    if np.any(pip_stop & (lengths < INSIDE_SQUARE * half * outline)):
        return None
    return TopSquare(float(turn), half, share)


def read_lone(picture: np.ndarray, centre, pip_radius: float, settings: ReaderSettings) -> FaceRead | None:
    """The face of one pip round the spot at `centre`: its weakest reading over the sizes the top allows, or None
    when the spot is on no even square of a die's top or the grid finds other pips there."""
    top = top_square(picture, np.asarray(centre, np.float64), pip_radius, settings)
    if top is None:
        return None
    # The body samples between the pip places must lie clear of the pip and its blur.
    spreads = [top.half_side_px / reach for reach in FLAT_REACH_SPREADS
               if top.half_side_px / reach * math.sqrt(0.5) >= settings.lone_body_clear * pip_radius]
    if not spreads:
        return None
    weakest = None
    for spread in spreads:
        face = read_grid(picture, centre, top.angle, spread, pip_radius)
        if face is None or face.pips != 1:
            return None
        weakest = face if weakest is None or face.margin < weakest.margin else weakest
    return replace(weakest, reach_px=top.half_side_px)


def _disc_colour(picture: np.ndarray, centre, radius: float) -> np.ndarray:
    x, y = int(round(centre[0])), int(round(centre[1]))
    r = int(math.ceil(radius))
    patch = picture[max(0, y - r):y + r + 1, max(0, x - r):x + r + 1]
    return patch.reshape(-1, patch.shape[-1]).mean(axis=0)
