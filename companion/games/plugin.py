"""What a game folder provides: its GamePlugin, and the parts shared code may ask it for.

Each part is named "module:attribute" and imported only when used. The session and the live
pipeline know a game only through its Record and its Camera part below. Pure on purpose:
stdlib only, so finding the games stays cheap.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Protocol, Sequence

# The parts a plug-in may name, each "module:attribute" (or "module" for a module as the part).
PARTS = ("record", "camera", "photo", "text", "referee", "scoring", "render", "screens", "hardware", "kit", "demo", "bot")

State = Any   # a game's own state (Cannonball Colony's Game, a CoastState, ...): opaque to shared code


class Record(Protocol):
    """The rules as an event-sourced value, the session's only view of the game (companion.session.Session).

    Pure: no I/O. `decide` never changes the state it is given; `apply` may, and returns the
    state after the event. A command is a dict with a "type"; "start" begins a game (the state is
    None before it). Bad input is a ValueError quoting it; a refusal is a rejecting verdict and no events."""

    game: str                    # the plug-in's slug, written in the log's "game" events
    title: str
    answers: frozenset[str]      # event types after which the camera's open question no longer stands

    def decide(self, state: State | None, command: dict) -> tuple[Any, list[dict]]: ...   # (Verdict, bodies)
    def apply(self, state: State | None, body: dict, seq: int) -> State | None: ...   # ValueError: no replay
    def start(self, text: str, source: str = "serve") -> dict: ...   # the start command of a setup file's text
    def view(self, state: State | None, seat: str | None) -> dict: ...   # what one seat sees (None: the shared screen)
    def event_view(self, body: dict, seat: str | None) -> dict: ...   # one logged event as that seat may see it
    def looks(self, state: State | None) -> Mapping[str, dict]: ...   # colour, shape, letter per player


class Camera(Protocol):
    """The camera part (games/<g>/camera/): made once per live pipeline, as
    `camera(record, auto_confirm=..., restart_on_loop=..., tracker_settings=...)`, with a new pass
    begun for each pass over the source. Its commands go to Session.act in order, until one is
    refused; a {"type": "question", "message", "cells"} command asks the players instead, and a
    {"type": "note", "body"} command is logged beside the game (Session.note), changing nothing."""

    without_camera: str          # what the players do with no camera (status line, placeholder picture)
    no_reader: str               # across the picture while no reader is installed
    no_reader_status: str
    first_reading: str           # across the picture before the first reading
    # Optional `bots_at_table = False`: a computer seat cannot play on this table (a hand of real cards),
    # so with --bot serve plays the game on the tablets and not the bundled clip.
    # Optional `revisit(snapshot, events) -> list[dict]`: when the players change the game between still
    # tables (`events`: the bodies logged since the camera last explained one), commands from the same table.

    @staticmethod
    def reader() -> Callable[[Any, float, Any], Any]: ...   # ModuleNotFoundError while it is not installed
    @staticmethod
    def clip() -> Any: ...       # the Path `serve` plays with no --source, or None
    def new_pass(self) -> None: ...
    def track(self, observation: Any) -> Any: ...   # the tracker's outcome
    def committed(self, outcome: Any) -> bool: ...   # a still table the session should hear of
    def commands(self, snapshot: Any, outcome: Any, observation: Any) -> list[dict]: ...   # snapshot: Session's
    def status(self, observation: Any, outcome: Any, where: str) -> tuple[str, str]: ...   # (message, tracking)
    def annotate(self, image: Any, observation: Any, highlight: Sequence[Any]) -> Any: ...


class BoardText(Protocol):
    """A board text module (docs/formats.md): parse, print, and draw a referee's evidence."""

    BoardTextError: type[ValueError]

    def parse_board(self, text: str) -> Any: ...
    def print_board(self, position: Any) -> str: ...
    def draw_evidence(self, position: Any, path: Sequence[Any], ends: Sequence[Any]) -> str: ...


class Referee(Protocol):
    """`companion referee`: answers a question about a position; QuestionError for a bad question."""

    QuestionError: type[ValueError]

    def answer(self, position: Any, words: Sequence[str], player: str | None) -> Any: ...


class Screens(Protocol):
    """The dashboard part: the blueprint modules to register and the app config they need."""

    modules: Sequence[Any]       # each with a `bp` Blueprint
    config: Mapping[str, Any]    # SCREENS, GAME_TITLE, GAME_SCRIPTS where the defaults do not fit


@dataclass(frozen=True)
class BotMove:
    """What a computer seat decided: the commands for Session.act, in order, and what to tell the
    human who places its pieces ("Spain builds a fort at D4: place it there"), with the places
    (cells, log spaces, squares) the LEDs and the mirror light.

    `on_table`: how many of the commands, from the first, the human carries out on the table, so
    that with a camera they must be seen there (companion/bots.py); the rest (a Confirm) the
    companion acts itself once they are. None: all of them."""

    commands: tuple[dict, ...]
    sentence: str
    places: tuple[str, ...] = ()
    on_table: int | None = None


class Bot(Protocol):
    """A computer seat (games/<g>/bot.py, pure rules only): `serve --bot SEAT[:LEVEL]`.

    `choose` never changes the state it is given; it returns no commands when it has nothing to
    do. `to_move` says whose turn it is (None: nobody's, e.g. the game is over); the shared
    plumbing asks `choose` only for a bot seat's turn. A game with secrets decides only from what
    `record.view(state, seat)` shows that seat (sampling what it cannot see), never from the
    rest of the state."""

    levels: Sequence[str]        # weakest first; the last is the default

    def to_move(self, state: State | None) -> str | None: ...

    def choose(self, state: State, seat: str, level: str, rng: Any) -> BotMove: ...   # rng: random.Random


# Command entries as they are today: the command's parsed arguments in, an exit status out.
CommandEntry = Callable[[Any], int]


@dataclass(frozen=True)
class GamePlugin:
    slug: str                       # "cannons-coastlines": --game, data folder, the log's game name
    title: str                      # "Cannons & Coastlines"
    rule_prefix: str                # "CS": rule ids shown on the dashboard
    record: str                     # Record: the rules the session keeps
    camera: str | None = None       # Camera part (a class): the live pipeline's per-frame work
    photo: str | None = None        # one photo -> observation (read, referee on a photo)
    text: str | None = None         # BoardText module
    referee: str | None = None      # Referee module
    scoring: str | None = None      # CommandEntry of `companion score`
    render: str | None = None       # CommandEntry of `companion render`
    screens: str | None = None      # Screens
    hardware: str | None = None     # where the cannon is measured, the LED follower and aim targets
    kit: str | None = None          # the game's printable sheets
    demo: str | None = None         # Path of the setup file a game starts from when nothing is seen
    bot: str | None = None          # Bot: a computer seat

    def has(self, part: str) -> bool:
        return self.spec(part) is not None

    def spec(self, part: str) -> str | None:
        if part not in PARTS:
            raise LookupError(f"{part!r} is not a game part (parts: {', '.join(PARTS)})")
        return getattr(self, part)

    def load(self, part: str) -> Any:
        """The part, imported only now: `companion referee` must not pay for the camera's imports."""
        spec = self.spec(part)
        if spec is None:
            raise LookupError(f"{self.title} ({self.slug}) has no {part} part")
        module, _, name = spec.partition(":")
        loaded = importlib.import_module(module)
        return getattr(loaded, name) if name else loaded
