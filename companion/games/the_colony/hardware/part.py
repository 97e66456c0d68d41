"""The Colony's hardware part: the printed log board's frame, LEDs under the log spaces, log spaces
to aim at. The heavy modules are imported only when `serve` attaches a board."""

from __future__ import annotations

from companion.hardware.part import GameHardware


def _log_board_frame():
    from companion.games.the_colony.hardware.aim import LOG_BOARD_FRAME

    return LOG_BOARD_FRAME


def _parts(session, led_map, aimer):
    from companion.games.the_colony.hardware.aim import SpaceTargets
    from companion.games.the_colony.hardware.indicators import ColonyLedFollower

    return ColonyLedFollower(session, led_map), SpaceTargets(aimer, session), None


HARDWARE = GameHardware(_log_board_frame, _parts)
