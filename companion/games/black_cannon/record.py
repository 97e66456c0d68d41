"""Black Cannon as an event-sourced record: which events a command makes, and what each event does.
Pure: the session (companion.session.Session) keeps the log and the order.

Commands (each may carry a `source`, "tablet" by default):
  start    {"board": TEXT}                        a new game from a position text ("" for four fleets' setup)
  roll     {"dice": [4, 2]}                       the player to move rolls (one die for a frigate or raft)
  move     {"fleet": F, "to": SQ, "take_chest": true}   the mover's ship (either of two, BC-10) sails for the roll
  shot     {"target": F | null, "sunk": bool, "chest": "ship" | SQ | null}   a shot owed, as it fell
  undo                                            takes back the last move; never a roll or a shot
  correct  {"board": TEXT, "note": TEXT}          what is really on the table; the game carries on from it
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from companion.games.black_cannon.board import FLEETS
from companion.games.black_cannon.moves import DIE_FACES, RollError, dice_wanted, judge_move, sailing
from companion.games.black_cannon.position import Position
from companion.games.black_cannon.rules import (Shot, battles, end_turn, fire, judge_shot, sail, score,
                                                still_facing, winner)
from companion.games.black_cannon.text import parse_board, print_board
from companion.games.verdict import Reason, Verdict

GAME = "black-cannon"
SETUP = "players: red=red blue=blue green=green yellow=yellow\n"   # a start with no text: four fleets
# Okabe-Ito colours for the four flags; the letter and the shape say the same for anyone who cannot tell them apart.
FLEET_LOOK = {"red": {"colour": "#D55E00", "shape": "circle"}, "blue": {"colour": "#0072B2", "shape": "square"},
              "green": {"colour": "#009E73", "shape": "triangle"}, "yellow": {"colour": "#F0E442", "shape": "diamond"}}


@dataclass(frozen=True)
class BlackCannonGame:
    position: Position
    roll: tuple[int, ...] | None = None        # the mover's roll, once rolled and until the turn ends
    shots: tuple[Shot, ...] = ()               # shots owed after the last move, in order
    last_move: dict | None = None              # the last move's fleet and path, for the screens
    before: "BlackCannonGame | None" = None     # the state before the last move, while it may be undone

    @property
    def winner(self) -> str | None:
        return winner(self.position)

    @property
    def phase(self) -> str:
        return "over" if self.winner else "shot" if self.shots else "move" if self.roll else "roll"


def _refuse(rule: str, message: str, *cells: str) -> tuple[Verdict, list[dict]]:
    return Verdict.reject(Reason(rule, message, cells)), []


def _dice(raw) -> tuple[int, ...]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= 2 or not all(isinstance(d, int) and not isinstance(d, bool)
                                                                      and d in DIE_FACES for d in raw):
        raise ValueError(f"a roll is one or two dice from 1 to 6, like [4, 2]; got {raw!r:.40}")
    return tuple(raw)


class BlackCannonRecord:
    game = GAME
    title = "Black Cannon"
    answers = frozenset({"game", "correction", "roll", "move", "shot", "undo"})

    def start(self, text: str, source: str = "serve") -> dict:
        return {"type": "start", "board": text, "source": source}

    def decide(self, game: BlackCannonGame | None, command: dict) -> tuple[Verdict, list[dict]]:
        kind, source = command.get("type"), command.get("source", "tablet")
        deciders: dict[str, Callable] = {"start": self._start, "roll": self._roll, "move": self._move,
                                         "shot": self._shot, "undo": self._undo, "correct": self._correct}
        if kind not in deciders:
            raise ValueError(f"unknown Black Cannon command {kind!r} (commands: {', '.join(deciders)})")
        if kind not in ("start", "correct"):
            if game is None:
                return _refuse("rules:setup", "No game yet: start one first.")
            if game.winner is not None and kind != "undo":
                return _refuse("rules:object", f"The game is over: {game.winner} has three chests home.")
        return deciders[kind](game, command, source)

    @staticmethod
    def _start(game, command, source):
        _position(command["board"])   # refuse a bad board before it reaches the log
        return Verdict.accept("A new game."), [{"type": "game", "game": GAME, "board": command["board"],
                                               "source": source}]

    @staticmethod
    def _roll(game, command, source):
        dice = _dice(command.get("dice"))
        if game.phase != "roll":
            return _refuse("rules:move", "The roll is made: move a ship first." if game.phase == "move"
                           else "Fire the shot owed first.")
        player = game.position.turn
        fits = {fleet: dice_wanted(game.position, fleet) for fleet in game.position.fleets_of(player)}
        if len(dice) not in fits.values():
            return _refuse("rules:move", f"{player.title()}'s ships roll " + " and ".join(
                f"{'both dice' if n == 2 else 'one die'} ({fleet})" for fleet, n in fits.items()) + ": roll again.")
        return (Verdict.accept(f"{player.title()} rolls {' and '.join(map(str, dice))}."),
                [{"type": "roll", "player": player, "dice": list(dice), "source": source}])

    @staticmethod
    def _move(game, command, source):
        if game.phase != "move":
            return _refuse("rules:move", "Roll first." if game.phase == "roll" else "Fire the shot owed first.")
        position, fleet, to = game.position, command.get("fleet"), command.get("to")
        if fleet not in position.ships:
            raise ValueError(f"{fleet!r:.40} is not a fleet in play ({', '.join(position.fleets)})")
        if to not in position.board:
            raise ValueError(f"{to!r:.40} is not a square of the board")
        if fleet not in position.fleets_of(position.turn):
            # BC-10: with two fleets each, the player chooses which of the two to move.
            mine = position.fleets_of(position.turn)
            return _refuse("BC-10" if len(mine) > 1 else "rules:move", f"{fleet.title()} is not {position.turn}'s fleet: "
                           f"{position.turn} moves {' or '.join(position.fleets_of(position.turn))}.",
                           position.ships[fleet].square)
        try:
            found = sailing(position, fleet, game.roll)
        except RollError as error:
            return _refuse("rules:move", f"Not for this roll: {error}.", position.ships[fleet].square)
        start = position.ships[fleet].square
        if not found.moves and to == start:
            verdict = Verdict.accept(found.reasons[-1].message, (start,))
            path = []
        else:
            verdict = judge_move(position, fleet, game.roll, to)
            if not verdict.legal:
                return verdict, []
            move = found.move_to(to)
            path = list(move.path)
            landing = sail(position, move, bool(command.get("take_chest", True)))
            said = " ".join(f"{event.message} [{event.rule}]" for event in landing.events)
            verdict = Verdict.accept(f"{verdict.note} {said}".strip(), verdict.evidence)
        return verdict, [{"type": "move", "player": position.turn, "fleet": fleet, "dice": list(game.roll), "to": to,
                          "path": path, "forced": found.forced, "take_chest": bool(command.get("take_chest", True)),
                          "source": source}]

    @staticmethod
    def _shot(game, command, source):
        if game.phase != "shot":
            return _refuse("rules:black-cannon", "No shot is owed now.")
        target, sunk, chest = command.get("target"), bool(command.get("sunk", False)), command.get("chest")
        if target is not None and target not in game.position.ships:
            raise ValueError(f"{target!r:.40} is not a fleet in play ({', '.join(game.position.fleets)})")
        shot = game.shots[0]
        verdict = judge_shot(game.position, shot, target, sunk, chest)
        if not verdict.legal:
            return verdict, []
        return verdict, [{"type": "shot", **shot.to_json(), "target": target, "sunk": sunk, "chest": chest,
                          "source": source}]

    @staticmethod
    def _undo(game, command, source):
        if game.before is None:
            return _refuse("rules:undo", "Nothing to undo: an undo takes back a move, never a roll or a shot.")
        fleet = game.last_move["fleet"]
        return (Verdict.accept(f"{fleet.title()}'s move is taken back."),
                [{"type": "undo", "fleet": fleet, "source": source}])

    @staticmethod
    def _correct(game, command, source):
        _position(command["board"])
        return Verdict.accept(command.get("note") or "Corrected."), [
            {"type": "correction", "board": command["board"], "note": command.get("note", ""), "source": source}]

    def apply(self, game: BlackCannonGame | None, body: dict, seq: int) -> BlackCannonGame | None:
        kind = body.get("type")
        if kind in ("game", "correction"):
            return BlackCannonGame(_position(body["board"]))
        if game is None:
            raise ValueError(f"event {seq} ({kind}) comes before any game")
        if kind == "roll":
            return BlackCannonGame(game.position, tuple(body["dice"]))
        if kind == "move":
            return _moved(game, body, seq)
        if kind == "shot":
            shot, rest = game.shots[0], game.shots[1:]
            position = fire(game.position, shot, body["target"], body["sunk"], body["chest"])
            if shot.cause == "black-cannon":   # BC-9: a raft it sent home no longer faces anyone
                rest = tuple(s for s in rest if s.cause != "battle" or still_facing(position, s))
            if rest:
                return BlackCannonGame(position, game.roll, rest, game.last_move)
            return BlackCannonGame(end_turn(position), None, (), game.last_move)
        if kind == "undo":
            if game.before is None:
                raise ValueError(f"event {seq}: nothing to undo")
            return game.before
        return game

    def view(self, game: BlackCannonGame | None, seat: str | None) -> dict:
        """Everything is on the table: every seat sees the same."""
        if game is None:
            return {"game": None}
        position = game.position
        result = score(position)
        legal: dict[str, list[str]] = {}
        if game.phase == "move":
            for fleet in position.fleets_of(position.turn):
                try:
                    legal[fleet] = [move.to for move in sailing(position, fleet, game.roll).moves]
                except RollError:
                    legal[fleet] = []
        return {"game": GAME, "phase": game.phase, "player": position.turn, "board": print_board(position),
                "ships": {fleet: {"kind": ship.kind, "square": ship.square} for fleet, ship in position.ships.items()},
                "carrying": sorted(position.carrying), "home": dict(position.home), "chests": dict(position.chests),
                "roll": list(game.roll) if game.roll else None, "legal": legal,
                "shots": [shot.to_json() for shot in game.shots], "battles": [b.to_json() for b in battles(position)],
                "last_move": game.last_move, "can_undo": game.before is not None,
                "scores": result.to_json()["players"], "winner": result.winner, "over": result.winner is not None,
                "why": result.why}

    def event_view(self, body: dict, seat: str | None) -> dict:
        return body

    def looks(self, game: BlackCannonGame | None) -> dict:
        fleets = game.position.fleets if game else FLEETS
        return {fleet: {**FLEET_LOOK[fleet], "letter": fleet[0].upper(), "title": fleet.title()} for fleet in fleets}


def _moved(game: BlackCannonGame, body: dict, seq: int) -> BlackCannonGame:
    position, fleet = game.position, body["fleet"]
    found = sailing(position, fleet, tuple(body["dice"]))
    last = {"fleet": fleet, "from": position.ships[fleet].square, "path": body["path"]}
    if not body["path"]:
        if found.moves:
            raise ValueError(f"event {seq}: {fleet} stays put though it can move")
        return BlackCannonGame(end_turn(position), None, (), last, game)
    move = found.move_to(body["to"])
    if move is None or list(move.path) != body["path"]:
        raise ValueError(f"event {seq}: {fleet}'s move to {body['to']} does not replay")
    landing = sail(position, move, body["take_chest"])
    if landing.shots and winner(landing.position) is None:
        return BlackCannonGame(landing.position, game.roll, landing.shots, last, game)
    after = landing.position if winner(landing.position) else end_turn(landing.position)
    return BlackCannonGame(after, None, (), last, game)


def _position(text: str) -> Position:
    """A position text; an empty one is four fleets' setup, one player each."""
    return parse_board(text if text.strip() else SETUP)


RECORD = BlackCannonRecord()
