"""A Cannons & Coastlines game in progress, on the same durable event log as every game.

Events (each committed before anyone hears of it, each with a `message` for the record):
  game    a new game from a table (camera or tablet)
  table   a table the camera committed (stale ships named)
  turn    a turn begins: the start-of-turn holdings, on which a victory claim is judged (CS-5)
  values  the house prize values in use (CS-4)
  claim   a victory claim and its verdict
  result  the game is won (a claim, or the last fleet afloat)
"""

from __future__ import annotations

import threading
from typing import Callable, Mapping

from companion.games.cannons_coastlines.factions import Rulebook, load_rulebook
from companion.games.cannons_coastlines.rules import CoastGame
from companion.games.cannons_coastlines.scoring import Holdings, judge_claim, last_fleet_afloat, points, value_table
from companion.games.cannons_coastlines.table import Table
from companion.games.cannons_coastlines.table_json import table_from_json, table_to_json
from companion.games.excerpt import excerpt
from companion.games.verdict import Reason, Verdict
from companion.session import EventLog, GameSession, SessionError

from companion.games.cannons_coastlines.demo import GAME


def holdings_of(table: Table) -> dict[str, dict]:
    """What lies on each player's mat, as JSON: coins, and prizes by 'faction:kind'."""
    return {player: {"coins": table.mat(player).coin_count,
                     "prizes": {f"{f}:{k}": n for (f, k), n in sorted(table.mat(player).prizes.items())}}
            for player in table.players}


def points_of(holdings: Mapping[str, dict], values) -> dict[str, int]:
    out = {}
    for player, held in holdings.items():
        prizes = {tuple(key.split(":", 1)): n for key, n in held["prizes"].items()}
        out[player] = points(Holdings(held["coins"], prizes), values).total
    return out


MAX_PRIZE_VALUE = 99


def check_house(house) -> None:
    """Whole numbers 0..99 by faction and prize kind; the faction and kind names are checked by value_table."""
    if not isinstance(house, dict):
        raise ValueError(f"house values are an object of factions, not {excerpt(house)}")
    for faction, kinds in house.items():
        if not isinstance(kinds, dict):
            raise ValueError(f"house values for {excerpt(faction)} are an object of prize kinds, not {excerpt(kinds)}")
        for kind, value in kinds.items():
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_PRIZE_VALUE:
                said = excerpt(f"{faction}.{kind}", quote=False)
                raise ValueError(f"house value {said} must be a whole number from 0 to {MAX_PRIZE_VALUE}, "
                                 f"not {excerpt(value)}")


