"""Cannonball Colony's rules as pure judgements: each build, landing or shot gets a Verdict.

Rule ids are the rulings in docs/rulings.md (CC-1 .. CC-9), the project's own rulings on
points the rulebook leaves open (CC-P1 .. CC-P4), or `rules:<section>` for the rulebook's own
text. The project rulings decided here:
- CC-P1 Lakes belong to the island: only sea (`.`) makes an edge.
- CC-P2 A ship occupies its landing space: no fort, cannon or blockade goes there, and only
  its owner lays the first road there.
- CC-P3 When every player passes in one round, no build is possible for anyone: the game
  ends and is scored as when the supply runs out.
"""

from __future__ import annotations

from typing import NamedTuple

from companion.games.verdict import Reason, Verdict
from companion.games.cannonball_colony.cells import (
    FORTS_PER_PLAYER,
    Cell,
    Country,
    Earned,
    Ground,
    Piece,
    PieceKind,
    cells_text,
    earned_by_fort_count,
)
from companion.games.cannonball_colony.position import CannonLine, Position

MIN_FORT_DISTANCE = 4  # "more than three steps" (CC-6)
MIN_LANDING_DISTANCE = 5  # "more than four steps" (CC-2)
BUILD_KINDS = ("fort", "cannon", "blockade", "road", "landing")


def reading_order(cell: Cell) -> tuple[int, int]:
    return (cell.row, cell.col)


def _seat(position: Position, country: Country) -> int:
    return position.players.index(country)


# --- landing ------------------------------------------------------------------------


def judge_landing(position: Position, country: Country, cell: Cell) -> Verdict:
    """A landing for a player who has no landing space yet; their own old one is ignored."""
    reasons = []
    seat = _seat(position, country)
    board = position.board_of(cell)
    ground = position.ground_at(cell)
    if board != seat:
        where = f"on board {board + 1}" if board is not None else "on no board"
        reasons.append(Reason("CC-4", f"Not your landing board: {cell} is {where}; {country.title} lands on "
                              f"board {seat + 1} (top-left {position.boards[seat]}).", (cell,)))
    if ground not in (Ground.GRASS, Ground.FOREST):
        reasons.append(Reason("rules:landing", f"{cell} is {ground.label}; a landing space must be grass or forest.", (cell,)))
    if ground.is_land and not position.is_on_edge(cell):
        reasons.append(Reason("CC-3", f"Not on the island's edge: {cell} has land on all four sides.", (cell,)))
    for other, landed in position.landing.items():
        steps = cell.steps_to(landed)
        if other is not country and steps < MIN_LANDING_DISTANCE:
            reasons.append(Reason("CC-2", f"Too close to {other.title}'s landing space at {landed}: {steps} steps; "
                                  f"it must be more than {MIN_LANDING_DISTANCE - 1}.", (cell, landed)))
    if len(position.players) == 3 and board is not None:
        foreign = [n for n in cell.neighbours() if position.board_of(n) not in (None, board)]
        if foreign:
            reasons.append(Reason("CC-4", f"In a three-player game a landing space may not touch another board: "
                                  f"{cell} touches {cells_text(foreign)}.", (cell, *foreign)))
    if reasons:
        return Verdict.reject(*reasons)
    return Verdict.accept(f"{country.title} may land at {cell}.", (cell,))


# --- roads ---------------------------------------------------------------------------


def _first_road_pending(position: Position, country: Country) -> Cell | None:
    landed = position.landing.get(country)
    if landed is not None and position.ground_at(landed) is not Ground.ROAD:
        return landed
    return None


