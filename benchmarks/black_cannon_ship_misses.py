"""Black Cannon ships on tuning views (seeds below the accuracy benchmark's line only): every ship not read right, listed with what
the reader saw and cropped from the photo, to group the causes; and the ship figures to tune by.

    nice -n 10 python benchmarks/black_cannon_ship_misses.py --first-seed 1800 --views 200 --jobs 1 --crops /tmp/ships

Views are rendered as the accuracy benchmark renders them (benchmarks/black_cannon_accuracy.py); those of the
held-out die style are skipped. A standing ship
(less than a fifth under the hand) is right when read standing on its square with its kind; a knocked-over ship
when read as sunk. Each miss is printed with the truth (kind, square, the square its stand's centre lies on, the
hand's share) and the reading (kind, square, sunk, confidence, how it was found, its distance from the truth) and
the corner markers seen; --crops writes each missed ship's neighbourhood, magnified."""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import black_cannon_accuracy as bench  # noqa: E402

CROP_PX = 40


def one_view(job: tuple[int, Path | None]) -> list[dict]:
    import cv2
    import numpy as np

    cv2.setNumThreads(1)
    from companion.games.black_cannon.camera.reader import read_table
    from companion.games.black_cannon.camera.stills import STILL_SETTINGS
    from companion.games.black_cannon.render import random_position, render_position

    seed, crops = job
    options, held_out = bench.view_recipe(seed)
    if held_out:    # the held-out die style's views are never looked at while tuning
        return []
    rendered = render_position(random_position(seed), seed, options, held_out=held_out)
    image = cv2.imdecode(np.frombuffer(rendered.jpeg, np.uint8), cv2.IMREAD_COLOR)
    reading = read_table(image)
    found = []
    for ship in rendered.truth["ships"]:
        seen = [s for s in reading.ships if s.fleet == ship["fleet"]]
        read = seen[0] if seen else None
        entry = {"seed": seed, "truth": ship, "corners": reading.corners_seen,
                 "tilt": round(rendered.scene.camera.tilt_deg, 1) if hasattr(rendered.scene.camera, "tilt_deg") else None,
                 "read": None if read is None else
                 {"kind": read.kind, "square": read.square, "sunk": read.sunk, "how": read.how,
                  "confidence": round(read.confidence, 3), "sure": read.confidence >= STILL_SETTINGS.ship_sure,
                  "off_mm": round(math.dist(read.centre_mm, ship["centre_mm"]), 1)}}
        entry["verdict"] = verdict(entry)
        found.append(entry)
        if crops and entry["verdict"] not in ("right", "sunk seen", "hidden"):
            x, y = (int(v) for v in ship["centre_px"])
            crop = image[max(0, y - CROP_PX):y + CROP_PX, max(0, x - CROP_PX):x + CROP_PX]
            name = f"{seed}_{ship['fleet']}_{ship['kind']}_{'sunk' if ship['sunk'] else 'up'}_{entry['verdict'].replace(' ', '-')}.png"
            cv2.imwrite(str(crops / name), cv2.resize(crop, None, fx=4, fy=4, interpolation=cv2.INTER_CUBIC))
    return found


def verdict(entry: dict) -> str:
    truth, read = entry["truth"], entry["read"]
    if truth["sunk"]:
        if read is None:
            return "sunk not found"
        return "sunk seen" if read["sunk"] else "sunk read standing"
    if truth["hidden_share"] >= 0.2:
        return "hidden"
    if read is None:
        return "not found"
    if read["sunk"]:
        return "called sunk"
    if read["kind"] != truth["kind"]:
        return "kind unknown" if read["kind"] is None else "wrong kind"
    return "right" if read["square"] == truth["square"] else "wrong square"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first-seed", type=int, default=1800)
    parser.add_argument("--views", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--crops", type=Path, help="write each ship missed, cropped and magnified, here")
    args = parser.parse_args(argv)
    bench.tuning_seeds_only(parser, args.first_seed, args.views)
    if args.crops:
        args.crops.mkdir(parents=True, exist_ok=True)
    jobs = [(seed, args.crops) for seed in range(args.first_seed, args.first_seed + args.views)]
    with multiprocessing.Pool(args.jobs) as pool:
        ships = [ship for view in pool.imap(one_view, jobs) for ship in view]
    for ship in ships:
        if ship["verdict"] in ("right", "sunk seen", "hidden"):
            continue
        truth, read = ship["truth"], ship["read"]
        said = "nothing" if read is None else (
            f"{read['kind']}@{read['square']} {'sunk' if read['sunk'] else 'up'} conf {read['confidence']}"
            f" {'SURE' if read['sure'] else 'asked'} by {read['how']}, {read['off_mm']} mm off")
        print(f"{ship['seed']} {truth['fleet']} {truth['kind']}@{truth['square']} (stand on {truth['on_square']})"
              f" {'sunk' if truth['sunk'] else 'up'} hand {truth['hidden_share']}: {ship['verdict']}: read {said};"
              f" corners {list(ship['corners'])}")
    standing = [s for s in ships if not s["truth"]["sunk"] and s["truth"]["hidden_share"] < 0.2]
    sunk = [s for s in ships if s["truth"]["sunk"]]
    right = sum(s["verdict"] == "right" for s in standing)
    called_sunk = sum(s["verdict"] == "called sunk" for s in standing)
    wrong_sure = sum(s["verdict"] != "right" and s["read"] is not None and s["read"]["sure"] for s in standing)
    seen = sum(s["verdict"] == "sunk seen" for s in sunk)
    sunk_up_sure = sum(s["verdict"] == "sunk read standing" and s["read"]["sure"] for s in sunk)
    print(f"standing ships right {right} of {len(standing)}; called sunk {called_sunk}; wrong and sure {wrong_sure}")
    print(f"knocked-over seen as sunk {seen} of {len(sunk)}; read standing and sure {sunk_up_sure}")
    for name in ("not found", "kind unknown", "wrong kind", "wrong square", "called sunk", "sunk not found",
                 "sunk read standing"):
        print(f"  {name}: {sum(s['verdict'] == name for s in ships)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
