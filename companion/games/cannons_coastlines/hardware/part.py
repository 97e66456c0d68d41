"""Cannons & Coastlines' hardware part: the play area's frame, a strip round the table edge, ships
to aim at. The heavy modules are imported only when `serve` attaches a board."""

from __future__ import annotations

from companion.hardware.part import GameHardware


def _play_area_frame():
    from companion.games.cannons_coastlines.hardware.aim import PLAY_AREA_FRAME

    return PLAY_AREA_FRAME


def _parts(session, led_map, aimer):
    from companion.games.cannons_coastlines.hardware.aim import ShipTargets
    from companion.games.cannons_coastlines.hardware.indicators import CoastLedFollower

    return CoastLedFollower(session, led_map), ShipTargets(aimer, session), None


HARDWARE = GameHardware(_play_area_frame, _parts)
