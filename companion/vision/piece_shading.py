"""A piece's shading: how the lightness spreads over its silhouette, its own paint's median set to nought.

Two kinds a group owns are often one paint and of about one silhouette from above (a cannon and a fort), but not
of one shape: a cube shows a lit top and a dark side, a cylinder a smooth roll from lit to shaded, a flat disc
almost one lightness. The histogram of each silhouette pixel's log lightness less the silhouette's median keeps
that and drops the paint, the light's strength and the pose (a teaching square and an island cell are seen from
other places). Offline on 1198 recorded pieces (tuning seeds 6000-6099, tuned families, taught), the kind whose
taught squares' nearest histogram is closest picked the truth for 749 alone, the solids' overlap for 1014.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

LUMA_BGR = np.array([0.0722, 0.7152, 0.2126])


@dataclass(frozen=True)
class ShadingSettings:
    bins: int = 10
    lowest: float = -1.5      # natural log of lightness against the silhouette's median: a face a quarter as lit
    highest: float = 1.0
    least_pixels: int = 15    # a silhouette of fewer pixels has no shading worth comparing


def shading(linear: np.ndarray, silhouette: np.ndarray, settings: ShadingSettings = ShadingSettings()) -> np.ndarray | None:
    """The shading histogram (bins sum to 1) of the pixels of `linear` ((h, w, 3) linear BGR) where `silhouette`
    ((h, w) bool) holds, or None for too few of them."""
    if int(silhouette.sum()) < settings.least_pixels:
        return None
    return shading_of(log_lightness(np.asarray(linear)[silhouette]), settings)


def log_lightness(linear: np.ndarray) -> np.ndarray:
    """Natural log of each pixel's lightness (its luma, at least 1e-4), from (..., 3) linear BGR."""
    return np.log(np.maximum(np.asarray(linear) @ LUMA_BGR, 1e-4))


def shading_of(lightness: np.ndarray, settings: ShadingSettings = ShadingSettings()) -> np.ndarray | None:
    """shading() from the silhouette's pixels' natural log lightness (of their linear BGR's luma, at least 1e-4)."""
    if len(lightness) < settings.least_pixels:
        return None
    step = (settings.highest - settings.lowest) / settings.bins
    bins = np.floor((lightness - np.median(lightness) - settings.lowest) / step).astype(np.int64)
    counts = np.bincount(np.clip(bins, 0, settings.bins - 1), minlength=settings.bins)
    return (counts / len(lightness)).astype(np.float32)


def shading_gap(seen: np.ndarray, taught: list[np.ndarray]) -> float | None:
    """How far a piece's shading is from the nearest of a kind's taught ones: half the L1 distance, 0 (the same)
    to 1 (no bin shared); None when either side has none."""
    taught = [one for one in taught if one is not None and len(one) == len(seen)]
    if seen is None or not taught:
        return None
    return float(min(0.5 * np.abs(seen - one).sum() for one in taught))
