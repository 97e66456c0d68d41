"""The running pipeline: frames -> reader -> tracker -> move inference -> session, and the annotated view.

The board reader is injected (any callable with `read_frame`'s signature), so the same loop
runs the real camera reader in `companion serve` and a small stand-in in fast tests. Without a
reader the camera picture is still shown, but nothing on it is refereed.
"""

from __future__ import annotations

import threading
import time
from typing import Callable, Iterable

import numpy as np

from companion.games.cannonball_colony.game import Game, Phase
from companion.games.cannonball_colony.inference import Explained, Question, TakenBack, explain
from companion.games.cannonball_colony.moves import Pass, Roads
from companion.games.cannonball_colony.position import Position
from companion.games.cannonball_colony.text import BoardTextError, print_board
from companion.live_frames import DEFAULT_LIMIT, OWN_READING_WAIT, Backlog, Pacer
from companion.live_picture import annotate, banner
from companion.games.cannonball_colony.observation import BoardObservation, position_from_tokens
from companion.session import GameSession
from companion.tracking import Committed, Gated, Observation, Tracker, TrackerSettings, Unsettled

Reader = Callable[[np.ndarray, float, "BoardObservation | None"], BoardObservation]
FramePublisher = Callable[[np.ndarray], object]
StatusPublisher = Callable[[dict], None]


