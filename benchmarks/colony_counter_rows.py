"""The egg counter's input rows of TRAIN and VARIED views (benchmarks/colony_views.py), measured as the reader
measures them, alone and with the rules' total, and cached one file per view beside the views (the
folder names the density network, the features and the picture size they were measured with): measuring is the
slow part of fitting, and views rendered later are measured once each.

    .venv/bin/python benchmarks/colony_counter_rows.py 660      # measure the TRAIN views not yet measured
    .venv/bin/python benchmarks/colony_counter_rows.py 260 --kind varied
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from colony_views import DEFAULT_CACHE, seeds, view_paths  # noqa: E402
from companion.games.the_colony.camera.bead_centres import DENSITY_FILE  # noqa: E402
from companion.games.the_colony.camera.board_frame import locate_board, patch_grid, sample_patches  # noqa: E402
from companion.games.the_colony.camera.features import FEATURE_NAMES, look_at_spaces  # noqa: E402
from companion.games.the_colony.camera.reader import space_features  # noqa: E402
from companion.games.the_colony.layout import default_layout  # noqa: E402

MODES = ("alone", "total")


SMALLER = (800, 450)    # the live clips' size: a smaller camera picture (each TRAIN view shrunk so)


def rows_folder(cache: Path, size: tuple[int, int] | None = None) -> Path:
    density = hashlib.sha256(DENSITY_FILE.read_bytes() + " ".join(FEATURE_NAMES).encode()).hexdigest()[:8]
    return cache / (f"counter-rows-{density}" + (f"-{size[0]}x{size[1]}" if size else ""))


def view_rows(seed: int, cache: Path, size: tuple[int, int] | None = None, kind: str = "train") -> dict | None:
    """{mode: (19, inputs) rows, "labels": counts, "hidden": a hand hides it, "seed"}; None when the view
    is not rendered or its board is not found. `size`: the view shrunk to it first."""
    stored = rows_folder(cache, size) / f"{seed}.npz"
    if stored.exists():
        return dict(np.load(stored))
    picture, truth_path = view_paths(cache, kind, seed)
    if not (picture.exists() and truth_path.exists()):
        return None
    truth = json.loads(truth_path.read_text())
    image = cv2.imread(str(picture))
    if size:
        image = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    frame, _ = locate_board(image)
    if frame is None:
        return None
    layout = default_layout()
    grid = patch_grid(layout)
    spaces, ants = look_at_spaces(*sample_patches(image, frame, grid), grid)
    on_board = 57 - sum(truth["collected"].values())
    result = {mode: space_features(spaces, ants, frame, grid, on_board if mode == "total" else None).rows
              for mode in MODES}
    result["labels"] = np.array([truth["spaces"][space]["eggs"] for space in layout.ids])
    result["hidden"] = np.array([truth["spaces"][space]["hidden"] for space in layout.ids])
    result["seed"] = np.array(seed)
    stored.parent.mkdir(parents=True, exist_ok=True)
    np.savez(stored, **result)
    return result


def training_rows(count: int, cache: Path, mode: str, smaller: int = 0, varied: int = 0):
    """(rows, labels, groups) over the open spaces of the first `count` TRAIN views and `varied` VARIED
    views, and of the first `smaller` of each shrunk to SMALLER (their groups are their seeds, as the
    full-size views')."""
    rows, labels, groups = [], [], []
    chosen = [(seed, None, "train") for seed in seeds("train", count)]
    chosen += [(seed, None, "varied") for seed in seeds("varied", varied)]
    chosen += [(seed, SMALLER, "train") for seed in seeds("train", min(smaller, count))]
    chosen += [(seed, SMALLER, "varied") for seed in seeds("varied", min(smaller, varied))]
    for seed, size, kind in chosen:
        view = view_rows(seed, cache, size, kind)
        if view is None:
            continue
        open_spaces = ~view["hidden"]
        rows.append(view[mode][open_spaces])
        labels.append(view["labels"][open_spaces])
        groups.append(np.full(int(open_spaces.sum()), seed))
    return np.concatenate(rows), np.concatenate(labels), np.concatenate(groups)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--part", default="0/1", help="K/N: measure every N-th seed from the K-th (to split work)")
    parser.add_argument("--smaller", action="store_true", help=f"the views shrunk to {SMALLER[0]}x{SMALLER[1]}")
    parser.add_argument("--kind", choices=("train", "varied"), default="train")
    args = parser.parse_args()
    part, parts = (int(v) for v in args.part.split("/"))
    size = SMALLER if args.smaller else None
    measured = sum(view_rows(seed, args.cache, size, args.kind) is not None
                   for index, seed in enumerate(seeds(args.kind, args.count)) if index % parts == part)
    print(f"{measured} {args.kind.upper()} views measured in {rows_folder(args.cache, size)}")


if __name__ == "__main__":
    main()
