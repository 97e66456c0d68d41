"""Figures the benchmarks share: a win rate's Wilson interval and a nearest-rank percentile."""

from __future__ import annotations

import math

Z95 = 1.959964


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of successes out of n (a shared win counts as a half)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], share: float) -> float:
    """The value `share` of the way up the sorted values (nearest rank, no interpolation)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
