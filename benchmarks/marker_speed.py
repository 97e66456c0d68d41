"""Marker detection plus homography speed (issue 3) on rendered 1280x720 and 1920x1080 frames.

Run: .venv/bin/python benchmarks/marker_speed.py [--views N] [--repeats N]
Times, per frame: finding the ArUco markers (with sub-pixel corners), then fitting the boards'
table plane and assembling the island. One thread (cv2.setNumThreads(1)), medians only.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402

from companion.games.cannonball_colony.autoplay import random_game  # noqa: E402
from companion.games.cannonball_colony.render import RenderOptions, render_table  # noqa: E402
from companion.games.cannonball_colony.camera.island import assemble_island, locate_boards  # noqa: E402
from companion.vision.markers import detect_markers  # noqa: E402

SIZES = ((1280, 720), (1920, 1080))


def frames(size, views: int):
    for seed in range(views):
        position = random_game(2 + seed % 3, seed, turns=30).position
        yield render_table(position, seed=500 + seed, options=RenderOptions(size=size, supersample=1)).image


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--views", type=int, default=6)
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    for size in SIZES:
        detect, layout, found = [], [], []
        for image in frames(size, args.views):
            for _ in range(args.repeats):
                start = time.perf_counter()
                markers = detect_markers(image)
                middle = time.perf_counter()
                located = locate_boards(markers)
                if located:
                    assemble_island(located)
                end = time.perf_counter()
                detect.append((middle - start) * 1000)
                layout.append((end - middle) * 1000)
            found.append(len(markers))
        total = [a + b for a, b in zip(detect, layout)]
        print(f"{size[0]}x{size[1]}: {args.views} rendered views x {args.repeats} repeats; "
              f"markers found per view {found}")
        print(f"  detect markers        median {statistics.median(detect):7.2f} ms")
        print(f"  plane + island        median {statistics.median(layout):7.2f} ms")
        print(f"  together              median {statistics.median(total):7.2f} ms")


if __name__ == "__main__":
    main()
