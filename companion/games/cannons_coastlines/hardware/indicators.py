"""What the LEDs show for Cannons & Coastlines: whose turn it is, a refused claim, the winner.

The table has no cells, so the strip runs around the table's edge, where the players sit each
at their stretch of it (rulebook, Set up): its LEDs from `first` on, less the `turn_leds`, are
cut into one equal segment per seat, in seat order. Then:
1. during play every seat's segment glows dim in its colour, the player to move's bright, and
   the `turn_leds` show the mover's colour too: whose turn it is, seen from any chair;
2. a victory claim refused this turn stripes the claimant's segment red and white until the
   turn ends (no seat colour is striped, so it cannot be mistaken for one);
3. a won game (a claim won, CS-5, or the last fleet afloat) lights the whole strip in the
   winner's colour.
Faults need nothing here: the firmware shows its own failsafe pattern, as for every game.
"""

from __future__ import annotations

from typing import Callable

from companion.games.cannonball_colony.hardware.indicators import ACCEPTED, OFF, REFUSED, Colour, scaled
from companion.hardware.led_map import LedMap

# Saturated LED hues in the dashboard's seat order (blue, vermillion, green, purple, amber, sky):
# the strip cannot show the screen's letters and shapes, so the hues are kept far apart.
SEAT_COLOURS: tuple[Colour, ...] = ((0, 60, 255), (255, 70, 0), (0, 220, 60), (200, 0, 255), (255, 170, 0),
                                   (0, 200, 255))
SEAT_COLOUR_NAMES = ("blue", "orange", "green", "purple", "amber", "sky blue")   # for the panel's sentence
WAITING_SHARE = 0.15   # the seats not to move glow this dim, so the mover's segment stands out


def seat_colour(players, player: str) -> Colour:
    return SEAT_COLOURS[list(players).index(player) % len(SEAT_COLOURS)]


def refused_claim(claim: dict | None, players) -> str | None:
    """Who made this turn's refused victory claim, if anyone."""
    if claim is not None and not claim["verdict"].get("legal") and claim.get("player") in players:
        return claim["player"]
    return None


def seat_segments(led_map: LedMap, seats: int) -> list[list[int]]:
    """The LEDs of each seat's stretch of the table edge, in seat order (empty lists when too few)."""
    leds = [i for i in range(led_map.first, led_map.count) if i not in led_map.turn_leds]
    size = len(leds) // seats if seats else 0
    return [leds[seat * size:(seat + 1) * size] for seat in range(seats)]


def fit_problem(led_map: LedMap, seats: int) -> str | None:
    if seats and not seat_segments(led_map, seats)[0]:
        return (f"the strip has too few LEDs after LED {led_map.first} for one per seat ({seats} seats): set "
                "\"count\" or \"first\" in the --leds file")
    return None


def coast_frame(table, turn: dict | None, claim: dict | None, result: dict | None,
                led_map: LedMap) -> tuple[list[Colour], str | None]:
    """The whole strip for the game as it stands, and why it is dark when the strip cannot show it."""
    frame = [OFF] * led_map.count
    if table is None:
        return frame, None
    players = table.players
    problem = fit_problem(led_map, len(players))
    if problem:
        return frame, problem
    bright = led_map.brightness

    def light(indices, colour: Colour, share: float = 1.0) -> None:
        for index in indices:
            frame[index] = scaled(tuple(round(c * share) for c in colour), bright)

    if result is not None and result.get("winner") in players:
        light(range(led_map.count), seat_colour(players, result["winner"]))
        return frame, None
    mover = turn["player"] if turn else None
    for player, segment in zip(players, seat_segments(led_map, len(players))):
        light(segment, seat_colour(players, player), 1.0 if player == mover else WAITING_SHARE)
    claimant = refused_claim(claim, players)
    if claimant is not None:
        segment = seat_segments(led_map, len(players))[players.index(claimant)]
        light(segment[0::2], REFUSED)
        light(segment[1::2], ACCEPTED)
    if mover in players:
        light(led_map.turn_leds, seat_colour(players, mover))
    return frame, None


def coast_meaning(table, turn: dict | None, claim: dict | None, result: dict | None) -> str:
    """What coast_frame shows, in words, for the Cannon screen."""
    if table is None:
        return "nothing: no game yet"
    players = table.players

    def colour(player: str) -> str:
        return SEAT_COLOUR_NAMES[players.index(player) % len(SEAT_COLOUR_NAMES)]

    if result is not None and result.get("winner") in players:
        return f"{result['winner']} wins: the whole strip {colour(result['winner'])}"
    mover = turn["player"] if turn else None
    said = f"{mover} to play: their seat bright {colour(mover)}, the others dim" if mover in players else "no turn yet"
    claimant = refused_claim(claim, players)
    return said + (f"; {claimant}'s victory claim refused: their seat striped red and white" if claimant else "")


class CoastLedFollower:
    """Listens to a Cannons & Coastlines session and says when the LEDs are stale; `frame()` then
    works out the strip. The listener runs inside the session's commit, so it only calls `on_change`."""

    def __init__(self, session, led_map: LedMap, on_change: Callable[[], None] = lambda: None):
        self.session = session
        self.led_map = led_map
        self.on_change = on_change
        session.listeners.append(self._on_event)

    def _on_event(self, event) -> None:
        try:
            self.on_change()
        except Exception:   # the LEDs must never fail a turn or a claim that is already committed
            pass

    def _read(self) -> tuple:
        state = self.session.snapshot().state   # a CoastState, None before a game
        return (None, None, None, None) if state is None else (state.table, state.turn, state.claim, state.result)

    def frame(self) -> tuple[list[Colour], str | None]:
        return coast_frame(*self._read(), self.led_map)

    def shows(self) -> str:
        return coast_meaning(*self._read())

    def describe(self) -> str:
        """The LED layout in one line: the seats' segments round the table edge."""
        table = self._read()[0]
        seats = len(table.players) if table is not None else 0
        extra = f", turn LEDs {list(self.led_map.turn_leds)}" if self.led_map.turn_leds else ""
        segments = seat_segments(self.led_map, seats)
        laid = (f"{seats} seat segments of {len(segments[0])} LEDs round the table edge from LED {self.led_map.first}"
                if seats else "one segment per seat round the table edge, once a game starts")
        return f"{laid}; {self.led_map.count} LEDs at {round(self.led_map.brightness * 100)}%{extra}"
