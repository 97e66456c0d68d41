"""A raised tag's pose refined from the straight edges round it.

ArUco's four corners of a 20-30 px tag are each off by a few tenths of a pixel, which at deck
height is a degree or two of heading. A tag printed on a white card has long straight edges to
measure instead: the card's outer edge against what it lies on, and the marker's black square
against the card (the game's kit gives both sizes, as TagSquares). Short profiles across each
of the eight edges, at the tag's height through the lens, find where the brightness steps; a square pose (centre and turn) is then
fitted to all those edge points at once, points far off the fit (a mast or sail in front of
the edge) left out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from companion.vision.table_frame import TableFrame



@dataclass(frozen=True)
class TagEdgeSettings:
    points_per_edge: int = 7
    profile_reach_mm: float = 3.0
    profile_step_mm: float = 0.25
    min_step: float = 10.0        # grey levels between two profile samples half a mm apart
    outlier_mm: float = 0.8


@dataclass(frozen=True)
class TagSquares:
    """A tag as the kit makes it: the white card's side, the marker's black square's side, and
    how high above the table the tag lies (all mm)."""

    card_mm: float
    marker_mm: float
    height_mm: float

    @property
    def edges(self) -> tuple[tuple[float, int], ...]:
        """(half the square's side in mm, +1 when it is brighter inside than outside)."""
        return (self.card_mm / 2, 1), (self.marker_mm / 2, -1)


def refine_tag_pose(grey: np.ndarray, frame: TableFrame, centre_mm: np.ndarray, angle: float,
                    tag: TagSquares, settings: TagEdgeSettings = TagEdgeSettings()) -> tuple[np.ndarray, float, int]:
    """(centre mm, angle rad, edge points used) of the tag square whose marker's top edge
    points along `angle`; the input pose comes back unchanged when too few edges were found."""
    height_mm = tag.height_mm
    profiles = _tag_profiles(tag, settings)
    offsets = profiles.offsets
    rotation = _rotation(angle)
    on_table = profiles.samples @ rotation.T + centre_mm
    pixels = frame.to_image(on_table, height_mm).reshape(len(profiles.signs), len(offsets), 2).astype(np.float32)
    profile = cv2.remap(grey, pixels[..., 0], pixels[..., 1], cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_CONSTANT, borderValue=0).astype(np.float32)
    good, offset = strongest_steps((profile[:, :-2] - profile[:, 2:]) * profiles.signs, offsets, settings.profile_step_mm,
                                   settings.min_step)
    point_normals = profiles.normals[good]
    points = profiles.bases[good] + point_normals * offset[good, None]
    halves = profiles.halves[good]
    if len(points) < 10:
        return centre_mm, angle, 0
    # Fit a small shift (dx, dy) and turn (da) in the tag's frame: normal . (R(da) p + d) = half.
    keep = np.ones(len(points), bool)
    for _ in range(2):
        tangent_part = point_normals[:, 0] * -points[:, 1] + point_normals[:, 1] * points[:, 0]
        design = np.column_stack([point_normals, tangent_part])
        target = halves - (point_normals * points).sum(1)
        solution = np.linalg.lstsq(design[keep], target[keep], rcond=None)[0]
        residual = np.abs(design @ solution - target)
        keep = residual < settings.outlier_mm
        if keep.sum() < 10:
            return centre_mm, angle, 0
    shift, turn = solution[:2], solution[2]
    # The measured square sits at -shift, turned by -turn, in the old tag frame.
    new_centre = centre_mm - rotation @ shift
    return new_centre, angle - turn, int(keep.sum())


@dataclass(frozen=True)
class _TagProfiles:
    """The short profiles across a tag's eight edges, in the tag's frame (mm): the same for every tag of one kind,
    so made once (not to be written to)."""

    offsets: np.ndarray     # along each profile, across its edge
    samples: np.ndarray     # (profiles x offsets, 2): every sample point
    signs: np.ndarray       # (profiles, 1): +1 where the square is brighter inside than outside
    normals: np.ndarray     # (profiles, 2): each profile's edge's outward normal
    bases: np.ndarray       # (profiles, 2): where each profile crosses its edge
    halves: np.ndarray      # (profiles,): half its square's side


@lru_cache(maxsize=8)
def _tag_profiles(tag: TagSquares, settings: TagEdgeSettings) -> _TagProfiles:
    offsets = np.arange(-settings.profile_reach_mm, settings.profile_reach_mm + 1e-9, settings.profile_step_mm)
    along = np.linspace(-0.7, 0.7, settings.points_per_edge)
    # In the tag's frame: outward normals of its four sides, and a unit along each side.
    normals = np.array([(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)])
    samples, meta = [], []
    for half, brighter_inside in tag.edges:
        for normal in normals:
            tangent = np.array([-normal[1], normal[0]])
            for t in along:
                base = normal * half + tangent * half * t
                samples.append(base[None, :] + offsets[:, None] * normal)
                meta.append((normal, base, half, brighter_inside))
    profiles = _TagProfiles(offsets, np.array(samples).reshape(-1, 2), np.array([brighter for *_, brighter in meta])[:, None],
                            np.array([normal for normal, *_ in meta]), np.array([base for _, base, *_ in meta]),
                            np.array([half for _, _, half, _ in meta]))
    for array in (profiles.offsets, profiles.samples, profiles.signs, profiles.normals, profiles.bases, profiles.halves):
        array.flags.writeable = False
    return profiles


def strongest_steps(steps: np.ndarray, offsets: np.ndarray, step_mm: float, min_step: float) -> tuple[np.ndarray, np.ndarray]:
    """Per profile (rows of `steps`: the drop over two samples, at each offset), whether its
    strongest drop reaches `min_step` away from the ends, and where it lies (mm along the
    profile, to a fraction of a sample by a parabola through the peak)."""
    best = np.argmax(steps, axis=1)
    rows = np.arange(len(steps))
    inner = np.clip(best, 1, steps.shape[1] - 2)
    left, middle, right = steps[rows, inner - 1], steps[rows, inner], steps[rows, inner + 1]
    curve = left - 2 * middle + right
    shift = np.where(curve < 0, 0.5 * (left - right) / np.where(curve < 0, curve, -1.0), 0.0)
    good = (steps[rows, best] >= min_step) & (best > 0) & (best < steps.shape[1] - 1)
    return good, offsets[0] + (best + 1 + shift) * step_mm


def _rotation(angle: float) -> np.ndarray:
    cos, sin = math.cos(angle), math.sin(angle)
    return np.array([[cos, -sin], [sin, cos]])
