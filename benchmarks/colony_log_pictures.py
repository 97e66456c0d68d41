"""Every log's own picture (camera/log_pictures.py) in TRAIN views (benchmarks/colony_views.py), cached one
file per view beside the views, for fitting the convolutional egg counter (colony_train_cnn.py): the
pictures as bytes, each log's lean (board mm), the picture's bead area (the lone beads' median, as the
reader measures it without the total), the true counts and which logs a hand hides.

    .venv/bin/python benchmarks/colony_log_pictures.py 2060 --cache /tmp/colony-more-views
    .venv/bin/python benchmarks/colony_log_pictures.py 400 --smaller --cache /tmp/colony-more-views
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

import numpy as np  # noqa: E402

from colony_counter_rows import cached_view, each_train_view  # noqa: E402
from companion.games.the_colony.camera.board_frame import lean_mm, patch_grid, sample_patches  # noqa: E402
from companion.games.the_colony.camera.features import bead_unit, look_at_spaces  # noqa: E402
from companion.games.the_colony.camera.log_pictures import log_pictures  # noqa: E402
from companion.games.the_colony.camera.settings import SETTINGS  # noqa: E402
from companion.games.the_colony.layout import default_layout  # noqa: E402

LOW, HIGH = -0.5, 1.2     # the pictures' range, stored as bytes


def pictures_folder(cache: Path, size: tuple[int, int] | None = None) -> Path:
    name = f"log-pictures-{SETTINGS.cnn_side}-{SETTINGS.cnn_px_per_mm:g}"
    return cache / (name + (f"-{size[0]}x{size[1]}" if size else ""))


def to_bytes(pictures: np.ndarray) -> np.ndarray:
    return np.round((np.clip(pictures, LOW, HIGH) - LOW) / (HIGH - LOW) * 255).astype(np.uint8)


def from_bytes(stored: np.ndarray) -> np.ndarray:
    return stored.astype(np.float32) * ((HIGH - LOW) / 255) + LOW


def view_pictures(seed: int, cache: Path, size: tuple[int, int] | None = None) -> dict | None:
    """{"pictures": (19, 3, side, side) bytes, "leans", "unit", "labels", "hidden", "seed"}; None when the
    view is not rendered or its board is not found."""

    def pictures(image, frame, truth) -> dict:
        grid = patch_grid(default_layout())
        patches = sample_patches(image, frame, grid)
        spaces, _ = look_at_spaces(*patches, grid)
        leans = lean_mm(frame, grid.centres, SETTINGS.bead_height_mm)
        return {"pictures": to_bytes(log_pictures(patches[0], patches[1], grid, leans)), "leans": leans,
                "unit": np.array(bead_unit(spaces))}

    return cached_view(pictures_folder(cache, size) / f"{seed}.npz", seed, cache, size, pictures)


def main() -> None:
    each_train_view(__doc__.splitlines()[0], view_pictures, pictures_folder)


if __name__ == "__main__":
    main()
