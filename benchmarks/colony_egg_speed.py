"""The Colony's reader speed on one core at 1280x720 (issue 16: streaming read median 15 ms or less,
p90 33 ms or less), beside the floor measured in the same run: bare marker detection on the same frames
(companion.vision.markers.detect_markers, the one call every camera reading starts from).

Each stream is a MEASURE view's table filmed for six frames (fresh sensor noise each frame) with a hand
in the fourth; the first frame is read as a single photo and starts the stream's memory, the other five
are read as a stream (camera/stream_memory.py: markers looked for near where they were, the board's
frame and patch maps kept while they stay put, only the logs whose patch changed sampled and measured,
the others' looks, counter rows and counts kept). Times are CPU seconds of this process (one thread):
the machine is shared, and wall time would measure the neighbours.

    .venv/bin/python benchmarks/colony_egg_speed.py            # 8 streams from seed 500000
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from colony_views import DEFAULT_CACHE, FIRST_SEED, view_look, view_options  # noqa: E402

FRAMES = 6
HAND_FRAME = 3


def stream_frames(seed: int, cache: Path) -> list[Path]:
    folder = cache / "stream"
    paths = [folder / f"{seed}-{index}.png" for index in range(FRAMES)]
    if all(path.exists() for path in paths):
        return paths
    from companion.games.the_colony.render import random_position
    from companion.games.the_colony.render.draw import render_frame
    from companion.games.the_colony.render.scene import compose_scene

    options = replace(view_options(seed), hand=True, size=(1280, 720))
    with_hand = compose_scene(random_position(seed), seed, options, look=view_look("measure", seed))
    still = replace(with_hand, hand=None)
    folder.mkdir(parents=True, exist_ok=True)
    for index, path in enumerate(paths):
        cv2.imwrite(str(path), render_frame(with_hand if index == HAND_FRAME else still, index).image)
    return paths


def cpu(call):
    started = time.process_time()
    result = call()
    return result, time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=8)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    from companion.games.the_colony.camera.reader import ColonyReader, StreamMemory
    from companion.vision.markers import detect_markers

    reader = ColonyReader()
    markers, single, stream = [], [], []
    for seed in range(FIRST_SEED["measure"], FIRST_SEED["measure"] + args.streams):
        images = [cv2.imread(str(path)) for path in stream_frames(seed, args.cache)]
        reader.read(images[0])   # warm: the patch grid and the model load once per process
        memory = StreamMemory()
        for index, image in enumerate(images):
            markers.append(cpu(lambda: detect_markers(image))[1])
            if index == 0:
                single.append(cpu(lambda: reader.read(image, index, memory=memory))[1])
            else:
                stream.append(cpu(lambda: reader.read(image, index, memory=memory))[1])
    floor = float(np.median(markers))
    print(f"{args.streams} streams of {FRAMES} frames at 1280x720, one thread, CPU ms")
    print("| what | frames | median ms | p90 ms | median / marker detection |")
    print("|---|---|---|---|---|")
    for name, times in (("bare marker detection (floor)", markers), ("single photo read", single),
                        ("streaming read", stream)):
        values = np.array(times) * 1000
        print(f"| {name} | {len(values)} | {np.median(values):.1f} | {np.percentile(values, 90):.1f} | "
              f"{np.median(values) / (floor * 1000):.2f} |")


if __name__ == "__main__":
    main()
