"""Computer seats for any game with a bot part (companion.games.plugin.Bot): `serve --bot SEAT[:LEVEL]`.

Whenever a computer seat is to move, its bot chooses (on a thread of its own: a search may take a
while, and never inside the session's commit) and the choice is logged as a "bot" event (seat,
level, sentence, places, commands), so the record, the LEDs and the tablets all hear of it.
- With no camera refereeing the table, the bot's commands are acted at once (source "bot").
- With a camera, the human at the table carries the move out: the tablets show the sentence and
  the game's LED follower lights the places. The camera's commands then pass through `vet`: acted
  on a copy of the game, they must leave it as the bot's own first commands would (the same
  shared view); then they are accepted, and the bot's remaining commands (a Confirm) follow. Any
  other placement is never accepted: it becomes a question to the players naming the bot's move.
The seats and their levels can be changed while serving (the Players screen, /api/bots).
"""

from __future__ import annotations

import copy
import json
import random
import threading
from dataclasses import dataclass
from typing import Any, Callable

from companion.games import Bot, BotMove, Record, excerpt
from companion.session import Session

BOT_EVENT = "bot"   # the bot's decision, logged; records ignore event types they do not know


class BotSeatError(ValueError):
    """A --bot option or a seat choice that cannot be: names the seat or level and what is allowed."""


@dataclass(frozen=True)
class BotSettings:
    idle_poll_s: float = 2.0   # the worker looks at the game again this often even when nothing is heard
    # After playing, a pause before the computer's next move (two computer seats in a row): people
    # read the sentence, and the search does not starve the web threads of the interpreter.
    pause_after_move_s: float = 1.0


def parse_bot_specs(specs: list[str], bot: Bot, record: Record, state: Any = None) -> dict[str, str]:
    """{seat: level} from SEAT[:LEVEL] options; the level defaults to the bot's strongest (its last).
    `state`: the game already in play, whose seats a bot may know only from it (its players' names)."""
    seats: dict[str, str] = {}
    for spec in specs:
        seat, _, level = spec.strip().partition(":")
        seat, level = seat.strip().lower(), (level.strip().lower() or bot.levels[-1])
        check_seat(seat, level, bot, record, state)
        if seat in seats:
            raise BotSeatError(f"--bot {excerpt(spec)}: {seat} is given to the computer twice")
        seats[seat] = level
    return seats


def known_seats(bot: Bot, record: Record, state: Any) -> list[str]:
    """The seats of the game as it stands (the bot's `seats`, else every player the record has a look for)."""
    if hasattr(bot, "seats"):
        return list(bot.seats(state))
    return list(record.looks(state))


def check_seat(seat: str, level: str | None, bot: Bot, record: Record, state: Any) -> None:
    seats = known_seats(bot, record, state)
    if not seat or (seats and seat not in seats):
        raise BotSeatError(f"no seat {excerpt(seat)} in {record.title} (seats: {', '.join(seats)})")
    if level is not None and level not in bot.levels:
        raise BotSeatError(f"no bot level {excerpt(level)} for {seat} (levels: {', '.join(bot.levels)})")


@dataclass
class _Pending:
    """A move waiting for the table: the views its first commands lead to, from the view it was chosen on."""

    seat: str
    level: str
    move: BotMove
    on_table: int
    chosen_on: str                  # the shared view's key when chosen
    after: tuple[str, ...]          # the view's key after each of the first `on_table` commands


