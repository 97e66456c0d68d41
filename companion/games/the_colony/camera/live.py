"""The Colony's camera part for the live pipeline (companion.live.Pipeline): the stream reader, the shared
still-table tracker over the log spaces, and the commands a still table makes.

Nothing is committed while the board moves or a hand is over it (the tracker gates those frames). A
still table is explained against the session's game (inference.explain): the legal turn whose table
best fits the picture is played; a picture no legal turn fits well, or two fit nearly as well, becomes
a question on the dashboard and the game is not changed. The logs whose pixels did not change since the
picture the game was last matched to keep the game's counts (inference.Seen.unchanged); a question's picture
becomes that picture once the players' answer is played, if it shows the answer. The first still table starts a game from the
rulebook's setup when it looks like one; any other position is the players' to give (serve --board).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2

from companion.games.the_colony.inference import Explained, Question, Seen, explain, fits_setup, shows
from companion.games.the_colony.position import COLOUR_BY_INITIAL, Position
from companion.games.the_colony.camera.live_reader import LiveColonyReader, LiveReading
from companion.games.the_colony.camera.settings import SETTINGS as READER_SETTINGS
from companion.games.the_colony.camera.stream_memory import changed_between
from companion.tracking import Committed, Observation, Tracker, TrackerSettings, describe

ROOT = Path(__file__).resolve().parents[4]
CLIP = ROOT / "samples" / "colony" / "turns.mp4"
# A still table is a few frames: the bundled clip runs at 2.5 frames a second.
COLONY_TRACKING = TrackerSettings(window=4, still_frames=3, min_agreement=0.74)
HIGHLIGHT_BGR = (0, 0, 255)


class TheColonyCamera:
    """One pipeline's camera work. `restart_on_loop`: the first still table of each pass starts a new
    game from the setup when it shows the setup and not the game's next move (the clip is back at its
    start). `auto_confirm` needs nothing here: a turn ends by its ant move, or by a pass the next sowing shows."""

    without_camera = "play the turns on the Play screen"
    no_reader = "No egg reader installed: showing the camera, not refereeing"
    no_reader_status = "showing the camera; The Colony's egg reader is not installed"
    first_reading = "Looking for the board..."

    def __init__(self, record=None, *, auto_confirm: bool = False, restart_on_loop: bool = False,
                 tracker_settings: TrackerSettings | None = None):
        self.restart_on_loop = restart_on_loop
        self.tracker_settings = tracker_settings or COLONY_TRACKING
        self.tracker = Tracker(self.tracker_settings)
        self.passes = -1
        self._first_commit_of_pass = True
        # The picture the game was last matched to, with the board the game then had and the logs' patches:
        # spaces a move leaves alone should read as they read then, and a log whose pixels did not change
        # since keeps the game's count.
        self._earlier: tuple[Seen, tuple, tuple] | None = None
        # The picture of the last question, with the position then: once the players have played their
        # answer it shows the game's position (when it shows the logs the answer changed).
        self._asked: tuple[Seen, Position, tuple] | None = None
        self._note = ""   # why no game was started, for the camera's status

    @staticmethod
    def reader():
        """A reader of its own for one stream: it keeps the last frame's markers, looks and picture."""
        return LiveColonyReader().read_frame

    @staticmethod
    def clip() -> Path | None:
        """The rendered clip of whole turns under samples/colony, played by `serve` with no --source."""
        return CLIP if CLIP.is_file() else None

    def new_pass(self) -> None:
        self.tracker = Tracker(self.tracker_settings)
        self.passes += 1
        self._first_commit_of_pass = True

    # --- one reading ------------------------------------------------------------------

    def track(self, reading: LiveReading):
        if not reading.located:
            return None
        return self.tracker.update(Observation(reading.timestamp, reading.tokens(), reading.confidence(),
                                               reading.hidden, reading.motion))

    @staticmethod
    def committed(outcome) -> bool:
        return isinstance(outcome, Committed)

    def status(self, reading: LiveReading, outcome, where: str) -> tuple[str, str]:
        if not reading.located:
            return f"board not found: {'; '.join(reading.problems)}", "looking for the board"
        return f"reading the logs from {where}{self._note}", describe(outcome, "spaces")

    @staticmethod
    def annotate(image, reading: LiveReading, highlight):
        return annotate(image, reading, highlight)

    # --- what a still table says ----------------------------------------------------------

    def commands(self, snapshot, committed: Committed, reading: LiveReading) -> list[dict]:
        game = snapshot.state
        # The reader's own doubt is no reason to trust a log less than the rest: its counts are often low in
        # confidence and still right. Only a hand makes a log count for less.
        seen = seen_from_tokens(committed.tokens, reading.hidden)
        first, self._first_commit_of_pass = self._first_commit_of_pass, False
        if game is None:
            return self._start(seen, reading.patches)
        self._take_answer(game)
        earlier = self._earlier_for(game)
        if earlier is not None and earlier[1] and reading.patches:   # (a reader with no patches tells nothing)
            ids = [space.space for space in reading.observation.spaces]   # the patches' order
            moved = {ids[index] for index in changed_between(earlier[1], reading.patches, READER_SETTINGS)}
            seen = replace(seen, unchanged=frozenset(ids) - moved - set(reading.hidden))
        earlier_seen = earlier[0] if earlier is not None else None
        if first and self.restart_on_loop and fits_setup(seen) and _board(game.position) != _board(Position.setup()):
            if not isinstance(explain(game, seen, earlier_seen), Explained):
                return self._start(seen, reading.patches)
        explanation = explain(game, seen, earlier_seen)
        if explanation is None:
            return []
        if isinstance(explanation, Question):
            self._asked = (seen, game.position, reading.patches)
            return [question(explanation.message, explanation.spaces)]
        self._earlier, self._asked = (seen, _board(explanation.position), reading.patches), None
        return [dict(command) for command in explanation.commands]

    def _earlier_for(self, game) -> tuple[Seen, tuple] | None:
        """The last matched picture and its logs' patches, while the game still stands where that match left it."""
        if self._earlier is not None and self._earlier[1] == _board(game.position):
            return self._earlier[0], self._earlier[2]
        return None

    def _take_answer(self, game) -> None:
        """The game moved since the last question (the players played their answer): the question's picture
        is the game's, if it shows the logs the answer changed as the answer left them."""
        if self._asked is None or _board(self._asked[1]) == _board(game.position):
            return
        seen, before, patches = self._asked
        self._asked = None
        if shows(before, game.position, seen):
            self._earlier = (seen, _board(game.position), patches)

    def _start(self, seen: Seen, patches: tuple = ()) -> list[dict]:
        """A game from the rulebook's setup when the picture shows one; otherwise none (a question needs a
        game to ask in): the status says why."""
        if not fits_setup(seen):
            self._note = ("; no game: the logs are not the rulebook's setup (three eggs on each, no ants): set them "
                          "up so, or start from the position with serve --board FILE")
            return []
        self._note = ""
        self._earlier, self._asked = (seen, _board(Position.setup()), patches), None
        return [{"type": "start", "board": ""}]


