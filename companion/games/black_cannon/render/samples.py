"""The bundled Black Cannon sample photos (samples/black_cannon/): a few seeded views, each with its
truth beside it, read by the reader's tests against their expected reading."""

from __future__ import annotations

import json
from pathlib import Path

import cv2

from companion.games.black_cannon.render import RenderOptions, random_position, render_position

# (name, seed, options, held-out dice, knocked over): chosen to show each case once.
SAMPLES = (
    ("flat-dice", 101, RenderOptions(tilt_deg=20, light="even"), False, frozenset()),
    ("tilted-sunk", 102, RenderOptions(tilt_deg=40, light="warm"), False, frozenset({"red"})),
    ("held-out-dice", 103, RenderOptions(tilt_deg=10, light="cool"), True, frozenset()),
    ("hand", 104, RenderOptions(tilt_deg=30, hand=True), False, frozenset()),
)
JPEG_QUALITY = 88


def write_samples(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, seed, options, held_out, sunk in SAMPLES:
        position = random_position(seed)
        rendered = render_position(position, seed, options, held_out, sunk & frozenset(position.ships))
        path = folder / f"{name}.jpg"
        cv2.imwrite(str(path), rendered.image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
        (folder / f"{name}.json").write_text(json.dumps(rendered.truth, indent=1) + "\n")
        written += [path, folder / f"{name}.json"]
    return written
