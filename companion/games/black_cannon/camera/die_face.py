"""A die's top face read as a 3x3 grid of pip places: every pair of pip-like spots proposes where a face
lies (its middle, its turn and its side, for each way two pips of a face can stand to each other); each
proposal is checked by sampling the picture at the nine places a pip can be and at four places between
them that are always the body. A proposal is a face when its pip places and only those stand out from an
even body, in one of the standard layouts of 1 to 6; the count comes from the grid, not from the spots
found, so a pip the spot finder missed is still counted."""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.black_cannon.camera.settings import ReaderSettings

SPREAD_SHARE = 0.27          # a corner pip's offset from the middle, as a share of the side (dice vary 0.25-0.29)
LONE_TURNS_DEG = (0.0, 22.5, 45.0, 67.5)
LONE_SCALES = (0.75, 1.0)
STRAY_REACH = 1.6           # in spreads from the middle: well inside the face's flat top (1.85)
GRID = [(i, j) for j in (-1, 0, 1) for i in (-1, 0, 1)]
# Between the pip places, clear of every pip and of the rounded edges: always the body.
BODY = [(0.5, 0.5), (-0.5, 0.5), (0.5, -0.5), (-0.5, -0.5)]
# Near the face's edges, between the pips and short of the rounded edges (the flattest die's top reaches
# 1.3 spreads): still the same flat body. A grid laid across a top and a side, or off the die, is not.
OUTLINE = [(1.25, 0.5), (1.25, -0.5), (-1.25, 0.5), (-1.25, -0.5), (0.5, 1.25), (-0.5, 1.25), (0.5, -1.25), (-0.5, -1.25)]
_LAYOUT_PLACES = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
                  4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
                  6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
# Each layout as a set of grid indices, in both quarter turns (2, 3 and 6 differ when turned).
LAYOUT_SETS = sorted({(count, frozenset(GRID.index(p if turn == 0 else (-p[1], p[0])) for p in places))
                      for count, places in _LAYOUT_PLACES.items() for turn in (0, 1)}, key=lambda pair: pair[0])
# How two pips of one face can stand: (distance in spreads, the pair's bearing from the face's axes in
# degrees, where the face's middle lies from their midpoint in spreads along and across the pair).
PAIR_RELATIONS = ((2.0, 0.0, (0.0, 1.0)), (2.0, 0.0, (0.0, -1.0)), (2.0, 0.0, (0.0, 0.0)),   # along an edge; a 6's middles
                  (2 * math.sqrt(2), 45.0, (0.0, 0.0)),                      # two opposite corners
                  (math.sqrt(2), 45.0, (math.sqrt(2) / 2, 0.0)),             # a corner and the middle
                  (math.sqrt(2), 45.0, (-math.sqrt(2) / 2, 0.0)),
                  (1.0, 0.0, (0.5, 1.0)), (1.0, 0.0, (0.5, -1.0)),           # a corner and an edge's middle (6)
                  (1.0, 0.0, (-0.5, 1.0)), (1.0, 0.0, (-0.5, -1.0)))


@dataclass(frozen=True)
class FaceRead:
    pips: int
    margin: float              # (weakest pip place - strongest other place) / contrast: 1 clean, 0 undecided
    evenness: float            # the body's spread over the pips' contrast: 0 perfectly even
    outline: float             # the body near the face's edges, off the body's colour, over the contrast
    centre: np.ndarray         # crop px
    angle: float               # radians
    spread_px: float
    pip_places: tuple[int, ...]


