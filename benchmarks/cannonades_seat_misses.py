"""Cannonades' card reader on chosen tuning views (issue 18): each view read as the accuracy benchmark reads it,
each seat with no hand over it not read exact and each whole back not read face down listed (as its missed.txt
lists them), optionally with the reader's lines and the photo saved, to look at one cause at a time.

    nice -n 10 .venv/bin/python benchmarks/cannonades_seat_misses.py 1606 1733 --lines --pictures /tmp/cannonades-NAME-views

    nice -n 10 .venv/bin/python benchmarks/cannonades_seat_misses.py 9412 --varied --pictures /tmp/cannonades-NAME-views

Only tuning views: a seed of the held-out style (cannonades_read_accuracy.style_of) is refused, never read; --varied
renders the seeds in the varied family (render/varied.py), tuning seeds only (below TUNING_SEEDS_BELOW)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import cannonades_read_accuracy as bench  # noqa: E402

from companion.games.cannonades.camera.reader import read_table  # noqa: E402
from companion.games.cannonades.camera.reading import reading_lines  # noqa: E402
from companion.games.cannonades.render.draw import render_scene  # noqa: E402
from companion.games.cannonades.render.scene import HELD_OUT_STYLE, VARIED_STYLE, random_scene  # noqa: E402
from companion.render.options import RenderOptions  # noqa: E402


def hand_seats(truth: dict, reading: dict) -> list[str]:
    """Each seat a hand is over not read exact: whether every ship shows whole (nothing hidden under the hand), what
    shows of each ship, what was read and why each unknown there was said."""
    lines = []
    for area in truth["hand_over"]:
        if not area.startswith("seat"):
            continue
        ships = [c for c in truth["cards"] if c["role"] == "ship" and f"seat {c['seat']}" == area]
        mine = [r for r in reading["cards"] if r["area"] == area and r["kind"] != "cannonade"]
        unsure = any(r["face"] == "unknown" for r in mine)
        right = bench.seat_counted_right(ships, mine)
        if right and not unsure:
            continue
        whole = all(c["visible"] >= bench.WHOLE for c in ships)
        shown = ", ".join(f"{c['face']} {c['visible']:.2f}" for c in ships)
        whys = "; ".join(sorted({r.get("why", "")[:60] for r in mine if r["face"] == "unknown"}))
        lines.append(f"hand {area} {'unsure' if unsure else 'WRONG'} ({'all whole' if whole else 'some hidden'}: "
                     f"{shown}): read {bench.fleet(mine)}, truth {bench.fleet(ships)}; unknown: {whys}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seeds", type=int, nargs="+")
    parser.add_argument("--lines", action="store_true", help="print the reader's lines of each view")
    parser.add_argument("--truth", action="store_true", help="print the truth's cards of each view")
    parser.add_argument("--pictures", type=Path, help="save each view's photo in this folder")
    parser.add_argument("--hands", action="store_true", help="list the seats a hand is over not read exact too")
    parser.add_argument("--varied", action="store_true", help="render the seeds in the varied family of looks")
    args = parser.parse_args()
    if args.varied and max(args.seeds) >= bench.TUNING_SEEDS_BELOW:
        parser.error(f"--varied is for tuning seeds only: below {bench.TUNING_SEEDS_BELOW}")
    cv2.setNumThreads(1)
    for seed in args.seeds:
        style = VARIED_STYLE if args.varied else bench.style_of(seed)
        if style == HELD_OUT_STYLE:
            print(f"seed {seed}: the held-out style, not read")
            continue
        scene = random_scene(seed, RenderOptions(jpeg_quality=60 + seed % 36), style=style)
        rendered = render_scene(scene)
        reading = read_table(rendered.image, players=scene.players)
        listed: list[str] = []
        misses = bench.score_view(rendered.truth, reading.to_json(), bench.Counter(), listed)
        print(f"seed {seed} ({style}, {rendered.truth['table']}, hand over {rendered.truth['hand_over']}):")
        for line in listed + [f"error: {miss}" for miss in misses]:
            print(f"  {line}")
        if args.hands:
            for line in hand_seats(rendered.truth, reading.to_json()):
                print(f"  {line}")
        if args.truth:
            for card in rendered.truth["cards"]:
                print(f"  truth {card['role']:9} seat {card['seat']} {card['face']:4} {card.get('card', '')} at "
                      f"{[round(v) for v in card['centre_mm']]} shown {card['visible']:.2f}")
        if args.lines:
            print("\n".join(f"  {line}" for line in reading_lines(reading)))
        if args.pictures:
            args.pictures.mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(args.pictures / f"{seed}.png"), rendered.image)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
