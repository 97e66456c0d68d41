"""Alpha-beta search over whole turns of The Colony (compact.py's exact rules), with an evaluation
of the eggs each side holds and the ants that will hold more.

Deterministic: the same board, settings and random generator give the same turn, on any machine,
because the search is bounded by depth and a node budget, never by the clock.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from companion.games.the_colony.compact import Board, Geometry, Limits, Turn, scores, turns, winner

WIN = 10_000.0   # above any egg count: a won game outranks every position still being played
TIE_MARGIN = 1e-6   # the root's window opens this far below the best value, so equal turns stay exact


@dataclass(frozen=True)
class Weights:
    """The evaluation, in eggs, from the side of the player it is asked for."""

    ant_on_board: float = 0.6     # an ant out protects a space and collects every last egg landing on it
    to_move: float = 0.5          # the player to move has the next chance at a capture


@dataclass(frozen=True)
class SearchSettings:
    depth: int                                   # whole turns looked ahead, the bot's own first
    node_budget: int = 60_000                    # boards evaluated before a deeper pass is given up
    root: Limits = field(default_factory=lambda: Limits(branching_choices=4, sowings_per_start=16))
    inner: Limits = field(default_factory=lambda: Limits(branching_choices=2, sowings_per_start=4))
    widest: int = 16                             # turns searched below the root (best first by evaluation)
    root_widest: int = 12                        # the root's best turns searched again one turn deeper
    weights: Weights = field(default_factory=Weights)


@dataclass(frozen=True)
class Choice:
    turn: Turn
    value: float
    depth: int        # the deepest pass completed
    nodes: int
    candidates: int   # the whole turns considered at the root


class _OutOfNodes(Exception):
    pass


def evaluate(board: Board, colour: int, weights: Weights) -> float:
    """How good `board` is for `colour`: a won game is WIN, else eggs held and the ants' promise."""
    held = scores(board)
    mine, theirs = held[colour], held[1 - colour]
    if board.over:
        return (WIN if winner(board) == colour else -WIN) + mine - theirs
    out_mine = sum(1 for a in board.ants if a == colour)
    out_theirs = sum(1 for a in board.ants if a == 1 - colour)
    value = mine - theirs + weights.ant_on_board * (out_mine - out_theirs)
    return value + (weights.to_move if board.mover == colour else -weights.to_move)


class Searcher:
    def __init__(self, geo: Geometry, settings: SearchSettings):
        self.geo, self.settings = geo, settings
        self.nodes = 0

    def choose(self, board: Board, rng: random.Random, candidates: list[Turn] | None = None) -> Choice:
        """The best of `candidates` (by default every whole turn) for the player to move; ties broken
        by `rng`. Iterative deepening: a pass that runs out of nodes is dropped, the last whole pass decides."""
        settings, colour = self.settings, board.mover
        candidates = list(turns(board, self.geo, settings.root) if candidates is None else candidates)
        if not candidates:
            raise ValueError("the game is over: there is no turn to choose")
        rng.shuffle(candidates)   # equal values then fall to the generator, not to the layout's order
        candidates.sort(key=lambda t: -evaluate(t.board, colour, settings.weights))
        considered = len(candidates)
        best, depth_done, self.nodes = [(candidates[0], 0.0)], 0, 0
        for depth in range(1, settings.depth + 1):
            try:
                scored = self._root(candidates, colour, depth)
            except _OutOfNodes:
                break
            depth_done = depth
            top = max(value for _, value in scored)
            best = [(turn, value) for turn, value in scored if value == top]
            ranked = sorted(scored, key=lambda tv: -tv[1])   # stable: ties keep the shuffled order
            # Deeper passes look again at the best turns only (every equal best one among them).
            keep = max(settings.root_widest, sum(1 for _, value in scored if value == top))
            candidates = [turn for turn, _ in ranked[:keep]]
        turn, value = best[0] if len(best) == 1 else rng.choice(best)
        return Choice(turn, value, depth_done, self.nodes, considered)

    def _root(self, candidates: list[Turn], colour: int, depth: int) -> list[tuple[Turn, float]]:
        """Each candidate's value within `depth`: exact for the best ones (a window just below the best
        so far keeps every equal turn), a bound at most that for the rest."""
        scored, best = [], -WIN * 2
        for turn in candidates:
            value = self._value(turn.board, colour, depth - 1, best - TIE_MARGIN, WIN * 2)
            best = max(best, value)
            scored.append((turn, value))
        return scored

    def _value(self, board: Board, colour: int, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.nodes > self.settings.node_budget:
            raise _OutOfNodes
        weights = self.settings.weights
        if depth == 0 or board.over:
            return evaluate(board, colour, weights)
        children = turns(board, self.geo, self.settings.inner)
        maximising = board.mover == colour
        ranked = sorted(children, key=lambda t: evaluate(t.board, colour, weights), reverse=maximising)
        ranked = ranked[:self.settings.widest]
        if maximising:
            value = -WIN * 2
            for turn in ranked:
                value = max(value, self._value(turn.board, colour, depth - 1, alpha, beta))
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        else:
            value = WIN * 2
            for turn in ranked:
                value = min(value, self._value(turn.board, colour, depth - 1, alpha, beta))
                beta = min(beta, value)
                if alpha >= beta:
                    break
        return value
