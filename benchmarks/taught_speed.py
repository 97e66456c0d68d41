"""How fast the taught Cannonball Colony reader is (taught_accuracy.py --speed runs this): CPU time of teaching
from a sheet photo, of a single photo's first read taught and untaught, of bare marker detection on the same
photo (the floor) and of a still table streamed, on taught_accuracy.py's rendered views.

    nice -n 10 .venv/bin/python benchmarks/taught_accuracy.py --speed --first 6000 --count 4
    nice -n 10 .venv/bin/python benchmarks/taught_accuracy.py --speed --first 6421 --count 1   # one view alone
    nice -n 10 .venv/bin/python benchmarks/taught_accuracy.py --speed --first 7000 --count 20 --only held-out

With --only held-out the held-out family's views are timed (the tuned row's otherwise).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.taught_accuracy import render_pair  # noqa: E402


def time_taught(seeds, cache: Path, repeats: int = 3, held_out: bool = False) -> str:
    """CPU time (this thread's) of teaching from a sheet photo, of a photo's first read (a single photo, the
    full marker search) taught and untaught, of bare marker detection on the same photo (the floor), and of a taught
    reader's reads of the same frame again (a still table streamed): medians and p90s."""
    import cv2

    from calibration.pieces import teach
    from calibration.pose import SheetNotFound
    from companion.games.cannonball_colony.camera.reader import IslandReader
    from companion.games.cannonball_colony.camera.taught import TaughtPieces
    from companion.games.cannonball_colony.render.teaching import sheet_record
    from companion.vision.markers import detect_markers

    def timed(work):
        clock = time.thread_time()
        result = work()
        return result, (time.thread_time() - clock) * 1000

    cv2.setNumThreads(1)
    teaching, single, untaught, bare, streaming = [], [], [], [], []
    for seed in seeds:
        paths = render_pair(seed, held_out, cache)
        if paths is None:
            continue
        image, sheet = cv2.imread(str(paths[0])), cv2.imread(str(paths[2]))
        try:
            looks, spent = timed(lambda: teach([(paths[2].name, sheet)], sheet_record()))
        except SheetNotFound:
            continue
        teaching.append(spent)
        IslandReader(taught=TaughtPieces(looks)).read_stages(image)   # the networks loaded, the caches warm
        IslandReader().read_stages(image)
        for _ in range(repeats):
            reader = IslandReader(taught=TaughtPieces(looks))
            reading, spent = timed(lambda: reader.read_stages(image))
            single.append(spent)
            untaught.append(timed(lambda: IslandReader().read_stages(image))[1])
            bare.append(timed(lambda: detect_markers(image))[1])
            reading, spent = timed(lambda: reader.read_stages(image, 0.0, reading.observation))
            streaming.append(spent)
    detection = statistics.median(bare)
    return (f"CPU ms over {len(teaching)} views, {repeats} times each: teaching a sheet photo median "
            f"{statistics.median(teaching):.0f}; bare marker detection {_spread(bare)}; a single photo read, taught "
            f"{_spread(single)} ({statistics.median(single) / detection:.1f}x detection), untaught {_spread(untaught)} "
            f"({statistics.median(untaught) / detection:.1f}x); taught streaming {_spread(streaming)}")


def _spread(times: list[float]) -> str:
    ranked = sorted(times)
    return f"median {statistics.median(ranked):.0f} (p90 {ranked[int(0.9 * (len(ranked) - 1))]:.0f})"