class ComputerSeats:
    """The computer's seats of one session; `publish` sends the tablets its status (not logged)."""

    def __init__(self, session: Session, bot: Bot, seats: dict[str, str], *, camera: bool,
                 publish: Callable[[dict], None] = lambda status: None, rng: random.Random | None = None,
                 settings: BotSettings = BotSettings()):
        self.session, self.bot, self.record = session, bot, session.record
        self.seats = dict(seats)
        self.camera = camera
        self.publish = publish
        self.rng = rng or random.Random()
        self.settings = settings
        self._pending: _Pending | None = None
        self._stuck: str | None = None   # the view a refused bot command left: not tried again
        self._status: dict = {"state": "idle", "message": "", "seats": dict(self.seats), "camera": camera}
        self._lock = threading.RLock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        session.listeners.append(self._heard)

    # --- the worker ---------------------------------------------------------------------

    def start(self) -> "ComputerSeats":
        self._thread = threading.Thread(target=self._run, name="computer-seats", daemon=True)
        self._thread.start()
        self._wake.set()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def _heard(self, event) -> None:
        """A session listener: runs inside the commit, so it only wakes the worker."""
        if event.body.get("type") != BOT_EVENT:
            self._wake.set()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(self.settings.idle_poll_s)
            self._wake.clear()
            if self._stop.is_set():
                return
            try:
                if self.step() == "acted":
                    self._stop.wait(self.settings.pause_after_move_s)
                    self._wake.set()
            except Exception as error:   # a bot's bug must not stop the table: say so on the tablets
                self._say({"state": "error", "message": f"the computer's seat failed: {type(error).__name__}: {error}"})

    # --- one look at the game -------------------------------------------------------------

    def to_move(self, state: Any) -> str | None:
        if hasattr(self.bot, "to_move"):
            return self.bot.to_move(state)
        view = self.record.view(state, None)
        turn = view.get("turn")
        return view.get("player") or (turn.get("player") if isinstance(turn, dict) else None)

    def step(self) -> str:
        """Acts for a computer seat when it is to move: "idle" (not its turn), "waiting" (for the
        table), "acted", "refused" (the rules refused a bot command) or "stuck" (refused here before)."""
        with self._lock:
            state = self.session.snapshot().state
            seat = self.to_move(state) if state is not None else None
            if seat not in self.seats:
                self._pending = None
                return "idle"
            key = self._view_key(state)
            pending = self._pending
            if pending is not None and pending.seat == seat and key in (pending.chosen_on, *pending.after[:-1]):
                return "waiting"
            if key == self._stuck:
                return "stuck"
            level = self.seats[seat]
            self._say({"state": "thinking", "seat": seat, "level": level, "message": f"{seat} is thinking"})
            move = self.bot.choose(state, seat, level, self.rng)
            if not move.commands:
                self._pending = None
                return "idle"
            self.session.note({"type": BOT_EVENT, "seat": seat, "level": level, "sentence": move.sentence,
                               "places": list(move.places), "commands": list(move.commands), "source": "bot"})
            on_table = len(move.commands) if move.on_table is None else move.on_table
            if self.camera and on_table > 0:
                after = tuple(self._view_key(s) for s in self._tried(state, move.commands[:on_table], keep_all=True))
                self._pending = _Pending(seat, level, move, on_table, key, after)
                self._say({"state": "waiting", "seat": seat, "level": level, "sentence": move.sentence,
                           "places": list(move.places), "message": f"waiting for the table: {move.sentence}"})
                return "waiting"
            return self._act(seat, level, move, move.commands)

    def _act(self, seat: str, level: str, move: BotMove, commands) -> str:
        for command in commands:
            acted = self.session.act({**command, "source": "bot"})
            if not acted.verdict.legal:
                self._stuck = self._view_key(self.session.snapshot().state)
                self._pending = None
                self._say({"state": "refused", "seat": seat, "level": level, "sentence": move.sentence,
                           "places": list(move.places),
                           "message": f"the rules refused the computer's {command.get('type')}: {acted.verdict.message}"})
                return "refused"
        self._pending = None
        self._say({"state": "played", "seat": seat, "level": level, "sentence": move.sentence,
                   "places": list(move.places), "message": move.sentence})
        return "acted"

    # --- the camera's reading of a bot's turn ----------------------------------------------

    def vet(self, commands: list[dict]) -> list[dict]:
        """The camera's commands as the session should have them: unchanged unless a computer seat
        waits for the table; then accepted only when they match the bot's move (with the bot's own
        commands after them once the whole move is down), and otherwise a question to the players."""
        with self._lock:
            pending = self._pending
            moves = [c for c in commands if c.get("type") != "question"]
            if not moves:
                return commands
            state = self.session.snapshot().state
            if pending is None:
                seat = self.to_move(state)
                if seat not in self.seats or len(moves) == 1:
                    return commands
                # The table ran ahead of the computer (a roll and a move seen at once): the first is taken,
                # the rest waits for what the computer says.
                message = (f"The computer plays {seat}: wait for its move before moving anything "
                           f"(only the {moves[0].get('type')} was taken).")
                return [moves[0], {"type": "question", "message": message, "cells": []}]
            if self.to_move(state) != pending.seat:
                return commands
            tried = self._tried(state, moves)
            reached = self._view_key(tried[-1]) if tried else None
            if reached is not None and reached in pending.after:
                done = pending.after.index(reached) + 1 == pending.on_table
                rest = [{**c, "source": "bot"} for c in pending.move.commands[pending.on_table:]] if done else []
                self._say({"state": "placed" if done else "waiting", "seat": pending.seat, "level": pending.level,
                           "sentence": pending.move.sentence, "places": list(pending.move.places),
                           "message": "placed as the computer said" if done else "the table matches so far"})
                return commands + rest
            seen = ", ".join(str(c.get("move") or c.get("type")) for c in moves)
            message = (f"The table does not show the computer's move ({excerpt(seen, 60, quote=False)} seen): "
                       f"{pending.move.sentence}. Put it back as the computer says.")
            self._say({"state": "wrong", "seat": pending.seat, "level": pending.level,
                       "sentence": pending.move.sentence, "places": list(pending.move.places), "message": message})
            return [{"type": "question", "message": message, "cells": list(pending.move.places)}]

    def _tried(self, state: Any, commands, keep_all: bool = False) -> list[Any]:
        """The game after each command, acted on a copy; stops short at a refusal or bad input."""
        trial, states = copy.deepcopy(state), []
        for command in commands:
            try:
                verdict, bodies = self.record.decide(trial, command)
                if not verdict.legal:
                    break
                for body in bodies:
                    trial = self.record.apply(trial, body, self.session.seq + 1)
            except (ValueError, KeyError, TypeError):
                break
            states.append(copy.deepcopy(trial) if keep_all else trial)
        return states if keep_all or len(states) == len(commands) else []

    def _view_key(self, state: Any) -> str:
        return json.dumps(self.record.view(state, None), sort_keys=True, default=str)

    # --- seats, and what the tablets see ------------------------------------------------------

    def choose_seat(self, seat: str, level: str | None) -> dict:
        """Give `seat` to the computer at `level`, or back to a human (None); BotSeatError when it cannot be."""
        with self._lock:
            check_seat(seat, level, self.bot, self.record, self.session.snapshot().state)
            if level is None:
                self.seats.pop(seat, None)
            else:
                self.seats[seat] = level
            self._pending, self._stuck = None, None
            self._say({})
        self._wake.set()
        return self.status()

    def offer(self) -> dict:
        """What the Players screen offers: the seats of the game, the levels, who is the computer now."""
        state = self.session.snapshot().state
        return {"seats": known_seats(self.bot, self.record, state), "levels": list(self.bot.levels),
                "computer": dict(self.seats), "status": self.status()}

    def status(self) -> dict:
        with self._lock:
            return dict(self._status)

    def _say(self, news: dict) -> None:
        with self._lock:
            keep = {} if news.get("sentence") or news.get("state") == "thinking" else \
                {k: self._status[k] for k in ("sentence", "places", "seat", "level") if k in self._status}
            self._status = {"state": self._status.get("state", "idle"), "message": "", **keep, **news,
                            "seats": dict(self.seats), "camera": self.camera}
            status = dict(self._status)
        self.publish(status)
