"""The checks on a face read from a die's spots: which of its pip places have a spot, whether its pips are
alike (round, of one size), whether its grid of pips or its pips themselves are squashed (a cocked die), whether
another face's pips all lie on its places, and how far its edges may stray and how sure a margin must be."""

from __future__ import annotations

from typing import Callable

import numpy as np

from companion.games.black_cannon.camera.die_face import BODY, GRID, pips_roundness, pips_shape
from companion.games.black_cannon.camera.pip_spots import local_contrast
from companion.games.black_cannon.camera.quick_stats import median
from companion.games.black_cannon.camera.settings import ReaderSettings

CORNERED_PIPS = 4          # a face of this many pips or more has a pip in each of its corners
GRID_PIPS_LEAST = 4        # a face's grid shows a lean only from this many of its pips found (a squash needs two axes)


def outline_limit(face, settings: ReaderSettings, blur_px: float = 0.0) -> float:
    """How far the body near a face's edges may stray: a face of four pips or more has a pip in each corner, so a
    grid laid over an edge already puts a pip place off the top; its edge samples, where a rounded edge catches
    the light, may stray further (a face of one to three pips is most often a part of a bigger one misread).
    `blur_px`: how far the photo's blur reaches on the die-top view there (blur_stretch.blur_reach_px); a far die,
    small in the picture, has its side's or the table's colour blurred onto its top's edges, the more the larger
    that reach is against its pip spread. Only a face read clearly enough to be sure of gets that allowance: a grid
    laid over a far die's edge onto the table beyond reads its pips poorly (tuning seeds 4750-4949: 4781's flat 5 lost
    to a 2 of margin 0.22 over its far edge when every face got it)."""
    limit = settings.face_outline_cornered if face.pips >= CORNERED_PIPS else settings.face_outline
    if face.sure_by < sure_margin(face, settings):
        return limit
    beyond_usual = blur_px / max(face.spread_px, 1e-9) - settings.outline_blur_usual
    return limit + settings.outline_blur_allowance * max(0.0, beyond_usual)


def sure_margin(face, settings: ReaderSettings) -> float:
    """The margin a face is read for sure with: lower for a face of four pips or more, whose corner pips show a
    cocked die's squashed grid (leans); a cocked die misread shows one to three pips."""
    return settings.face_sure_margin_cornered if face.pips >= CORNERED_PIPS else settings.face_sure_margin


def pips_found(face, points: np.ndarray) -> list[tuple[int, int]]:
    """(pip place, spot) for each of the face's pip places with a spot found on it."""
    distance = np.hypot(*(points[None, :, :] - face.pip_places_px[:, None, :]).transpose(2, 0, 1))
    nearest = distance.argmin(axis=1)
    reach = 0.5 * face.spread_px
    return [(index, int(spot)) for index, spot, gap in
            zip(face.pip_places, nearest, distance[np.arange(len(nearest)), nearest]) if gap < reach]


def explained_by(face, other) -> bool:
    """Whether every pip found of `other` (a face, its spots, their radii) lies on a pip place of `face`. A lone
    pip read as a face has even body all round it (FaceRead.outline), which no pip of a bigger face has."""
    other_face, points, _ = other
    if other_face.pips == 1 and face.pips > 1:
        return False
    pips = np.array([points[spot] for _, spot in pips_found(other_face, points)]).reshape(-1, 2)
    return all(pips_found(face, pip[None, :]) for pip in pips)


def pips_alike(face, points: np.ndarray, radii: np.ndarray, roundness: np.ndarray, settings: ReaderSettings) -> bool:
    """One face's pips, seen straight down on its plane, are round and of one size: a pip of a side, seen
    squashed and smaller, is no pip of the top face. `radii` are the spots' sizes at their own height
    (pip_spots.half_height_radii), so a faint pip on a lit top is not taken for a small one."""
    spots = [spot for _, spot in pips_found(face, points)]
    if not spots:
        return False
    sizes = radii[spots]
    return bool(roundness[spots].min() >= settings.flat_pip_roundness
                and sizes.max() <= sizes.min() * settings.pip_size_spread)