def judge_road(position: Position, country: Country, cell: Cell) -> Verdict:
    """One road tile on the cell's own terrain, grass or forest."""
    reasons = []
    ground = position.ground_at(cell)
    if ground not in (Ground.GRASS, Ground.FOREST):
        reasons.append(Reason("rules:roads", f"{cell} is {ground.label}; a road goes on grass or forest.", (cell,)))
    if position.supply is not None and position.supply < 1:
        reasons.append(Reason("rules:supply", "The road supply is empty.", ()))
    first = _first_road_pending(position, country)
    owner = position.landing_owner(cell)
    if country not in position.landing:
        reasons.append(Reason("rules:landing", f"{country.title} has not landed yet; the first road goes on the landing space.", ()))
    elif first is not None and cell != first:
        reasons.append(Reason("rules:landing", f"Your first road goes on your landing space at {first}.", (first,)))
    elif owner not in (None, country):
        reasons.append(Reason("CC-P2", f"{cell} is {owner.title}'s landing space; only {owner.title}'s first road goes there.", (cell,)))
    elif first is None and not position.touches_network(country, cell):
        reasons.append(Reason("CC-5", f"Not connected: {cell} does not touch your road network.", (cell,)))
    if reasons:
        return Verdict.reject(*reasons)
    return Verdict.accept(f"{country.title} may lay a road on the {ground.label} at {cell}.", (cell,))


def lay_roads(position: Position, cells) -> Position:
    ground = dict(position.ground)
    for cell in cells:
        ground[cell] = Ground.ROAD
    supply = None if position.supply is None else position.supply - len(cells)
    return position.replace(ground=ground, supply=supply)


def judge_roads(position: Position, country: Country, cells: tuple[Cell, ...]) -> Verdict:
    """A whole road build: one or two on grass, or one on forest; the second may touch the first."""
    if not 1 <= len(cells) <= 2:
        return Verdict.reject(Reason("rules:roads", f"A road build lays one or two tiles, not {len(cells)}.", tuple(cells)))
    first = judge_road(position, country, cells[0])
    if len(cells) == 1 or not first.legal:
        return first
    second_cell = cells[1]
    reasons = []
    if any(position.ground_at(c) is Ground.FOREST for c in cells):
        reasons.append(Reason("rules:roads", "Only one road on forest per turn; two roads must both be on grass.", tuple(cells)))
    if second_cell == cells[0]:
        reasons.append(Reason("rules:roads", f"Both roads name {second_cell}.", (second_cell,)))
    if reasons:
        return Verdict.reject(*reasons)
    second = judge_road(lay_roads(position, cells[:1]), country, second_cell)
    if not second.legal:
        return second
    return Verdict.accept(f"{country.title} may lay roads on {cells[0]} and {second_cell}.", tuple(cells))


# --- forts, cannons, blockades ---------------------------------------------------------


def _site_reasons(position: Position, country: Country, kind: PieceKind, cell: Cell) -> list[Reason]:
    """What every piece needs: an empty, connected road tile with no ship on it."""
    ground = position.ground_at(cell)
    if ground is not Ground.ROAD:
        return [Reason("rules:turn", f"{cell} is {ground.label}; a {kind.label} stands on a road tile.", (cell,))]
    reasons = []
    piece = position.pieces.get(cell)
    owner = position.landing_owner(cell)
    if piece is not None:
        reasons.append(Reason("rules:turn", f"{cell} already holds {piece.owner.title}'s {piece.kind.label}.", (cell,)))
    elif owner is not None:
        reasons.append(Reason("CC-P2", f"{cell} is {owner.title}'s landing space; the ship stands there.", (cell,)))
    if cell not in position.network(country):
        reasons.append(Reason("CC-5", f"Not connected: the road at {cell} is not joined to your landing space or your forts.", (cell,)))
    return reasons


def _fire_reason(rule_text: str, line: CannonLine) -> Reason:
    along = f" along {cells_text(line.between)}" if line.between else " from next door"
    return Reason("CC-7", f"{rule_text}: the cannon at {line.cannon} hits {line.target}{along}.",
                  (line.cannon, *line.between, line.target))


def _too_close_reasons(position: Position, country: Country, cell: Cell) -> list[Reason]:
    reasons = []
    for fort in sorted(position.pieces_of(country, PieceKind.FORT), key=reading_order):
        if fort == cell:
            continue
        if fort.steps_to(cell) >= MIN_FORT_DISTANCE:
            continue  # a path is never shorter than the straight step count
        path = position.fort_path(fort, cell)
        if path is not None and len(path) - 1 < MIN_FORT_DISTANCE:
            reasons.append(Reason("CC-6", f"Too close: your fort at {fort} is {len(path) - 1} steps away along "
                                  f"{cells_text(path[1:])}; it must be more than {MIN_FORT_DISTANCE - 1}.", tuple(path)))
    return reasons


