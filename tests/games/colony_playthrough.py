"""A Cannonball Colony game through the Session: the commands a tablet sends, and what each did.

The recorded game is seeded random play (autoplay.random_turn) with a person's slips worked in:
a fort proposed where none may stand, a confirm before anything was built, a build taken back
with undo, a correction putting back the board the camera misread on one turn, and on each
turn a move refused by a rule not yet refused in the game, while there is one to be found.
"""

from __future__ import annotations

import copy
import random

from playthroughs import verdict_of

from companion.games.cannonball_colony.autoplay import random_turn
from companion.games.cannonball_colony.cells import Country
from companion.games.cannonball_colony.game import Phase
from companion.games.cannonball_colony.moves import Build, Roads, parse_move
from companion.games.cannonball_colony.rules import legal_builds, reading_order, score
from companion.games.cannonball_colony.setup import new_island
from companion.games.cannonball_colony.text import print_board
from companion.games.cannonball_colony.view import summary

SEED = 12   # two shots fired, a game to the end of the road supply
PLAYERS = 2
REFUSAL_TURN = 4      # the turn on which the slips happen (after both landings)
UNDO_TURN = 6         # the first turn from here with a build has it undone and made again
CORRECTION_TURN = 9   # this turn is read wrongly by the camera and corrected afterwards
PROBES = ("land", "fire", "road", "fort", "cannon", "blockade")   # the moves tried for new refusals


class Table:
    """The session seen from the tablet: sends recorded commands and says what each did. The
    board is given whole at the start and afterwards as the lines that changed, which keeps a
    recording of a whole game to tens of KB."""

    def __init__(self, session):
        self.session = session
        self.board: list[str] = []

    def perform(self, command: dict) -> dict:
        session, do, verdict = self.session, command["do"], None
        if do == "start":
            event = session.act({"type": "start", "board": command["board"]}).event
        elif do == "propose":
            verdict, event = session.act({"type": "propose", "move": command["move"]})
        elif do == "confirm":
            verdict, event = session.act({"type": "confirm"})
        elif do == "undo":
            verdict, event = session.act({"type": "undo"})
        elif do == "correct":
            turn = Country(command["turn"]) if command.get("turn") else None
            event = session.act({"type": "correct", "board": command["board"], "note": command["note"],
                                 "turn": turn}).event
        else:
            raise ValueError(f"unknown playthrough command {do!r}")
        outcome = {"event": event.type if event else None, "state": self.view()}
        if verdict is not None:
            outcome["verdict"] = verdict_of(verdict)
        return outcome

    def view(self) -> dict:
        """The session's state with the forts per player; the history as its length and last entry."""
        state = {**summary(self.session.state), "question": self.session.question, "last_seq": self.session.seq}
        del state["game"]   # the header names the game
        history = state.pop("history")
        state["turns_confirmed"] = len(history)
        state["last_turn"] = history[-1] if history else None
        state["forts"] = {str(c): n for c, n in score(self.session.state.position).forts.items()}
        lines = state.pop("board").splitlines()
        state["board_lines"] = {str(n): line for n, line in enumerate(lines)
                                if n >= len(self.board) or self.board[n] != line}
        state["board_size"] = len(lines)
        self.board = lines
        return state


def _refused_fort(game, rng) -> str:
    allowed = set(legal_builds(game.position, game.player).fort)
    return f"fort {rng.choice([c for c in game.position.cells() if c not in allowed])}"


def _new_refusal(game, seen: set[str]) -> tuple[str, set[str]] | None:
    """A move a player might try that is refused by a rule the recording has not refused yet,
    so that every rule the game reaches is pinned by some line of the recording."""
    for verb in PROBES:
        for cell in sorted(game.position.cells(), key=reading_order):
            text = f"{verb} {cell}"
            rules = {reason.rule for reason in copy.deepcopy(game).play(parse_move(text)).reasons}
            if rules - seen:
                return text, rules
    return None


def _proposals(moves) -> list[str]:
    """A two-space grass road goes in as a road and then its extension, as the camera sees it."""
    texts = []
    for move in moves:
        if isinstance(move, Roads) and len(move.cells) > 1:
            texts += [f"road {cell}" for cell in move.cells]
        else:
            texts.append(str(move))
    return texts


def generate(session, seed: int = SEED) -> tuple[dict, list[dict]]:
    """Plays the seeded game on `session`; the header and the steps to record."""
    rng = random.Random(seed)
    seats = rng.sample(list(Country), PLAYERS)
    steps: list[dict] = []

    table = Table(session)

    def send(command: dict) -> dict:
        steps.append({"command": command, "outcome": table.perform(command)})
        return steps[-1]["outcome"]

    send({"do": "start", "board": print_board(new_island(seats, seed=seed))})
    turn, undo_pending, seen = 0, True, set()
    while session.state.phase is not Phase.OVER:
        turn += 1
        before, player = print_board(session.state.position), str(session.state.player)
        if turn == REFUSAL_TURN:
            send({"do": "propose", "move": _refused_fort(session.state, rng)})
            send({"do": "confirm"})
        probe = _new_refusal(session.state, seen)
        if probe:
            send({"do": "propose", "move": probe[0]})
            seen |= probe[1]
        moves = random_turn(session.snapshot().state, rng)
        for text in _proposals(moves):
            send({"do": "propose", "move": text})
        if undo_pending and turn >= UNDO_TURN and isinstance(moves[-1], Build):
            send({"do": "undo"})
            send({"do": "propose", "move": str(moves[-1])})
            undo_pending = False
        send({"do": "confirm"})
        if turn == CORRECTION_TURN:
            send({"do": "correct", "board": before, "turn": player,
                  "note": f"the camera saw {player} play {', '.join(map(str, moves))}; nothing had changed"})
    header = {"game": session.slug, "seed": seed, "players": [str(s) for s in seats], "turns": turn}
    return header, steps
