"""Render speed: the median time to render one webcam frame of a mid-game island.

Run: .venv/bin/python benchmarks/render_speed.py [--repeats N]
Each seed's textures and lens maps are made before timing (a clip reuses them every frame);
frames with a hand are timed apart, as ray-casting the arm costs the most. Medians only:
machines here are noisy.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.games.cannonball_colony.render import RenderOptions, compose_scene, render_scene  # noqa: E402
from companion.games.cannonball_colony.render.samples import demo_position  # noqa: E402

SIZES = ((1280, 720), (1920, 1080))


def median_ms(scenes, repeats: int) -> float:
    for scene in scenes:  # warm the caches: textures, lens maps, light fields
        render_scene(scene)
    times = []
    for _ in range(repeats):
        for scene in scenes:
            start = time.perf_counter()
            render_scene(scene)
            times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    for width, height in SIZES:
        for hand in (False, True):
            scenes = [compose_scene(demo_position(seed), seed,
                                    RenderOptions(size=(width, height), hand=hand, jpeg_quality=85))
                      for seed in range(args.seeds)]
            label = f"{width}x{height}{' with a hand' if hand else ''}"
            print(f"{label:<24} median {median_ms(scenes, args.repeats):7.0f} ms per frame")


if __name__ == "__main__":
    main()