def leans(face, points: np.ndarray, radii: np.ndarray, settings: ReaderSettings) -> bool:
    """Whether the pips found on the face lie squashed against the square grid: the face leans."""
    found = pips_found(face, points)
    grid = [GRID[index] for index, _ in found]
    seen = [points[spot] for _, spot in found]
    if len(grid) >= GRID_PIPS_LEAST:
        return _squash_of(np.array(grid, np.float64), np.array(seen)) < settings.flat_face_squash
    return False


def grid_judged(face, points: np.ndarray) -> bool:
    """Whether enough of the face's pip places have a spot on them for its grid to show a lean (leans). A face of
    four pips or more read from two spots and the dark of its other places was never so judged: two pips of a side
    and two of the top beyond the edge between them read so (tuning seed 6693's flat ivory 6 read as a 4)."""
    return len(pips_found(face, points)) >= GRID_PIPS_LEAST


def pips_squashed(grey: np.ndarray, face, points: np.ndarray, radii: np.ndarray, settings: ReaderSettings,
                  local: np.ndarray | None = None,
                  blurred_roundness: Callable[[np.ndarray, float], float] | None = None) -> bool:
    """Whether the face's pips, pooled, are squashed beyond what blur does to a flat top's round pips (a tilted
    top, or a side's pips read as a face): this works for faces of one to three pips, where the grid cannot.
    `local`: the grey's local_contrast, when the caller has it already. `blurred_roundness(face middle, pip radius)`:
    how round a flat top's pips read there after the photo's blur (blur_stretch.py); without it, round."""
    found = [spot for _, spot in pips_found(face, points)]
    if not found:
        return False
    contrast = _pips_contrast(grey, face, points, found, settings, local)
    pip_radius = float(median(radii[found]))
    roundness = pips_roundness(contrast, face, points[found], pip_radius)
    if roundness >= settings.flat_pips_roundness:
        return False
    # (a flat top's pips blurred and seen from low down are less round: only what they cannot explain counts)
    return blurred_roundness is None or roundness < settings.flat_pips_roundness * blurred_roundness(face.centre,
                                                                                                     pip_radius)




def pips_shape_seen(grey: np.ndarray, face, points: np.ndarray, radii: np.ndarray, settings: ReaderSettings,
                    local: np.ndarray | None = None) -> np.ndarray | None:
    """The face's pips' pooled second moments as pips_squashed weighs them (die_face.pips_shape), None without pips."""
    found = [spot for _, spot in pips_found(face, points)]
    if not found:
        return None
    contrast = _pips_contrast(grey, face, points, found, settings, local)
    return pips_shape(contrast, face, points[found], float(median(radii[found])))


def _pips_contrast(grey: np.ndarray, face, points: np.ndarray, found: list[int], settings: ReaderSettings,
                   local: np.ndarray | None) -> np.ndarray:
    """The local contrast on the pips' side (lighter or darker than the face's body)."""
    body = median([_grey_at(grey, face.centre + np.asarray(place) @ face.axes) for place in BODY])
    pips = median([_grey_at(grey, points[spot]) for spot in found])
    local = local_contrast(grey, settings.dice_px_per_mm, settings) if local is None else local
    return local * (1.0 if pips > body else -1.0)


def _grey_at(grey: np.ndarray, point) -> float:
    return float(grey[int(round(point[1])), int(round(point[0]))])


def _squash_of(source: np.ndarray, target: np.ndarray) -> float:
    source = source - source.mean(axis=0)
    target = target - target.mean(axis=0)
    matrix, *_ = np.linalg.lstsq(source, target, rcond=None)
    stretches = np.linalg.svd(matrix, compute_uv=False)
    return float(stretches[-1] / max(stretches[0], 1e-9))
