"""The computer seat's search over Cannonball Colony's exact rules: every turn a player may play
(an optional shot, then one build, or a pass), the island after it, and what that island is worth.

Turns come from rules.legal_builds and rules.judge_fire, and are played with the rules' own
place_piece / lay_roads / remove_fort, so the search can only find turns the referee accepts.
Pure: positions only (a Game is copied far more slowly than a Position is replaced).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from companion.games.cannonball_colony.bot_room import reachable, room_at_risk, room_for_forts
from companion.games.cannonball_colony.cells import FORTS_PER_PLAYER, Cell, Country, Ground, PieceKind
from companion.games.cannonball_colony.moves import Build, Fire, Move, Pass, Roads
from companion.games.cannonball_colony.position import Position
from companion.games.cannonball_colony.rules import (
    LegalBuilds,
    judge_fire,
    judge_roads,
    lay_roads,
    legal_builds,
    place_piece,
    reading_order,
    remove_fort,
    score,
)


@dataclass(frozen=True)
class Weights:
    """What an island is worth to a player, in points (a fort is the unit that wins)."""

    win: float = 100_000.0
    fort: float = 100.0
    fort_site: float = 14.0         # a place a fort may go next turn (up to `sites_counted`)
    sites_counted: int = 3
    road_frontier: float = 1.5      # a grass or forest space the network may grow onto
    network: float = 0.5           # a road tile joined to the network
    territory: float = 0.0         # a grass, forest or empty road space the network could still grow to
    room: float = 40.0             # a fort the reachable country could still hold (bot_room.py)
    room_at_risk: float = 30.0     # a fort of that room a rival's next fort or blockade on a gateway would shut away
    cannon_in_hand: float = 25.0
    cannon_standing: float = 20.0
    target_in_range: float = 30.0   # an opponent's fort one of my cannons hits: a shot next turn
    fort_under_fire: float = 45.0   # my fort an opponent's cannon hits
    fort_exposed: float = 30.0      # my fort a cannon the opponent may build next turn would hit
    fort_at_home: float = 2.0       # the first tie-break: fewest forts on one's own landing board
    blockade_standing: float = 5.0  # a blockade spends a piece and counts against the second tie-break


@dataclass(frozen=True)
class SearchSettings:
    weights: Weights = Weights()
    pair_firsts: int = 4       # a second grass road is tried after this many best first roads
    look_ahead_turns: int = 5  # the look-ahead level answers this many of the greedy level's best turns


@dataclass(frozen=True)
class Plan:
    """One whole turn: the shot (None: no shot), then the build (a Pass when none is possible)."""

    shot: Cell | None
    build: Move

    @property
    def moves(self) -> tuple[Move, ...]:
        return ((Fire(self.shot),) if self.shot else ()) + (self.build,)


def shots(position: Position, player: Country, may_fire: bool) -> list[Cell | None]:
    """No shot, and every opponent's fort one of the player's cannons hits now."""
    targets: list[Cell | None] = [None]
    if may_fire and position.pieces_of(player, PieceKind.CANNON):
        forts = sorted((cell for cell, piece in position.pieces.items()
                        if piece.kind is PieceKind.FORT and piece.owner is not player), key=reading_order)
        targets += [cell for cell in forts if judge_fire(position, player, cell).legal]
    return targets


def single_builds(position: Position, player: Country) -> Iterator[tuple[Move, Position]]:
    """Every fort and one-road build, and the cannons and blockades that can matter, with the island after each.

    A cannon is tried only where its lines reach an opponent's fort or road, a blockade only
    between an opponent's cannon and a fort of the player's it hits; when nothing else is
    possible every site is tried, as the turn must build if it can (CC-9)."""
    builds = legal_builds(position, player)
    cannons = [c for c in builds.cannon if _reaches_opponent(position, player, c)]
    blockades = [c for c in builds.blockade if c in _shielding(position, player)]
    if not (builds.fort or cannons or blockades or builds.road_grass or builds.road_forest):
        cannons, blockades = builds.cannon, builds.blockade
    for kind, cells in ((PieceKind.FORT, builds.fort), (PieceKind.CANNON, cannons), (PieceKind.BLOCKADE, blockades)):
        for cell in cells:
            yield Build(kind, cell), place_piece(position, player, kind, cell)
    for cell in builds.road_grass + builds.road_forest:
        yield Roads((cell,)), lay_roads(position, (cell,))


def _reaches_opponent(position: Position, player: Country, site: Cell) -> bool:
    for cell in position.cells_hit_by(site):
        piece = position.pieces.get(cell)
        if piece is not None and piece.kind is PieceKind.FORT and piece.owner is not player:
            return True
        if piece is None and position.ground_at(cell) is Ground.ROAD and any(
                cell in position.network(other) for other in position.players if other is not player):
            return True
    return False


def _shielding(position: Position, player: Country) -> set[Cell]:
    """The cells between an opponent's cannon and a fort of the player's it hits."""
    cells: set[Cell] = set()
    for fort in position.pieces_of(player, PieceKind.FORT):
        line = position.opponent_cannon_hitting(player, fort)
        if line is not None:
            cells.update(line.between)
    return cells


def second_roads(start: Position, first: Cell, player: Country) -> Iterator[tuple[Roads, Position]]:
    """Both grass roads of a turn, in the order the camera reads them (reading order when legal)."""
    after_first = lay_roads(start, (first,))
    if start.ground_at(first) is not Ground.GRASS or (after_first.supply is not None and after_first.supply < 1):
        return
    for second in legal_builds(after_first, player).road_grass:
        pair = tuple(sorted((first, second), key=reading_order))
        if not judge_roads(start, player, pair).legal:
            pair = (first, second)
        yield Roads(pair), lay_roads(after_first, (second,))


def worth(position: Position, player: Country, weights: Weights) -> float:
    """The island's value to `player`: their own standing less the best opponent's. An island where
    nobody can build is scored as the end it is (CC-P3), as is a full fort count or an empty supply."""
    over = score(position)
    builds = {country: legal_builds(position, country) for country in position.players}
    if not over.over and not any(b.any for b in builds.values()):
        over = score(position, stalemate=True)
    if over.over:
        if player in over.winners:
            return weights.win / len(over.winners)
        return -weights.win
    return standing(position, player, builds, weights) - max(
        standing(position, other, builds, weights) for other in position.players if other is not player)


def exposed(position: Position, player: Country, builds: dict[Country, LegalBuilds]) -> set[Cell]:
    """Cells a cannon an opponent may build next turn would hit."""
    hit: set[Cell] = set()
    for other, theirs in builds.items():
        if other is not player:
            for site in theirs.cannon:
                hit.update(position.cells_hit_by(site))
    return hit


def territory(position: Position, player: Country) -> int:
    """How far the player's network could still spread: the spaces bot_room.reachable adds to it."""
    return len(reachable(position, player)) - len(position.network(player))


