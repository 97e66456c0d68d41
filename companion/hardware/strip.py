"""What every game's LED strip shares: colours, dimming, and a follower that listens to the session.

Each game's hardware part decides what the strip shows (Cannonball Colony: the cells under the
island; Cannons & Coastlines: the seats round the table edge); this module is only the strip."""

from __future__ import annotations

from typing import Callable

from companion.hardware.led_map import LedMap

Colour = tuple[int, int, int]
OFF: Colour = (0, 0, 0)
REFUSED: Colour = (255, 0, 0)
ACCEPTED: Colour = (255, 255, 255)


def scaled(colour: Colour, scale: float) -> Colour:
    # Never round a lit channel down to dark: a dim legal space must still glow.
    return tuple(max(1, round(c * scale)) if c else 0 for c in colour)


class StripFollower:
    """Listens to a game's session and says when the LEDs are stale; the game's `frame()` then works
    out the strip. The listener runs inside the session's commit (on a web request thread), so it
    only lets the game remember the event (`heard`) and calls `on_change`, which must not block."""

    def __init__(self, session, led_map: LedMap, on_change: Callable[[], None] = lambda: None):
        self.session = session
        self.led_map = led_map
        self.on_change = on_change
        session.listeners.append(self._on_event)

    def heard(self, event) -> None:
        """What the game keeps from a committed event (nothing, unless it overrides this)."""

    def _on_event(self, event) -> None:
        try:
            self.heard(event)
            self.on_change()
        except Exception:   # the LEDs must never fail a move that is already committed
            pass
