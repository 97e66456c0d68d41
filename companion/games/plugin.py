"""What a game folder provides: its GamePlugin, and the parts shared code may ask it for.

Step 1 of the plug-in migration (shared/design/plugins.md §6): the parts point at the modules where the code lives today
(some still in companion/commands, companion/dashboard, companion/session.py); later steps move
them into the game folder. Pure on purpose: stdlib only, so finding the games stays cheap.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Protocol, Sequence

# The parts a plug-in may name, each "module:attribute" (or "module" for a module as the part).
PARTS = ("session", "view", "live", "reader", "photo", "text", "referee", "scoring", "render",
         "screens", "hardware", "kit", "demo", "start", "clip")


class Session(Protocol):
    """A game on an EventLog (companion.session.GameSession, dashboard.coast.session.CoastSession)."""

    GAME: str

    def __init__(self, log: Any) -> None: ...
    def last_seq(self) -> int: ...


class Reader(Protocol):
    """A camera reader module: one observation per frame, given the previous one."""

    def read_frame(self, image_bgr: Any, timestamp: float, previous: Any = None) -> Any: ...


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


# Command entries as they are today: the command's parsed arguments in, an exit status out.
CommandEntry = Callable[[Any], int]


@dataclass(frozen=True)
class GamePlugin:
    slug: str                       # "cannons-coastlines": --game, data folder, the log's game name
    title: str                      # "Cannons & Coastlines"
    rule_prefix: str                # "CS": rule ids shown on the dashboard
    session: str                    # Session class
    view: str | None = None         # state -> JSON for the tablets
    live: str | None = None         # the camera pipeline class
    reader: str | None = None       # Reader module (serve)
    photo: str | None = None        # one photo -> observation (read, referee on a photo)
    text: str | None = None         # BoardText module
    referee: str | None = None      # Referee module
    scoring: str | None = None      # CommandEntry of `companion score`
    render: str | None = None       # CommandEntry of `companion render`
    screens: str | None = None      # Screens
    hardware: str | None = None     # where the cannon is measured, the LED follower and aim targets
    kit: str | None = None          # the game's printable sheets
    demo: str | None = None         # the file a game starts from when nothing is seen
    start: str | None = None        # (session, path) -> None: a new game from --board or demo; ValueError if bad
    clip: str | None = None         # () -> Path | None: the recording `serve` plays with no --source

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
