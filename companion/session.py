"""A game in progress, kept in an SQLite event log that survives a kill at any moment.

Every proposal, verdict, move, confirmation, correction and undo is one JSON event with its
sequence number, committed (WAL, synchronous=FULL) before anyone is told of it. Restarting
replays the log and arrives at the same game.
"""

from __future__ import annotations

import copy
import json
import sqlite3
import threading
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from companion.games.cannonball_colony.cells import Country
from companion.games.cannonball_colony.game import Game
from companion.games.cannonball_colony.moves import Roads, parse_move
from companion.games.cannonball_colony.text import parse_board, print_board
from companion.games.verdict import Verdict

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    seq  INTEGER PRIMARY KEY AUTOINCREMENT,
    body TEXT NOT NULL
)
"""


# Events after which the camera's open question no longer stands: the table was put right.
ANSWERS_A_QUESTION = ("game", "correction", "move", "undo", "dismissal")


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


def moves_played(events) -> list[str]:
    """Each proposed move as "player: move", a second grass road folded into the road it extends."""
    played = []
    for event in (e for e in events if e.type == "move"):
        if event.body.get("extend") and played:
            played[-1] += " " + event.body["move"].split()[-1]
        else:
            played.append(f"{event.body['player']}: {event.body['move']}")
    return played


class GameSession:
    """One Cannonball Colony game on top of an event log: every change is an event first."""

    GAME = "cannonball-colony"

    def __init__(self, log: EventLog):
        self.log = log
        self.game: Game | None = None
        self.listeners: list[Callable[[Event], None]] = []
        self.question: dict | None = None   # the camera's open question to the players, if any
        self._lock = threading.RLock()
        for event in log.events():
            self._apply(event)

    # --- writing ----------------------------------------------------------------------

    def _record(self, body: dict) -> Event:
        """Commit first, then change the game in memory, then tell the listeners."""
        event = self.log.append(body)
        self._apply(event)
        for listener in list(self.listeners):
            listener(event)
        return event

    def start(self, board_text: str, source: str = "tablet") -> Event:
        parse_board(board_text)  # refuse a bad board before it reaches the log
        with self._lock:
            return self._record({"type": "game", "game": self.GAME, "board": board_text, "source": source})

    def propose(self, move_text: str, source: str = "tablet") -> tuple[Verdict, Event]:
        """A move from the camera or a tablet: judged, logged with its verdict, applied if legal."""
        with self._lock:
            game = self._require_game()
            move = parse_move(move_text)
            extend = isinstance(move, Roads) and isinstance(game.turn and game.turn.build, Roads) and len(move.cells) == 1
            verdict = self._trial(move, extend)
            kind = "move" if verdict.legal else "proposal"
            event = self._record({"type": kind, "player": str(game.player), "move": move_text, "extend": extend,
                                  "source": source, "verdict": verdict.to_json()})
            return verdict, event

    def confirm(self, source: str = "tablet") -> tuple[Verdict, Event | None]:
        with self._lock:
            game = self._require_game()
            turn = game.turn
            verdict = self._dry(lambda g: g.confirm())
            if not verdict.legal:
                return verdict, None
            moves = [str(m) for m in (turn.shot, turn.build) if m is not None]
            return verdict, self._record({"type": "confirm", "player": str(game.player), "moves": moves,
                                          "source": source, "verdict": verdict.to_json()})

    def undo(self, source: str = "tablet") -> tuple[Verdict, Event | None]:
        with self._lock:
            game = self._require_game()
            verdict = self._dry(lambda g: g.undo())
            if not verdict.legal:
                return verdict, None
            return verdict, self._record({"type": "undo", "player": str(game.player), "source": source,
                                          "verdict": verdict.to_json()})

    def correct(self, board_text: str, note: str, source: str = "tablet", turn: Country | None = None) -> Event:
        """The players say what is really on the table; the game carries on from there, on the
        same player's turn unless `turn` names another."""
        position = parse_board(board_text)
        if turn is not None and turn not in position.players:
            raise ValueError(f"{turn} is not playing on this island ({', '.join(map(str, position.players))})")
        with self._lock:
            self._require_game()
            body = {"type": "correction", "board": board_text, "note": note, "source": source}
            return self._record(body if turn is None else {**body, "turn": str(turn)})

    def note(self, body: dict) -> Event:
        """Questions, camera status and other events that do not change the game."""
        with self._lock:
            return self._record(body)

    def snapshot(self) -> Game | None:
        """A private copy of the game, for reasoning (the camera's move inference) outside the lock."""
        with self._lock:
            return copy.deepcopy(self.game)

    # --- replaying ----------------------------------------------------------------------

    def _apply(self, event: Event) -> None:
        body = event.body
        kind = body.get("type")
        if kind == "question":
            self.question = {"seq": event.seq, "message": body.get("message", ""), "cells": body.get("cells", [])}
        elif kind in ANSWERS_A_QUESTION:
            self.question = None
        if kind == "game":
            self.game = Game.from_position(parse_board(body["board"]))
        elif kind == "correction":
            turn = Country(body["turn"]) if body.get("turn") else self.game.player
            self.game = Game.from_position(parse_board(body["board"]).replace(turn=turn))
        elif kind == "move":
            move = parse_move(body["move"])
            verdict = self.game.extend_roads(move) if body.get("extend") else self.game.play(move)
            self._expect_legal(event, verdict)
        elif kind == "confirm":
            self._expect_legal(event, self.game.confirm())
        elif kind == "undo":
            self._expect_legal(event, self.game.undo())

    def _expect_legal(self, event: Event, verdict: Verdict) -> None:
        if not verdict.legal:
            raise SessionError(f"{self.log.path}: event {event.seq} ({event.type} {event.body.get('move', '')}) "
                               f"does not replay: {verdict.message}")

    def _trial(self, move, extend: bool) -> Verdict:
        return self._dry(lambda g: g.extend_roads(move) if extend else g.play(move))

    def _dry(self, action) -> Verdict:
        """Judge on a copy, so the game in memory changes only when the event is logged."""
        return action(copy.deepcopy(self.game))

    def _require_game(self) -> Game:
        if self.game is None:
            raise SessionError("no game has been started in this session")
        return self.game

    # --- reading ------------------------------------------------------------------------

    def state(self) -> dict:
        with self._lock:
            if self.game is None:
                return {"game": None}
            game = self.game
            return {
                "game": self.GAME,
                "phase": game.phase.value,
                "player": str(game.player),
                "board": print_board(game.position),
                "turn": {"shot": str(game.turn.shot) if game.turn and game.turn.shot else None,
                         "build": str(game.turn.build) if game.turn and game.turn.build else None},
                "result": ({"winners": [str(w) for w in game.result.winners], "why": game.result.why}
                           if game.result else None),
                "history": [str(record) for record in game.history],
                "question": self.question,
                "last_seq": self.last_seq(),
            }

    def last_seq(self) -> int:
        return self.log.last_seq()
