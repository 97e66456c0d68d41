"""Where The Colony's egg counter fails, on TRAINING views only (never the MEASURE views): trees grown as
benchmarks/colony_train_counter.py grows them on four fifths of the training views (whole views) read
the fifth held back, and the misses are broken down by true count, piled or not, bead look, light and
tilt. Beside it, how many logs can be counted at all: every bead of the view's scene (composed again
from its seed) is projected through the render's camera, and a bead's upper half counts as covered where
a bead nearer the camera shows over it; a log is countable when each of its beads shows at least
VISIBLE_SHARE of itself.

    .venv/bin/python benchmarks/colony_counter_rows.py 660      # the rows, measured once per view
    .venv/bin/python benchmarks/colony_held_back.py 660
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
import cv2  # noqa: E402  (after the thread count)
import numpy as np  # noqa: E402

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parent)]
from colony_counter_rows import rows_folder, training_rows  # noqa: E402
from colony_train_counter import _grow  # noqa: E402
from colony_views import DEFAULT_CACHE, view_look, view_options  # noqa: E402
from companion.games.the_colony.layout import default_layout  # noqa: E402

VISIBLE_SHARE = 0.3
_U, _V = np.meshgrid(np.linspace(0, 2 * np.pi, 16, endpoint=False), np.linspace(-np.pi / 2, np.pi / 2, 9))
SURFACE = np.stack([np.cos(_V) * np.cos(_U), np.cos(_V) * np.sin(_U), np.sin(_V)], -1).reshape(-1, 3)
UPPER = SURFACE[SURFACE[:, 2] >= 0]


def bead_points(scene, egg, unit_points: np.ndarray) -> np.ndarray:
    """Points of the bead's ellipsoid (unit sphere points scaled to its half-axes), in table mm (z down)."""
    a, b, c = (axis * egg.scale for axis in scene.look.axes_mm)
    turn = math.radians(egg.yaw_deg + scene.board_pose[2])
    x, y = unit_points[:, 0] * a, unit_points[:, 1] * b
    middle_x, middle_y = scene.on_table(egg.xy)
    return np.stack([middle_x + x * math.cos(turn) - y * math.sin(turn), middle_y + x * math.sin(turn) + y * math.cos(turn),
                     -(egg.base_mm + c + unit_points[:, 2] * c)], axis=1)


def least_visible(scene, eggs) -> float:
    """The smallest share of its upper half that any of the log's beads shows."""
    if len(eggs) < 2:
        return 1.0
    rotation, _ = cv2.Rodrigues(np.array(scene.camera.rvec))
    depth = [float((bead_points(scene, egg, np.zeros((1, 3))) @ rotation.T + scene.camera.tvec)[0, 2]) for egg in eggs]
    outlines = [cv2.convexHull(scene.camera.project(bead_points(scene, egg, SURFACE)).astype(np.float32)) for egg in eggs]
    worst = 1.0
    for index, egg in enumerate(eggs):
        tops = scene.camera.project(bead_points(scene, egg, UPPER))
        covered = np.zeros(len(tops), bool)
        for other, outline in enumerate(outlines):
            if other != index and depth[other] < depth[index]:
                covered |= [cv2.pointPolygonTest(outline, (float(x), float(y)), False) > 0 for x, y in tops]
        worst = min(worst, 1.0 - float(covered.mean()))
    return worst


def share(hits: np.ndarray) -> str:
    return f"{hits.mean():.3f} ({int(hits.sum())}/{len(hits)})" if len(hits) else "-"


def main() -> None:
    from companion.games.the_colony.render.scene import compose_scene, random_position

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--mode", default="alone", choices=("alone", "total"))
    args = parser.parse_args()
    rows, labels, groups = training_rows(args.count, args.cache, args.mode)
    held = groups % 5 == 0
    read = _grow(rows[~held], labels[~held]).predict(rows[held])
    truth, seeds = labels[held], groups[held]
    ids = default_layout().ids
    # the open spaces' ids in the order training_rows keeps them (by seed, then layout order)
    places = np.concatenate([np.nonzero(~np.load(rows_folder(args.cache) / f"{seed}.npz")["hidden"])[0]
                             for seed in sorted(set(seeds))])
    piled, visible, scenes = [], [], {}
    for seed, place in zip(seeds, places):
        seed = int(seed)
        if seed not in scenes:
            scenes[seed] = compose_scene(random_position(seed), seed, view_options(seed), look=view_look("train", seed))
        eggs = [egg for egg in scenes[seed].eggs if egg.space == ids[place]]
        piled.append(any(egg.piled for egg in eggs))
        visible.append(least_visible(scenes[seed], eggs))
    piled, countable, right = np.array(piled), np.array(visible) >= VISIBLE_SHARE, read == truth
    print(f"{len(truth)} open logs of {len(set(seeds))} held-back training views; exact {share(right)}")
    print("| eggs | logs | exact | unpiled exact | piled exact | countable |\n|---|---|---|---|---|---|")
    for count in range(13):
        here = truth == count
        print(f"| {count} | {here.sum()} | {share(right[here])} | {share(right[here & ~piled])} | "
              f"{share(right[here & piled])} | {share(countable[here])} |")
    three_up = truth >= 3
    for name, values in (("look", [view_look("train", int(s)) for s in seeds]),
                         ("light", [view_options(int(s)).light for s in seeds]),
                         ("tilt", [f"{15 * int(view_options(int(s)).tilt_deg // 15)}+" for s in seeds])):
        values = np.array(values)
        print(f"{name}, 3+ eggs exact: " + ", ".join(f"{v} {share(right[three_up & (values == v)])}" for v in np.unique(values)))
    print(f"countable logs (every bead shows {VISIBLE_SHARE:.0%} of itself or more): {share(countable)}; 4+ eggs "
          f"{share(countable[truth >= 4])}; piled {share(countable[piled])}")
    print(f"exact on countable logs {share(right[countable])}, on the others {share(right[~countable])}")


if __name__ == "__main__":
    main()
