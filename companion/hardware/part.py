"""A game's hardware part, as its plug-in's `hardware=` names it: where the cannon is measured, and
the LED follower and aim targets for a running session. Shared code knows a game's board only so."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class GameHardware:
    table_frame: Callable[[], object]   # () -> companion.hardware.aim.TableFrame, where --cannon-pose is measured
    # (session, led_map, aimer) -> (LED follower, aim targets, a camera spotter for the live pipeline or None)
    parts: Callable[..., tuple]