def _disc_means(picture: np.ndarray, points: np.ndarray, radius: float) -> np.ndarray:
    """The mean colour of a small disc round each point (bilinear samples on a ring and the middle)."""
    offsets = [(0.0, 0.0)] + [(radius * math.cos(t), radius * math.sin(t)) for t in np.linspace(0, 2 * math.pi, 8, endpoint=False)]
    maps = np.float32([[p[0] + dx, p[1] + dy] for p in points for dx, dy in offsets]).reshape(1, -1, 2)
    sampled = cv2.remap(picture, maps[:, :, 0], maps[:, :, 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return sampled.reshape(len(points), len(offsets), -1).astype(np.float32).mean(axis=1)


def read_grid(picture: np.ndarray, centre, angle: float, spread: float, pip_radius: float) -> FaceRead | None:
    """The face whose middle, turn and pip spread (px) are given, read from its nine pip places."""
    cos, sin = math.cos(angle), math.sin(angle)
    axes = np.array([[cos, sin], [-sin, cos]]) * spread

    def place(grid):
        return np.asarray(centre) + np.asarray(grid, np.float64) @ axes

    h, w = picture.shape[:2]
    corners = place([(-1.9, -1.9), (1.9, -1.9), (1.9, 1.9), (-1.9, 1.9)])
    if corners.min() < 0 or corners[:, 0].max() >= w or corners[:, 1].max() >= h:
        return None
    slots = _disc_means(picture, place(GRID), max(1.0, pip_radius * 0.5))
    body = _disc_means(picture, place(BODY), max(1.0, pip_radius * 0.5))
    body_colour = np.median(body, axis=0)
    away = np.linalg.norm(slots - body_colour, axis=1)
    body_away = np.linalg.norm(body - body_colour, axis=1)
    edge_away = np.linalg.norm(_disc_means(picture, place(OUTLINE), max(1.0, pip_radius * 0.5)) - body_colour, axis=1)
    best = None
    for count, places in LAYOUT_SETS:
        chosen = sorted(places)
        others = [k for k in range(9) if k not in places]
        weakest = float(away[chosen].min())
        strongest = max(float(away[others].max()) if others else 0.0, float(body_away.max()))
        contrast = float(away[chosen].mean())
        pip_colours = slots[chosen]
        # Every pip is the same colour: a side's edge or a shadow in a pip place is not.
        uneven_pips = float(np.linalg.norm(pip_colours - pip_colours.mean(axis=0), axis=1).max()) if count > 1 else 0.0
        margin = (weakest - strongest - 0.5 * uneven_pips) / max(contrast, 1e-6)
        if best is None or margin > best.margin:
            best = FaceRead(count, margin, float(body_away.max()) / max(contrast, 1e-6),
                            float(edge_away.max()) / max(contrast, 1e-6), np.asarray(centre, np.float64),
                            angle, spread, tuple(chosen))
    return best


def proposals(spots_px: np.ndarray, radii_px: np.ndarray, ppm: float, settings: ReaderSettings):
    """(middle, turn, spread) of every face that two of the spots (or one, for a lone pip) could belong to."""
    low, high = settings.die_size_mm[0] * SPREAD_SHARE * ppm, settings.die_size_mm[1] * SPREAD_SHARE * ppm
    found = []
    for a in range(len(spots_px)):
        for b in range(a + 1, len(spots_px)):
            if not 0.6 <= radii_px[a] / max(radii_px[b], 1e-6) <= 1.65:
                continue
            delta = spots_px[b] - spots_px[a]
            distance = float(np.hypot(*delta))
            bearing = math.atan2(delta[1], delta[0])
            along = delta / max(distance, 1e-9)
            across = np.array([-along[1], along[0]])
            midpoint = (spots_px[a] + spots_px[b]) / 2
            for apart, turn, (shift_along, shift_across) in PAIR_RELATIONS:
                spread = distance / apart
                if not low <= spread <= high or not 1.2 <= spread / ((radii_px[a] + radii_px[b]) / 2) <= 4.2:
                    continue
                centre = midpoint + (shift_along * along + shift_across * across) * spread
                found.append((centre, bearing - math.radians(turn), spread, False))
    for spot, radius in zip(spots_px, radii_px):
        # A lone pip: its face's side from the pip's size (a pip is about a sixth of the side).
        spread = radius * 2 / 0.165 * SPREAD_SHARE
        if low <= spread <= high:
            found.append((spot, 0.0, spread, True))
    return found


def read_lone(picture: np.ndarray, centre, spread: float, pip_radius: float) -> FaceRead | None:
    """A face with one pip reads 1 however the grid is turned and sized round it (the side comes only from
    the pip's size): its weakest reading over four turns and three sizes; a pip of a bigger face reads 1
    only where the grid misses its neighbours."""
    reads = [read_grid(picture, centre, math.radians(turn), spread * scale, pip_radius)
             for turn in LONE_TURNS_DEG for scale in LONE_SCALES]
    if any(face is None or face.pips != 1 for face in reads):
        return None
    return min(reads, key=lambda face: face.margin)


def stray_spots(face: FaceRead, points: np.ndarray) -> int:
    """Spots of the pips' kind inside the face that are none of its pips: a face read from part of a bigger
    one (two corners of a 4 or a 6 seen as the two of a smaller 2) has them."""
    cos, sin = math.cos(face.angle), math.sin(face.angle)
    axes = np.array([[cos, sin], [-sin, cos]]) * face.spread_px
    local = (points - face.centre) @ np.linalg.inv(axes)
    # Only the face's own top counts: a side's pips lie beyond its edge, and a lone pip that is a corner of a
    # bigger face is told by the face's edges (FaceRead.outline), where its neighbours' face runs on.
    inside = np.abs(local).max(axis=1) <= STRAY_REACH
    places = np.array([GRID[k] for k in face.pip_places], np.float64)
    near_a_pip = np.hypot(*(local[:, None, :] - places[None, :, :]).transpose(2, 0, 1)).min(axis=1) < 0.5
    return int((inside & ~near_a_pip).sum())