def judge_piece(position: Position, country: Country, kind: PieceKind, cell: Cell) -> Verdict:
    reasons = _site_reasons(position, country, kind, cell)
    if kind is PieceKind.FORT:
        if position.fort_count(country) >= FORTS_PER_PLAYER:
            reasons.append(Reason("rules:goal", "All ten of your forts are already on the island.", ()))
        reasons.extend(_too_close_reasons(position, country, cell))
    elif kind is PieceKind.CANNON and position.cannons_in_hand(country) == 0:
        earned = position.earned(country)
        why = ("you earn cannon 1 by uncovering fort space 3" if Earned.CANNON1 not in earned
               else "your earned cannons are both on the island" if Earned.CANNON2 in earned
               else "cannon 1 stands already and cannon 2 comes with fort space 6")
        reasons.append(Reason("CC-8", f"No cannon to build: {why}.", ()))
    elif kind is PieceKind.BLOCKADE and not position.blockade_in_hand(country):
        why = ("it stands on the island already" if Earned.BLOCKADE in position.earned(country)
               else "you earn it by uncovering fort space 8")
        reasons.append(Reason("CC-8", f"No blockade to build: {why}.", ()))
    if kind is not PieceKind.BLOCKADE:
        line = position.opponent_cannon_hitting(country, cell)
        if line is not None:
            piece = position.pieces[line.cannon]
            reasons.append(_fire_reason(f"In range of {piece.owner.title}'s cannon", line))
    if reasons:
        return Verdict.reject(*reasons)
    return Verdict.accept(f"{country.title} may build a {kind.label} at {cell}.", (cell,))


def place_piece(position: Position, country: Country, kind: PieceKind, cell: Cell) -> Position:
    pieces = dict(position.pieces)
    pieces[cell] = Piece(kind, country)
    changed = position.replace(pieces=pieces)
    if kind is PieceKind.FORT and country in position.earned_stated:
        earned = dict(position.earned_stated)
        earned[country] = earned[country] | earned_by_fort_count(changed.fort_count(country))
        changed = changed.replace(earned_stated=earned)
    return changed


# --- firing ----------------------------------------------------------------------------


def judge_fire(position: Position, country: Country, target: Cell, silent_cannons=frozenset()) -> Verdict:
    """A shot at an opponent's fort from one of the player's cannons (not one built this turn)."""
    piece = position.pieces.get(target)
    if piece is None or piece.kind is not PieceKind.FORT:
        return Verdict.reject(Reason("rules:turn", f"{target} holds no fort to fire at.", (target,)))
    if piece.owner is country:
        return Verdict.reject(Reason("rules:turn", f"{target} holds your own fort.", (target,)))
    cannons = sorted(position.pieces_of(country, PieceKind.CANNON), key=reading_order)
    if not cannons:
        return Verdict.reject(Reason("rules:turn", "You have no cannon on the island.", (target,)))
    lines = [position.cannon_line(cannon, target) for cannon in cannons]
    ready = [line for line in lines if line.in_range and line.cannon not in silent_cannons]
    if ready:
        line = min(ready, key=lambda line: len(line.between))
        along = f" along {cells_text(line.between)}" if line.between else ""
        return Verdict.accept(f"Your cannon at {line.cannon} hits {piece.owner.title}'s fort at {target}{along}.",
                              (line.cannon, *line.between, target))
    reasons = []
    for line in lines:
        if line.cannon in silent_cannons and line.in_range:
            reasons.append(Reason("rules:cannons", f"The cannon at {line.cannon} was built this turn and cannot fire yet.", (line.cannon,)))
        elif line.blocked_by is not None:
            blocker = position.pieces.get(line.blocked_by)
            what = "a blockade" if blocker is not None else "a mountain"
            reasons.append(Reason("CC-7", f"The cannon at {line.cannon} is blocked by {what} at {line.blocked_by}.",
                                  (line.cannon, *line.between, target)))
        else:
            reasons.append(Reason("CC-7", f"The cannon at {line.cannon} is not in line with {target}.", (line.cannon, target)))
    return Verdict.reject(*reasons)


