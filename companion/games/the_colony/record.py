"""The Colony as an event-sourced record: which events a command makes, and what each event does.
Pure: the session (companion.session.Session) keeps the log and the order.

Commands (each may carry a `source`, "tablet" by default):
  start     {"board": TEXT}                   a new game from a position text ("" for the rulebook's setup)
  sow       {"space": ID, "via": [ID, ...]}   the player to move sows, with its choices of direction
  move-ant  {"from": ID, "to": ID}            after sowing: one of the mover's ants steps one space
  pass                                        after sowing: no ant move (refused once it is mandatory)
  correct   {"board": TEXT, "note": TEXT}     what is really on the table; the game carries on from it
  undo                                        takes back the last sowing, ant move or pass (back to the last
                                              start or correction, one at a time)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from companion.games.the_colony.position import COLOURS, INITIALS, Position
from companion.games.the_colony.rules import (ChoiceError, ant_moves, end_turn, ends_at_ant_move, ends_before_sowing,
                                              legal_spaces, move_ant, must_move_ant, score, sow)
from companion.games.the_colony.text import parse_board, print_board
from companion.games.verdict import Reason, Verdict

GAME = "the-colony"
SOW, MOVE_ANT = "sow", "move-ant"   # the phases of a turn
# Okabe-Ito vermillion and black; the letter and the shape say the same for anyone who cannot tell them apart.
PLAYER_LOOK = {"red": {"colour": "#D55E00", "shape": "circle"}, "black": {"colour": "#000000", "shape": "square"}}


@dataclass(frozen=True)
class ColonyGame:
    position: Position
    phase: str = SOW
    over: Reason | None = None
    last_sowing: dict | None = None   # the sowing event's path and what ended it, for the screens
    # What undo takes back: (what it was, the game before it), latest last; flat, so a long game
    # is no deeper to copy than a short one.
    earlier: tuple[tuple[str, "ColonyGame"], ...] = ()

    def then(self, done: str, after: "ColonyGame") -> "ColonyGame":
        """`after`, with this game kept for undo under the name of what was `done`."""
        return replace(after, earlier=self.earlier + ((done, replace(self, earlier=())),))


def _settle(position: Position, sowing: dict | None = None) -> ColonyGame:
    """A new turn: the game is over when the player to move cannot sow."""
    return ColonyGame(position, SOW, ends_before_sowing(position), sowing)


def _after_sowing(position: Position, sowing: dict) -> ColonyGame:
    """After the eggs: an ant move to make (or pass), the game's end, or straight on to the next turn."""
    stuck = ends_at_ant_move(position)
    if stuck is not None:
        return ColonyGame(position, MOVE_ANT, stuck, sowing)
    if must_move_ant(position) or ant_moves(position):
        return ColonyGame(position, MOVE_ANT, None, sowing)
    return _settle(end_turn(position), sowing)


def _refuse(rule: str, message: str, *cells: str) -> tuple[Verdict, list[dict]]:
    return Verdict.reject(Reason(rule, message, cells)), []


