"""The look-ahead level: the greedy level's best turns, each scored by what the island is worth
after the next opponent's answer, averaged over the turns that opponent may play (expectimax).

An opponent is modelled as a casual player, the mix of autoplay's random turn: a shot when one
is possible more often than not, then any legal build, a piece (fort, cannon, blockade) likelier
than a road. A worst-case reply (the opponent's own greedy best) was tried first and played no
better than greedy: it made every turn look as bad as the strongest answer to it, so the
differences that matter against an ordinary reply were lost. Pure: positions only.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.cannonball_colony.autoplay import FIRE_CHANCE, PIECE_WEIGHT
from companion.games.cannonball_colony.bot_search import Plan, SearchSettings, ranked_turns, shots, worth
from companion.games.cannonball_colony.cells import Cell, Country, PieceKind
from companion.games.cannonball_colony.position import Position
from companion.games.cannonball_colony.rules import lay_roads, legal_builds, place_piece, remove_fort, score

PIECES = {"fort": PieceKind.FORT, "cannon": PieceKind.CANNON, "blockade": PieceKind.BLOCKADE}


@dataclass(frozen=True)
class OpponentModel:
    fire_chance: float = FIRE_CHANCE       # a shot, when one is possible
    piece_weight: float = PIECE_WEIGHT     # a kind of piece against a kind of road (grass, forest)
    cells_per_kind: int = 6                # the sites of one kind tried, spread over the island


def spread(cells: list[Cell], count: int) -> list[Cell]:
    """At most `count` of the cells, evenly spaced in their (reading) order."""
    if len(cells) <= count:
        return cells
    return [cells[i * len(cells) // count] for i in range(count)]


def builds_after(position: Position, player: Country, model: OpponentModel) -> list[tuple[float, Position]]:
    """The islands after each build the opponent may make, with their chances (summing to 1)."""
    builds = legal_builds(position, player)
    kinds = [(name, cells) for name, cells in builds._asdict().items() if cells]
    if not kinds:
        return [(1.0, position)]   # a pass
    weights = [model.piece_weight if name in PIECES else 1.0 for name, _ in kinds]
    total = sum(weights)
    outcomes = []
    for (name, cells), weight in zip(kinds, weights):
        tried = spread(cells, model.cells_per_kind)
        for cell in tried:
            after = (place_piece(position, player, PIECES[name], cell) if name in PIECES
                     else lay_roads(position, (cell,)))
            outcomes.append((weight / total / len(tried), after))
    return outcomes


def expected_worth(island: Position, me: Country, opponent: Country, settings: SearchSettings,
                   model: OpponentModel) -> float:
    """The island's worth to `me` after `opponent`'s turn, averaged over the turns the model expects."""
    targets = [cell for cell in shots(island, opponent, True) if cell is not None]
    starts = [(1.0, island)]
    if targets:
        starts = [(1.0 - model.fire_chance, island)] + [
            (model.fire_chance / len(targets), remove_fort(island, cell)) for cell in targets]
    return sum(chance * later * worth(after, me, settings.weights)
               for chance, start in starts
               for later, after in builds_after(start, opponent, model))


def look_ahead(position: Position, player: Country, may_fire: bool, settings: SearchSettings,
               greedy: list[tuple[float, Plan, Position]] | None = None,
               model: OpponentModel = OpponentModel()) -> list[tuple[float, Plan, Position]]:
    """The greedy level's best turns, scored again after the next opponent's expected answer, best
    first. A turn that ends the game is scored as it stands (nobody answers it)."""
    greedy = greedy if greedy is not None else ranked_turns(position, player, may_fire, settings)
    order = list(position.players)
    opponent = order[(order.index(player) + 1) % len(order)]
    rescored = []
    for value, plan, after in greedy[:settings.look_ahead_turns]:
        if not score(after).over:
            value = expected_worth(after, player, opponent, settings, model)
        rescored.append((value, plan, after))
    rescored.sort(key=lambda s: -s[0])
    return rescored