def standing(position: Position, player: Country, all_builds: dict[Country, LegalBuilds], weights: Weights) -> float:
    builds = all_builds[player]
    forts = position.pieces_of(player, PieceKind.FORT)
    at_risk = exposed(position, player, all_builds) if forts else set()
    seat = position.players.index(player)
    under_fire = position.cells_under_opponent_fire(player)
    my_cannons = position.pieces_of(player, PieceKind.CANNON)
    in_range = set()
    for cannon in my_cannons:
        in_range.update(cell for cell in position.cells_hit_by(cannon)
                        if (piece := position.pieces.get(cell)) is not None
                        and piece.kind is PieceKind.FORT and piece.owner is not player)
    can_build_fort = len(forts) < FORTS_PER_PLAYER
    return (weights.fort * len(forts)
            + weights.fort_site * (min(len(builds.fort), weights.sites_counted) if can_build_fort else 0)
            + weights.road_frontier * (len(builds.road_grass) + len(builds.road_forest))
            + weights.network * len(position.network(player))
            + (weights.territory * territory(position, player) if weights.territory else 0.0)
            + (weights.room * room_for_forts(position, player) if weights.room else 0.0)
            - (weights.room_at_risk * room_at_risk(position, player, _rival_walls(player, all_builds))
               if weights.room_at_risk else 0.0)
            + weights.cannon_in_hand * position.cannons_in_hand(player)
            + weights.cannon_standing * len(my_cannons)
            + weights.target_in_range * min(len(in_range), 1)
            - weights.fort_under_fire * sum(1 for cell in forts if cell in under_fire)
            - weights.fort_exposed * sum(1 for cell in forts if cell in at_risk and cell not in under_fire)
            - weights.fort_at_home * sum(1 for cell in forts if position.board_of(cell) == seat)
            - weights.blockade_standing * len(position.pieces_of(player, PieceKind.BLOCKADE)))


def _rival_walls(player: Country, all_builds: dict[Country, LegalBuilds]) -> list[tuple[Country, PieceKind, Cell]]:
    """Every fort and blockade a rival may build next turn: the walls they may put in the player's way."""
    return [(other, kind, cell) for other, theirs in all_builds.items() if other is not player
            for kind, cells in ((PieceKind.FORT, theirs.fort), (PieceKind.BLOCKADE, theirs.blockade)) for cell in cells]


def ranked_turns(position: Position, player: Country, may_fire: bool, settings: SearchSettings,
                 pair_firsts: int | None = None) -> list[tuple[float, Plan, Position]]:
    """Every turn worth considering, best first, each with its worth to the player and the island after it.

    All single builds after each shot are scored; a second grass road is tried after the
    `pair_firsts` best single grass roads (a second road never makes a poor first one good)."""
    weights = settings.weights
    pair_firsts = settings.pair_firsts if pair_firsts is None else pair_firsts
    scored: list[tuple[float, Plan, Position]] = []
    for shot in shots(position, player, may_fire):
        start = remove_fort(position, shot) if shot else position
        singles = [(worth(after, player, weights), Plan(shot, move), after)
                   for move, after in single_builds(start, player)]
        scored += singles
        grass_roads = sorted((s for s in singles if isinstance(s[1].build, Roads)
                              and start.ground_at(s[1].build.cells[0]) is Ground.GRASS),
                             key=lambda s: -s[0])[:pair_firsts]
        for _, plan, _ in grass_roads:
            for move, after in second_roads(start, plan.build.cells[0], player):
                scored.append((worth(after, player, weights), Plan(shot, move), after))
        if not singles:
            scored.append((worth(start, player, weights), Plan(shot, Pass()), start))
    scored.sort(key=lambda s: -s[0])
    return scored
