"""Cannons & Coastlines as an event-sourced record (pure; the session keeps the log and the order).

Events (each committed before anyone hears of it, each with a `message` for the record):
  game    a new game from a table (camera or tablet)
  table   a table the camera committed (stale ships named)
  turn    a turn begins: the start-of-turn holdings, on which a victory claim is judged (CS-5)
  values  the house prize values in use (CS-4)
  claim   a victory claim and its verdict
  result  the game is won (a claim, or the last fleet afloat)
  mat     a player's mat set by hand (where the camera asked, or read it wrong)

Commands (each may carry a `source`): start {"table", "unsure", "notes"}, observe {"table", "stale", "unsure",
"notes"}, next_turn, values {"house"}, claim {"player"}, mat {"player", "mat"}; a table is a Table or its JSON
(docs/formats.md); `unsure` names the mats the camera could not vouch for, with its doubts, and `notes` what it
noted on a mat that changes no points, each by player.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Callable

from companion.games.cannons_coastlines.demo import GAME
from companion.games.cannons_coastlines.factions import Rulebook, load_rulebook
from companion.games.cannons_coastlines.mat_correction import checked_mat, mat_words
from companion.games.cannons_coastlines.rules import CoastGame
from companion.games.cannons_coastlines.scoring import judge_claim, last_fleet_afloat, value_table
from companion.games.cannons_coastlines.state import CoastState, holdings_of, points_of
from companion.games.cannons_coastlines.table import Mat, Table
from companion.games.cannons_coastlines.table_json import table_from_json, table_to_json
from companion.games.cannons_coastlines.view import looks, view_coast
from companion.games.excerpt import excerpt
from companion.games.verdict import Reason, Verdict

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


class CoastRecord:
    game = GAME
    title = "Cannons & Coastlines"
    # The camera asks about the mats it cannot vouch for; a new table asks again if it still cannot, and a mat set
    # by hand answers it.
    answers = frozenset({"game", "table", "mat"})

    def __init__(self, rulebook: Rulebook | None = None):
        self._rulebook = rulebook

    @property
    def rulebook(self) -> Rulebook:
        """The faction cards, read on first use (finding the games must stay cheap)."""
        if self._rulebook is None:
            self._rulebook = load_rulebook()
        return self._rulebook

    # --- deciding ---------------------------------------------------------------------

    def decide(self, state: CoastState | None, command: dict) -> tuple[Verdict, list[dict]]:
        kind, source = command.get("type"), command.get("source", "tablet")
        deciders: dict[str, Callable] = {"start": self._start, "observe": self._observe, "next_turn": self._next_turn,
                                         "values": self._values, "claim": self._claim, "mat": self._mat}
        if kind not in deciders:
            raise ValueError(f"unknown Cannons & Coastlines command {kind!r} (commands: {', '.join(deciders)})")
        return deciders[kind](state, command, source)

    def start(self, text: str, source: str = "serve") -> dict:
        """The command starting a game from a setup file's text (a table as JSON)."""
        return {"type": "start", "table": json.loads(text), "source": source}

    def table_of(self, command: dict) -> Table:
        table = command["table"]
        return table if isinstance(table, Table) else table_from_json(table, self.rulebook)

    def _start(self, state, command, source):
        table = self.table_of(command)
        first = table.turn if table.turn in table.players else table.players[0]
        message = f"New game: {', '.join(table.players)}; {first} plays first."
        game = {"type": "game", "game": GAME, "table": table_to_json(table), "source": source, "message": message,
                **_doubts(command)}
        begun = self.apply(state, game, 0)
        return Verdict.accept(message), [game, _turn_body(begun, first, 1, {}, source)]

    def _observe(self, state, command, source):
        """A table the camera committed; announces the last fleet afloat when it happens."""
        table = self.table_of(command)
        body = {"type": "table", "table": table_to_json(table), "stale": sorted(command.get("stale", ())),
                "source": source, "message": f"The {source} sees {len(table.ships)} ships.", **_doubts(command)}
        seen = self.apply(state, body, 0).table
        winner = last_fleet_afloat({p: len(seen.fleet(p)) for p in seen.players})
        bodies = [body]
        if winner and state.result is None:
            bodies.append({"type": "result", "winner": winner, "rule": "rules:win", "source": source,
                           "message": f"{winner} is the last fleet with ships on the table and wins at once."})
        return Verdict.accept(body["message"]), bodies

    def _next_turn(self, state, command, source):
        """End the turn: note which islands the ships touch (for flags), snapshot the next player's start."""
        if state.result is not None:
            return Verdict.reject(Reason("rules:win", f"The game is over: {state.result['message']}")), []
        game = CoastGame(state.table.replace(turn=state.turn["player"]), state.rulebook, dict(state.house))
        ended = game.turn.player
        game.end_turn()
        touched = {ship.id: sorted(game.table.touched_last_turn.get(ship.id, ())) for ship in state.table.fleet(ended)}
        body = _turn_body(state, game.turn.player, state.turn["number"] + 1, touched, source, ended=ended)
        return Verdict.accept(body["message"]), [body]

    def _values(self, state, command, source):
        """House prize values on top of the faction cards; ValueError quoting a bad entry."""
        house = command["house"]
        check_house(house)
        value_table(self.rulebook, house)
        said = "; ".join(f"{f} " + ", ".join(f"{k} {v}" for k, v in kinds.items()) for f, kinds in house.items())
        message = f"House prize values: {said or 'none (the faction cards)'}."
        return Verdict.accept(message), [{"type": "values", "house": house, "source": source, "message": message}]

    def _claim(self, state, command, source):
        """CS-5: judged on the start-of-turn holdings, priced at the values in use."""
        player, table = command["player"], state.table
        if player not in table.players:
            raise ValueError(f"{excerpt(player)} is not playing (players: {', '.join(table.players)})")
        if state.result is not None:
            return Verdict.reject(Reason("rules:win", f"The game is over: {state.result['message']}")), []
        if player != state.turn["player"]:
            return Verdict.reject(Reason("CS-5", f"Victory is declared at the start of your own turn; it is "
                                                 f"{state.turn['player']}'s turn, not {player}'s.")), []
        snapshot = points_of(state.turn["holdings"], state.values)
        now = points_of(holdings_of(table), state.values)
        verdict = judge_claim(player, snapshot)
        later = now[player] - snapshot[player]
        note = (f" {player} has earned {later} more point(s) during this turn; they count only from "
                f"the next turn (CS-5)." if later > 0 else "")
        if state.unsure:
            mats = " or ".join(f"{unsure}'s mat" for unsure in sorted(state.unsure))
            note += (f" The camera could not vouch for {mats}: its points are the last known; count it on the "
                     f"table before the claim stands.")
        return verdict, [{"type": "claim", "player": player, "verdict": verdict.to_json(), "snapshot": snapshot,
                          "now": now, "turn": state.turn["number"], "source": source,
                          "message": verdict.message + note}]

    def _mat(self, state, command, source):
        """A player's mat set by hand; ValueError quoting a bad entry."""
        if state is None:
            raise ValueError("No game yet: a mat is set once the game has begun.")
        if state.result is not None:
            return Verdict.reject(Reason("rules:win", f"The game is over: {state.result['message']}")), []
        player = command.get("player")
        mat = checked_mat(state.table, self.rulebook, player, command.get("mat"))
        message = f"{player}'s mat set by hand: {mat_words(mat)} (was {mat_words(state.table.mat(player))})."
        body = {"type": "mat", "player": player, "coins": dict(mat.coins),
                "prizes": {f"{f}:{k}": n for (f, k), n in sorted(mat.prizes.items())}, "source": source, "message": message}
        return Verdict.accept(message), [body]

    # --- replaying --------------------------------------------------------------------

    def apply(self, state: CoastState | None, body: dict, seq: int) -> CoastState | None:
        kind = body.get("type")
        if kind == "game":
            house = state.house if state is not None else {}
            state = CoastState(self.rulebook, table_from_json(body["table"], self.rulebook), house=house,
                               unsure=_by_player(body, "unsure"), notes=_by_player(body, "notes"))
        elif state is None:
            return None   # notes before the first game
        elif kind == "table":
            state = replace(state, table=table_from_json(body["table"], self.rulebook),
                            stale=frozenset(body.get("stale", ())), unsure=_by_player(body, "unsure"),
                            notes=_by_player(body, "notes"))
        elif kind == "mat":
            mat = Mat(dict(body["coins"]), {tuple(key.split(":", 1)): n for key, n in body["prizes"].items()})
            state = replace(state, table=state.table.replace(mats={**state.table.mats, body["player"]: mat}),
                            unsure={p: d for p, d in state.unsure.items() if p != body["player"]})
        elif kind == "turn":
            touched = {ship: frozenset(islands) for ship, islands in body.get("touched", {}).items()}
            turn = {"player": body["player"], "number": body["number"], "holdings": body["holdings"], "seq": seq}
            state = replace(state, touched={**state.touched, **touched}, claim=None, turn=turn)
        elif kind == "values":
            state = replace(state, house={f: dict(kinds) for f, kinds in body["house"].items()})
        elif kind == "claim":
            state = replace(state, claim={**body, "seq": seq})
            if body["verdict"]["legal"]:
                state = replace(state, result={"winner": body["player"], "rule": "CS-5", "message": body["message"]})
        elif kind == "result":
            state = replace(state, result={"winner": body["winner"], "rule": body["rule"], "message": body["message"]})
        if kind in ("game", "table", "turn"):
            turn = state.turn["player"] if state.turn else state.table.turn
            state = replace(state, table=state.table.replace(touched_last_turn=dict(state.touched), turn=turn))
        return state

    # --- reading ----------------------------------------------------------------------

    def view(self, state: CoastState | None, seat: str | None) -> dict:
        """The whole table is in sight of everyone: every seat sees the same."""
        return view_coast(state)

    def event_view(self, body: dict, seat: str | None) -> dict:
        return body

    def looks(self, state: CoastState | None) -> dict:
        return looks(state.table.players) if state is not None else {}


def _turn_body(state: CoastState, player: str, number: int, touched: dict, source: str,
               ended: str | None = None) -> dict:
    held = holdings_of(state.table)
    snapshot = points_of(held, state.values)
    said = ", ".join(f"{p} {n}" for p, n in snapshot.items())
    before = f"{ended}'s turn ends. " if ended else ""
    return {"type": "turn", "player": player, "number": number, "holdings": held, "touched": touched,
            "ended": ended, "source": source,
            "message": f"{before}Turn {number}: {player} to play. Points at the start: {said}."}


RECORD = CoastRecord()


def _doubts(command: dict) -> dict:
    """The camera's unsure mats and notes for an event's body, when it sent any."""
    return {key: {player: list(said) for player, said in sorted(command[key].items())}
            for key in ("unsure", "notes") if command.get(key)}


def _by_player(body: dict, key: str) -> dict[str, tuple[str, ...]]:
    return {player: tuple(said) for player, said in body.get(key, {}).items()}
