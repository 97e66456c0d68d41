"""A game in progress, kept in an SQLite event log that survives a kill at any moment.

Every change is one JSON event with its sequence number, committed (WAL, synchronous=FULL)
before anyone is told of it. Restarting replays the log and arrives at the same game. Which
events a command makes, and what each does to the game, is the game's record part
(companion.games.plugin.Record); the session only keeps the order: decide, commit, apply, notify.
The camera's questions to the players, and their dismissals, are the same for every game.
"""

from __future__ import annotations

import copy
import json
import sqlite3
import threading
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from companion.games import Record, Verdict

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    seq  INTEGER PRIMARY KEY AUTOINCREMENT,
    body TEXT NOT NULL
)
"""


# The camera's doubt, logged for the players (any game), and the players setting it aside.
QUESTION, DISMISSAL = "question", "dismissal"


class SessionError(Exception):
    """A log that cannot be read back: names the file and the event."""


@dataclass(frozen=True)
class Event:
    seq: int
    body: dict

    @property
    def type(self) -> str:
        return self.body["type"]

    def to_json(self) -> dict:
        return {"seq": self.seq, **self.body}


class EventLog:
    """Append-only, durable, one writer at a time; readers see only committed events."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute(SCHEMA)
        self._lock = threading.Lock()

    def append(self, body: dict) -> Event:
        body = {**body, "at": datetime.now(timezone.utc).isoformat(timespec="milliseconds")}
        text = json.dumps(body, sort_keys=True)
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                seq = self._db.execute("INSERT INTO events (body) VALUES (?)", (text,)).lastrowid
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return Event(seq, body)

    def events(self, after: int = 0) -> list[Event]:
        with self._lock:
            rows = self._db.execute("SELECT seq, body FROM events WHERE seq > ? ORDER BY seq", (after,)).fetchall()
        out = []
        for seq, text in rows:
            try:
                out.append(Event(seq, json.loads(text)))
            except json.JSONDecodeError as error:
                raise SessionError(f"{self.path}: event {seq} is not JSON ({error.msg} at {error.pos})") from None
        return out

    def last_seq(self) -> int:
        with self._lock:
            return self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()[0]

    def close(self) -> None:
        self._db.close()


@dataclass(frozen=True)
class Snapshot:
    """The game read at one moment, the same shape for every game: a private copy, free to reason on."""

    game: str                 # the plug-in's slug
    state: Any                # the record's state after event `seq`; None before a game is started
    seq: int                  # the last event applied
    question: dict | None     # the camera's open question to the players: {"seq", "message", "cells"}


@dataclass(frozen=True)
class Acted:
    """What a command did: the rules' verdict and the events committed for it (none when refused)."""

    verdict: Verdict
    events: tuple[Event, ...]

    @property
    def event(self) -> Event | None:
        """The last event committed, the one a tablet is answered with."""
        return self.events[-1] if self.events else None

    def __iter__(self):
        """`verdict, event = session.act(...)`."""
        return iter((self.verdict, self.event))

    def __getitem__(self, index: int):
        return (self.verdict, self.event)[index]


class Session:
    """One game of any kind on top of an event log: every change is an event first."""

    def __init__(self, log: EventLog, record: Record):
        self.log = log
        self.record = record
        self.slug: str = record.game
        self.state: Any = None
        self.seq = 0
        self.question: dict | None = None   # the camera's open question to the players, if any
        self.listeners: list[Callable[[Event], None]] = []
        self._lock = threading.RLock()
        for event in log.events():
            self._apply(event)

    # --- writing ----------------------------------------------------------------------

    def act(self, command: dict) -> Acted:
        """A command from a tablet or the camera: the record judges it on the game as it stands
        (ValueError quoting bad input), then its events are committed and applied in order."""
        with self._lock:
            if self.state is None and command.get("type") != "start":
                raise SessionError(f"no {self.record.title} game has been started in this session")
            verdict, bodies = self.record.decide(self.state, command)
            return Acted(verdict, tuple(self._record(body) for body in bodies))

    def note(self, body: dict) -> Event:
        """Questions, camera status and other events that do not change the game."""
        with self._lock:
            return self._record(body)

    def ask(self, message: str, cells=(), source: str = "camera") -> Event | None:
        """Log the camera's doubt for the players; the same question still open is asked once."""
        with self._lock:
            if self.question is not None and self.question["message"] == message:
                return None
            return self._record({"type": QUESTION, "message": message, "cells": [str(c) for c in cells],
                                 "source": source})

    def dismiss(self, source: str = "tablet") -> Event:
        """The players set the open question aside; SessionError when none is open."""
        with self._lock:
            if self.question is None:
                raise SessionError("There is no open question to dismiss.")
            return self._record({"type": DISMISSAL, "question": self.question["seq"], "source": source})

    def _record(self, body: dict) -> Event:
        """Commit first, then change the game in memory, then tell the listeners."""
        event = self.log.append(body)
        self._apply(event)
        for listener in list(self.listeners):
            listener(event)
        return event

    # --- replaying ----------------------------------------------------------------------

    def _apply(self, event: Event) -> None:
        kind = event.body.get("type")
        if kind == QUESTION:
            body = event.body
            self.question = {"seq": event.seq, "message": body.get("message", ""), "cells": body.get("cells", [])}
        elif kind == DISMISSAL or kind in self.record.answers:
            self.question = None
        try:
            self.state = self.record.apply(self.state, event.body, event.seq)
        except ValueError as error:   # the record names the event, the session names the file
            raise SessionError(f"{self.log.path}: event {event.seq} {error}") from None
        self.seq = event.seq

    # --- reading ------------------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        """A private copy of the game, for reasoning (the camera, the LEDs) outside the lock."""
        with self._lock:
            return Snapshot(self.slug, copy.deepcopy(self.state), self.seq, self.question)

    def view(self, seat: str | None = None) -> dict:
        """What one seat's tablet may see (None: the shared screen), with the session's own news."""
        with self._lock:
            return {**self.record.view(self.state, seat), "seq": self.seq, "question": self.question}

    def event_view(self, event: Event, seat: str | None = None) -> dict:
        """One logged event as `seat` may see it (the record export, a tablet catching up)."""
        return {"seq": event.seq, **self.record.event_view(event.body, seat)}

    def last_seq(self) -> int:
        return self.log.last_seq()
