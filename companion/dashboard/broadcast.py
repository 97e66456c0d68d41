"""Server-Sent Events to every tablet: committed session events in order, live status, heartbeats.

An event's SSE id is its session sequence number, so a tablet that reconnects with
Last-Event-ID gets exactly the events it missed, replayed from the log.
"""

from __future__ import annotations

import json
import queue
import threading
import time
from typing import Callable, Iterator

from companion.games.excerpt import excerpt
from companion.session import Event, GameSession

# A tablet that falls this far behind (asleep, on a bad link) is dropped; its browser
# reconnects and catches up from the log, which costs less than an unbounded queue.
QUEUE_LIMIT = 500


def sse(data: dict, *, event: str | None = None, ident: int | None = None) -> str:
    lines = []
    if ident is not None:
        lines.append(f"id: {ident}")
    if event is not None:
        lines.append(f"event: {event}")
    lines.append("data: " + json.dumps(data, separators=(",", ":")))
    return "\n".join(lines) + "\n\n"


class _Client:
    def __init__(self):
        self.messages: queue.Queue = queue.Queue(QUEUE_LIMIT)
        self.dropped = False


class Broadcaster:
    """Listens to the session; every message is formatted once and shared by all clients."""

    def __init__(self, session: GameSession, view: Callable[[GameSession], dict], *,
                 heartbeat: float = 10.0, clock: Callable[[], float] = time.time):
        self.session = session
        self.view = view
        self.heartbeat = heartbeat
        self.clock = clock
        self.status: dict = {}
        self._clients: set[_Client] = set()
        self._lock = threading.Lock()
        self._closed = threading.Event()
        session.listeners.append(self._on_event)

    @property
    def client_count(self) -> int:
        with self._lock:
            return len(self._clients)

    # --- publishing -------------------------------------------------------------------

    def _on_event(self, event: Event) -> None:
        """Called by the session after the commit, under its lock, so messages keep seq order."""
        state = self.view(self.session)
        self._send(event.seq, sse({"event": event.to_json(), "state": state, "sent": self.clock()},
                                  event="game", ident=event.seq))

    def publish_status(self, part: str, status: dict) -> None:
        """Camera, hardware or tracker news; not logged, and sent without an id so resumption ignores it."""
        with self._lock:
            self.status = {**self.status, part: status}
            snapshot = dict(self.status)
        self._send(None, sse(snapshot, event="status"))

    def _send(self, seq: int | None, text: str) -> None:
        with self._lock:
            clients = list(self._clients)
        for client in clients:
            try:
                client.messages.put_nowait((seq, text))
            except queue.Full:
                client.dropped = True

    def close(self) -> None:
        """End every stream at its next wake-up (server shutdown)."""
        self._closed.set()
        self._send(None, "")

    # --- one tablet's stream ----------------------------------------------------------

    def stream(self, last_id: int | None) -> Iterator[str]:
        """Replay what the client missed after `last_id` (None: nothing), then the state, then live."""
        client = _Client()
        with self._lock:
            self._clients.add(client)   # before reading the log, so nothing falls in between
        try:
            yield f"retry: 2000\n: connected at event {self.session.last_seq()}\n\n"
            sent = last_id or 0
            if last_id is not None:
                for event in self.session.log.events(after=last_id):
                    yield sse({"event": event.to_json()}, event="game", ident=event.seq)
                    sent = event.seq
            yield sse(self.view(self.session), event="state")
            with self._lock:
                status = dict(self.status)
            if status:
                yield sse(status, event="status")
            while not self._closed.is_set() and not client.dropped:
                try:
                    seq, text = client.messages.get(timeout=self.heartbeat)
                except queue.Empty:
                    yield f": heartbeat {self.clock():.3f}\n\n"
                    continue
                if seq is not None and seq <= sent:
                    continue   # already replayed from the log
                if text:
                    yield text
                    sent = seq or sent
        finally:
            with self._lock:
                self._clients.discard(client)


# The largest sequence number the log can hold (SQLite's INTEGER is 64-bit).
MAX_SEQ = 2**63 - 1


def sequence_number(text: str, name: str) -> int:
    """A session sequence number in ASCII digits; past the log's end is fine (nothing comes after it)."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or int(text) > MAX_SEQ:
        raise ValueError(f"{name} must be a whole number (a session sequence number from 0 to {MAX_SEQ}), "
                         f"not {excerpt(text)}")
    return int(text)


def last_event_id(header: str | None, query: str | None) -> int | None:
    """The browser's Last-Event-ID header wins over the page's ?last_id= (first connection)."""
    for text in (header, query):
        if text is not None and text.strip() != "":
            return sequence_number(text, "Last-Event-ID")
    return None
