"""The bundled Cannons & Coastlines samples (samples/coast/): what they show, and how to make
them again (`companion render cannons-coastlines --samples samples/coast`)."""

from __future__ import annotations

import random
from pathlib import Path

from companion.games.cannons_coastlines.render import random_coast_table, render_coast_table
from companion.render.options import RenderOptions
from companion.render.samples import Sample, write_truth

QUALITY = 75  # four fleets and two mats of coins: kept near 100 KB a picture
# (sample, players)
COAST_PHOTOS = (
    (Sample("coast-2-straight-even", 201, RenderOptions(tilt_deg=0.0, light="even", jpeg_quality=QUALITY),
            "two fleets, camera straight above, even ceiling light"), 2),
    (Sample("coast-3-hand-tilt-30-cool", 204, RenderOptions(tilt_deg=30.0, light="cool", hand=True, jpeg_quality=QUALITY),
            "three fleets, 30 degrees of tilt, cool window light, a hand over a ship"), 3),
    (Sample("coast-4-tilt-45-warm", 203, RenderOptions(tilt_deg=45.0, light="warm", jpeg_quality=QUALITY),
            "four fleets, 45 degrees of tilt, a warm desk lamp"), 4),
)


MEASURED_JPEG_QUALITIES = (None, 92, 85, 75, 65)


def measured_view(seed: int, size=(1280, 720)) -> tuple[int, RenderOptions]:
    """(players, options) of the accuracy benchmark's view `seed` (benchmarks/coast_views.py):
    2-4 fleets, tilt 0-45 degrees, warm, cool or even light, JPEG or none. Tests render the
    views that once went wrong the same way."""
    chooser = random.Random(f"coast view {seed}")
    players = chooser.choice((2, 3, 4))
    tilt = round(chooser.uniform(0.0, 45.0), 2)
    light = chooser.choice(("warm", "cool", "even"))
    quality = chooser.choice(MEASURED_JPEG_QUALITIES)
    return players, RenderOptions(size=size, tilt_deg=tilt, light=light, jpeg_quality=quality)


def write_coast_samples(folder: Path) -> list[Path]:
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for sample, players in COAST_PHOTOS:
        rendered = render_coast_table(random_coast_table(sample.seed, players), sample.seed, sample.options)
        image = folder / f"{sample.name}.jpg"
        image.write_bytes(rendered.jpeg)
        truth = {**rendered.truth, "note": sample.note, "players_asked": players}
        written += [image, write_truth(folder / f"{sample.name}.json", truth)]
    return written
