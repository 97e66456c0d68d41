"""Every field of Black Cannon's reading on seeded tuning views, one view a block: to check that a change made
for speed leaves the readings unchanged (the dump before and after must be byte-identical).

    nice -n 10 python benchmarks/black_cannon_dump.py --seeds 0-39 2277 2251 2257 2201 2341 > /tmp/before.txt
    nice -n 10 python benchmarks/black_cannon_dump.py --seeds 0-19 --lean > /tmp/before-lean.txt
    nice -n 10 python benchmarks/black_cannon_dump.py --seeds 0-11 --photo > /tmp/before-photo.txt

Views are rendered as the accuracy benchmark renders them (--lean: the first die leans as in
black_cannon_dice_misses.py; --photo: 1280x720 as the speed benchmark renders them); views of the held-out die
style are skipped. Tuning seeds only. Positions to 0.1 mm, confidences and probabilities to 3 decimals."""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import black_cannon_accuracy as bench  # noqa: E402


def _seeds(words: list[str]) -> list[int]:
    seeds = []
    for word in words:
        first, _, last = word.partition("-")
        seeds += list(range(int(first), int(last or first) + 1))
    return seeds


def _mm(point) -> str:
    return f"({point[0]:.1f}, {point[1]:.1f})"


def _image(seed: int, lean: bool, photo: bool):
    import cv2
    import numpy as np
    from companion.games.black_cannon.render import RenderOptions, compose_scene, random_position
    from companion.games.black_cannon.render.draw import render_frame

    options, held_out = bench.view_recipe(seed)
    if photo:
        options, held_out = RenderOptions(size=(1280, 720), jpeg_quality=90), False
    scene = compose_scene(random_position(seed), seed, options, held_out, None)
    if scene.dice[0].style.name == "black-jumbo":
        return None
    if lean:
        tilt = random.Random(f"lean {seed}")
        leaning = replace(scene.dice[0], lean_deg=tilt.uniform(15, 35), lean_axis_deg=tilt.uniform(0, 360))
        scene = replace(scene, dice=(leaning, *scene.dice[1:]))
    return cv2.imdecode(np.frombuffer(render_frame(scene).jpeg, np.uint8), cv2.IMREAD_COLOR)


def dump(seed: int, lean: bool, photo: bool) -> list[str]:
    from companion.games.black_cannon.camera.reader import read_table

    image = _image(seed, lean, photo)
    if image is None:
        return [f"view {seed}: held-out die style, skipped"]
    reading = read_table(image)
    lines = [f"view {seed}: board seen {reading.board_seen}, corners {reading.corners_seen}"]
    for die in reading.dice:
        side = "-" if die.side_mm is None else f"{die.side_mm:.1f}"
        lines.append(f"  die {die.pips} at {_mm(die.centre_mm)} conf {die.confidence:.3f} side {side} "
                     f"doubted {die.doubted} learned {die.learned} p {die.learned_sure:.3f} "
                     f"side seen {die.side_seen}: {die.reason}")
    for ship in reading.ships:
        lines.append(f"  ship {ship.fleet} {ship.kind} on {ship.square} at {_mm(ship.centre_mm)} sunk {ship.sunk} "
                     f"carrying {ship.carrying} conf {ship.confidence:.3f} by {ship.how}")
    lines.append(f"  chests {sorted(reading.chests.items())}")
    lines += [f"  ask: {question}" for question in reading.questions]
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", nargs="+", default=["0-39"])
    parser.add_argument("--lean", action="store_true")
    parser.add_argument("--photo", action="store_true")
    args = parser.parse_args(argv)
    import cv2

    cv2.setNumThreads(1)
    seeds = _seeds(args.seeds)
    if max(seeds) >= bench.TUNING_SEEDS_BELOW:
        parser.error(f"tuning seeds only: below {bench.TUNING_SEEDS_BELOW}")
    for seed in seeds:
        print("\n".join(dump(seed, args.lean, args.photo)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
