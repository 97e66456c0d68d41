"""The computer seat: information-set Monte Carlo tree search (single-observer ISMCTS) on its own view.

Each iteration deals the cards the seat has not seen at random (determinize.Knowledge), walks one
shared tree of moves with the moves open in that deal (UCB with availability counts), adds a node,
plays a short rollout and scores the position. The true state is used for one thing only: the
seat's own view of it (views.view). Levels: random (any open move), quick, strong (the default).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from companion.games.cannonades.determinize import Knowledge
from companion.games.cannonades.rules import legal_moves, play
from companion.games.cannonades.state import Game
from companion.games.cannonades.views import command_of, view
from companion.games.plugin import BotMove


@dataclass(frozen=True)
class SearchSettings:
    iterations: int
    rollout_moves: int = 12          # random moves after the new node before the position is scored
    exploration: float = 0.7         # UCB's constant, for rewards in [0, 1]
    end_weight: float = 0.15         # how much less often a rollout ends a turn than it takes an action
    # The score of one fleet, by what it holds (the reward is the gap to the best other fleet).
    per_ship: float = 1.0
    per_hidden_ship: float = 0.35    # a face-down ship cannot be boarded by a known clan
    per_card: float = 0.12
    per_cannonade: float = 0.1
    steepness: float = 1.2


LEVELS = {"quick": SearchSettings(iterations=60), "strong": SearchSettings(iterations=160)}


class Node:
    __slots__ = ("seat", "children", "visits", "reward", "avail")

    def __init__(self, seat: str | None):
        self.seat = seat          # who made the move leading here
        self.children: dict[tuple, Node] = {}
        self.visits, self.reward, self.avail = 0, 0.0, 1


def _score(game: Game, seat: str, settings: SearchSettings) -> float:
    if seat in game.out:
        return -10.0
    fleet = game.fleets[seat]
    hand = game.hands[seat]
    cannonades = sum(1 for card in hand if game.card(card).kind == "cannonade")
    return (settings.per_ship * len(fleet) + settings.per_hidden_ship * sum(not s.face_up for s in fleet)
            + settings.per_card * min(len(hand), game.hand_limit()) + settings.per_cannonade * cannonades)


def rewards(game: Game, settings: SearchSettings) -> dict[str, float]:
    """Each seat's reward in [0, 1]: the win itself once the game is over, else its lead squashed."""
    if game.over:
        share = 1.0 / len(game.winners) if game.winners else 0.0
        return {seat: (share if seat in game.winners else 0.0) for seat in game.seats}
    scores = {seat: _score(game, seat, settings) for seat in game.seats}
    out = {}
    for seat in game.seats:
        best_other = max(scores[s] for s in game.seats if s != seat)
        out[seat] = 1.0 / (1.0 + math.exp(-settings.steepness * (scores[seat] - best_other)))
    return out


def _rollout_move(game: Game, rng: random.Random, settings: SearchSettings) -> tuple:
    moves = legal_moves(game)
    if len(moves) > 1 and moves[-1] == ("end",) and rng.random() > settings.end_weight:
        return moves[rng.randrange(len(moves) - 1)]
    return moves[rng.randrange(len(moves))]


def search(knowledge: Knowledge, settings: SearchSettings, rng: random.Random) -> tuple:
    root = Node(None)
    for _ in range(settings.iterations):
        game = knowledge.sample(rng)
        node, path = root, [root]
        while not game.over:
            moves = legal_moves(game)
            mover = game.to_move
            untried = [m for m in moves if m not in node.children]
            if untried:
                move = untried[rng.randrange(len(untried))]
                child = node.children[move] = Node(mover)
                play(game, move)
                path.append(child)
                break
            best, best_value = None, -1.0
            for move in moves:
                child = node.children[move]
                child.avail += 1
                value = child.reward / child.visits + settings.exploration * math.sqrt(
                    math.log(child.avail) / child.visits)
                if value > best_value:
                    best, best_value = move, value
            node = node.children[best]
            play(game, best)
            path.append(node)
        for _ in range(settings.rollout_moves):
            if game.over:
                break
            play(game, _rollout_move(game, rng, settings))
        reward = rewards(game, settings)
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += reward[visited.seat]
    return max(root.children.items(), key=lambda item: item[1].visits)[0]


class CannonadesBot:
    levels = ("random", "quick", "strong")

    @staticmethod
    def to_move(state: Game | None) -> str | None:
        """The seat the game waits for: the player whose turn it is, or another seat with a decision
        pending in it (a grin's choice, a discard down to the hand limit); None once the game is over, and
        on a table of physical cards (no hand is known there to play from)."""
        return None if state is None or not isinstance(state, Game) else state.to_move

    @staticmethod
    def seats(state: Game | None) -> list[str]:
        return list(state.seats) if state is not None else []

    def choose(self, state: Game, seat: str, level: str, rng: random.Random) -> BotMove:
        """One decision of `seat` (the seat the game waits for), from its own view only."""
        if level not in self.levels:
            raise ValueError(f"no bot level {level!r} (levels: {', '.join(self.levels)})")
        seen = view(state, seat)
        if seen.get("to_move") != seat:
            raise ValueError(f"it is not {seat}'s decision (the game waits for {seen.get('to_move')})")
        legal = seen["legal"]
        if len(legal) == 1 or level == "random":
            command = legal[0] if len(legal) == 1 else rng.choice(legal)
        else:
            # The deck's list is public (CN-1): the only thing read from the state besides the view.
            knowledge = Knowledge(seen, state.deck)
            command = command_of(search(knowledge, LEVELS[level], rng))
        command = {**command, "seat": seat, "source": "bot"}
        return BotMove((command,), _sentence(command), tuple(v for k, v in command.items()
                                                            if k in ("target", "ship") and v))


def _sentence(command: dict) -> str:
    seat, kind = command["seat"], command["type"]
    words = {"add": "adds a ship to the fleet, face down", "shoot": "shoots {target} with {card}",
             "draw": "discards {card} to draw", "board": "boards {target} with {ship}", "end": "ends the turn",
             "keep": "keeps the opening hand", "redeal": "redeals the opening hand",
             "grin": "chooses the grin's effect: {effect}", "discard": "discards {card}",
             "salvage": "takes {card} back from the discard pile"}[kind]
    filled = words.format(**{k: command.get(k) for k in ("card", "target", "ship", "effect")})
    if kind == "grin" and command.get("target"):
        filled += f" {command['target']}"
    if kind == "salvage" and command.get("card") is None:
        filled = "takes no cannonade back"
    # Shown on the shared screen: it never names a card the table may not see (a ship added face down).
    return f"{seat} {filled}."


BOT = CannonadesBot()
