"""parts_with_stats is cv2.connectedComponentsWithStats(mask, connectivity=8) to the bit: the same count, labels (the
same numbering), boxes, areas and centres, on masks of noise and of blobs, odd sizes, windows of bigger masks, one
thread or several."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.vision.components import parts_with_stats


def _masks(seed: int):
    rng = np.random.default_rng(seed)
    for height, width in ((1, 1), (1, 17), (23, 1), (2, 2), (37, 51), (120, 97), (301, 288), (888, 888)):
        for share in (0.02, 0.3, 0.6):
            yield ((rng.random((height, width)) < share) * 255).astype(np.uint8)
        blobs = np.zeros((height, width), np.uint8)
        for _ in range(max(1, height * width // 400)):
            x, y = int(rng.integers(0, width)), int(rng.integers(0, height))
            cv2.ellipse(blobs, (x, y), (int(rng.integers(1, 12)), int(rng.integers(1, 12))),
                        float(rng.uniform(0, 180)), 0, 360, 255, -1)
        yield blobs
        yield np.ascontiguousarray(blobs[height // 3:, width // 5:])
        yield blobs[height // 3:, width // 5:]          # a window, not contiguous


@pytest.mark.parametrize("threads", [1, 4])
def test_parts_with_stats_are_opencvs_default_to_the_bit(threads):
    before = cv2.getNumThreads()
    cv2.setNumThreads(threads)
    try:
        for mask in _masks(threads):
            if mask.size == 0:
                continue
            fast, plain = parts_with_stats(mask), cv2.connectedComponentsWithStats(mask, connectivity=8)
            assert fast[0] == plain[0]
            for mine, theirs in zip(fast[1:], plain[1:]):     # a mask with no background: its centre is NaN
                assert mine.dtype == theirs.dtype and np.array_equal(mine, theirs, equal_nan=mine.dtype.kind == "f")
    finally:
        cv2.setNumThreads(before)
