"""What the LEDs under the island show for the game: legal spaces, the latest verdict, whose turn.

Per cell, later layers win:
1. the legal spaces of the player to move (rules.legal_builds, or the legal landings), dim,
   in that player's colour; none once the turn's build is played and waits for Confirm;
2. the player to move's landing space (their ship), full colour: whose turn it is;
3. the cells of the camera's open question (a misread it asks about), yellow;
4. the latest verdict's cells: a refused move's reasons' cells red, an accepted move's
   evidence white. Confirm and undo carry no cells, so they clear it.
When the game is over the winners' forts show in their colours. `turn_leds` of the LedMap
show the colour of whose turn it is. Faults need nothing here: the firmware shows its own
failsafe pattern when the host goes quiet, and the bridge sends this frame again afterwards.
"""

from __future__ import annotations

import threading
from typing import Callable

from companion.games.cannonball_colony.cells import Cell, Country, PieceKind
from companion.games.cannonball_colony.game import Game, Phase
from companion.games.cannonball_colony.rules import legal_builds
from companion.hardware.led_map import LedMap
from companion.session import Event, Session

Colour = tuple[int, int, int]
OFF: Colour = (0, 0, 0)
# Saturated LED colours, one hue per country (the strip cannot show the screen's letters and
# shapes, so the hues are kept far apart); the verdict colours sit between them.
COUNTRY_COLOURS: dict[Country, Colour] = {
    Country.FRANCE: (0, 60, 255),
    Country.SPAIN: (255, 90, 0),
    Country.PORTUGAL: (0, 220, 40),
    Country.ENGLAND: (190, 0, 255),
}
REFUSED: Colour = (255, 0, 0)
ACCEPTED: Colour = (255, 255, 255)
QUESTION: Colour = (255, 210, 0)
LEGAL_SHARE = 0.3   # legal spaces at this share of the player's colour, so the ship stands out
# Events whose verdict the LEDs show; a new game or a correction starts with none.
VERDICT_EVENTS = ("move", "proposal", "confirm", "undo")
CLEARS_VERDICT = ("game", "correction")


def verdict_cells(verdict: dict | None) -> tuple[list[str], Colour]:
    """A logged verdict's cells to light and their colour: the reasons' cells when refused."""
    if not verdict:
        return [], ACCEPTED
    if verdict.get("legal", not verdict.get("reasons")):
        return list(verdict.get("evidence") or []), ACCEPTED
    return [cell for reason in verdict.get("reasons") or [] for cell in reason.get("cells") or []], REFUSED


def legal_spaces(game: Game) -> set[Cell]:
    """Where the player to move may build (or land) now; empty once the turn's build is down."""
    if game.phase is Phase.OVER or (game.turn is not None and game.turn.done):
        return set()
    if game.phase is Phase.LANDING:
        return set(game.landing_spots())
    return {cell for cells in legal_builds(game.position, game.player) for cell in cells}


def cell_colours(game: Game | None, question: dict | None, verdict: dict | None) -> dict[Cell, Colour]:
    """The colour of every lit cell, before brightness and the LED map."""
    if game is None:
        return {}
    lit: dict[Cell, Colour] = {}
    if game.phase is Phase.OVER:
        winners = game.result.winners if game.result else []
        for country in winners:
            for cell in game.position.pieces_of(country, PieceKind.FORT):
                lit[cell] = COUNTRY_COLOURS[country]
    else:
        colour = COUNTRY_COLOURS[game.player]
        dim = tuple(round(c * LEGAL_SHARE) for c in colour)
        for cell in legal_spaces(game):
            lit[cell] = dim
        ship = game.position.landing.get(game.player)
        if ship is not None:
            lit[ship] = colour
    for cell in _cells((question or {}).get("cells") or []):
        lit[cell] = QUESTION
    texts, colour = verdict_cells(verdict)
    for cell in _cells(texts):
        lit[cell] = colour
    return lit


def _cells(texts) -> list[Cell]:
    out = []
    for text in texts:
        try:
            out.append(Cell.parse(str(text)))
        except ValueError:
            continue   # evidence that is not a cell (none today) has no LED
    return out


def led_frame(game: Game | None, question: dict | None, verdict: dict | None,
              led_map: LedMap) -> tuple[list[Colour], str | None]:
    """The whole strip's colours and, when the island does not fit the strip, why it is dark."""
    frame = [OFF] * led_map.count
    if game is None:
        return frame, None
    width, height = game.position.width, game.position.height
    problem = led_map.fit_problem(width, height)
    if problem:
        return frame, problem
    scale = led_map.brightness
    for cell, colour in cell_colours(game, question, verdict).items():
        index = led_map.index(cell, width, height)
        if index is not None:
            frame[index] = scaled(colour, scale)
    if game.phase is not Phase.OVER:
        for index in led_map.turn_leds:
            frame[index] = scaled(COUNTRY_COLOURS[game.player], scale)
    return frame, None


def scaled(colour: Colour, scale: float) -> Colour:
    # Never round a lit channel down to dark: a dim legal space must still glow.
    return tuple(max(1, round(c * scale)) if c else 0 for c in colour)


class LedFollower:
    """Listens to the session and says when the LEDs are stale; `frame()` then works out the
    wanted strip. The listener runs inside the session's commit (on a web request thread),
    so it only remembers the verdict and calls `on_change`, which must not block either."""

    def __init__(self, session: Session, led_map: LedMap, on_change: Callable[[], None] = lambda: None):
        self.session = session
        self.led_map = led_map
        self.on_change = on_change
        self._lock = threading.Lock()
        self._verdict: dict | None = None
        for event in session.log.events():   # a resumed game shows its last verdict again
            self._remember(event)
        session.listeners.append(self._on_event)

    def _remember(self, event: Event) -> None:
        kind = event.body.get("type")
        with self._lock:
            if kind in CLEARS_VERDICT:
                self._verdict = None
            elif kind in VERDICT_EVENTS:
                self._verdict = event.body.get("verdict")

    def _on_event(self, event: Event) -> None:
        try:
            self._remember(event)
            self.on_change()
        except Exception:   # the LEDs must never fail a move that is already committed
            pass

    @property
    def verdict(self) -> dict | None:
        with self._lock:
            return self._verdict

    def frame(self) -> tuple[list[Colour], str | None]:
        """The strip for the game as it stands now (copies the game; call off the request threads)."""
        snapshot = self.session.snapshot()
        return led_frame(snapshot.state, snapshot.question, self.verdict, self.led_map)

    def shows(self) -> str:
        """What the strip shows now, in words, for the Cannon screen."""
        game = self.session.state
        if game is None:
            return "nothing: no game yet"
        if game.phase is Phase.OVER:
            return "the winners' forts in their colours"
        return f"{game.player} to play: their legal spaces dim, their ship bright; the latest verdict's cells on top"

    def describe(self) -> str:
        """The LED map in one line, sized to the island being played."""
        game = self.session.state
        position = game.position if game is not None else None
        return self.led_map.describe(getattr(position, "width", None), getattr(position, "height", None))