class TheColonyRecord:
    game = GAME
    title = "The Colony"
    answers = frozenset({"game", "correction", "sowing", "ant", "pass", "undo"})

    def start(self, text: str, source: str = "serve") -> dict:
        return {"type": "start", "board": text, "source": source}

    def decide(self, game: ColonyGame | None, command: dict) -> tuple[Verdict, list[dict]]:
        kind, source = command.get("type"), command.get("source", "tablet")
        deciders: dict[str, Callable] = {"start": self._start, "sow": self._sow, "move-ant": self._move_ant,
                                         "pass": self._pass, "correct": self._correct, "undo": self._undo}
        if kind not in deciders:
            raise ValueError(f"unknown The Colony command {kind!r} (commands: {', '.join(deciders)})")
        if kind not in ("start", "correct", "undo"):
            if game is None:
                return _refuse("rules:setup", "No game yet: start one first.")
            if game.over is not None:
                return _refuse(game.over.rule, f"The game is over: {game.over.message}")
        return deciders[kind](game, command, source)

    @staticmethod
    def _start(game, command, source):
        _position(command["board"])   # refuse a bad board before it reaches the log
        return Verdict.accept("A new game."), [{"type": "game", "game": GAME, "board": command["board"],
                                               "source": source}]

    @staticmethod
    def _sow(game, command, source):
        if game.phase != SOW:
            return _refuse("rules:ants", f"{game.position.turn.title()} has sown this turn: move an ant or pass.")
        space, via = command["space"], list(command.get("via", ()))
        if space not in game.position.layout:
            raise ValueError(f"{space!r} is not a log space of the {game.position.layout.name} layout")
        try:
            sowing = sow(game.position, space, via)
        except ChoiceError as error:
            return _refuse("rules:move-eggs", f"Not that way: {error}.", space)
        if not sowing.verdict.legal:
            return sowing.verdict, []
        if not sowing.done:
            return _refuse("rules:move-eggs", f"Say where the eggs leaving {sowing.choice_at} go: "
                           f"{' or '.join(sowing.options)}.", sowing.choice_at)
        verdict = Verdict.accept(" ".join(step.message for step in sowing.steps), sowing.path)
        return verdict, [{"type": "sowing", "player": game.position.turn, "space": space, "via": via,
                          "path": list(sowing.path), "ended_by": sowing.ended_by, "source": source}]

    @staticmethod
    def _move_ant(game, command, source):
        if game.phase != MOVE_ANT:
            return _refuse("rules:ants", "Sow first: the ant moves after the eggs.")
        verdict, _ = move_ant(game.position, command["from"], command["to"])
        if not verdict.legal:
            return verdict, []
        return verdict, [{"type": "ant", "player": game.position.turn, "from": command["from"], "to": command["to"],
                          "source": source}]

    @staticmethod
    def _pass(game, command, source):
        if game.phase != MOVE_ANT:
            return _refuse("rules:ants", "Sow first: a turn begins with the eggs.")
        if must_move_ant(game.position):
            return _refuse("rules:ants", "An ant move is mandatory now that someone has moved one: move an ant.",
                           *game.position.ants_of(game.position.turn))
        return Verdict.accept(f"{game.position.turn.title()} moves no ant."), [
            {"type": "pass", "player": game.position.turn, "source": source}]

    @staticmethod
    def _correct(game, command, source):
        _position(command["board"])
        return Verdict.accept(command.get("note") or "Corrected."), [
            {"type": "correction", "board": command["board"], "note": command.get("note", ""), "source": source}]

    @staticmethod
    def _undo(game, command, source):
        if game is None or not game.earlier:
            return _refuse("rules:undo", "Nothing to undo since the game began or was last corrected.")
        done, before = game.earlier[-1]
        return Verdict.accept(f"Undone: {done}."), [
            {"type": "undo", "player": before.position.turn, "undid": done, "source": source}]

    def apply(self, game: ColonyGame | None, body: dict, seq: int) -> ColonyGame | None:
        kind = body.get("type")
        if kind in ("game", "correction"):
            return _settle(_position(body["board"]))
        if game is None:
            raise ValueError(f"event {seq} ({kind}) comes before any game")
        if kind == "sowing":
            sowing = sow(game.position, body["space"], body["via"])
            if not sowing.done or list(sowing.path) != body["path"]:
                raise ValueError(f"event {seq}: the sowing from {body['space']} does not replay")
            mover = game.position.turn
            # The screens replay the sowing egg by egg from the counts before it, and say what ended it.
            shown = {"player": mover, "space": body["space"], "via": list(body["via"]), "path": body["path"],
                     "ended_by": body["ended_by"], "collected": sowing.collected, "ant_placed": sowing.ant_placed,
                     "eggs_before": dict(game.position.eggs), "steps": [step.to_json() for step in sowing.steps]}
            return game.then(f"{mover.title()}'s sowing from {body['space']}", _after_sowing(sowing.position, shown))
        if kind == "ant":
            verdict, position = move_ant(game.position, body["from"], body["to"])
            if not verdict.legal:
                raise ValueError(f"event {seq} does not replay: {verdict.message}")
            return game.then(f"{game.position.turn.title()}'s ant move from {body['from']} to {body['to']}",
                             _settle(end_turn(position), game.last_sowing))
        if kind == "pass":
            return game.then(f"{game.position.turn.title()}'s choice to move no ant",
                             _settle(end_turn(game.position), game.last_sowing))
        if kind == "undo":
            if not game.earlier:
                raise ValueError(f"event {seq} (undo) has nothing to take back")
            return replace(game.earlier[-1][1], earlier=game.earlier[:-1])
        return game

    def view(self, game: ColonyGame | None, seat: str | None) -> dict:
        """Everything is on the table: every seat sees the same."""
        if game is None:
            return {"game": None}
        position = game.position
        result = score(position, game.over)
        return {"game": GAME, "phase": game.phase, "player": position.turn, "board": print_board(position),
                "eggs": dict(position.eggs), "ants": dict(position.ants),
                "legal": list(legal_spaces(position)) if game.phase == SOW and not game.over else [],
                "ant_moves": [list(m) for m in ant_moves(position)] if game.phase == MOVE_ANT else [],
                "ants_mandatory": position.ants_mandatory, "last_sowing": game.last_sowing,
                "scores": result.scores, "over": game.over is not None,
                "winners": result.winners, "why": result.why,
                "undo": game.earlier[-1][0] if game.earlier else None}

    def event_view(self, body: dict, seat: str | None) -> dict:
        return body

    def looks(self, game: ColonyGame | None) -> dict:
        return {colour: {**PLAYER_LOOK[colour], "letter": INITIALS[colour], "title": colour.title()}
                for colour in COLOURS}


def _position(text: str) -> Position:
    """A position text; an empty one is the rulebook's setup."""
    return parse_board(text) if text.strip() else Position.setup()


RECORD = TheColonyRecord()
