"""Pips beyond a face's far edge, away from the camera: a cocked die's top. Seen from low down, a cocked die's side
towards the camera can read as a flat top (its pips round, its grid square), while the real top, tilted away, fits
no face; its pips still lie just beyond the side read, away from the camera, on the die. A flat die's top has only
the table beyond its far edge: its sides lie between it and the camera. Where the die's body cannot be measured for
a side (its colour ran on into the surround: an ivory die on the board's white border, die_sides.body_measured),
pip-like spots there are the one sign left (forced-lean tuning seed 5378: a cocked ivory die's side read sure as a
2, the tilted 6's pips 0.54-1.0 of a side beyond it; 5807, a cocked ivory 4's side read sure as a 5 by both
readers, four of the 4's pips beyond it: faces of any count are judged so). One such spot alone is as often the
board's print beyond a flat top (a letter, lines crossing): the reader wants two (ReaderSettings.pips_beyond_least)."""

from __future__ import annotations

import numpy as np

from companion.games.black_cannon.camera.die_face import SPREAD_SHARE
from companion.games.black_cannon.camera.settings import ReaderSettings


def pips_beyond_top(face, points: np.ndarray, radii: np.ndarray, away: np.ndarray, settings: ReaderSettings) -> int:
    """How many of the spots of the face's kind (`points`, `radii`: crop px) lie beyond its far edge, away from the
    camera, within a die's side of it (the bars in `settings`), as large as the face's own pips."""
    if len(points) == 0:
        return 0
    side = face.spread_px / SPREAD_SHARE if face.pips > 1 else settings.pips_beyond_lone_side_mm * settings.dice_px_per_mm
    own = np.array([int(np.argmin(np.linalg.norm(points - place, axis=1))) for place in face.pip_places_px])
    pip_radius = float(np.median(radii[own]))
    offsets = points - face.centre
    along = offsets @ away / side
    across = np.abs(offsets @ np.array([-away[1], away[0]])) / side
    low, high = settings.pips_beyond_along
    small, large = settings.pips_beyond_radius
    beyond = (along > low) & (along < high) & (across <= settings.pips_beyond_across) \
        & (radii >= small * pip_radius) & (radii <= large * pip_radius)
    beyond[own] = False
    return int(beyond.sum())
