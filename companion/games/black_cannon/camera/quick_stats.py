"""numpy's median and linear percentiles of a few values, the same figures to the bit, from one sort: numpy's own
calls cost some tens of microseconds each in checks and dispatch, ten times the work on a die's few dozen values, and
a photo's read asks for them hundreds of times (tests/games/black_cannon/camera/test_black_cannon_quick_stats.py
pins them against numpy)."""

from __future__ import annotations

import numpy as np


def median(values) -> np.generic:
    """np.median(values) of a 1-D float array (or a list of floats, taken as float64): the middle value, or the
    mean of the middle two in the values' own type (numpy's mean of two: their sum, then halved)."""
    return _median_of_sorted(np.sort(np.asarray(values, dtype=_float_type(values)), axis=None))


def median_and_percentiles(values: np.ndarray, percents) -> tuple[float, list[np.float64]]:
    """float(np.median(values)) and np.percentile(values, percents) of float `values` (percents a sequence: numpy
    then works in float64): each percentile numpy's linear interpolation at its float64 virtual index, between its
    two neighbours, their difference taken in the values' own type (as numpy's _lerp does)."""
    flat = np.sort(values, axis=None)
    count = flat.size
    found = []
    for percent in percents:
        index = (count - 1) * np.true_divide(percent, 100)
        below = min(int(np.floor(index)), count - 1)
        above = min(below + 1, count - 1)
        gamma = float(index - np.floor(index))
        step = np.float64(flat[above] - flat[below])
        found.append(np.float64(flat[above]) - step * (1 - gamma) if gamma >= 0.5 else
                     np.float64(flat[below]) + step * gamma)
    return float(_median_of_sorted(flat)), found


def _median_of_sorted(flat: np.ndarray) -> np.generic:
    count = flat.size
    if count % 2:
        return flat[count // 2]
    return (flat[count // 2 - 1] + flat[count // 2]) / flat.dtype.type(2)


def _float_type(values):
    dtype = getattr(values, "dtype", None)
    return dtype if dtype is not None and np.issubdtype(dtype, np.floating) else np.float64
