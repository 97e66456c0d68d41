"""A die's top face read as a 3x3 grid of pip places: every pair of pip-like spots proposes where a face
lies (its middle, its turn and its side, for each way two pips of a face can stand to each other); each
proposal is checked by sampling the picture at the nine places a pip can be and at four places between
them that are always the body. A proposal is a face when its pip places and only those stand out from an
even body, in one of the standard layouts of 1 to 6; the count comes from the grid, not from the spots
found, so a pip the spot finder missed is still counted."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cached_property

import cv2
import numpy as np

from companion.games.black_cannon.camera.settings import ReaderSettings

SPREAD_SHARE = 0.27          # a corner pip's offset from the middle, as a share of the side (dice vary 0.25-0.29)
PIP_SHARE = 0.165            # a pip's width, as a share of the side
LONE_TURNS_DEG = (0.0, 22.5, 45.0, 67.5)
LONE_SCALES = (0.6, 0.8)     # a pip's spot comes out larger than the pip (blur): its face is smaller than it says
STRAY_REACH = 1.6           # in spreads from the middle: well inside the face's flat top (1.85)
GRID = [(i, j) for j in (-1, 0, 1) for i in (-1, 0, 1)]
# Between the pip places, clear of every pip and of the rounded edges: always the body.
BODY = [(0.5, 0.5), (-0.5, 0.5), (0.5, -0.5), (-0.5, -0.5)]
# Near the face's edges, between the pips and short of the rounded edges (the flattest die's top reaches
# 1.3 spreads): still the same flat body. A grid laid across a top and a side, or off the die, is not.
OUTLINE = [(1.25, 0.5), (1.25, -0.5), (-1.25, 0.5), (-1.25, -0.5), (0.5, 1.25), (-0.5, 1.25), (0.5, -1.25), (-0.5, -1.25)]
# The same a little further in (1.1 spreads): a rounded edge that catches the light (the green-gold die's 2.6 mm,
# its flat top reaching 1.3 spreads) throws the samples above but not these; a side or the table beyond a tilted
# or misplaced grid throws both.
INSIDE_OUTLINE = [(0.88 * x, 0.88 * y) for x, y in OUTLINE]
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
PAIR_APART = tuple(apart for apart, _, _ in PAIR_RELATIONS)
_PAIR_SLACK = 1e-6          # a pair's distance, squared and summed apart from np.hypot, is off it by far less


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
    inside_outline: float = 0.0   # as `outline`, a little further in from the edges (INSIDE_OUTLINE)
    # A lone pip's margin as its grids read it most of the time (read_lone), to judge it sure by; `margin`, its
    # weakest grid's, stays what it is weighed against other faces by. None: `margin` for both.
    typical_margin: float | None = None

    @property
    def sure_by(self) -> float:
        """The margin the face is judged sure by."""
        return self.margin if self.typical_margin is None else self.typical_margin

    @cached_property
    def axes(self) -> np.ndarray:
        """The face's two grid axes in the crop (px a spread, rows: along and across its turn): a place on the grid,
        in spreads, lies at centre + place @ axes."""
        cos, sin = math.cos(self.angle), math.sin(self.angle)
        return np.array([[cos, sin], [-sin, cos]]) * self.spread_px

    @cached_property
    def pip_places_px(self) -> np.ndarray:
        """Where each of `pip_places` lies in the crop (px), one row a place, worked out once a face."""
        return np.array([self.centre + np.asarray(GRID[index], np.float64) @ self.axes for index in self.pip_places])


_RING = np.array([(0.0, 0.0)] + [(math.cos(t), math.sin(t)) for t in np.linspace(0, 2 * math.pi, 8, endpoint=False)])
# Every place sampled, in spreads: the nine pip places, the body between them, the body near the edges.
_SAMPLED = np.array(GRID + BODY + OUTLINE + INSIDE_OUTLINE, np.float64)
_REMAP_ROWS = 30000        # cv2.remap takes maps under 32767 rows
_CORNERS = np.array([(-1.9, -1.9), (1.9, -1.9), (1.9, 1.9), (-1.9, 1.9)])
_LAYOUT_COUNTS = np.array([count for count, _ in LAYOUT_SETS])
_LAYOUT_CHOSEN = np.array([[k in places for k in range(9)] for _, places in LAYOUT_SETS])
_LAYOUT_PIPS = [int(count) for count in _LAYOUT_COUNTS]
_LAYOUT_PLACES_READ = [tuple(int(k) for k in np.flatnonzero(chosen)) for chosen in _LAYOUT_CHOSEN]


def _disc_means(picture: np.ndarray, points: np.ndarray, radius) -> np.ndarray:
    """The mean colour of a small disc round each point (bilinear samples on a ring and the middle); `radius`: one
    for all, or each point's own (the same figures for a point as with its radius alone)."""
    ring = _RING[None, :, :] * (radius if np.ndim(radius) == 0 else np.asarray(radius, np.float64)[:, None, None])
    maps = (points[:, None, :] + ring).astype(np.float32)    # a row of samples a point
    # One two-channel map (x, y) a sample: the same fixed-point places as an x map and a y map, without copying
    # each out of the pairs.
    sampled = [cv2.remap(picture, rows, None, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
               for rows in np.array_split(maps, -(-len(points) // _REMAP_ROWS))]
    sampled = sampled[0] if len(sampled) == 1 else np.concatenate(sampled)
    return _ring_means(sampled.reshape(len(points), len(_RING), -1).astype(np.float32, copy=False))


def _ring_means(samples: np.ndarray) -> np.ndarray:
    """samples.mean(axis=1) of float32 (points, ring, colours), summed ring sample by ring sample as numpy sums along
    that axis (the same figures to the bit), without its strided reduction."""
    total = samples[:, 0] + samples[:, 1]
    for ring in range(2, samples.shape[1]):
        total += samples[:, ring]
    return np.true_divide(total, samples.shape[1], out=total, casting="unsafe")


def read_grid(picture: np.ndarray, centre, angle: float, spread: float, pip_radius: float) -> FaceRead | None:
    """The face whose middle, turn and pip spread (px) are given, read from its nine pip places."""
    return read_grids(picture, [(centre, angle, spread)], pip_radius)[0]


def read_grids(picture: np.ndarray, grids, pip_radius, least_margin: float | None = None) -> list[FaceRead | None]:
    """read_grid of each (middle, turn, spread) in `grids`, all sampled from the picture at once and weighed
    together (the same figures as one by one, in far less time); None where a grid reaches off the picture.
    `pip_radius`: one for all the grids, or each grid's own. `least_margin`: None too where a grid's margin falls
    below it (the pip places and the body between them, sampled first, give the margin; the samples near the edges,
    two thirds of them, are taken only for the grids left: each sample is its own, so those grids' figures are
    the same)."""
    h, w = picture.shape[:2]
    found: list[FaceRead | None] = [None] * len(grids)
    if not grids:
        return found
    cos, sin = np.array([math.cos(angle) for _, angle, _ in grids]), np.array([math.sin(angle) for _, angle, _ in grids])
    turns = np.empty((len(grids), 2, 2))
    turns[:, 0, 0], turns[:, 0, 1], turns[:, 1, 0], turns[:, 1, 1] = cos, sin, -sin, cos
    axes = turns * np.array([spread for *_, spread in grids])[:, None, None]
    centres = np.array([np.asarray(centre, np.float64) for centre, _, _ in grids])
    corners = centres[:, None, :] + np.matmul(_CORNERS[None], axes)
    on_picture = (corners.min(axis=(1, 2)) >= 0) & (corners[:, :, 0].max(axis=1) < w) & (corners[:, :, 1].max(axis=1) < h)
    kept = [(index, centres[index], grids[index][1], grids[index][2]) for index in np.flatnonzero(on_picture)]
    if not kept:
        return found
    places = centres[on_picture][:, None, :] + np.matmul(_SAMPLED[None], axes[on_picture])
    if np.ndim(pip_radius) == 0:
        radius = np.full(len(kept), max(1.0, pip_radius * 0.5))
    else:
        radius = np.maximum(1.0, np.asarray(pip_radius, np.float64)[on_picture] * 0.5)
    inner = 9 + len(BODY)      # the pip places and the body: all the margin is weighed from
    sampled = _sampled(picture, places[:, :inner], radius)
    slots, body = sampled[:, :9], sampled[:, 9:]
    body_colour = np.median(body, axis=1)[:, None, :]
    away = np.linalg.norm(slots - body_colour, axis=2)
    body_away = np.linalg.norm(body - body_colour, axis=2).max(axis=1)
    # Every layout at once: its weakest pip place against the strongest other place or body sample.
    chosen, counts = _LAYOUT_CHOSEN[None, :, :], _LAYOUT_COUNTS[None, :]
    weakest = np.where(chosen, away[:, None, :], np.inf).min(axis=2)
    strongest = np.maximum(np.where(chosen, -np.inf, away[:, None, :]).max(axis=2), body_away[:, None])
    contrast = np.maximum((chosen * away[:, None, :]).sum(axis=2) / counts, 1e-6)
    # Every pip is the same colour: a side's edge or a shadow in a pip place is not.
    pip_means = (chosen[:, :, :, None] * slots[:, None, :, :]).sum(axis=2) / counts[:, :, None]
    spreads = np.linalg.norm(slots[:, None, :, :] - pip_means[:, :, None, :], axis=3)
    uneven = np.where(chosen & (counts[:, :, None] > 1), spreads, 0.0).max(axis=2)
    margins = (weakest - strongest - 0.5 * uneven) / contrast
    best = margins.argmax(axis=1)
    rows = np.arange(len(kept))
    grounds, best_margins = contrast[rows, best], margins[rows, best]
    if least_margin is not None:
        rows = rows[best_margins >= least_margin]
    if not len(rows):
        return found
    near_edges = _sampled(picture, places[rows, inner:], radius[rows]) - body_colour[rows]
    edge_away = np.linalg.norm(near_edges[:, :len(OUTLINE)], axis=2).max(axis=1).tolist()
    inside_away = np.linalg.norm(near_edges[:, len(OUTLINE):], axis=2).max(axis=1).tolist()
    for at, row in enumerate(rows.tolist()):
        index, centre, angle, spread = kept[row]
        layout, ground = int(best[row]), grounds[row]
        found[index] = FaceRead(_LAYOUT_PIPS[layout], float(best_margins[row]), float(body_away[row]) / ground,
                                float(edge_away[at]) / ground, centre, angle, spread, _LAYOUT_PLACES_READ[layout],
                                float(inside_away[at]) / ground)
    return found


def _sampled(picture: np.ndarray, places: np.ndarray, radius: np.ndarray) -> np.ndarray:
    """_disc_means of (grids, places, 2) points, each grid's discs of its own radius: (grids, places, colours)."""
    count = places.shape[1]
    return _disc_means(picture, places.reshape(-1, 2), np.repeat(radius, count)).reshape(len(places), count, -1)


def proposals(spots_px: np.ndarray, radii_px: np.ndarray, ppm: float, settings: ReaderSettings,
              own_radii_px: np.ndarray | None = None):
    """(middle, turn, spread) of every face that two of the spots (or one, for a lone pip) could belong to.
    `own_radii_px`: the spots' radii at their own half height (pip_spots.half_height_radii, or pip_spots.OwnRadii,
    asked only for the spots of a pair whose spread a die's size allows). A pair's spread is
    weighed against the larger of the two sizes: a crop holding the board's paper edge or a marker sets the spot
    threshold high, and a faint pair of pips comes out too small for the spread between them."""
    low, high = settings.die_size_mm[0] * SPREAD_SHARE * ppm, settings.die_size_mm[1] * SPREAD_SHARE * ppm
    fewest, most = settings.pair_spread_pips

    def sized(spot: int):
        return radii_px[spot] if own_radii_px is None else np.maximum(radii_px[spot], own_radii_px[spot])

    found = []
    for a, b in _pairs_within(spots_px, low * min(PAIR_APART), high * max(PAIR_APART)):
        if not 0.6 <= radii_px[a] / max(radii_px[b], 1e-6) <= 1.65:
            continue
        delta = spots_px[b] - spots_px[a]
        distance = float(np.hypot(*delta))
        bearing = math.atan2(delta[1], delta[0])
        along = delta / max(distance, 1e-9)
        across = np.array([-along[1], along[0]])
        midpoint = (spots_px[a] + spots_px[b]) / 2
        pair_size = None      # the pair's mean size, worked out once a relation's spread is within a die's
        for apart, turn, (shift_along, shift_across) in PAIR_RELATIONS:
            spread = distance / apart
            if not low <= spread <= high:
                continue
            if pair_size is None:
                pair_size = (sized(a) + sized(b)) / 2
            if not fewest <= spread / pair_size <= most:
                continue
            centre = midpoint + (shift_along * along + shift_across * across) * spread
            found.append((centre, bearing - math.radians(turn), spread, False))
    for spot, radius in enumerate(radii_px):
        # A lone pip: its face's side from the pip's size. The grids are read smaller (LONE_SCALES): the largest of
        # them must fit the largest die, not the spot's size itself (a 1's pip with a glint round it comes out a
        # die's largest).
        spread = _lone_spread(radius)
        if own_radii_px is not None and low <= _lone_spread(radius * settings.lone_spot_growth) \
                and spread * max(LONE_SCALES) <= high:
            # (its half height is measured only for a spot that may grow into a die's pip)
            spread = _lone_spread(_lone_pip_radius(radius, own_radii_px[spot], settings))
        if low <= spread and spread * max(LONE_SCALES) <= high:
            found.append((spots_px[spot], 0.0, spread, True))
    return found


def _lone_spread(radius: float) -> float:
    """A lone pip's face's pip spread (px) from the pip's radius: a pip is about a sixth of the side."""
    return radius * 2 / PIP_SHARE * SPREAD_SHARE


def _lone_pip_radius(radius: float, own_radius: float, settings: ReaderSettings) -> float:
    """The radius (px) a lone pip's face is sized by: its spot's, which the photo's blur makes larger than the pip
    (LONE_SCALES shrink the face for it); but a spot no larger than the pip at its own half height was cut tight, by
    a threshold a marker's or the paper's white in the crop set high, and the shrunk grids would lay their body
    samples on the pip's blurred rim (tuning seed 4467: a flat red 1's spot 6.0 px, 6.15 at half height, margins
    0.65 on the smaller grids, 0.9 on the larger): it is grown by the blur's usual `lone_spot_growth`. A spot larger
    than that keeps its size (grown a little, a lone face at the edge of reading moves either way: tuning seeds)."""
    return radius * settings.lone_spot_growth if radius <= own_radius else radius


def _pairs_within(points: np.ndarray, nearest: float, farthest: float) -> list[tuple[int, int]]:
    """The pairs (a, b), a < b, in the order of a loop over a then b, of the points whose distance may lie within
    [nearest, farthest]: a pair surely outside it (beyond a slack for rounding, _PAIR_SLACK) proposes no face, and
    most pairs of a crop's spots lie farther apart than a die's two opposite corner pips."""
    if len(points) < 2:
        return []
    first, second = np.triu_indices(len(points), 1)
    apart = ((points[second] - points[first]) ** 2).sum(axis=1)
    near = (apart >= (nearest * (1 - _PAIR_SLACK)) ** 2) & (apart <= (farthest * (1 + _PAIR_SLACK)) ** 2)
    return list(zip(first[near].tolist(), second[near].tolist()))


def read_lone(picture: np.ndarray, centre, spread: float, pip_radius: float,
              margin_quantile: float = 0.0) -> FaceRead | None:
    """A face with one pip reads 1 however the grid is turned and sized round it (the side comes only from
    the pip's size): read over four turns and two sizes, any other count rules it out (a pip of a bigger face
    reads 1 only where the grid misses its neighbours). Its weakest grid's reading, with that quantile of the
    grids' margins as the margin it is judged sure by (the one grid whose place meets a glint or a rounded edge's
    light would otherwise set it for all eight)."""
    return _lone_face(read_grids(picture, _lone_grids(centre, spread), pip_radius), margin_quantile)


def read_proposals(picture: np.ndarray, offered, pip_radius: float, margin_quantile: float = 0.0) -> list:
    """The face of each proposal (middle, turn, spread, lone) as proposals() gives them: read_lone of a lone pip's,
    read_grid of the others', every grid sampled and weighed at once."""
    return read_proposals_together(picture, [(offered, pip_radius)], margin_quantile)[0]


def read_proposals_together(picture: np.ndarray, kinds, margin_quantile: float = 0.0,
                            least_margin: float | None = None) -> list[list]:
    """read_proposals of each (proposals, pip radius) in `kinds` (a crop's light pips' and dark pips'), every grid
    of them all sampled and weighed at once, each with its own kind's pip radius. `least_margin`: a face read under
    it is None (read_grids; a lone pip's face is its weakest grid's, so a grid under it leaves that face None too)."""
    grids, radii = [], []
    for offered, pip_radius in kinds:
        for middle, angle, spread, lone in offered:
            made = _lone_grids(middle, spread) if lone else [(middle, angle, spread)]
            grids += made
            radii += [pip_radius] * len(made)
    faces = iter(read_grids(picture, grids, kinds[0][1] if len(kinds) == 1 else np.array(radii, np.float64),
                            least_margin))
    return [[_lone_face([next(faces) for _ in range(len(LONE_TURNS_DEG) * len(LONE_SCALES))], margin_quantile)
             if lone else next(faces) for _, _, _, lone in offered] for offered, _ in kinds]


def _lone_grids(centre, spread: float) -> list:
    return [(centre, math.radians(turn), spread * scale) for turn in LONE_TURNS_DEG for scale in LONE_SCALES]


def _lone_face(reads: list, margin_quantile: float) -> FaceRead | None:
    """A lone pip's face from its grids (read_lone)."""
    if any(face is None or face.pips != 1 for face in reads):
        return None
    weakest = min(reads, key=lambda face: face.margin)
    return replace(weakest, typical_margin=float(np.quantile([face.margin for face in reads], margin_quantile)))


def pips_roundness(contrast: np.ndarray, face: FaceRead, pips_px: np.ndarray, pip_radius: float) -> float:
    """How round the face's pips are, pooled (1 round, less when squashed one way): each pip's second moments,
    weighted by how far it stands out (`contrast`: the pips' side of the local contrast, so a few pixels' edges
    weigh less than its middle), each made to trace 1 and averaged. A flat top seen straight down on its
    plane has round pips (any height's plane is a scaled copy of it); a tilted top squashes them along its
    tilt, pooled over its pips so one pip's noise counts less."""
    shape = pips_shape(contrast, face, pips_px, pip_radius)
    if shape is None:
        return 1.0
    low, high = np.linalg.eigvalsh(shape)
    return float(math.sqrt(max(low, 0.0) / high))


def pips_shape(contrast: np.ndarray, face: FaceRead, pips_px: np.ndarray, pip_radius: float) -> np.ndarray | None:
    """The face's pips' second moments pooled as pips_roundness weighs them (2x2, trace 1, the die-top view's px);
    None when no pip could be weighed."""
    reach = int(math.ceil(2.0 * pip_radius))
    h, w = contrast.shape
    shapes = []
    for x, y in pips_px:
        x0, y0 = int(x) - reach, int(y) - reach
        if x0 < 0 or y0 < 0 or x0 + 2 * reach + 1 > w or y0 + 2 * reach + 1 > h:
            continue
        patch = contrast[y0:y0 + 2 * reach + 1, x0:x0 + 2 * reach + 1]
        ys, xs = np.mgrid[y0:y0 + 2 * reach + 1, x0:x0 + 2 * reach + 1]
        inside = np.hypot(xs - x, ys - y) <= 1.8 * pip_radius
        weights = np.clip(patch - 0.4 * patch[inside].max(), 0, None) * inside
        if weights.sum() <= 0:
            continue
        offsets = np.stack([xs - (weights * xs).sum() / weights.sum(), ys - (weights * ys).sum() / weights.sum()])
        moments = np.einsum("ayx,byx,yx->ab", offsets, offsets, weights) / weights.sum()
        shapes.append(moments / np.trace(moments))
    return np.mean(shapes, axis=0) if shapes else None


def stray_spots(face: FaceRead, points: np.ndarray, picture: np.ndarray | None = None, pip_radius: float = 1.0,
                likeness: float = 0.0) -> int:
    """Spots of the pips' kind inside the face that are none of its pips: a face read from part of a bigger
    one (two corners of a 4 or a 6 seen as the two of a smaller 2) has them. Given the `picture`, a spot counts
    only when it stands off the body at least `likeness` as far as the face's pips do: a patch of the body set
    off by the shadow beside it is a spot of the pips' kind too, but of the body's colour."""
    local = (points - face.centre) @ np.linalg.inv(face.axes)
    # Only the face's own top counts: a side's pips lie beyond its edge, and a lone pip that is a corner of a
    # bigger face is told by the face's edges (FaceRead.outline), where its neighbours' face runs on.
    inside = np.abs(local).max(axis=1) <= STRAY_REACH
    places = np.array([GRID[k] for k in face.pip_places], np.float64)
    near_a_pip = np.hypot(*(local[:, None, :] - places[None, :, :]).transpose(2, 0, 1)).min(axis=1) < 0.5
    stray = inside & ~near_a_pip
    if picture is None or not stray.any():
        return int(stray.sum())
    # The body's, the pips' and the stray spots' discs sampled in one remap (each disc's samples are its own).
    body_places = face.centre + np.array(BODY) @ face.axes
    means = _disc_means(picture, np.vstack([body_places, face.centre + places @ face.axes, points[stray]]),
                        max(1.0, pip_radius * 0.5))
    body = np.median(means[:len(BODY)], axis=0)
    pips = means[len(BODY):len(BODY) + len(places)].mean(axis=0)
    standing = np.linalg.norm(means[len(BODY) + len(places):] - body, axis=1)
    return int((standing >= likeness * max(float(np.linalg.norm(pips - body)), 1e-6)).sum())