class CoastSession:
    GAME = GAME

    def __init__(self, log: EventLog, rulebook: Rulebook | None = None):
        self.log = log
        self.rulebook = rulebook or load_rulebook()
        self.listeners: list[Callable[[Event], None]] = []
        self.question = None             # the shared screens ask every session for an open question
        self.table: Table | None = None
        self.stale: frozenset[str] = frozenset()
        self.touched: dict[str, frozenset[str]] = {}   # islands each ship touched when its owner's turn ended
        self.house: dict[str, dict[str, int]] = {}
        self.turn: dict | None = None    # {"player", "number", "holdings", "seq"}
        self.claim: dict | None = None
        self.result: dict | None = None
        self._lock = threading.RLock()
        for event in log.events():
            self._apply(event)

    @property
    def values(self) -> dict[str, dict[str, int]]:
        return value_table(self.rulebook, self.house)

    # --- writing ----------------------------------------------------------------------

    # The same order as every game's session: commit, change the game in memory, tell the listeners.
    _record = GameSession._record

    def start(self, table: Table, source: str = "tablet") -> Event:
        with self._lock:
            first = table.turn if table.turn in table.players else table.players[0]
            self._record({"type": "game", "game": GAME, "table": table_to_json(table), "source": source,
                          "message": f"New game: {', '.join(table.players)}; {first} plays first."})
            return self._begin_turn(first, 1, {}, source)

    def observe(self, table: Table, stale=frozenset(), source: str = "camera") -> Event:
        """A table the camera committed; announces the last fleet afloat when it happens."""
        with self._lock:
            self._require_game()
            event = self._record({"type": "table", "table": table_to_json(table), "stale": sorted(stale),
                                  "source": source, "message": f"The {source} sees {len(table.ships)} ships."})
            winner = last_fleet_afloat({p: len(self.table.fleet(p)) for p in self.table.players})
            if winner and self.result is None:
                self._record({"type": "result", "winner": winner, "rule": "rules:win", "source": source,
                              "message": f"{winner} is the last fleet with ships on the table and wins at once."})
            return event

    def next_turn(self, source: str = "tablet") -> tuple[Verdict, Event | None]:
        """End the turn: note which islands the ships touch (for flags), snapshot the next player's start."""
        with self._lock:
            table = self._require_game()
            if self.result is not None:
                return Verdict.reject(Reason("rules:win", f"The game is over: {self.result['message']}")), None
            game = CoastGame(table.replace(turn=self.turn["player"]), self.rulebook, self.house)
            ended = game.turn.player
            game.end_turn()
            touched = {ship.id: sorted(game.table.touched_last_turn.get(ship.id, ())) for ship in table.fleet(ended)}
            event = self._begin_turn(game.turn.player, self.turn["number"] + 1, touched, source, ended=ended)
            return Verdict.accept(event.body["message"]), event

    def _begin_turn(self, player: str, number: int, touched: dict, source: str, ended: str | None = None) -> Event:
        held = holdings_of(self.table)
        snapshot = points_of(held, self.values)
        said = ", ".join(f"{p} {n}" for p, n in snapshot.items())
        before = f"{ended}'s turn ends. " if ended else ""
        return self._record({"type": "turn", "player": player, "number": number, "holdings": held, "touched": touched,
                             "ended": ended, "source": source,
                             "message": f"{before}Turn {number}: {player} to play. Points at the start: {said}."})

    def set_values(self, house: dict, source: str = "tablet") -> Event:
        """House prize values on top of the faction cards; ValueError quoting a bad entry."""
        check_house(house)
        value_table(self.rulebook, house)
        with self._lock:
            said = "; ".join(f"{f} " + ", ".join(f"{k} {v}" for k, v in kinds.items()) for f, kinds in house.items())
            return self._record({"type": "values", "house": house, "source": source,
                                 "message": f"House prize values: {said or 'none (the faction cards)'}."})

    def claim_victory(self, player: str, source: str = "tablet") -> tuple[Verdict, Event | None]:
        """CS-5: judged on the start-of-turn holdings, priced at the values in use."""
        with self._lock:
            table = self._require_game()
            if player not in table.players:
                raise ValueError(f"{excerpt(player)} is not playing (players: {', '.join(table.players)})")
            if self.result is not None:
                return Verdict.reject(Reason("rules:win", f"The game is over: {self.result['message']}")), None
            if player != self.turn["player"]:
                return Verdict.reject(Reason("CS-5", f"Victory is declared at the start of your own turn; it is "
                                                     f"{self.turn['player']}'s turn, not {player}'s.")), None
            snapshot = points_of(self.turn["holdings"], self.values)
            now = points_of(holdings_of(table), self.values)
            verdict = judge_claim(player, snapshot)
            later = now[player] - snapshot[player]
            note = (f" {player} has earned {later} more point(s) during this turn; they count only from "
                    f"the next turn (CS-5)." if later > 0 else "")
            event = self._record({"type": "claim", "player": player, "verdict": verdict.to_json(),
                                  "snapshot": snapshot, "now": now, "turn": self.turn["number"], "source": source,
                                  "message": verdict.message + note})
            return verdict, event

    # --- replaying ----------------------------------------------------------------------

    def _apply(self, event: Event) -> None:
        body, kind = event.body, event.body.get("type")
        if kind == "game":
            self.table = table_from_json(body["table"], self.rulebook)
            self.stale, self.touched, self.turn, self.claim, self.result = frozenset(), {}, None, None, None
        elif kind == "table":
            self.table = table_from_json(body["table"], self.rulebook)
            self.stale = frozenset(body.get("stale", ()))
        elif kind == "turn":
            self.touched.update({ship: frozenset(islands) for ship, islands in body.get("touched", {}).items()})
            self.turn = {"player": body["player"], "number": body["number"], "holdings": body["holdings"],
                         "seq": event.seq}
            self.claim = None
        elif kind == "values":
            self.house = {f: dict(kinds) for f, kinds in body["house"].items()}
        elif kind == "claim":
            self.claim = {**body, "seq": event.seq}
            if body["verdict"]["legal"]:
                self.result = {"winner": body["player"], "rule": "CS-5", "message": body["message"]}
        elif kind == "result":
            self.result = {"winner": body["winner"], "rule": body["rule"], "message": body["message"]}
        if self.table is not None and kind in ("game", "table", "turn"):
            turn = self.turn["player"] if self.turn else self.table.turn
            self.table = self.table.replace(touched_last_turn=dict(self.touched), turn=turn)

    def _require_game(self) -> Table:
        if self.table is None:
            raise SessionError("no Cannons & Coastlines game has been started in this session")
        return self.table

    # --- reading ------------------------------------------------------------------------

    def snapshot(self):
        """The state screens draw from, read together under the lock."""
        with self._lock:
            return self.table, self.stale, self.turn, self.claim, self.result, self.values

    last_seq = GameSession.last_seq
