"""Black Cannon streaming read speed on rendered 1280x720 frames, one core (cv2.setNumThreads(1)).

    nice -n 10 python benchmarks/black_cannon_speed.py --views 12 --repeats 5

Per frame: the whole read (markers, board, ships, chests, dice) against the floor measured in the same
run on the same frames: bare ArUco marker detection. Medians and p90s in ms, and their ratio. The
issue's budget is a median of 15 ms."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from companion.games.black_cannon.camera.reader import read_table  # noqa: E402
from companion.games.black_cannon.render import RenderOptions, random_position, render_position  # noqa: E402
from companion.vision.markers import detect_markers  # noqa: E402

BUDGET_MS = 15.0


def _p90(values):
    return float(np.percentile(values, 90))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--views", type=int, default=12)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--first-seed", type=int, default=30000)
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    frames = []
    for seed in range(args.first_seed, args.first_seed + args.views):
        rendered = render_position(random_position(seed), seed, RenderOptions(size=(1280, 720), jpeg_quality=90))
        frames.append(cv2.imdecode(np.frombuffer(rendered.jpeg, np.uint8), cv2.IMREAD_COLOR))
    read_table(frames[0])   # warm the board's picture cache, as a stream does after its first frame
    floor, whole, given_markers = [], [], []
    for _ in range(args.repeats):
        for frame in frames:
            started = time.perf_counter()
            markers = detect_markers(frame)
            floor.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            read_table(frame)
            whole.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            read_table(frame, markers=markers)
            given_markers.append((time.perf_counter() - started) * 1000)
    floor_median = statistics.median(floor)
    print(f"{len(frames)} frames 1280x720 x {args.repeats} repeats, one core")
    print("| step | median ms | p90 ms | ratio to markers |\n|---|---|---|---|")
    for name, values in (("bare marker detection (floor)", floor), ("whole read", whole),
                         ("read after the markers", given_markers)):
        print(f"| {name} | {statistics.median(values):.1f} | {_p90(values):.1f} | "
              f"{statistics.median(values) / floor_median:.2f} |")
    print(f"budget: median {BUDGET_MS:g} ms for the whole read: "
          f"{'met' if statistics.median(whole) <= BUDGET_MS else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
