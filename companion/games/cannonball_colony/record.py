"""Cannonball Colony as an event-sourced record: which events a command makes, and what each
event does to the game. Pure: the session (companion.session.Session) keeps the log and the order.

Commands (each may carry a `source`, "tablet" by default):
  start    {"board": TEXT}                         a new game from a board text (docs/formats.md)
  propose  {"move": TEXT, "note"?: TEXT}           a move, judged and logged either way (move or proposal)
  confirm, undo                                    the turn as a whole; refused ones log nothing
  correct  {"board": TEXT, "note": TEXT, "turn"?}  what is really on the table; the game carries on
"""

from __future__ import annotations

import copy
from typing import Callable

from companion.games.cannonball_colony.cells import Country
from companion.games.cannonball_colony.game import Game
from companion.games.cannonball_colony.moves import Roads, parse_move
from companion.games.cannonball_colony.text import parse_board
from companion.games.cannonball_colony.view import GAME, player_looks, summary, view_game
from companion.games.verdict import Verdict

__all__ = ["RECORD", "ColonyRecord", "moves_played", "summary"]


class ColonyRecord:
    game = GAME
    title = "Cannonball Colony"
    # Events after which the camera's open question no longer stands: the table was put right.
    answers = frozenset({"game", "correction", "move", "undo"})

    # --- deciding ---------------------------------------------------------------------

    def decide(self, game: Game | None, command: dict) -> tuple[Verdict, list[dict]]:
        """The events `command` makes on `game`, which is left as it was (moves are tried on a copy)."""
        kind, source = command.get("type"), command.get("source", "tablet")
        deciders: dict[str, Callable] = {"start": self._start, "propose": self._propose, "confirm": self._confirm,
                                         "undo": self._undo, "correct": self._correct}
        if kind not in deciders:
            raise ValueError(f"unknown Cannonball Colony command {kind!r} (commands: {', '.join(deciders)})")
        return deciders[kind](game, command, source)

    def start(self, text: str, source: str = "serve") -> dict:
        """The command starting a game from a setup file's text (a board text)."""
        return {"type": "start", "board": text, "source": source}

    @staticmethod
    def _start(game, command, source):
        parse_board(command["board"])   # refuse a bad board before it reaches the log
        verdict = Verdict.accept("A new game.")
        return verdict, [{"type": "game", "game": GAME, "board": command["board"], "source": source}]

    @staticmethod
    def _propose(game, command, source):
        text = command["move"]
        move = parse_move(text)
        extend = isinstance(move, Roads) and isinstance(game.turn and game.turn.build, Roads) and len(move.cells) == 1
        verdict = _dry(game, lambda g: g.extend_roads(move) if extend else g.play(move))
        kind = "move" if verdict.legal else "proposal"
        note = {"note": str(command["note"])} if command.get("note") else {}   # why the camera read it so
        return verdict, [{"type": kind, "player": str(game.player), "move": text, "extend": extend,
                          "source": source, "verdict": verdict.to_json(), **note}]

    @staticmethod
    def _confirm(game, command, source):
        verdict = _dry(game, lambda g: g.confirm())
        if not verdict.legal:
            return verdict, []
        moves = [str(m) for m in (game.turn.shot, game.turn.build) if m is not None]
        return verdict, [{"type": "confirm", "player": str(game.player), "moves": moves, "source": source,
                          "verdict": verdict.to_json()}]

    @staticmethod
    def _undo(game, command, source):
        verdict = _dry(game, lambda g: g.undo())
        if not verdict.legal:
            return verdict, []
        return verdict, [{"type": "undo", "player": str(game.player), "source": source, "verdict": verdict.to_json()}]

    @staticmethod
    def _correct(game, command, source):
        """The players say what is really on the table; the game carries on from there, on the
        same player's turn unless `turn` names another."""
        position = parse_board(command["board"])
        turn = Country(command["turn"]) if command.get("turn") else None
        if turn is not None and turn not in position.players:
            raise ValueError(f"{turn} is not playing on this island ({', '.join(map(str, position.players))})")
        body = {"type": "correction", "board": command["board"], "note": command["note"], "source": source}
        return Verdict.accept(command["note"] or "Corrected."), [body if turn is None else {**body, "turn": str(turn)}]

    # --- replaying --------------------------------------------------------------------

    def apply(self, game: Game | None, body: dict, seq: int) -> Game | None:
        """The game after one logged event (changed in place); ValueError when it does not replay."""
        kind = body.get("type")
        if kind == "game":
            return Game.from_position(parse_board(body["board"]))
        if kind == "correction":
            turn = Country(body["turn"]) if body.get("turn") else game.player
            return Game.from_position(parse_board(body["board"]).replace(turn=turn))
        if kind == "move":
            move = parse_move(body["move"])
            _expect_legal(body, game.extend_roads(move) if body.get("extend") else game.play(move))
        elif kind == "confirm":
            _expect_legal(body, game.confirm())
        elif kind == "undo":
            _expect_legal(body, game.undo())
        return game

    # --- reading ----------------------------------------------------------------------

    def view(self, game: Game | None, seat: str | None) -> dict:
        """Everything is on the table in this game: every seat sees the same."""
        return view_game(game)

    def event_view(self, body: dict, seat: str | None) -> dict:
        return body

    def looks(self, game: Game | None) -> dict:
        return player_looks()


def moves_played(events) -> list[str]:
    """Each proposed move as "player: move", a second grass road folded into the road it extends."""
    played = []
    for event in (e for e in events if e.type == "move"):
        if event.body.get("extend") and played:
            played[-1] += " " + event.body["move"].split()[-1]
        else:
            played.append(f"{event.body['player']}: {event.body['move']}")
    return played


def _dry(game: Game, action) -> Verdict:
    """Judge on a copy, so the game in memory changes only when the event is logged."""
    return action(copy.deepcopy(game))


def _expect_legal(body: dict, verdict: Verdict) -> None:
    if not verdict.legal:
        raise ValueError(f"({body.get('type')} {body.get('move', '')}) does not replay: {verdict.message}")


RECORD = ColonyRecord()
