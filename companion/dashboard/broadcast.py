"""Server-Sent Events to every tablet: committed session events in order, live status, heartbeats.

An event's SSE id is its session sequence number, so a tablet that reconnects with
Last-Event-ID gets exactly the events it missed, replayed from the log. Each tablet sees the
game as its seat may (Session.view and event_view: a private hand stays in its owner's stream);
a message is formatted once per seat, not once per tablet.
"""

from __future__ import annotations

import json
import queue
import threading
import time
from typing import Callable, Iterator

from companion.games import excerpt
from companion.session import Event, Session

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
    def __init__(self, seat: str | None):
        self.seat = seat   # None: the shared screen, or a tablet paired without a seat
        self.messages: queue.Queue = queue.Queue(QUEUE_LIMIT)
        self.dropped = False


class Broadcaster:
    """Listens to the session; every message is formatted once per seat and shared by that seat's clients."""

    def __init__(self, session: Session, *, heartbeat: float = 10.0, clock: Callable[[], float] = time.time):
        self.session = session
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
        with self._lock:
            seats = {client.seat for client in self._clients}
        sent = self.clock()
        by_seat = {seat: sse({"event": self.session.event_view(event, seat), "state": self.session.view(seat),
                              "sent": sent}, event="game", ident=event.seq) for seat in seats}
        self._send(event.seq, by_seat)

    def publish_status(self, part: str, status: dict) -> None:
        """Camera, hardware or tracker news; not logged, and sent without an id so resumption ignores it."""
        with self._lock:
            self.status = {**self.status, part: status}
            snapshot = dict(self.status)
        self._send(None, sse(snapshot, event="status"))

    def _send(self, seq: int | None, text: str | dict[str | None, str]) -> None:
        """`text` for every client, or {seat: text} for each seat's clients (one seat never gets another's)."""
        with self._lock:
            clients = list(self._clients)
        for client in clients:
            message = text if isinstance(text, str) else text.get(client.seat)
            if message is None:
                continue   # joined after the event was formatted: it reads the event from the log
            try:
                client.messages.put_nowait((seq, message))
            except queue.Full:
                client.dropped = True

    def close(self) -> None:
        """End every stream at its next wake-up (server shutdown)."""
        self._closed.set()
        self._send(None, "")

    # --- one tablet's stream ----------------------------------------------------------

    def stream(self, last_id: int | None, seat: str | None = None) -> Iterator[str]:
        """Replay what the client missed after `last_id` (None: nothing), then the state, then live;
        all of it as `seat` may see it."""
        client = _Client(seat)
        with self._lock:
            self._clients.add(client)   # before reading the log, so nothing falls in between
        try:
            yield f"retry: 2000\n: connected at event {self.session.last_seq()}\n\n"
            sent = last_id or 0
            if last_id is not None:
                for event in self.session.log.events(after=last_id):
                    yield sse({"event": self.session.event_view(event, seat)}, event="game", ident=event.seq)
                    sent = event.seq
            yield sse(self.session.view(seat), event="state")
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
