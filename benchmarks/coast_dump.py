"""Every field of Cannons & Coastlines' observations, one frame a line of canonical JSON: to check that a change
made for speed leaves the readings unchanged (the dump before and after must be byte-identical).

    nice -n 10 python benchmarks/coast_dump.py --cache /tmp/coast-speed-views > /tmp/before.txt
    nice -n 10 python benchmarks/coast_dump.py --taught 1100-1139 --taught-cache /tmp/coast-speed-taught >> /tmp/before.txt

Photos: coast_speed.py's streams (seeds 7000-7011 by default, both sizes), each frame read alone, then the
stream read frame after frame with the previous observation, by one reader in coast_speed.py's order (so what
a reader keeps from frame to frame is checked too). Taught (--taught): coast_taught_accuracy.py's views of the
tuned families only, read untaught and taught from the view's sheet. Floats are printed in full (repr)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import coast_speed  # noqa: E402
from coast_views import DEFAULT_CACHE  # noqa: E402


def seed_range(word: str) -> range:
    """"7000-7011" or "7000" as the seeds it names."""
    first, _, last = word.partition("-")
    return range(int(first), int(last or first) + 1)


def canonical(value):
    """Plain JSON values: dataclasses as their fields, mappings as key-sorted pairs (keys may be tuples)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: canonical(getattr(value, field.name)) for field in dataclasses.fields(value)}
    if isinstance(value, dict):
        pairs = [(canonical(key), canonical(item)) for key, item in value.items()]
        return sorted(pairs, key=lambda pair: json.dumps(pair[0]))
    if isinstance(value, (list, tuple)):
        return [canonical(item) for item in value]
    if hasattr(value, "tolist"):      # numpy scalars and arrays
        return canonical(value.tolist())
    return value


def line(label: str, observation) -> str:
    return json.dumps([label, canonical(observation)], separators=(",", ":"))


def dump_photos(seeds, cache: Path):
    import cv2

    from companion.games.cannons_coastlines.camera.reader import Seat, make_reader

    reader = make_reader()
    for size in coast_speed.SIZES:
        for seed in seeds:
            *frames, truth_path = coast_speed.render_stream(seed, size, cache)
            truth = json.loads(truth_path.read_text(encoding="utf-8"))
            seats = [Seat(player, truth["table"]["factions"][player]) for player in truth["table"]["players"]]
            images = [cv2.imread(str(path)) for path in frames]
            name = f"{seed} {size[0]}x{size[1]}"
            yield line(f"{name} warm", reader.read_frame(images[0], -1.0, None, seats=seats))
            for index, image in enumerate(images):
                yield line(f"{name} alone {index}", reader.read_frame(image, float(index), None, seats=seats))
            previous = None
            for index, image in enumerate(images):
                previous = reader.read_frame(image, 100.0 + index, previous, seats=seats)
                yield line(f"{name} stream {index}", previous)


def dump_taught(seeds, cache: Path):
    import cv2

    import coast_taught_accuracy as taught_bench
    from calibration.pieces import teach
    from calibration.pose import SheetNotFound
    from companion.games.cannons_coastlines.camera.reader import CoastReader, Seat
    from companion.games.cannons_coastlines.camera.taught import TaughtCoast
    from companion.games.cannons_coastlines.render.teaching import sheet_record

    for seed in seeds:
        photo, truth_path, sheet = taught_bench.render_pair(seed, False, cache)
        truth = json.loads(truth_path.read_text())
        try:
            looks = teach([(sheet.name, cv2.imread(str(sheet)))], sheet_record())
        except SheetNotFound:
            looks = None
        seats = [Seat(player, truth["table"]["factions"][player]) for player in truth["table"]["players"]]
        image = cv2.imread(str(photo))
        yield line(f"taught {seed} untaught", CoastReader().read_frame(image, 0.0, None, seats=seats))
        reader = CoastReader(taught=TaughtCoast(looks) if looks else None)
        yield line(f"taught {seed} taught", reader.read_frame(image, 0.0, None, seats=seats))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", nargs="*", type=seed_range, default=[seed_range("7000-7011")],
                        help="coast_speed.py's streams (none: skip)")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--taught", nargs="*", type=seed_range, default=[], help="coast_taught_accuracy.py's tuned seeds")
    parser.add_argument("--taught-cache", type=Path, default=Path("/tmp/companion-coast-taught-views/v1"))
    args = parser.parse_args(argv)
    import cv2

    cv2.setNumThreads(1)
    for text in dump_photos([seed for seeds in args.seeds for seed in seeds], args.cache):
        print(text, flush=True)
    for text in dump_taught([seed for seeds in args.taught for seed in seeds], args.taught_cache):
        print(text, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
