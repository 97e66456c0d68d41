"""A face read sure with another face of another count read just beyond it, away from the camera: it may be a
side of that die, read as a top. Seen from low down, a die's side towards the camera lies on the die-top view as a
square of its own, its pips round, between the die's top and the camera; when the top itself reads poorly (cut off
by the crop, doubted), the side can be the best face read there, and is read sure (tuning seed 5290: a flat red 4
read sure as the 2 of its side, the 4 read beyond it, doubted for its grid squashed). Such a die is asked about.
A side's middle lies half a side and half a side times the line of sight's slope nearer the camera than its top's
(9-25 mm for dice of 16-21 mm seen 30-60 degrees off straight down); a roll's other die lies there only when
touching."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from companion.games.black_cannon.camera.board_view import BoardView
from companion.games.black_cannon.camera.seen_die import SeenDie
from companion.games.black_cannon.camera.settings import ReaderSettings


def doubt_sides_read_as_tops(dice: list[SeenDie], readings: list[SeenDie], view: BoardView,
                             settings: ReaderSettings) -> list[SeenDie]:
    """`dice` with each one read sure doubted when among `readings` (every candidate's) a face of another count,
    read at least `die_not_hull` (a die's face, not a blob's stray), lies just beyond it away from the camera."""
    return [_doubted(die, beyond, settings) if die.confidence >= settings.confident and (beyond := _face_beyond(
        die, readings, view, settings)) is not None else die for die in dice]


def _face_beyond(die: SeenDie, readings: list[SeenDie], view: BoardView, settings: ReaderSettings) -> SeenDie | None:
    away = np.asarray(die.centre_mm) - view.camera.position[:2]
    away = away / max(float(np.linalg.norm(away)), 1e-9)
    for other in readings:
        if other is die or other.pips is None or other.pips == die.pips or other.confidence < settings.die_not_hull:
            continue
        offset = np.asarray(other.centre_mm) - np.asarray(die.centre_mm)
        apart = float(np.linalg.norm(offset))
        if settings.die_size_mm[0] < apart <= settings.side_beyond_mm and \
                float(offset @ away) >= apart * math.cos(math.radians(settings.side_beyond_deg)):
            return other
    return None


def _doubted(die: SeenDie, beyond: SeenDie, settings: ReaderSettings) -> SeenDie:
    note = (f"; {beyond.pips} pip{'s' if beyond.pips > 1 else ''} read just beyond it, away from the camera: "
            "is this its side, read as its top?")
    return replace(die, confidence=round(die.confidence * settings.doubted_keeps, 3), doubted=True, reason=die.reason + note)
