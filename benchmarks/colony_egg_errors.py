"""Where The Colony's egg reader goes wrong (issue 16), on a tuning split of cached views: the misses
tabulated by true count, by piled beads, by beads touching, by how far the beads reach towards the
circle's line, by the ant on the space, by tilt and by space; under-counts against over-counts and the
sure wrong beside each; and the rectified crops of the worst misses written as one PNG to look at.

The bead layout of each view (piled, touching, reach) is composed again from its seed (no rendering).

    .venv/bin/python benchmarks/colony_egg_errors.py 60 --kind train --skip 660 --cache /tmp/colony-beads-views \\
        --crops /tmp/NAME-worst.png
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections import defaultdict
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from colony_views import DEFAULT_CACHE, seeds, view_look, view_options, view_paths  # noqa: E402
from companion.games.the_colony.camera.board_frame import locate_board, patch_grid, sample_patches  # noqa: E402
from companion.games.the_colony.camera.reader import ColonyReader, StreamMemory  # noqa: E402
from companion.games.the_colony.kit.board import space_places  # noqa: E402
from companion.games.the_colony.render.scene import compose_scene, random_position  # noqa: E402

TOUCH_SHARE = 1.1   # two flat beads closer than this many bead widths touch


def bead_layout(kind: str, seed: int, layout) -> dict:
    """Per space: its beads' reach from the centre (mm, the far end of the farthest bead) and how many
    pairs of flat beads touch, from the view's scene composed again."""
    scene = compose_scene(random_position(seed), seed, view_options(seed), look=view_look(kind, seed))
    half_length, half_width = scene.look.axes_mm[:2]
    result = {}
    for place in space_places(layout):
        eggs = [egg for egg in scene.eggs if egg.space == place.id]
        reach = max((math.dist(egg.xy, place.centre) + half_length * egg.scale for egg in eggs), default=0.0)
        flat = [egg for egg in eggs if not egg.piled]
        touching = sum(1 for i, a in enumerate(flat) for b in flat[i + 1:]
                       if math.dist(a.xy, b.xy) < 2 * half_width * TOUCH_SHARE * max(a.scale, b.scale))
        result[place.id] = {"reach": reach, "touching": touching, "tilt": view_options(seed).tilt_deg}
    return result


def groupings() -> dict:
    """Name -> the key a missed (or right) open space is tabulated under."""
    many = lambda space, key: key if space["eggs"] >= 4 else "fewer than 4"   # noqa: E731
    return {
        "true count": lambda s: min(s["eggs"], 10),
        "piled beads (4+ eggs)": lambda s: many(s, min(s["piled"], 4)),
        "touching pairs per egg (4+ eggs)": lambda s: many(s, round(s["touching"] / s["eggs"] * 2) / 2 if s["eggs"] else 0),
        "reach towards the line, mm (1+ eggs)": lambda s: min(int(s["reach"]), 13) if s["eggs"] else "no eggs",
        "ant on the space (4+ eggs)": lambda s: many(s, s["ant"] or "none"),
        "tilt, degrees": lambda s: int(s["tilt"] // 15) * 15,
        "space": lambda s: int(s["space"][1:]),
        "flagged hidden (truth: open)": lambda s: s["flagged_hidden"],
    }


def table(spaces: list[dict], name: str, key) -> list[str]:
    cells = defaultdict(lambda: np.zeros(5, int))    # open spaces, wrong, under, over, sure wrong
    for space in spaces:
        wrong = space["read"] != space["eggs"]
        cells[key(space)] += (1, wrong, space["read"] < space["eggs"], space["read"] > space["eggs"],
                              wrong and space["sure"])
    lines = [f"\n{name}\n| group | open spaces | wrong | under | over | sure wrong |\n|---|---|---|---|---|---|"]
    for group in sorted(cells, key=lambda g: (isinstance(g, str), g if not isinstance(g, str) else 0, str(g))):
        n, wrong, under, over, sure_wrong = cells[group]
        lines.append(f"| {group} | {n} | {wrong} ({wrong / n:.1%}) | {under} | {over} | {sure_wrong} |")
    return lines


def crops(worst: list[dict], cache: Path, kind: str, reader: ColonyReader, path: Path) -> None:
    """The worst misses' rectified space patches, labelled seed, space, true/read/piled, in one PNG."""
    grid = patch_grid(reader.layout, reader.settings)
    tiles = []
    for space in worst:
        image = cv2.imread(str(view_paths(cache, kind, space["seed"])[0]))
        frame, _ = locate_board(image)
        patch = sample_patches(image, frame, grid)[0][grid.space_rows(space["index"])]
        tile = cv2.resize(np.clip(patch, 0, 255).astype(np.uint8), None, fx=3, fy=3, interpolation=cv2.INTER_CUBIC)
        label = f"{space['seed']} {space['space']} true {space['eggs']} read {space['read']} piled {space['piled']}"
        cv2.putText(tile, label, (3, 14), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 255), 1)
        tiles.append(tile)
    while len(tiles) % 4:
        tiles.append(np.zeros_like(tiles[0]))
    cv2.imwrite(str(path), np.vstack([np.hstack(tiles[i:i + 4]) for i in range(0, len(tiles), 4)]))


def tuning_arguments(description: str) -> argparse.ArgumentParser:
    """The tuning split's arguments (never the MEASURE views) and the reading's mode."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("count", type=int)
    parser.add_argument("--kind", choices=("train", "varied"), required=True, help="never the MEASURE views")
    parser.add_argument("--skip", type=int, default=0)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--mode", choices=("alone", "total"), default="total")
    return parser


def tuning_readings(args, reader: ColonyReader):
    """(seed, truth, observation) for each cached view of the split, read as `args.mode` says."""
    for seed in seeds(args.kind, args.count, args.skip):
        picture, truth_path = view_paths(args.cache, args.kind, seed)
        if not (picture.exists() and truth_path.exists()):
            continue
        truth = json.loads(truth_path.read_text())
        total = 57 - sum(truth["collected"].values()) if args.mode == "total" else None
        yield seed, truth, reader.read(cv2.imread(str(picture)), eggs_on_board=total, memory=StreamMemory())


def main() -> None:
    parser = tuning_arguments(__doc__.splitlines()[0])
    parser.add_argument("--crops", type=Path, help="write the worst misses' crops to this PNG")
    parser.add_argument("--worst", type=int, default=12)
    args = parser.parse_args()
    reader = ColonyReader()
    spaces = []
    for seed, truth, observation in tuning_readings(args, reader):
        beads = bead_layout(args.kind, seed, reader.layout)
        for index, (space, expected) in enumerate(truth["spaces"].items()):
            if expected["hidden"] or not observation.located:
                continue
            reading = observation.reading(space)
            spaces.append({**expected, **beads[space], "seed": seed, "space": space, "index": index,
                           "read": reading.eggs, "flagged_hidden": reading.hidden,
                           "sure": reading.confidence >= reader.settings.confident and not reading.hidden})
    print(f"{args.kind} views {args.skip}..{args.skip + args.count - 1}, reading {args.mode}: "
          f"{sum(s['read'] == s['eggs'] for s in spaces)}/{len(spaces)} open spaces exact")
    for name, key in groupings().items():
        print("\n".join(table(spaces, name, key)))
    if args.crops:
        worst = sorted((s for s in spaces if s["read"] != s["eggs"]), key=lambda s: -abs(s["read"] - s["eggs"]))
        crops(worst[:args.worst], args.cache, args.kind, reader, args.crops)
        print(f"\nthe {min(args.worst, len(worst))} worst misses' crops: {args.crops}")


if __name__ == "__main__":
    main()
