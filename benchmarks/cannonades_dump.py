"""Every field of Cannonades' reading on seeded tuning views, one view a block: to check that a change made for
speed leaves the readings unchanged (the dump before and after must be byte-identical).

    nice -n 10 python benchmarks/cannonades_dump.py --seeds 0-59 > /tmp/before.txt
    nice -n 10 python benchmarks/cannonades_dump.py --seeds 0-59 --stream > /tmp/before-stream.txt

Views are rendered as the accuracy benchmark renders them (cannonades_read_accuracy.py: its style and JPEG
quality for the seed); views of the held-out style are skipped. Tuning seeds only. --stream also reads each view
as the speed benchmark's stream does (the first frame, a later frame of the still table, a frame where something
moved) and dumps the moved frame's reading. Positions to 0.1 mm, angles to 0.1 degree, confidences to 3 decimals."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import cannonades_read_accuracy as bench  # noqa: E402


def _seeds(words: list[str]) -> list[int]:
    """Seeds and ranges ("0-59 77") as a list."""
    ends = [[int(end) for end in word.split("-")] for word in words]
    return [seed for first, *last in ends for seed in range(first, (last or [first])[0] + 1)]


def _angle(value) -> str:
    return "-" if value is None else f"{value:.1f}"


def reading_lines(title: str, reading) -> list[str]:
    from companion.games.cannonades.camera.table_seen import table_seen

    lines = [f"{title}: players {reading.players}, table markers {list(reading.table_markers)}"]
    lines += [f"  note: {note}" for note in reading.notes]
    seen = table_seen(reading)
    counts = reading.to_json()["seats"]
    for number, seat in enumerate(seen.seats, start=1):
        count = counts[f"seat {number}"]
        lines.append(f"  seat {number}: up {count['ships_up']} down {count['ships_down']} unknown {count['unknown']} "
                     f"unsure {seat.unsure} as the game takes it {seat.token()}")
    lines.append(f"  discard {list(seen.discard)}")
    for card in reading.cards:
        lines.append(f"  {card.area} {card.face} {card.card or '-'} {card.kind or '-'} at ({card.centre_mm[0]:.1f}, "
                     f"{card.centre_mm[1]:.1f}) conf {card.confidence:.3f} angle {_angle(card.angle_deg)} "
                     f"axis {_angle(card.axis_deg)} heading {card.heading or '-'} on {card.on or '-'}: {card.why}")
    return lines


def dump(seed: int, stream: bool) -> list[str]:
    import numpy as np

    from companion.games.cannonades.camera.reader import read_table
    from companion.games.cannonades.camera.stream import CardStream
    from companion.games.cannonades.render.draw import render_scene
    from companion.games.cannonades.render.scene import HELD_OUT_STYLE, random_scene
    from companion.render.options import RenderOptions

    style = bench.style_of(seed)
    if style == HELD_OUT_STYLE:
        return [f"view {seed}: held-out style, skipped"]
    scene = random_scene(seed, RenderOptions(jpeg_quality=60 + seed % 36), style=style)
    image = render_scene(scene).image
    lines = reading_lines(f"view {seed} ({style})", read_table(image, players=scene.players))
    if stream:
        rng = np.random.default_rng(seed)
        later, moved = bench.exposed_again(image, rng, 85), bench.something_moved(image, rng)
        live = CardStream(players=scene.players)
        for frame in (image, later):
            live.read(frame)
        lines += reading_lines(f"view {seed} moved frame", live.read(moved))
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", nargs="+", default=["0-59"])
    parser.add_argument("--stream", action="store_true")
    args = parser.parse_args(argv)
    import cv2

    cv2.setNumThreads(1)
    seeds = _seeds(args.seeds)
    if max(seeds) >= bench.TUNING_SEEDS_BELOW:
        parser.error(f"tuning seeds only: below {bench.TUNING_SEEDS_BELOW}")
    for seed in seeds:
        print("\n".join(dump(seed, args.stream)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
