"""The venue's picture of every table, built only from the messages on its topics (docs/formats.md,
"Venue topics"). Retained `status` and `state` rebuild it after a restart; `events` are taken once
each, in seq order. A bad or hostile message (malformed JSON, an unknown game, a gap, a repeat, a
huge payload, an unknown topic) is counted by reason and dropped with a log line: it never
raises, never reaches the page, and is never echoed whole.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Callable

from companion.games import excerpt
from companion.publish.address import NAME, TOPICS
from companion.venue import summary

log = logging.getLogger("companion.venue")


@dataclass(frozen=True)
class VenueSettings:
    max_payload: int = 256 * 1024   # bytes; a shared screen is a few KB, a big table's some tens
    events_kept: int = 200          # per table, for its mirror
    max_tables: int = 400           # names beyond this are dropped (a flood of made-up tables)
    text_limit: int = 200           # characters of a verdict or name shown


class Dropped(Exception):
    def __init__(self, reason: str, detail: str):
        super().__init__(detail)
        self.reason = reason


@dataclass
class Table:
    name: str
    game: str | None = None
    title: str | None = None
    status: str = "unknown"
    since: str | None = None
    last_heard: float | None = None      # the venue's clock
    view: dict | None = None
    state_seq: int = -1
    seq: int = 0                          # events are taken from seq + 1 on
    last_event: dict | None = None
    events: deque = field(default_factory=deque)
    events_taken: int = 0


def now_text() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


class VenueBoard:
    def __init__(self, venue: str, games: dict[str, str], settings: VenueSettings = VenueSettings(),
                 clock: Callable[[], float] = time.time):
        self.venue, self.games, self.settings, self.clock = venue, dict(games), settings, clock
        self.tables: dict[str, Table] = {}
        self.dropped: Counter = Counter()
        self.listeners: list[Callable[[dict], None]] = []   # told of each change, with the table's line
        self._lock = threading.RLock()

    # --- in -------------------------------------------------------------------------------

    def receive(self, topic: str, payload: bytes) -> bool:
        """One message from the broker; True when it changed the board."""
        try:
            with self._lock:
                name, kind = self._route(topic)
                data = self._decode(payload)
                table = self._table(name)
                getattr(self, f"_{kind}")(table, data)
                line = self.line(table)
        except Dropped as drop:
            with self._lock:
                self.dropped[drop.reason] += 1
            log.warning("venue %s: dropped a message on %s (%s): %s", self.venue, excerpt(topic, 80), drop.reason, drop)
            return False
        for listener in list(self.listeners):
            listener(line)
        return True

    def _route(self, topic: str) -> tuple[str, str]:
        parts = topic.split("/")
        if len(parts) != 4 or parts[0] != self.venue or parts[1] != "tables" or parts[3] not in TOPICS:
            raise Dropped("unknown topic", f"not {self.venue}/tables/NAME/({'|'.join(TOPICS)})")
        if not NAME.fullmatch(parts[2]):
            raise Dropped("unknown topic", "the table name is not a name")
        return parts[2], parts[3]

    def _decode(self, payload: bytes) -> dict:
        if len(payload) > self.settings.max_payload:
            raise Dropped("huge payload", f"{len(payload)} bytes, more than {self.settings.max_payload}")
        try:
            data = json.loads(payload)
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            where = f"line {error.lineno} column {error.colno}" if isinstance(error, json.JSONDecodeError) else "bytes"
            raise Dropped("malformed JSON", f"{getattr(error, 'msg', 'not UTF-8')} at {where}") from None
        if not isinstance(data, dict):
            raise Dropped("malformed JSON", f"a JSON {type(data).__name__}, not an object")
        return data

    def _table(self, name: str) -> Table:
        table = self.tables.get(name)
        if table is None:
            if len(self.tables) >= self.settings.max_tables:
                raise Dropped("too many tables", f"the venue follows {self.settings.max_tables} tables at most")
            table = self.tables[name] = Table(name)
        return table

    def _game(self, table: Table, data: dict) -> str:
        game = data.get("game")
        if game not in self.games:
            raise Dropped("unknown game", f"game {excerpt(game, 40)} is none of {', '.join(self.games)}")
        if table.game is not None and game != table.game and table.status == "online":
            raise Dropped("unknown game", f"the table plays {table.game}, not {excerpt(game, 40)}")
        return game

    def _status(self, table: Table, data: dict) -> None:
        status = data.get("status")
        if status not in ("online", "offline"):
            raise Dropped("bad field", f"status {excerpt(status, 20)} is neither 'online' nor 'offline'")
        game = self._game(table, data)
        table.last_heard = self.clock()
        if status == table.status and "at" in data:
            return   # a heartbeat: heard, nothing else changed
        table.game, table.title = game, self._text(data.get("title")) or self.games[game]
        table.status = status
        since = data.get("since")
        table.since = since if isinstance(since, str) and len(since) <= 40 else now_text()

    def _state(self, table: Table, data: dict) -> None:
        game = self._game(table, data)
        seq, view = data.get("seq"), data.get("view")
        if not _count(seq) or not isinstance(view, dict):
            raise Dropped("bad field", "a state needs a whole number 'seq' and an object 'view'")
        if seq < table.state_seq:
            raise Dropped("replay", f"state {seq} is older than state {table.state_seq}")
        table.game, table.title = game, self._text(data.get("title")) or self.games[game]
        table.view, table.state_seq = view, seq
        last = data.get("last_event")
        if isinstance(last, dict) and _count(last.get("seq")) and last["seq"] >= (table.last_event or {}).get("seq", 0):
            table.last_event = last
        table.seq = max(table.seq, seq)   # a floor: an event lost on the way is healed by the next state

    def _events(self, table: Table, data: dict) -> None:
        game = self._game(table, data)
        seq = data.get("seq")
        if not _count(seq) or seq < 1 or not isinstance(data.get("type"), str):
            raise Dropped("bad field", "an event needs a whole number 'seq' from 1 and a text 'type'")
        if seq <= table.seq:
            raise Dropped("replay", f"event {seq} of table {table.name} was taken already (up to {table.seq})")
        if seq > table.seq + 1:
            raise Dropped("gap", f"event {seq} of table {table.name} follows {table.seq}: "
                                 f"{seq - table.seq - 1} missing (its next state heals it)")
        table.game = table.game or game
        table.seq, table.last_event = seq, data
        table.events.append(data)
        table.events_taken += 1
        while len(table.events) > self.settings.events_kept:
            table.events.popleft()

    def _text(self, value) -> str | None:
        return excerpt(value, self.settings.text_limit, quote=False) if isinstance(value, str) else None

    # --- out ------------------------------------------------------------------------------

    def line(self, table: Table) -> dict:
        """The table's row on the board: game, players, scores, turn, verdict, online since when."""
        about = summary.line(table.view, table.last_event)
        verdict = about["verdict"]
        return {"table": table.name, "game": table.game, "title": table.title, "status": table.status,
                "since": table.since, "heard": table.last_heard, "seq": table.seq, "events": table.events_taken,
                **about, "verdict": self._text(verdict) if verdict else None}

    def lines(self) -> list[dict]:
        with self._lock:
            return [self.line(self.tables[name]) for name in sorted(self.tables)]

    def mirror(self, name: str) -> dict | None:
        """One table, read-only: its line, its shared screen and its latest events (newest first)."""
        with self._lock:
            table = self.tables.get(name)
            if table is None:
                return None
            recent = [{"seq": e["seq"], "type": self._text(e["type"]), "said": self._text(summary.verdict(e))}
                      for e in list(reversed(table.events))[:50]]
            return {**self.line(table), "view": table.view, "recent": recent}

    def counts(self) -> dict:
        with self._lock:
            return {"tables": len(self.tables), "events": sum(t.events_taken for t in self.tables.values()),
                    "dropped": dict(self.dropped)}

    def results(self, game: str) -> list[dict]:
        """One row per player of each finished game of `game`: table, player, points, winner."""
        rows = []
        with self._lock:
            for name in sorted(self.tables):
                line = self.line(self.tables[name])
                if line["game"] != game or line["winners"] is None:
                    continue
                for player in line["players"]:
                    rows.append({"table": name, "game": game, "player": player["name"], "points": player["points"],
                                 "winner": "yes" if player["key"] in line["winners"] else "no",
                                 "seq": line["seq"]})
        return rows


def _count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
