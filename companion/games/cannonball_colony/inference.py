"""Which move explains what the camera saw change? Differences become moves or questions.

The camera gives a whole island (a Position) each time the table is still. Compared with the
game's own position, the difference must be one step of the current player's turn: a landing,
a shot, one or two roads, a second road, a piece, or a shot and a build together. The engine's
rules decide between explanations; a difference no legal move explains becomes a question to
the players and never changes the game.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from itertools import permutations

from companion.games.cannonball_colony.cells import Cell, Ground, PieceKind, cells_text
from companion.games.cannonball_colony.game import Game, Phase
from companion.games.cannonball_colony.moves import Build, Fire, Land, Move, Roads
from companion.games.cannonball_colony.position import Position


@dataclass(frozen=True)
class Explained:
    """The moves, in order, that turn the game's position into the one seen."""

    moves: tuple[Move, ...]

    def __str__(self) -> str:
        return ", ".join(str(m) for m in self.moves)


@dataclass(frozen=True)
class Question:
    """A difference the rules cannot explain: ask the players what is really there."""

    message: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class TakenBack:
    """The island is back as it was before this turn's build: the player undid it by hand."""

    def __str__(self) -> str:
        return "undo"


Explanation = Explained | TakenBack | Question | None


def _token(position: Position, cell: Cell) -> str:
    piece = position.pieces.get(cell)
    return piece.token if piece else position.ground_at(cell).value


def changed_cells(before: Position, seen: Position) -> list[Cell]:
    return [c for c in before.cells() if _token(before, c) != _token(seen, c)]


def _describe(before: Position, seen: Position, cells) -> str:
    return "; ".join(f"{c} {_token(before, c)}->{_token(seen, c)}" for c in cells)


def explain(game: Game, seen: Position) -> Explanation:
    """None when nothing changed; otherwise the moves, or a question."""
    before = game.position
    changed = changed_cells(before, seen)
    new_landings = {country: cell for country, cell in seen.landing.items() if before.landing.get(country) != cell}
    if not changed and not new_landings:
        return None
    player = game.player
    turn = game.turn
    if turn is not None and turn.build is not None and not new_landings:
        if not changed_cells(turn.after_shot or turn.start, seen):
            return TakenBack()
    if game.phase is Phase.OVER:
        return Question(f"The game is over, but the island changed at {cells_text(changed)}.", tuple(changed))
    if new_landings:
        return _explain_landing(game, seen, new_landings, changed)

    shots, roads, pieces, strange = [], [], [], []
    for cell in changed:
        was, now = before.pieces.get(cell), seen.pieces.get(cell)
        ground_was, ground_now = before.ground_at(cell), seen.ground_at(cell)
        if was and was.kind is PieceKind.FORT and was.owner is not player and now is None and ground_now is Ground.ROAD:
            shots.append(cell)
        elif was is None and now is None and ground_was in (Ground.GRASS, Ground.FOREST) and ground_now is Ground.ROAD:
            roads.append(cell)
        elif was is None and now is not None and now.owner is player and ground_was is Ground.ROAD:
            pieces.append(Build(now.kind, cell))
        else:
            strange.append(cell)
    if strange:
        return Question(f"The camera saw a change no move of {player.title}'s explains: "
                        f"{_describe(before, seen, strange)}. What is really there?", tuple(strange))
    if len(shots) > 1 or len(pieces) > 1 or (pieces and roads) or len(roads) > 2:
        return Question(f"Too much changed for one turn of {player.title}: {_describe(before, seen, changed)}. "
                        "Please check the island.", tuple(changed))
    return _first_legal(game, shots, roads, pieces, seen, changed)


def _explain_landing(game: Game, seen: Position, new_landings, changed) -> Explanation:
    player = game.player
    if changed or list(new_landings) != [player] or game.phase is not Phase.LANDING:
        who = ", ".join(f"{c.title} at {cell}" for c, cell in new_landings.items())
        return Question(f"A ship appeared ({who}) but it is {player.title}'s turn to "
                        f"{'land' if game.phase is Phase.LANDING else 'build'}.",
                        tuple(new_landings.values()) + tuple(changed))
    return _first_legal(game, [], [], [Land(new_landings[player])], seen, [])


def _candidates(game: Game, shots, roads, pieces):
    shot = [Fire(shots[0])] if shots else []
    if pieces:
        yield shot + pieces
        return
    pending = game.turn.build if game.turn else None
    for order in permutations(roads):
        if isinstance(pending, Roads) and len(order) == 1:
            yield shot + [("extend", Roads(order))]
        yield shot + ([Roads(tuple(order))] if order else [])


def _first_legal(game: Game, shots, roads, pieces, seen: Position, changed) -> Explanation:
    """Try each reading of the change through the engine; the first fully legal one wins."""
    refusals = []
    for candidate in _candidates(game, shots, roads, pieces):
        trial = copy.deepcopy(game)
        moves, refused = [], None
        for step in candidate:
            extend = isinstance(step, tuple)
            move = step[1] if extend else step
            verdict = trial.extend_roads(move) if extend else trial.play(move)
            if not verdict.legal:
                refused = (move, verdict)
                break
            moves.append(trial.turn.build if extend else move)
        if refused is None and not changed_cells(trial.position, seen):
            return Explained(tuple(moves))
        if refused is not None:
            refusals.append(refused)
    if refusals:
        move, verdict = refusals[0]
        cells = tuple(dict.fromkeys(tuple(changed) + tuple(c for r in verdict.reasons for c in r.cells)))
        return Question(f"The camera saw '{move}', but it is not legal: {verdict.message} "
                        "Was it misread, or should it be taken back?", cells)
    return Question(f"The change at {cells_text(changed)} does not fit {game.player.title}'s turn.", tuple(changed))
