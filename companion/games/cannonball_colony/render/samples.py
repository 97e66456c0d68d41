"""The bundled rendered samples (samples/renders/): what they show, and how to make them again."""

from __future__ import annotations

import random
from pathlib import Path

from companion.games.cannonball_colony.autoplay import random_game
from companion.games.cannonball_colony.position import Position
from companion.games.cannonball_colony.render import RenderOptions, render_table
from companion.games.cannonball_colony.render.clip import render_clip, write_video
from companion.render.samples import Sample, write_truth

PHOTO_QUALITY = 85


PHOTOS = (
    Sample("straight-on", 101, RenderOptions(tilt_deg=0.0, light="even", jpeg_quality=PHOTO_QUALITY),
           "camera straight above the island, even ceiling light"),
    Sample("tilt-30-cool", 102, RenderOptions(tilt_deg=30.0, light="cool", jpeg_quality=PHOTO_QUALITY),
           "30 degrees of tilt, cool window light"),
    Sample("tilt-45-warm", 103, RenderOptions(tilt_deg=45.0, light="warm", jpeg_quality=PHOTO_QUALITY),
           "45 degrees of tilt, a warm desk lamp"),
    Sample("hand", 104, RenderOptions(tilt_deg=25.0, light="warm", hand=True, jpeg_quality=PHOTO_QUALITY),
           "a hand over the board"),
)
CLIP = Sample("turns", 115, RenderOptions(size=(640, 360), tilt_deg=30.0, light="even", jpeg_quality=90),
              "two whole turns, hands coming and going, 10 frames a second")
CLIP_TURNS = 2


def demo_position(seed: int, players: int | None = None) -> Position:
    """A game part-way through, played at random from `seed`: what a render shows when no
    board is given."""
    chooser = random.Random(f"demo {seed}")
    players = players or chooser.choice((2, 3, 4))
    return random_game(players, seed, turns=chooser.randint(10, 36)).position


def write_samples(folder: Path) -> list[Path]:
    """Render every sample into `folder` (image or clip, and its truth); the paths written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for sample in PHOTOS:
        rendered = render_table(demo_position(sample.seed), sample.seed, sample.options)
        image = folder / f"{sample.name}.jpg"
        image.write_bytes(rendered.jpeg)
        written += [image, write_truth(folder / f"{sample.name}.json", rendered.truth)]
    clip = render_clip(demo_position(CLIP.seed, players=2), CLIP.seed, CLIP_TURNS, CLIP.options)
    video = folder / f"{CLIP.name}.mp4"
    write_video(video, clip.frames, clip.truth["clip"]["fps"])
    written += [video, write_truth(folder / f"{CLIP.name}.json", clip.truth)]
    return written
