"""The bundled Colony samples (samples/colony/): a photo per lighting with its expected counts, and how
to make them again (`companion render the-colony --samples samples/colony`). Seeds 9001-9003 are none
of the training or measuring views' seeds."""

from __future__ import annotations

from pathlib import Path

from companion.games.the_colony.render import random_position, render_colony
from companion.render.options import RenderOptions
from companion.render.samples import Sample, write_truth

QUALITY = 80
COLONY_PHOTOS = (
    (Sample("colony-even-straight", 9001, RenderOptions(tilt_deg=5.0, light="even", jpeg_quality=QUALITY),
            "even ceiling light, camera nearly straight above, the game's own eggs"), "colony-egg"),
    (Sample("colony-cool-tilt-25-hand", 9002, RenderOptions(tilt_deg=25.0, light="cool", hand=True, jpeg_quality=QUALITY),
            "cool window light, 25 degrees of tilt, a hand over the board, round glass beads"), "glass-bead"),
    (Sample("colony-warm-tilt-40", 9003, RenderOptions(tilt_deg=40.0, light="warm", jpeg_quality=QUALITY),
            "a warm desk lamp, 40 degrees of tilt, flat beans (the bead look kept out of training)"), "bean"),
)


def write_samples(folder: Path) -> list[Path]:
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for sample, look in COLONY_PHOTOS:
        rendered = render_colony(random_position(sample.seed), sample.seed, sample.options, look=look)
        image = folder / f"{sample.name}.jpg"
        image.write_bytes(rendered.jpeg)
        truth = {key: rendered.truth[key] for key in ("game", "board", "seed", "look", "held_out_look", "ants_as",
                                                     "spaces", "collected", "markers", "light")}
        written += [image, write_truth(folder / f"{sample.name}.json", {**truth, "note": sample.note})]
    return written