def seen_from_tokens(tokens, unsure) -> Seen:
    """The tracker's committed tokens ("3", "0R") as a Seen."""
    eggs, ants = {}, {}
    for space, token in tokens.items():
        if token[-1:].isalpha():
            ants[space] = COLOUR_BY_INITIAL[token[-1]]
            token = token[:-1]
        eggs[space] = int(token)
    return Seen(eggs, ants, frozenset(unsure))


def question(message: str, spaces=()) -> dict:
    return {"type": "question", "message": message, "cells": tuple(spaces)}


def _board(position: Position) -> tuple:
    return tuple(sorted(position.eggs.items())), tuple(sorted(position.ants.items()))



def annotate(image, reading: LiveReading, highlight):
    """Each space's circle with the count read (and its ant's initial); hidden spaces crossed, the
    spaces a question names in red."""
    picture = image.copy()
    if not reading.located:
        return picture
    tokens, marked = reading.tokens(), set(highlight or ())
    radius = max(int(round(reading.radius_px)), 4)
    for space, (x, y) in reading.spots.items():
        centre = (int(round(x)), int(round(y)))
        colour = HIGHLIGHT_BGR if space in marked else (0, 200, 255) if space in reading.hidden else (80, 220, 80)
        cv2.circle(picture, centre, radius, colour, 2, cv2.LINE_AA)
        label = "?" if space in reading.hidden else tokens.get(space, "")
        cv2.putText(picture, label, (centre[0] - radius, centre[1] - radius), cv2.FONT_HERSHEY_SIMPLEX, 0.5,
                    (0, 0, 0), 3, cv2.LINE_AA)
        cv2.putText(picture, label, (centre[0] - radius, centre[1] - radius), cv2.FONT_HERSHEY_SIMPLEX, 0.5,
                    colour, 1, cv2.LINE_AA)
    return picture
