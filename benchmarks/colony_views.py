"""Rendered views of The Colony for training the egg counter and for measuring it, cached on disk.

Two sets, never mixed: TRAIN seeds (the three training bead looks only) and VARIED seeds (a bead look
and shadow strength drawn from each seed, render/varied_looks.py) fit and tune the reader;
MEASURE seeds (never used to fit or tune anything; a quarter with the held-out bead look) are for
benchmarks/colony_egg_accuracy.py. Each view's options come from its seed: tilt 0-45, warm/cool/even
light, a hand in 40% of views, sensor noise and blur, JPEG at quality 60-95 in 70% of views.

    .venv/bin/python benchmarks/colony_views.py train 300       # seeds 1000-1299 into the cache
    .venv/bin/python benchmarks/colony_views.py varied 300      # seeds 100000-100299
    .venv/bin/python benchmarks/colony_views.py measure 500     # seeds 500000-500499

Tuning splits taken so far past the fitted views (TRAIN 1000-1659, VARIED 100000-100259), each fresh once:
TRAIN 1660-1719 / VARIED 100260-100319, TRAIN 1720-1919 / VARIED 100320-100519 (colony-eggs1), TRAIN
1920-2119 / VARIED 100520-100719 (colony-eggs3), TRAIN 2120-2219 / VARIED 100720-100819 (colony-eggs4,
what each bead shows: `colony_egg_visibility.py`). The next fresh ones start at `--skip 1220` / `--skip 820`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DEFAULT_CACHE = Path("/tmp/colony-views")
FIRST_SEED = {"train": 1000, "varied": 100000, "measure": 500000}
HELD_OUT_SHARE = 0.25


def view_options(seed: int):
    from companion.render.options import RenderOptions

    rng = random.Random(f"colony view {seed}")
    quality = rng.randint(60, 95) if rng.random() < 0.7 else None
    return RenderOptions(tilt_deg=rng.uniform(0, 45), light=rng.choice(("warm", "cool", "even")),
                         hand=rng.random() < 0.4, jpeg_quality=quality)


def view_look(kind: str, seed: int) -> str:
    from companion.games.the_colony.render.pieces import HELD_OUT, TRAINING_LOOKS
    from companion.games.the_colony.render.varied_looks import VARIED

    if kind == "varied":
        return VARIED
    rng = random.Random(f"colony look {seed}")
    if kind == "measure" and rng.random() < HELD_OUT_SHARE:
        return HELD_OUT
    return rng.choice(TRAINING_LOOKS)


def view_paths(cache: Path, kind: str, seed: int) -> tuple[Path, Path]:
    folder = cache / kind
    return folder / f"{seed}.png", folder / f"{seed}.json"


def render_view(cache: Path, kind: str, seed: int) -> tuple[Path, Path]:
    """The seed's view (cached): its picture as the webcam delivered it (JPEG decoded) and its truth."""
    picture, truth = view_paths(cache, kind, seed)
    if picture.exists() and truth.exists():
        return picture, truth
    import cv2

    from companion.games.the_colony.render import random_position, render_colony

    rendered = render_colony(random_position(seed), seed, view_options(seed), look=view_look(kind, seed))
    picture.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(picture), rendered.image)
    truth.write_text(json.dumps(rendered.truth, separators=(",", ":")), encoding="utf-8")
    return picture, truth


def seeds(kind: str, count: int, skip: int = 0) -> range:
    """The kind's `count` seeds after its first `skip` (a tuning split lies past the training seeds)."""
    return range(FIRST_SEED[kind] + skip, FIRST_SEED[kind] + skip + count)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=tuple(FIRST_SEED))
    parser.add_argument("count", type=int)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--part", default="0/1", help="K/N: render every N-th seed from the K-th (to split work)")
    parser.add_argument("--skip", type=int, default=0, help="start after the kind's first SKIP seeds")
    args = parser.parse_args()
    part, parts = (int(v) for v in args.part.split("/"))
    for index, seed in enumerate(seeds(args.kind, args.count, args.skip)):
        if index % parts == part:
            render_view(args.cache, args.kind, seed)
    print(f"{args.kind}: {args.count} views in {args.cache / args.kind}")


if __name__ == "__main__":
    main()