class LivePipeline:
    """A thread turning a frame source into committed game events and an annotated picture.

    `open_source(on_status)` returns an iterable of frames (a vision.frames.FrameSource); it is
    called again for each pass when `loop` is on. `restart_on_loop` makes the first still table
    of each pass start a new game when it does not follow from the current one (or the game is
    over): the bundled clip replays the same game, and nobody is at the table to say "new game".
    `auto_confirm` confirms a finished turn when the next player's move shows up, for the same
    reason; at a real table the players tap Confirm.

    With `pace` on, a recording plays at its own speed and every frame is shown as it comes,
    drawn with the latest reading, while a second thread reads the frames behind it (up to
    `backlog` of them): a picture waits `reading_wait` at most for its own reading, and only
    when the reader was idle, so a slow reading never holds the picture up. Without `pace` each frame
    is read, then drawn, in turn (tests, and a clip refereed as fast as it can be).
    """

    # What the players can still do with no camera, for the status line and serve's placeholder picture.
    WITHOUT_CAMERA = "play moves by hand on the Turn screen"
    # Across the picture while there is nothing to draw on it.
    NO_READER = "No board reader installed: showing the camera, not refereeing"
    NO_READER_STATUS = "showing the camera; the board reader for this game is not installed yet"
    FIRST_READING = "Looking for the board..."

    def __init__(self, session: GameSession, open_source: Callable[..., Iterable] | None, reader: Reader | None, *,
                 publish_frame: FramePublisher | None = None, publish_status: StatusPublisher | None = None,
                 loop: bool = False, pace: bool = True, auto_confirm: bool = False, restart_on_loop: bool = False,
                 tracker_settings: TrackerSettings | None = None, status_every: float = 1.0,
                 see_cannon: Callable[[np.ndarray, float], object] | None = None,
                 backlog: int = DEFAULT_LIMIT, reading_wait: float = OWN_READING_WAIT,
                 clock: Callable[[], float] = time.monotonic):
        self.session = session
        self.open_source = open_source
        self.reader = reader
        self.publish_frame = publish_frame or (lambda image: None)
        self.publish_status = publish_status or (lambda status: None)
        self.loop, self.pace = loop, pace
        self.auto_confirm, self.restart_on_loop = auto_confirm, restart_on_loop
        self.tracker_settings = tracker_settings or TrackerSettings()
        self.status_every = status_every
        self.backlog, self.reading_wait = backlog, reading_wait
        self.clock = clock
        # Given every frame to find the cannon's base marker (companion.games.cannonball_colony.hardware.sight.CannonSpotter).
        self.see_cannon = see_cannon
        self.tracker = Tracker(self.tracker_settings)
        self.frames_seen = 0
        self.commits = 0
        self.passes = 0
        self.skipped = 0   # frames a reader too far behind never read
        self._previous: BoardObservation | None = None
        self._drawn = None   # the latest reading, drawn on each picture until the next one
        self._first_commit_of_pass = True
        # A game the camera started does not know whose turn it is: the first move shows it.
        self._turn_guessed = False
        self._highlight: tuple = ()
        self._stop = threading.Event()
        self._pacer = Pacer(clock, self._stop.wait)
        self._thread: threading.Thread | None = None
        self._source = None
        self._fps_window: list[float] = []
        self._last_status_at = float("-inf")
        self._status_lock = threading.Lock()   # the frame thread and the reader thread both report
        self._status = {"state": "starting", "message": "starting the camera pipeline", "source": None,
                        "reader": reader is not None, "frames": 0, "fps": 0.0, "tracking": ""}

    # --- running ----------------------------------------------------------------------

    def start(self) -> "LivePipeline":
        self._thread = threading.Thread(target=self.run, name="live-pipeline", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        if self._source is not None and hasattr(self._source, "close"):
            self._source.close()
        if self._thread is not None:
            self._thread.join(timeout)

    def status(self) -> dict:
        with self._status_lock:
            return dict(self._status)

    def run(self) -> None:
        if self.open_source is None:
            self._set_status("none", f"no camera or clip: {self.WITHOUT_CAMERA}", force=True)
            return
        while not self._stop.is_set():
            try:
                source = self._source = self.open_source(self._on_source_status)
                self._begin_pass()
                self._play(source)
            except Exception as error:   # a broken source or reader must not kill the dashboard
                self._set_status("lost", f"camera pipeline stopped: {type(error).__name__}: {error}", force=True)
                if not self.loop:
                    return
                self._stop.wait(2.0)
                continue
            self.passes += 1
            if self.status()["state"] == "gave up":
                return   # the camera's own last word says more than "ended"
            if not self.loop:
                self._set_status("ended", f"the clip ended after {self.frames_seen} frames", force=True)
                return

    def _play(self, frames: Iterable) -> None:
        if not self.pace:
            for frame in frames:
                if self._stop.is_set():
                    return
                self.process(frame.image, frame.timestamp)
            return
        backlog, failed = Backlog(self.backlog), []
        reader = threading.Thread(target=self._read_behind, args=(backlog, failed), name="live-reader", daemon=True)
        reader.start()
        try:
            live = getattr(frames, "description", "").startswith("camera")
            for frame in self._pacer.frames(frames, live):
                if failed or self._stop.is_set():
                    break
                idle = backlog.pending == 0
                backlog.put(frame)
                if idle:
                    backlog.wait_done(self.reading_wait)
                self.show(frame.image)
        finally:
            backlog.close(drain=not self._stop.is_set())
            reader.join()
            self.skipped += backlog.dropped
        if failed:
            raise failed[0]

    def _read_behind(self, backlog: Backlog, failed: list) -> None:
        while (frame := backlog.take()) is not None:
            try:
                self.referee(frame.image, frame.timestamp)
            except Exception as error:   # handed to the frame thread, which reports it as run() does
                failed.append(error)
                return
            backlog.done()

    def _begin_pass(self) -> None:
        self.tracker = Tracker(self.tracker_settings)
        self._previous = None
        self._first_commit_of_pass = True

    def _on_source_status(self, status) -> None:
        state = getattr(status.state, "value", str(status.state))
        if state == "ended" and self.loop:
            return   # the recording starts again at once: it has not ended
        self._set_status(state, status.message, force=True)

    # --- one frame --------------------------------------------------------------------

    def process(self, image: np.ndarray, timestamp: float):
        """Read, draw, track and referee one frame; returns the tracker's outcome (or None)."""
        outcome = self.referee(image, timestamp)
        self.show(image)
        return outcome

    def show(self, image: np.ndarray) -> None:
        """Publish the frame, drawn with the latest reading."""
        self._count_fps()
        if self.reader is None:
            picture = banner(image, self.NO_READER)
        elif self._drawn is None:
            picture = banner(image, self.FIRST_READING)
        else:
            picture = self.draw(image, self._drawn)
        self.publish_frame(picture)

    def referee(self, image: np.ndarray, timestamp: float):
        """Read, track and referee one frame; the tracker's outcome, or None."""
        self.frames_seen += 1
        if self.see_cannon is not None:
            try:
                self.see_cannon(image, timestamp)
            except Exception:   # locating the cannon must never stop the refereeing
                pass
        if self.reader is None:
            self._set_status("no reader", self.NO_READER_STATUS)
            return None
        observation = self.reader(image, timestamp, self._previous)
        self._previous = self._drawn = observation
        return self.track(observation)

    def draw(self, image: np.ndarray, observation: BoardObservation) -> np.ndarray:
        return annotate(image, observation, self._highlight)

    def track(self, observation: BoardObservation):
        if not observation.located:
            why = "; ".join(observation.problems) or "no board markers found"
            self._set_status("running", f"board not found: {why}", tracking="looking for the board")
            return None
        outcome = self.tracker.update(Observation(observation.timestamp, observation.tokens(),
                                                  dict(observation.confidence), frozenset(observation.hidden),
                                                  observation.motion))
        tracking = describe_outcome(outcome)
        if isinstance(outcome, Committed):
            self.commits += 1
            self._commit(outcome, observation)
        where = getattr(self._source, "description", None) or "the camera"
        self._set_status("running", f"reading the board from {where}", tracking=tracking)
        return outcome

    def _commit(self, committed: Committed, observation: BoardObservation) -> None:
        game = self.session.snapshot()
        first, self._first_commit_of_pass = self._first_commit_of_pass, False
        # A new game is what the camera sees and nothing else: the reader's supply and earned
        # pieces for the island as it stands, never an old game's.
        afresh = position_from_tokens(observation.position, committed.tokens)
        if game is None:
            self._start_game(afresh)
            return
        elsewhere = not same_island(game.position, afresh)   # e.g. a tablet started the sample island
        seen = None if elsewhere else position_from_tokens(game.position, committed.tokens)
        explanation = None if elsewhere else explain(game, seen)
        if first and self.restart_on_loop and (elsewhere or self._starts_over(game, explanation)):
            self._start_game(afresh)
            return
        if elsewhere:
            self._ask(f"The camera sees another island ({island_text(afresh)}), not the game's "
                      f"({island_text(game.position)}): put the game's island under the camera, or start a new game.", ())
            return
        if isinstance(explanation, Question) and self._turn_guessed:
            mover = self._first_mover(game, seen)
            if mover is not None:
                game, explanation = mover
        if isinstance(explanation, Question) and self.auto_confirm and game.turn is not None and game.turn.done:
            ahead = self._turns_ahead(seen)
            if ahead is not None:
                game, explanation = ahead
        if explanation is None:
            return
        if isinstance(explanation, Explained):
            self._turn_guessed = False
            pending = game.turn.build if game.turn is not None else None
            for move in explanation.moves:
                verdict, event = self.session.propose(move_text(move, pending), source="camera")
                self._highlight = () if verdict.legal else tuple(c for r in verdict.reasons for c in r.cells)
                if not verdict.legal:
                    break
        elif isinstance(explanation, TakenBack):
            self.session.undo(source="camera")
        elif isinstance(explanation, Question):
            self._ask(explanation.message, explanation.cells)

    def _starts_over(self, game: Game, explanation) -> bool:
        """At a pass's first still table: a game that is over, or a table that is not this
        game's next move (any change on a later pass: the clip is back at its start)."""
        if game.phase is Phase.OVER:
            return True
        return explanation is not None and (self.passes > 0 or not isinstance(explanation, Explained))

    def _turns_ahead(self, seen):
        """With nobody to tap Confirm: when the change is the next player's move, confirm the
        finished turn (and pass for anyone in between who cannot build, as they must); the
        session's game and the move's explanation then, or None when no next turn explains it."""
        ahead = self.session.snapshot()
        ahead.confirm()
        passes = 0
        for _ in ahead.position.players:
            explanation = explain(ahead, seen)
            if isinstance(explanation, Explained):
                break
            if ahead.phase is Phase.OVER or not ahead.play(Pass()).legal:
                return None   # this player could have built: the change is not theirs to skip
            ahead.confirm()
            passes += 1
        else:
            return None
        self.session.confirm(source="camera")
        for _ in range(passes):
            self.session.propose("pass", source="camera")
            self.session.confirm(source="camera")
        return self.session.snapshot(), explanation

    def _first_mover(self, game, seen):
        """(game, explanation) with the turn given to the one other player whose move explains
        the change, restarting the camera's game at that turn; None when not exactly one does."""
        if game.history or (game.turn is not None and (game.turn.build or game.turn.shot)):
            return None
        found = []
        for player in game.position.players:
            if player == game.player:
                continue
            trial = Game.from_position(game.position.replace(turn=player))
            explanation = explain(trial, seen)
            if isinstance(explanation, Explained):
                found.append((player, explanation))
        if len(found) != 1:
            return None
        player, explanation = found[0]
        # The same game, its turn put right: a correction, not a second "new game".
        self.session.correct(print_board(game.position), f"{player.title} made the first move, so the game "
                             f"starts on {player.title}'s turn.", source="camera", turn=player)
        return self.session.snapshot(), explanation

    def _start_game(self, seen) -> None:
        try:
            self.session.start(print_board(seen), source="camera")
            self._turn_guessed = True
            self._highlight = ()
        except BoardTextError as error:
            self._ask(f"The camera sees an island the rules cannot hold ({error}). Please check the table.", ())

    def _ask(self, message: str, cells) -> None:
        open_question = self.session.question
        if open_question is not None and open_question["message"] == message:
            return   # the same doubt, seen again on the next still frame: ask once
        self._highlight = tuple(cells)
        self.session.note({"type": "question", "message": message, "cells": [str(c) for c in cells],
                           "source": "camera"})

    # --- status -----------------------------------------------------------------------

    def _count_fps(self) -> None:
        now = self.clock()
        self._fps_window = [t for t in self._fps_window if now - t < 2.0] + [now]

    def _set_status(self, state: str, message: str, *, tracking: str | None = None, force: bool = False) -> None:
        window = list(self._fps_window)
        fps = (len(window) - 1) / max(1e-6, window[-1] - window[0]) if len(window) > 1 else 0.0
        with self._status_lock:
            changed = state != self._status["state"] or message != self._status["message"]
            self._status.update(state=state, message=message, frames=self.frames_seen, fps=round(fps, 1),
                                source=getattr(self._source, "description", None), reader=self.reader is not None)
            if tracking is not None:
                self._status["tracking"] = tracking
            now = self.clock()
            if not (force or changed or now - self._last_status_at >= self.status_every):
                return
            self._last_status_at = now
            status = dict(self._status)
        self.publish_status(status)


def same_island(game: Position, seen: Position) -> bool:
    return (game.players, game.boards, game.width, game.height) == (seen.players, seen.boards, seen.width, seen.height)


def island_text(position: Position) -> str:
    players = " and ".join(country.title for country in position.players)
    return f"{players} on boards {' '.join(map(str, position.boards))}"


def move_text(move, pending) -> str:
    """A second grass road is proposed on its own: the session joins it to the first (extend)."""
    if isinstance(move, Roads) and isinstance(pending, Roads) and len(pending.cells) == 1 \
            and len(move.cells) == 2 and move.cells[0] == pending.cells[0]:
        return f"road {move.cells[1]}"
    return str(move)


def describe_outcome(outcome) -> str:
    if isinstance(outcome, Gated):
        return f"waiting: {outcome.reason}"
    if isinstance(outcome, Committed):
        return "table still: state committed"
    if isinstance(outcome, Unsettled):
        return f"settling: {len(outcome.keys)} cells still flicker"
    return "watching"
