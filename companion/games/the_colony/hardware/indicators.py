"""What the LEDs under The Colony's log spaces show: the legal spaces, the last sowing's path, the
computer seat's turn for the human to carry out, whose turn it is.

One LED per log space, in the layout's order: the LedMap's grid is the layout as one row (L1 over
LED `first`, then L2, ...; `start: top-right` runs it backwards). Per space, later layers win:
1. the player to move's legal spaces (selection.legal_spaces), dim in their colour, while they
   have yet to sow; after sowing, their ants that can step, full colour;
2. the last sowing's path (the record's last_sowing): the start and every space an egg was
   dropped on dim white, the last egg's space full white;
3. the computer seat's turn (`hint`: its BotMove's places), full in its colour, until the next event;
4. the cells of the camera's open question, yellow.
When the game is over the winners' ants show in their colour (every space, dim, when they have
none out). `turn_leds` show the colour of whose turn it is. An LED cannot be black, so black's
pieces show blue; red's are red.
"""

from __future__ import annotations

import threading
from typing import Callable, Sequence

from companion.games.the_colony.record import MOVE_ANT, ColonyGame
from companion.games.the_colony.rules import ant_moves, legal_spaces, score
from companion.hardware.led_map import LedMap
from companion.hardware.strip import ACCEPTED, OFF, Colour, StripFollower, scaled
from companion.session import Session

PLAYER_COLOURS: dict[str, Colour] = {"red": (255, 30, 0), "black": (0, 60, 255)}
PLAYER_COLOUR_NAMES = {"red": "red", "black": "blue"}   # for the panel's sentence
QUESTION: Colour = (255, 210, 0)
LEGAL_SHARE = 0.3   # legal spaces at this share of the mover's colour, so a hint or a path stands out
PATH_SHARE = 0.4    # the path's spaces at this share of white; its last egg's space at full


def _share(colour: Colour, share: float) -> Colour:
    return tuple(round(c * share) for c in colour)


def space_colours(game: ColonyGame | None, question: dict | None = None,
                  hint: Sequence[str] = ()) -> dict[str, Colour]:
    """The colour of every lit log space, before brightness and the LED map."""
    if game is None:
        return {}
    position, lit = game.position, {}
    if game.over is not None:
        winners = score(position, game.over).winners
        for colour in winners:
            ants = position.ants_of(colour)
            for space in ants or position.layout.ids:
                lit[space] = PLAYER_COLOURS[colour] if ants else _share(PLAYER_COLOURS[colour], LEGAL_SHARE)
        return lit
    mover = PLAYER_COLOURS[position.turn]
    if game.phase == MOVE_ANT:
        for start, _ in ant_moves(position):
            lit[start] = mover
    else:
        for space in legal_spaces(position):
            lit[space] = _share(mover, LEGAL_SHARE)
    sowing = game.last_sowing
    if sowing:
        for space in [sowing["space"], *sowing["path"]]:
            lit[space] = _share(ACCEPTED, PATH_SHARE)
        lit[sowing["path"][-1]] = ACCEPTED
    for space in hint:
        if space in position.layout:
            lit[space] = mover
    for space in (question or {}).get("cells") or []:
        if space in position.layout:
            lit[space] = QUESTION
    return lit


def led_frame(game: ColonyGame | None, question: dict | None, hint: Sequence[str],
              led_map: LedMap) -> tuple[list[Colour], str | None]:
    """The whole strip's colours and, when the logs do not fit the strip, why it is dark."""
    frame = [OFF] * led_map.count
    if game is None:
        return frame, None
    ids = game.position.layout.ids
    problem = led_map.fit_problem(len(ids), 1)
    if problem:
        return frame, problem
    for space, colour in space_colours(game, question, hint).items():
        index = led_map.index(ids.index(space), 0, len(ids), 1)
        if index is not None:
            frame[index] = scaled(colour, led_map.brightness)
    if game.over is None:
        for index in led_map.turn_leds:
            frame[index] = scaled(PLAYER_COLOURS[game.position.turn], led_map.brightness)
    return frame, None


class ColonyLedFollower(StripFollower):
    """The log spaces' strip for a session of The Colony; shows a computer seat's turn until the next event."""

    def __init__(self, session: Session, led_map: LedMap, on_change: Callable[[], None] = lambda: None):
        self._lock = threading.Lock()
        self._hint: tuple[str, ...] = ()
        super().__init__(session, led_map, on_change)

    def heard(self, event) -> None:
        with self._lock:
            self._hint = ()   # whatever was committed, the hint it answered is done

    def hint(self, places: Sequence[str]) -> None:
        """Light a computer seat's turn (its BotMove's places) for the human who sows for it."""
        with self._lock:
            self._hint = tuple(places)
        self.on_change()

    def frame(self) -> tuple[list[Colour], str | None]:
        snapshot = self.session.snapshot()
        with self._lock:
            hint = self._hint
        return led_frame(snapshot.state, snapshot.question, hint, self.led_map)

    def shows(self) -> str:
        """What the strip shows now, in words, for the Cannon screen."""
        game = self.session.snapshot().state
        if game is None:
            return "nothing: no game yet"
        if game.over is not None:
            return "the winners' ants in their colours"
        mover = game.position.turn
        now = ("their ants that can step" if game.phase == MOVE_ANT else "the spaces they may sow from, dim")
        with self._lock:
            hinted = " and the computer's turn to carry out, bright" if self._hint else ""
        return (f"{mover} to play ({PLAYER_COLOUR_NAMES[mover]}): {now}{hinted}; the last sowing's path white, "
                "its last egg bright")

    def describe(self) -> str:
        """The LED layout in one line: one LED per log space."""
        game = self.session.snapshot().state
        ids = game.position.layout.ids if game is not None else None
        return self.led_map.describe(len(ids) if ids else None, 1 if ids else None,
                                     origin=ids[0] if ids else "the first log space", grid="logs")
