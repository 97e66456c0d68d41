"""Black Cannon's live reading per frame on the bundled clip (samples/black_cannon/turns.mp4), one core.

    nice -n 10 python benchmarks/black_cannon_live.py --passes 3

The still reader (camera/stills.py) reads a frame in full only at the start of a steady spell; a frame
that moves is only compared, and a steady one like the last read reuses its reading. Per frame, in ms:
every frame of the clip as the live pipeline sees it, then apart the frames read in full and the
frames that were not, against the floor measured in the same run on the same frames: bare ArUco
marker detection. Medians and p90s, and their ratio to the floor's median."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from companion.games.black_cannon.camera.live import BlackCannonCamera  # noqa: E402
from companion.games.black_cannon.camera.stills import StillReader  # noqa: E402
from companion.vision.frames import open_source  # noqa: E402
from companion.vision.markers import detect_markers  # noqa: E402


def _p90(values) -> float:
    return float(np.percentile(values, 90))


def _line(name: str, values: list[float], floor: float) -> str:
    median = statistics.median(values)
    return (f"{name:<28} {len(values):>5} frames  median {median:8.2f} ms  p90 {_p90(values):8.2f} ms  "
            f"{median / floor:7.2f}x floor")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--passes", type=int, default=3, help="passes over the clip (default 3)")
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    frames = [frame.image for frame in open_source(str(BlackCannonCamera.clip()))]
    floor, every, fresh, skipped = [], [], [], []
    for _ in range(args.passes):
        reader = StillReader()   # a new stream each pass: its first frame is read in full
        for index, image in enumerate(frames):
            started = time.perf_counter()
            detect_markers(image)
            floor.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            reading = reader.read_frame(image, index / 4.0)
            spent = (time.perf_counter() - started) * 1000
            every.append(spent)
            (fresh if reading.fresh else skipped).append(spent)
    height, width = frames[0].shape[:2]
    base = statistics.median(floor)
    print(f"Black Cannon live reading, {len(frames)} frames of {width}x{height} x {args.passes} passes, one core")
    print(_line("floor: marker detection", floor, base))
    print(_line("every frame (live)", every, base))
    print(_line("read in full", fresh, base))
    print(_line("moving or reused", skipped, base))
    print(f"read in full: {len(fresh)} of {len(every)} frames ({len(fresh) / len(every):.0%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
