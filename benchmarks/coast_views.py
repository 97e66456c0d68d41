"""Rendered Cannons & Coastlines views with their truth, cached on disk (not in the repository).

Used by coast_accuracy.py and coast_speed.py. Each seed fixes the table (2-4 fleets), the tilt
(0-45 degrees), the light and the JPEG quality; rendering takes seconds, so each view is
rendered once: a PNG of the decoded frame (JPEG artefacts included) plus the truth JSON.

Run alone to fill the cache: .venv/bin/python benchmarks/coast_views.py --first 7000 --count 300
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# Bump when the kit or the renderer changes what a view looks like: views are cached by seed.
VIEWS_VERSION = 2   # 2: islands carry the holder's flag base disc
DEFAULT_CACHE = Path(f"/tmp/companion-coast-views/v{VIEWS_VERSION}")
# Seeds 100-199 were looked at while developing the reader; measurements start at 7000.
MEASURE_FIRST = 7000


def view_paths(cache: Path, seed: int, size=(1280, 720)) -> tuple[Path, Path]:
    folder = cache / f"{size[0]}x{size[1]}"
    return folder / f"{seed}.png", folder / f"{seed}.json"


def render_view(seed: int, cache: Path = DEFAULT_CACHE, size=(1280, 720)) -> tuple[Path, Path]:
    """Render seed's view into the cache unless it is there already."""
    import cv2

    from companion.games.cannons_coastlines.render import random_coast_table, render_coast_table
    from companion.games.cannons_coastlines.render.samples import measured_view

    image_path, truth_path = view_paths(cache, seed, size)
    if image_path.exists() and truth_path.exists():
        return image_path, truth_path
    image_path.parent.mkdir(parents=True, exist_ok=True)
    players, options = measured_view(seed, size)
    rendered = render_coast_table(random_coast_table(seed, players), seed, options)
    temporary = Path(str(image_path) + ".tmp.png")
    cv2.imwrite(str(temporary), rendered.image)
    temporary.rename(image_path)
    truth_path.write_text(json.dumps(rendered.truth, separators=(",", ":")), encoding="utf-8")
    return image_path, truth_path


def render_views(seeds, cache: Path = DEFAULT_CACHE, size=(1280, 720)) -> list[tuple[Path, Path]]:
    """Every seed's view, rendering the missing ones one after another (the machine is shared)."""
    missing = [s for s in seeds if not all(p.exists() for p in view_paths(cache, s, size))]
    if missing:
        print(f"rendering {len(missing)} views into {cache} (a few seconds each)", file=sys.stderr)
    started = time.time()
    for done, seed in enumerate(missing, 1):
        render_view(seed, cache, size)
        if done % 25 == 0:
            print(f"  {done}/{len(missing)} in {time.time() - started:.0f} s", file=sys.stderr)
    return [render_view(seed, cache, size) for seed in seeds]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=MEASURE_FIRST)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    args = parser.parse_args(argv)
    size = tuple(int(v) for v in args.size.split("x"))
    render_views(range(args.first, args.first + args.count), args.cache, size)
    return 0


if __name__ == "__main__":
    sys.exit(main())
