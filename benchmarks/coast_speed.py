"""Cannons & Coastlines reader speed on one core (issue 7: median 20 ms at 1280x720, 40 ms at
1920x1080 for the whole reading: poses, islands, mats).

Two modes, both reading everything each frame:
- single photo: no `previous`, every marker looked for and every piece read from scratch;
- streaming: each frame read with the previous frame's observation, as the dashboard does;
  pieces whose surroundings did not change keep their reading, markers are looked for again
  only where the picture changed. Each stream is a rendered table filmed for six frames
  (fresh sensor noise each frame) with a hand over a ship in the fourth: of the five frames
  read as a stream, two changed (the hand came, the hand went) and three did not. Both
  kinds are reported apart, and together.
The first frame of each stream is read as a single photo and not counted in the streaming time.

The floor: the markers' bare detection (vision.table_frame.find_markers, both ArUco passes) on the same frames,
timed in the same run; the single photo's median over the floor's says how the read compares on a busy machine.
With --thread-cpu N each frame is read alone N more times and the least thread CPU time (time.thread_time) of
those reads is summed over the frames: what other programs on the machine change least.

    .venv/bin/python benchmarks/coast_speed.py            # seeds 7000-7007 at both sizes
    .venv/bin/python benchmarks/coast_speed.py --thread-cpu 5
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from coast_views import DEFAULT_CACHE, MEASURE_FIRST  # noqa: E402

from companion.games.cannons_coastlines.camera.reader import Seat, make_reader  # noqa: E402
from companion.games.cannons_coastlines.render.samples import measured_view  # noqa: E402
from companion.vision.table_frame import find_markers  # noqa: E402

READER = make_reader()
FRAMES = 6
HAND_FRAME = 3
SIZES = ((1280, 720), (1920, 1080))


def stream_paths(cache: Path, seed: int, size) -> list[Path]:
    folder = cache / f"stream{FRAMES}-{size[0]}x{size[1]}"
    return [folder / f"{seed}-{index}.png" for index in range(FRAMES)] + [folder / f"{seed}.json"]


def render_stream(seed: int, size, cache: Path) -> list[Path]:
    """The seed's table filmed for FRAMES frames (cached): still, with a hand in HAND_FRAME."""
    paths = stream_paths(cache, seed, size)
    if all(path.exists() for path in paths):
        return paths
    from companion.games.cannons_coastlines.render import random_coast_table
    from companion.games.cannons_coastlines.render.draw import render_coast_frame
    from companion.games.cannons_coastlines.render.scene import compose_coast_scene
    from companion.games.cannons_coastlines.render.truth import coast_truth

    players, options = measured_view(seed, size)
    table = random_coast_table(seed, players)
    with_hand = compose_coast_scene(table, seed, replace(options, hand=True))
    still = replace(with_hand, hand=None)
    paths[0].parent.mkdir(parents=True, exist_ok=True)
    for index in range(FRAMES):
        frame = render_coast_frame(with_hand if index == HAND_FRAME else still, index)
        cv2.imwrite(str(paths[index]), frame.image)
        if index == 0:
            paths[-1].write_text(json.dumps(coast_truth(still, frame), separators=(",", ":")), encoding="utf-8")
    return paths


def timed_read(image, timestamp, previous, seats):
    started = time.perf_counter()
    observation = READER.read_frame(image, timestamp, previous, seats=seats)
    return observation, time.perf_counter() - started, dict(READER.stage_seconds)


def timed_floor(image) -> float:
    """Seconds of the markers' bare detection in `image` (grey first, as the reader does)."""
    started = time.perf_counter()
    find_markers(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), [])
    return time.perf_counter() - started


def least_thread_cpu(image, seats, repeats: int) -> float:
    """The least thread CPU seconds of `repeats` single-photo reads of `image`."""
    least = float("inf")
    for _ in range(repeats):
        started = time.thread_time()
        READER.read_frame(image, 0.0, None, seats=seats)
        least = min(least, time.thread_time() - started)
    return least


def measure(seeds, size, cache: Path, thread_cpu: int = 0) -> dict:
    single, streaming, still, changed, floor, cpu = [], [], [], [], [], []
    for seed in seeds:
        *frames, truth_path = render_stream(seed, size, cache)
        truth = json.loads(truth_path.read_text(encoding="utf-8"))
        seats = [Seat(player, truth["table"]["factions"][player]) for player in truth["table"]["players"]]
        images = [cv2.imread(str(path)) for path in frames]
        READER.read_frame(images[0], -1.0, None, seats=seats)   # warm: imports, caches of constants
        for index, image in enumerate(images):
            single.append(timed_read(image, float(index), None, seats)[1:])
            floor.append(timed_floor(image))
            if thread_cpu:
                cpu.append(least_thread_cpu(image, seats, thread_cpu))
        previous = None
        for index, image in enumerate(images):
            previous, seconds, stages = timed_read(image, 100.0 + index, previous, seats)
            if index > 0:
                streaming.append((seconds, stages))
                (changed if index in (HAND_FRAME, HAND_FRAME + 1) else still).append((seconds, stages))
    return {"single": single, "streaming": streaming, "still": still, "changed": changed, "floor": floor, "cpu": cpu}


def summary(samples) -> str:
    total = 1000 * np.median([seconds for seconds, _ in samples])
    stages = sorted({stage for _, split in samples for stage in split})
    split = ", ".join(f"{stage} {1000 * np.median([s.get(stage, 0.0) for _, s in samples]):.1f}" for stage in stages)
    return f"median {total:.1f} ms (p90 {1000 * np.percentile([s for s, _ in samples], 90):.1f})  [{split}]"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=MEASURE_FIRST)
    parser.add_argument("--count", type=int, default=8)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--thread-cpu", type=int, default=0, metavar="N",
                        help="also read each frame alone N times: the least thread CPU time, summed over the frames")
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    seeds = range(args.first, args.first + args.count)
    print(f"Cannons & Coastlines reader speed, one core, seeds {seeds.start}-{seeds.stop - 1}, "
          f"{FRAMES} frames each (hand in frame {HAND_FRAME})")
    for size in SIZES:
        results = measure(seeds, size, args.cache, args.thread_cpu)
        single, floor = np.median([seconds for seconds, _ in results["single"]]), np.median(results["floor"])
        print(f"{size[0]}x{size[1]}")
        print(f"  single photo  {summary(results['single'])}")
        print(f"  floor (the markers' bare detection) median {1000 * floor:.1f} ms: single photo / floor {single / floor:.2f}")
        if results["cpu"]:
            print(f"  single photo thread CPU, least of {args.thread_cpu} a frame: {1000 * sum(results['cpu']):.0f} ms summed "
                  f"over {len(results['cpu'])} frames, median {1000 * np.median(results['cpu']):.1f} ms")
        print(f"  streaming     {summary(results['streaming'])}")
        print(f"    still frames          {summary(results['still'])}")
        print(f"    hand came or went     {summary(results['changed'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
