"""What the LEDs under the island show for the game: legal spaces, the latest verdict, whose turn.

Per cell, later layers win:
1. the legal spaces of the player to move (rules.legal_builds, or the legal landings), dim,
   in that player's colour; none once the turn's build is played and waits for Confirm;
2. the player to move's landing space (their ship), full colour: whose turn it is;
3. the cells of the camera's open question (a misread it asks about), yellow;
4. the latest verdict's cells: a refused move's reasons' cells red, an accepted move's
   evidence white. Confirm and undo carry no cells, so they clear it;
5. where a computer seat's pieces go (its "bot" event, companion/bots.py), in its colour at
   full brightness, until its turn is confirmed.
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
from companion.hardware.strip import ACCEPTED, OFF, REFUSED, Colour, StripFollower, scaled
from companion.session import Event, Session

# Saturated LED colours, one hue per country (the strip cannot show the screen's letters and
# shapes, so the hues are kept far apart); the verdict colours sit between them.
COUNTRY_COLOURS: dict[Country, Colour] = {
    Country.FRANCE: (0, 60, 255),
    Country.SPAIN: (255, 90, 0),
    Country.PORTUGAL: (0, 220, 40),
    Country.ENGLAND: (190, 0, 255),
}
QUESTION: Colour = (255, 210, 0)
LEGAL_SHARE = 0.3   # legal spaces at this share of the player's colour, so the ship stands out
# Events whose verdict the LEDs show; a new game or a correction starts with none.
VERDICT_EVENTS = ("move", "proposal", "confirm", "undo")
CLEARS_VERDICT = ("game", "correction")
BOT_EVENT, CLEARS_BOT = "bot", ("confirm", "game", "correction")


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


def cell_colours(game: Game | None, question: dict | None, verdict: dict | None,
                 bot: dict | None = None) -> dict[Cell, Colour]:
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
    if bot and game.phase is not Phase.OVER:
        for cell in _cells(bot.get("places") or []):
            lit[cell] = COUNTRY_COLOURS.get(_country(bot.get("seat")), ACCEPTED)
    return lit


def _country(text) -> Country | None:
    try:
        return Country.parse(str(text))
    except ValueError:
        return None


def _cells(texts) -> list[Cell]:
    out = []
    for text in texts:
        try:
            out.append(Cell.parse(str(text)))
        except ValueError:
            continue   # evidence that is not a cell (none today) has no LED
    return out


def led_frame(game: Game | None, question: dict | None, verdict: dict | None,
              led_map: LedMap, bot: dict | None = None) -> tuple[list[Colour], str | None]:
    """The whole strip's colours and, when the island does not fit the strip, why it is dark."""
    frame = [OFF] * led_map.count
    if game is None:
        return frame, None
    width, height = game.position.width, game.position.height
    problem = led_map.fit_problem(width, height)
    if problem:
        return frame, problem
    scale = led_map.brightness
    for cell, colour in cell_colours(game, question, verdict, bot).items():
        index = led_map.index(cell.col, cell.row, width, height)
        if index is not None:
            frame[index] = scaled(colour, scale)
    if game.phase is not Phase.OVER:
        for index in led_map.turn_leds:
            frame[index] = scaled(COUNTRY_COLOURS[game.player], scale)
    return frame, None


class LedFollower(StripFollower):
    """The island's strip for the session's game; remembers the latest verdict as events commit."""

    def __init__(self, session: Session, led_map: LedMap, on_change: Callable[[], None] = lambda: None):
        self._lock = threading.Lock()
        self._verdict: dict | None = None
        self._bot: dict | None = None   # the computer seat's places to light, until its turn is confirmed
        for event in session.log.events():   # a resumed game shows its last verdict again
            self.heard(event)
        super().__init__(session, led_map, on_change)

    def heard(self, event: Event) -> None:
        kind = event.body.get("type")
        with self._lock:
            if kind in CLEARS_VERDICT:
                self._verdict = None
            elif kind in VERDICT_EVENTS:
                self._verdict = event.body.get("verdict")
            if kind in CLEARS_BOT:
                self._bot = None
            elif kind == BOT_EVENT:
                self._bot = {"seat": event.body.get("seat"), "places": event.body.get("places") or []}

    @property
    def verdict(self) -> dict | None:
        with self._lock:
            return self._verdict

    def frame(self) -> tuple[list[Colour], str | None]:
        """The strip for the game as it stands now (copies the game; call off the request threads)."""
        snapshot = self.session.snapshot()
        with self._lock:
            bot = self._bot
        return led_frame(snapshot.state, snapshot.question, self.verdict, self.led_map, bot)

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
        return self.led_map.describe(getattr(position, "width", None), getattr(position, "height", None),
                                     origin="A1", grid="island")
