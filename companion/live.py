"""The running pipeline, for any game: frames -> reader -> the game's camera part -> session, and the picture.

The loop here is shared: sources, passes, pacing (live_frames), the picture shown while a reader
reads behind it, and the camera status. What one reading means is the game's camera part
(companion.games.plugin.Camera): its tracker, the commands a committed table makes, and how a
reading is drawn. The reader is injected (any callable with `read_frame`'s signature), so the same
loop runs the real camera reader in `companion serve` and a small stand-in in fast tests.
Without a reader the camera picture is still shown, but nothing on it is refereed.
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable, Iterable

import numpy as np

from companion.live_frames import DEFAULT_LIMIT, OWN_READING_WAIT, Backlog, Pacer
from companion.live_picture import banner
from companion.session import Session

Reader = Callable[[np.ndarray, float, Any], Any]
FramePublisher = Callable[[np.ndarray], object]
StatusPublisher = Callable[[dict], None]


class Pipeline:
    """A thread turning a frame source into committed game events and an annotated picture.

    `camera` is the game's camera part (a class, made here once). `open_source(on_status)`
    returns an iterable of frames (a vision.frames.FrameSource); it is called again for each pass
    when `loop` is on. `restart_on_loop` and `auto_confirm` are handed to the camera part: the
    bundled clip replays the same game with nobody at the table to say "new game" or tap Confirm.

    With `pace` on, a recording plays at its own speed and every frame is shown as it comes,
    drawn with the latest reading, while a second thread reads the frames behind it (up to
    `backlog` of them): a picture waits `reading_wait` at most for its own reading, and only
    when the reader was idle, so a slow reading never holds the picture up. Without `pace` each frame
    is read, then drawn, in turn (tests, and a clip refereed as fast as it can be).
    """

    def __init__(self, camera: Callable[..., Any], session: Session, open_source: Callable[..., Iterable] | None,
                 reader: Reader | None, *, publish_frame: FramePublisher | None = None,
                 publish_status: StatusPublisher | None = None, loop: bool = False, pace: bool = True,
                 auto_confirm: bool = False, restart_on_loop: bool = False, tracker_settings: Any = None,
                 status_every: float = 1.0, tracking_every: float = 0.2, see_cannon: Callable[[np.ndarray, float], object] | None = None,
                 backlog: int = DEFAULT_LIMIT, reading_wait: float = OWN_READING_WAIT,
                 clock: Callable[[], float] = time.monotonic):
        self.session = session
        self.camera = camera(session.record, auto_confirm=auto_confirm, restart_on_loop=restart_on_loop,
                             tracker_settings=tracker_settings)
        self.open_source = open_source
        self.reader = reader
        self.publish_frame = publish_frame or (lambda image: None)
        self.publish_status = publish_status or (lambda status: None)
        self.loop, self.pace = loop, pace
        # The status goes out when its state or message changes, and every `status_every` s (frames, fps); a
        # changed tracking line (a hand gone, the table committed) goes out once `tracking_every` s have passed
        # since the last status, so the caption follows the picture without a message per flickering frame.
        self.status_every, self.tracking_every = status_every, tracking_every
        self.backlog, self.reading_wait = backlog, reading_wait
        self.clock = clock
        # Given every frame to find the cannon's base marker (the game's hardware part's spotter).
        self.see_cannon = see_cannon
        # Given every frame as it comes, before any drawing (the Pieces screen's teaching wizard).
        self.see_frame: Callable[[np.ndarray], None] | None = None
        # Set by serve when a seat is the computer's (companion.bots.ComputerSeats.vet): the camera's
        # commands pass through it, so a placement that is not the bot's move is never accepted.
        self.vet: Callable[[list[dict]], list[dict]] | None = None
        self.frames_seen = 0
        self.commits = 0
        self.passes = 0
        self.skipped = 0   # frames a reader too far behind never read
        self._previous = None
        self._explained_at: int | None = None   # the log's last event when the camera last explained a table
        self._drawn = None   # the latest reading, drawn on each picture until the next one
        self._highlight: tuple = ()
        self._stop = threading.Event()
        self._pacer = Pacer(clock, self._stop.wait)
        self._thread: threading.Thread | None = None
        self._source = None
        self._fps_window: list[float] = []
        self._last_status_at = float("-inf")
        self._published_tracking = ""
        self._status_lock = threading.Lock()   # the frame thread and the reader thread both report
        self._status = {"state": "starting", "message": "starting the camera pipeline", "source": None,
                        "reader": reader is not None, "frames": 0, "fps": 0.0, "tracking": ""}

    # --- running ----------------------------------------------------------------------

    def start(self) -> "Pipeline":
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
            self._set_status("none", f"no camera or clip: {self.camera.without_camera}", force=True)
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
        self.camera.new_pass()
        self._previous = None

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
        if self.see_frame is not None:
            self.see_frame(image)
        if self.reader is None:
            picture = banner(image, self.camera.no_reader)
        elif self._drawn is None:
            picture = banner(image, self.camera.first_reading)
        else:
            picture = self.draw(image, self._drawn)
        self.publish_frame(picture)

    def use_reader(self, reader: Reader) -> None:
        """Read with `reader` from the next frame on (the players' pieces just taught): the table is read
        afresh, not from the old reader's last reading."""
        self.reader, self._previous = reader, None

    def referee(self, image: np.ndarray, timestamp: float):
        """Read, track and referee one frame; the tracker's outcome, or None."""
        self.frames_seen += 1
        if self.see_cannon is not None:
            try:
                self.see_cannon(image, timestamp)
            except Exception:   # locating the cannon must never stop the refereeing
                pass
        if self.reader is None:
            self._set_status("no reader", self.camera.no_reader_status)
            return None
        observation = self.reader(image, timestamp, self._previous)
        self._previous = self._drawn = observation
        return self.track(observation)

    def draw(self, image: np.ndarray, observation) -> np.ndarray:
        """The game's drawing of the reading, and the reader's first problem across it."""
        picture = self.camera.annotate(image, observation, self._highlight)
        problems = getattr(observation, "problems", ())
        return banner(picture, problems[0]) if problems else picture

    def track(self, observation):
        outcome = self.camera.track(observation)
        # What the players did since the last still table applies to that table, before any new one.
        if self._explained_at is not None and self.session.seq != self._explained_at:
            self._revisit()
        if self.camera.committed(outcome):
            self.commits += 1
            snapshot = self.session.snapshot()
            commands = self.camera.commands(snapshot, outcome, observation)
            self._run(self.vet(commands) if self.vet is not None else commands)
            # From before the camera's own events: a tablet's answer may land while they are written.
            self._explained_at = snapshot.seq
        where = getattr(self._source, "description", None) or "the camera"
        message, tracking = self.camera.status(observation, outcome, where)
        self._set_status("running", message, tracking=tracking)
        return outcome

    def _revisit(self) -> None:
        """The players changed the game since the camera last explained the still table (a roll entered
        on a tablet, say): a camera part with `revisit` may explain that same table again."""
        revisit = getattr(self.camera, "revisit", None)
        if revisit is None:   # no copy of the game to take, nor events to read
            self._explained_at = self.session.seq
            return
        snapshot = self.session.snapshot()
        since, self._explained_at = self._explained_at, snapshot.seq
        commands = revisit(snapshot, [e.body for e in self.session.log.events(after=since) if e.seq <= snapshot.seq])
        self._run(self.vet(commands) if self.vet is not None else commands)

    def _run(self, commands: list[dict]) -> None:
        """The camera's commands, in order, until the rules refuse one; its cells are then shown."""
        for command in commands:
            if command["type"] == "note":   # what the game's camera part keeps beside the rules (a physical table's counts)
                self.session.note(command["body"])
                continue
            if command["type"] == "question":
                if self.session.ask(command["message"], command.get("cells", ())) is not None:
                    self._highlight = tuple(command.get("cells", ()))
                continue
            acted = self.session.act({"source": "camera", **command})
            self._highlight = () if acted.verdict.legal else tuple(c for r in acted.verdict.reasons for c in r.cells)
            if not acted.verdict.legal:
                return

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
            since = now - self._last_status_at
            tracking_moved = self._status["tracking"] != self._published_tracking and since >= self.tracking_every
            if not (force or changed or tracking_moved or since >= self.status_every):
                return
            self._last_status_at, self._published_tracking = now, self._status["tracking"]
            status = dict(self._status)
        self.publish_status(status)


class NoCamera:
    """The camera part of a game that has none: its picture is shown, nothing on it is refereed."""

    without_camera = "play on the game's own screens"
    no_reader = "This game has no camera part: showing the camera, not refereeing"
    no_reader_status = "showing the camera; this game has no camera part"
    first_reading = no_reader

    def __init__(self, record, **options):
        pass

    def new_pass(self) -> None:
        pass
