"""Cannonball Colony's hardware part: an island sheet's frame, LEDs under the cells, cells to aim at.
The heavy modules are imported only when `serve` attaches a board."""

from __future__ import annotations

from companion.hardware.part import GameHardware


def _island_frame():
    from companion.games.cannonball_colony.hardware.aim import ISLAND_FRAME

    return ISLAND_FRAME


def _parts(session, led_map, aimer):
    from companion.games.cannonball_colony.hardware.aim import CellTargets
    from companion.games.cannonball_colony.hardware.indicators import LedFollower
    from companion.games.cannonball_colony.hardware.sight import CannonSpotter

    targets = CellTargets(aimer, lambda: session.state.position if session.state is not None else None)
    return LedFollower(session, led_map), targets, CannonSpotter(aimer.place, aimer.note)


HARDWARE = GameHardware(_island_frame, _parts)
