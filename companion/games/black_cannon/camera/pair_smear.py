"""A roll's two dice whose pips are both seen squashed the same way in the picture: the photo's smear, not two
cocked dice. A webcam shaken while it exposes draws every pip of the picture out along one line, a few pixels
long (tuning seeds 4950-5349: every flat die asked about for its pips squashed lay in such a photo); a cocked die
draws its top's pips out along its own tilt, which the other die of the roll, flat, does not share. So when both
dice's pips read squashed, and their squash points the same way in the picture within
`ReaderSettings.smear_alike_deg`, that doubt is dropped from both (reader.py reads them again without it); every
other doubt stands (a side seen, the grid squashed, the learned face reader's word)."""

from __future__ import annotations

import math

import numpy as np

from companion.games.black_cannon.camera.blur_stretch import view_to_picture
from companion.games.black_cannon.camera.board_view import BoardView
from companion.games.black_cannon.camera.seen_die import SeenDie
from companion.games.black_cannon.camera.settings import ReaderSettings


def squash_bearing_deg(view: BoardView, origin_mm, settings: ReaderSettings, point_px, shape: np.ndarray) -> float:
    """Which way (picture degrees, 0-180) the face's pips are drawn out: the longer axis of their pooled second
    moments (`shape`, die-top view px, round `point_px` of the view with its top-left at `origin_mm`) carried into
    the picture. A smear of the picture along u reads on the die-top view along J^-1 u, whose image is u again."""
    _, vectors = np.linalg.eigh(shape)
    seen = view_to_picture(view, origin_mm, settings.dice_px_per_mm, settings.die_top_guess_mm, point_px) @ vectors[:, -1]
    return math.degrees(math.atan2(seen[1], seen[0])) % 180.0


def smeared_alike(dice: list[SeenDie], settings: ReaderSettings) -> bool:
    """Whether the roll's two dice both have their pips seen squashed, the same way in the picture."""
    bearings = [die.squash_bearing_deg for die in dice]
    if len(dice) != 2 or None in bearings:
        return False
    apart = abs(bearings[0] - bearings[1]) % 180.0
    return min(apart, 180.0 - apart) <= settings.smear_alike_deg