def remove_fort(position: Position, target: Cell) -> Position:
    """A destroyed fort leaves its road tile empty and goes back to its owner's mat (CC-8)."""
    pieces = dict(position.pieces)
    del pieces[target]
    return position.replace(pieces=pieces)


# --- every legal build at once ---------------------------------------------------------


class LegalBuilds(NamedTuple):
    fort: list[Cell]
    cannon: list[Cell]
    blockade: list[Cell]
    road_grass: list[Cell]
    road_forest: list[Cell]

    @property
    def any(self) -> bool:
        return any(self)


def legal_builds(position: Position, country: Country) -> LegalBuilds:
    """Every cell where each single build is legal; agrees with judge_road and judge_piece."""
    roads: list[Cell] = []
    if country in position.landing and (position.supply is None or position.supply > 0):
        first = _first_road_pending(position, country)
        if first is not None:
            roads = [first]
        else:
            network = position.network(country)
            touching = {n for cell in network for n in cell.neighbours()}
            roads = [c for c in touching if position.ground_at(c) in (Ground.GRASS, Ground.FOREST)
                     and position.landing_owner(c) in (None, country)]
    road_grass = sorted((c for c in roads if position.ground_at(c) is Ground.GRASS), key=reading_order)
    road_forest = sorted((c for c in roads if position.ground_at(c) is Ground.FOREST), key=reading_order)

    landings = set(position.landing.values())
    sites = sorted((c for c in position.network(country) if c not in position.pieces and c not in landings),
                   key=reading_order)
    under_fire = position.cells_under_opponent_fire(country)
    forts: list[Cell] = []
    if position.fort_count(country) < FORTS_PER_PLAYER:
        too_close: set[Cell] = set()
        for fort in position.pieces_of(country, PieceKind.FORT):
            too_close.update(position.fort_distances_within(fort, MIN_FORT_DISTANCE - 1))
        forts = [c for c in sites if c not in under_fire and c not in too_close]
    cannons = [c for c in sites if c not in under_fire] if position.cannons_in_hand(country) else []
    blockades = sites if position.blockade_in_hand(country) else []
    return LegalBuilds(forts, cannons, list(blockades), road_grass, road_forest)


def judge_build(position: Position, country: Country, kind: str, cell: Cell) -> Verdict:
    """One build by name, as `companion referee ... check KIND CELL` asks it."""
    if kind == "landing":
        return judge_landing(position, country, cell)
    if kind == "road":
        return judge_road(position, country, cell)
    return judge_piece(position, country, PieceKind[kind.upper()], cell)


# --- the end (CC-9) --------------------------------------------------------------------


class Score(NamedTuple):
    forts: dict[Country, int]
    over: bool
    winners: list[Country]
    why: str


def rank_winners(position: Position) -> list[Country]:
    """Most forts; ties go to the fewest forts on one's own landing board, then the fewest
    cannons and blockades on the island; players still tied share the win."""
    def key(country: Country):
        seat = _seat(position, country)
        forts = position.pieces_of(country, PieceKind.FORT)
        at_home = sum(1 for cell in forts if position.board_of(cell) == seat)
        extras = len(position.pieces_of(country, PieceKind.CANNON)) + len(position.pieces_of(country, PieceKind.BLOCKADE))
        return (-len(forts), at_home, extras)

    best = min(key(c) for c in position.players)
    return [c for c in position.players if key(c) == best]


def score(position: Position, stalemate: bool = False) -> Score:
    forts = {country: position.fort_count(country) for country in position.players}
    full = [c for c in position.players if forts[c] >= FORTS_PER_PLAYER]
    if full:
        return Score(forts, True, full, f"{full[0].title} has all ten forts on the island.")
    if position.supply == 0 or stalemate:
        winners = rank_winners(position)
        cause = "every player had to pass (CC-P3)" if stalemate else "the road supply is empty"
        names = " and ".join(w.title for w in winners)
        return Score(forts, True, winners, f"The game is over: {cause}; {names} {'win' if len(winners) > 1 else 'wins'}.")
    return Score(forts, False, [], "The game goes on.")
