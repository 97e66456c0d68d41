"""Black Cannon dice on tuning views (seeds below the accuracy benchmark's line only): every flat die not read right, listed with the
reader's reason and cropped from the photo, to group the causes; and the counts to tune by.

    nice -n 10 python benchmarks/black_cannon_dice_misses.py --first-seed 1650 --views 150 --crops /tmp/misses
    nice -n 10 python benchmarks/black_cannon_dice_misses.py --first-seed 1500 --views 150 --lean

Views are rendered as the accuracy benchmark renders them; those of the held-out die style are skipped
(never tuned on). --lean forces the first die of each view to lean 15-35 degrees, to count the cocked dice
read sure (they should be asked about; each is listed, and cropped with --crops). Prints, for the flat dice,
right / asked / not found / wrong for each true count, for the cocked or hidden ones how many were read sure and how many of those wrongly, and the dice
read sure where no die lies (a printed mark read as a face)."""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import black_cannon_accuracy as bench  # noqa: E402

CROP_PX = 45


def one_view(job: tuple[int, bool, Path | None]) -> list[dict]:
    import cv2
    import numpy as np

    cv2.setNumThreads(1)
    from companion.games.black_cannon.camera.reader import read_table
    from companion.games.black_cannon.camera.settings import SETTINGS
    from companion.games.black_cannon.render import compose_scene, random_position
    from companion.games.black_cannon.render.draw import render_frame
    from companion.games.black_cannon.render.truth import scene_truth

    seed, lean, crops = job
    options, held_out = bench.view_recipe(seed)
    scene = compose_scene(random_position(seed), seed, options, held_out, None)
    if scene.dice[0].style.name == "black-jumbo":
        return []
    if lean:
        tilt = random.Random(f"lean {seed}")
        leaning = replace(scene.dice[0], lean_deg=tilt.uniform(15, 35), lean_axis_deg=tilt.uniform(0, 360))
        scene = replace(scene, dice=(leaning, *scene.dice[1:]))
    frame = render_frame(scene)
    image = cv2.imdecode(np.frombuffer(frame.jpeg, np.uint8), cv2.IMREAD_COLOR)
    truth = scene_truth(scene, frame)
    reading = read_table(image)
    found = []
    for index, die in enumerate(truth["dice"]):
        near = [d for d in reading.dice if math.dist(d.centre_mm, die["centre_mm"]) < bench.MATCH_MM]
        read = near[0] if near else None
        shown = "-" if read is None else ("?" if read.pips is None or read.confidence < SETTINGS.confident
                                          else str(read.pips))
        found.append({"seed": seed, "die": index, "style": die["style"], "pips": die["pips"],
                      "readable": die["readable"], "read": shown, "reason": read.reason if read else "not found"})
        missed = shown != str(die["pips"]) if die["readable"] else shown not in "?-"
        if crops and missed:
            x, y = (int(v) for v in die["centre_px"])
            crop = image[max(0, y - CROP_PX):y + CROP_PX, max(0, x - CROP_PX):x + CROP_PX]
            name = f"{seed}_{index}_{die['style']}_true{die['pips']}_read{shown}.png"
            cv2.imwrite(str(crops / name), cv2.resize(crop, None, fx=5, fy=5, interpolation=cv2.INTER_CUBIC))
    # A die read sure where no die lies (a printed mark read as a face) is a wrong roll too.
    for read in reading.dice:
        if read.confidence >= SETTINGS.confident and all(math.dist(read.centre_mm, die["centre_mm"]) >= bench.MATCH_MM
                                                         for die in truth["dice"]):
            found.append({"seed": seed, "phantom": True, "pips": read.pips, "reason": read.reason})
    return found


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first-seed", type=int, default=1650)
    parser.add_argument("--views", type=int, default=150)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--lean", action="store_true", help="force the first die of each view to lean")
    parser.add_argument("--crops", type=Path,
                        help="write each flat die missed and each cocked one read sure, cropped and magnified, here")
    args = parser.parse_args(argv)
    bench.tuning_seeds_only(parser, args.first_seed, args.views)
    if args.crops:
        args.crops.mkdir(parents=True, exist_ok=True)
    jobs = [(seed, args.lean, args.crops) for seed in range(args.first_seed, args.first_seed + args.views)]
    with multiprocessing.Pool(args.jobs) as pool:
        dice = [die for view in pool.imap(one_view, jobs) for die in view]
    phantoms = [die for die in dice if die.get("phantom")]
    dice = [die for die in dice if not die.get("phantom")]
    flat = [die for die in dice if die["readable"]]
    for die in flat:
        if die["read"] != str(die["pips"]):
            print(f"{die['seed']} die {die['die']} {die['style']}: {die['pips']} read {die['read']}: {die['reason']}")
    outcome = Counter((die["pips"], "right" if die["read"] == str(die["pips"]) else
                       die["read"] if die["read"] in "?-" else "wrong") for die in flat)
    print(f"flat dice: {sum(outcome[(p, 'right')] for p in range(1, 7))} of {len(flat)} read right; "
          "right / asked / not found / wrong for each true count:")
    print("; ".join(f"{p}: {outcome[(p, 'right')]}/{outcome[(p, '?')]}/{outcome[(p, '-')]}/{outcome[(p, 'wrong')]}"
                    for p in range(1, 7)))
    other = [die for die in dice if not die["readable"]]
    sure = [die for die in other if die["read"] not in "?-"]
    for die in sure:
        print(f"{die['seed']} die {die['die']} {die['style']}: cocked {die['pips']} read sure {die['read']}: "
              f"{die['reason']}")
    print(f"cocked or hidden dice: {len(other)}, read sure {len(sure)}, "
          f"{sum(die['read'] != str(die['pips']) for die in sure)} of them wrongly")
    for die in phantoms:
        print(f"{die['seed']}: {die['pips']} read sure where no die lies: {die['reason']}")
    print(f"dice read sure where no die lies: {len(phantoms)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
