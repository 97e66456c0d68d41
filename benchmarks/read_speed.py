"""Reader speed against the budgets in docs/design.md: median read of a 1280x720 and a 1920x1080 frame, on one core, stage by stage.

Run: .venv/bin/python benchmarks/read_speed.py [--views 20] [--repeats 10]

Two ways of reading are timed, both with every stage run on every frame:
- streaming (what the camera loop does): the boards' fix from the last frame is checked
  against this one (markers matched where they were), then the boards are rectified and
  every cell and ship spot classified; each repeat adds fresh sensor noise to the frame,
  as a still camera gives;
- a single photo (`companion read`): the full marker search first.
Views are the rendered ones of benchmarks/read_accuracy.py (cached under /tmp).
Stages are timed on the wall clock; the "cpu" row is the reading thread's own CPU time
(time.thread_time), which other work on a busy machine inflates far less.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")   # one core, as the budgets say
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from read_accuracy import DEFAULT_CACHE, render_view  # noqa: E402

BUDGETS_MS = {(1280, 720): 15.0, (1920, 1080): 30.0}
STAGES = ("markers", "layout", "views", "features", "cells", "ships", "hands", "motion", "assemble")


def frames(size, count: int, cache: Path, first: int = 5000):
    import cv2

    found, seed = [], first
    while len(found) < count and seed < first + 4 * count + 50:
        paths = render_view(seed, cache, size=size)
        seed += 1
        if paths is not None:
            found.append(cv2.imread(str(paths[0])))
    return found


def time_reads(images, repeats: int) -> tuple[dict, dict]:
    """Per-stage seconds of streaming reads and of single-photo reads."""
    import cv2
    import numpy as np

    from companion.games.cannonball_colony.camera.reader import IslandReader

    cv2.setNumThreads(1)
    rng = np.random.default_rng(0)
    reader = IslandReader()
    streaming = {stage: [] for stage in STAGES + ("total", "cpu")}
    single = {stage: [] for stage in STAGES + ("total", "cpu")}
    for image in images:
        start, cpu = time.perf_counter(), time.thread_time()
        first = reader.read_stages(image, 0.0, None)
        _add(single, first.timings, time.perf_counter() - start, time.thread_time() - cpu)
        previous = first.observation
        for repeat in range(repeats):
            noisy = np.clip(image + rng.normal(0, 2.0, image.shape), 0, 255).astype(np.uint8)
            start, cpu = time.perf_counter(), time.thread_time()
            reading = reader.read_stages(noisy, 0.1 * (repeat + 1), previous)
            _add(streaming, reading.timings, time.perf_counter() - start, time.thread_time() - cpu)
            previous = reading.observation
    return streaming, single


def _add(table: dict, timings: dict, total: float, cpu: float) -> None:
    for stage in STAGES:
        table[stage].append(timings.get(stage, 0.0))
    table["total"].append(total)
    table["cpu"].append(cpu)


def report(size, streaming: dict, single: dict, views: int) -> None:
    budget = BUDGETS_MS[size]
    print(f"\n== {size[0]}x{size[1]}: {views} views ==")
    print(f"{'stage':<10}{'streaming ms':>14}{'single photo ms':>18}")
    for stage in STAGES + ("total", "cpu"):
        print(f"{stage:<10}{1000 * statistics.median(streaming[stage]):>14.2f}{1000 * statistics.median(single[stage]):>18.2f}")
    median = 1000 * statistics.median(streaming["total"])
    cpu = 1000 * statistics.median(streaming["cpu"])
    print(f"streaming median {median:.1f} ms wall clock, {cpu:.1f} ms of the reading thread's CPU time, against a "
          f"budget of {budget:g} ms ({'within' if median <= budget else 'OVER'} on the wall clock, "
          f"{'within' if cpu <= budget else 'OVER'} in CPU time); single photo median "
          f"{1000 * statistics.median(single['total']):.1f} ms (the full marker search; no budget)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--views", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=10, help="streaming reads per view")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    print(f"load average {load:.1f} on {os.cpu_count()} cores (other work slows these timings)")
    for size in BUDGETS_MS:
        images = frames(size, args.views, args.cache)
        streaming, single = time_reads(images, args.repeats)
        report(size, streaming, single, len(images))


if __name__ == "__main__":
    main()
