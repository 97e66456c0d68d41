"""A fleet told by colour: the hue its coloured, not wooden pixels vote for, and how strongly coloured they are.

Prize masts, crates and hulls are each painted in their fleet's colour; a camera and the light wash colours out but
keep their hue, and a pale pole, a sail's tint or the wooden deck must not outvote the paint.
"""

from __future__ import annotations

import numpy as np

from companion.games.cannons_coastlines.camera.mat_looks import FLEET_HUES_DEG, hue_deg
from companion.games.cannons_coastlines.camera.mat_settings import MatSettings


def fleet_of_pixels(lab_pixels: np.ndarray, settings: MatSettings = MatSettings(),
                    hues: dict[int, float] = FLEET_HUES_DEG) -> tuple[int, float, int]:
    """The fleet whose colour the coloured, not wooden pixels show, by hue (a camera and the
    light wash colours out, but keep their hue): (fleet or 0, share of the votes that agree,
    how many coloured pixels there were)."""
    ab, hue, coloured = coloured_pixels(lab_pixels, settings)
    if not coloured.any():
        return 0, 0.0, 0
    fleets = list(hues)
    gaps = np.abs((hue[coloured, None] - np.array([hues[f] for f in fleets])[None] + 180) % 360 - 180)
    # Votes weighted by chroma squared: the paint outvotes a pale pole or a sail's tint.
    strength = (ab[coloured] ** 2).sum(1)
    votes = np.bincount(np.argmin(gaps, axis=1), weights=strength, minlength=len(fleets))
    return int(fleets[int(np.argmax(votes))]), float(votes.max() / votes.sum()), int(coloured.sum())


def coloured_of_fleets(lab_pixels: np.ndarray, settings: MatSettings, hues: dict[int, float],
                       fleets: set[int] | None) -> int:
    """How many of the pixels are coloured (coloured_pixels) nearest in hue to one of `fleets` (None: any fleet):
    a fleet's colour among the specks that a prize here may show. A mat's own fleet's colour is no prize of it."""
    _, hue, coloured = coloured_pixels(lab_pixels, settings)
    if fleets is None or not coloured.any():
        return int(coloured.sum())
    names = list(hues)
    gaps = np.abs((hue[coloured, None] - np.array([hues[f] for f in names])[None] + 180) % 360 - 180)
    nearest = np.array(names)[np.argmin(gaps, axis=1)]
    return int(np.isin(nearest, list(fleets)).sum())


def coloured_pixels(lab_pixels: np.ndarray, settings: MatSettings) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(a*b*, hue, which are coloured and not wood) of Lab pixels, as fleet_of_pixels counts them."""
    lightness = lab_pixels[:, 0].astype(np.float32)
    ab = lab_pixels[:, 1:].astype(np.float32) - 128
    hue = hue_deg(ab)
    wood = (hue >= settings.wood_hues_deg[0]) & (hue <= settings.wood_hues_deg[1]) & (lightness < settings.wood_max_lightness)
    return ab, hue, (np.hypot(ab[:, 0], ab[:, 1]) > settings.fleet_min_chroma) & ~wood


def strong_chroma(lab_pixels: np.ndarray, settings: MatSettings) -> float:
    """How coloured the strongly coloured of the pixels are (Lab a*b*: MatSettings.pale_mast_chroma_share of those
    over fleet_min_chroma lie below it); 0 when none is coloured."""
    ab = lab_pixels[:, 1:].astype(np.float32) - 128
    chroma = np.hypot(ab[:, 0], ab[:, 1])
    chroma = chroma[chroma > settings.fleet_min_chroma]
    return float(np.quantile(chroma, settings.pale_mast_chroma_share)) if len(chroma) else 0.0
