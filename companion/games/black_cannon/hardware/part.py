"""Black Cannon's hardware part: the board's frame, an LED under each square, ships to aim at. The
heavy modules are imported only when `serve` attaches a board."""

from __future__ import annotations

from companion.hardware.part import GameHardware


def _board_frame():
    from companion.games.black_cannon.hardware.aim import BOARD_FRAME

    return BOARD_FRAME


def _parts(session, led_map, aimer):
    from companion.games.black_cannon.hardware.aim import ShipTargets
    from companion.games.black_cannon.hardware.indicators import BoardLedFollower

    return BoardLedFollower(session, led_map), ShipTargets(aimer, session), None


HARDWARE = GameHardware(_board_frame, _parts)
