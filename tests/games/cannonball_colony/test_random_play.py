"""Seeded random games played to the end through the Game API, with invariants after each turn.

The legality oracle here is written independently of the engine (plain loops over the grid),
so an engine bug that accepts an illegal build shows up as a disagreement.
"""

import random

import pytest

from companion.games.cannonball_colony.cells import Country, Earned, Ground, PieceKind
from companion.games.cannonball_colony.game import Game, Phase
from companion.games.cannonball_colony.autoplay import random_turn
from companion.games.cannonball_colony.moves import Build, Fire, Pass, Roads
from companion.games.cannonball_colony.rules import legal_builds
from companion.games.cannonball_colony.setup import new_island

MAX_TURNS = 3000


# --- an independent oracle ----------------------------------------------------------------

def grid(position):
    return {cell: (position.ground_at(cell), position.pieces.get(cell)) for cell in position.cells()}


def neighbours(cell):
    col, row = cell
    return [type(cell)(col + dc, row + dr) for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))]


def oracle_network(position, country):
    cells = grid(position)

    def open_road(cell):
        if cell not in cells or cells[cell][0] is not Ground.ROAD:
            return False
        piece = cells[cell][1]
        return piece is None or piece.kind is PieceKind.CANNON or (piece.kind is PieceKind.FORT and piece.owner is country)

    seeds = [c for c, (_, p) in cells.items() if p and p.kind is PieceKind.FORT and p.owner is country]
    if country in position.landing and open_road(position.landing[country]):
        seeds.append(position.landing[country])
    seen, todo = set(seeds), list(seeds)
    while todo:
        for n in neighbours(todo.pop()):
            if n not in seen and open_road(n):
                seen.add(n)
                todo.append(n)
    return seen


def oracle_fort_steps(position, a, b):
    cells = grid(position)

    def passable(cell):
        ground, piece = cells.get(cell, (Ground.SEA, None))
        return ground is Ground.FOREST or (ground is Ground.ROAD and not (piece and piece.kind is PieceKind.BLOCKADE))

    distance, todo = {a: 0}, [a]
    while todo:
        cell = todo.pop(0)
        if cell == b:
            return distance[cell]
        for n in neighbours(cell):
            if n not in distance and (n == b or passable(n)):
                distance[n] = distance[cell] + 1
                todo.append(n)
    return None


def oracle_hits(position, cannon, target):
    if (cannon.col != target.col) == (cannon.row != target.row):
        return False
    cells = grid(position)
    lo_c, hi_c = sorted((cannon.col, target.col))
    lo_r, hi_r = sorted((cannon.row, target.row))
    between = [c for c in cells if lo_c <= c.col <= hi_c and lo_r <= c.row <= hi_r and c not in (cannon, target)]
    return not any(cells[c][0] is Ground.MOUNTAIN or (cells[c][1] and cells[c][1].kind is PieceKind.BLOCKADE)
                   for c in between)


def under_opponent_fire(position, country, cell):
    return any(oracle_hits(position, c, cell) for c, p in position.pieces.items()
               if p.kind is PieceKind.CANNON and p.owner is not country)


def assert_piece_was_legal(before, country, kind, cell):
    assert before.ground_at(cell) is Ground.ROAD and cell not in before.pieces
    assert cell not in before.landing.values()
    assert cell in oracle_network(before, country)
    if kind is not PieceKind.BLOCKADE:
        assert not under_opponent_fire(before, country, cell)
    if kind is PieceKind.FORT:
        for fort in before.pieces_of(country, PieceKind.FORT):
            steps = oracle_fort_steps(before, fort, cell)
            assert steps is None or steps > 3, f"fort at {cell} only {steps} steps from {fort}"


def assert_roads_were_legal(before, country, cells):
    grounds = [before.ground_at(c) for c in cells]
    assert all(g in (Ground.GRASS, Ground.FOREST) for g in grounds)
    assert len(cells) == 1 or grounds == [Ground.GRASS, Ground.GRASS]
    landing = before.landing[country]
    for index, cell in enumerate(cells):
        # The first road may join loose roads to the network; the second may touch any of it.
        laid = before.replace(ground={**before.ground, **{c: Ground.ROAD for c in cells[:index]}})
        network = oracle_network(laid, country)
        assert cell == landing or any(n in network for n in neighbours(cell)), f"road at {cell} not connected"


# --- the invariants --------------------------------------------------------------------------

def check_invariants(game, start_supply, earned_before):
    position = game.position
    assert position.supply + position.road_cell_count() == start_supply, "road tiles appeared or vanished"
    for country in position.players:
        earned = position.earned(country)
        assert earned >= earned_before.get(country, frozenset()), f"{country} lost an earned piece"
        forts = position.fort_count(country)
        assert forts <= 10
        cannons = len(position.pieces_of(country, PieceKind.CANNON))
        assert cannons <= (Earned.CANNON1 in earned) + (Earned.CANNON2 in earned)
        assert len(position.pieces_of(country, PieceKind.BLOCKADE)) <= (Earned.BLOCKADE in earned)
        for space, piece in ((3, Earned.CANNON1), (6, Earned.CANNON2), (8, Earned.BLOCKADE)):
            if forts >= space:
                assert piece in earned
        earned_before[country] = earned
    for cell, piece in position.pieces.items():
        assert position.ground_at(cell) is Ground.ROAD


# --- checking each turn the random player makes ------------------------------------------------

def play_checked_turn(game, rng):
    player, start = game.player, game.position
    moves = random_turn(game, rng)
    before = start
    for move in moves:
        if isinstance(move, Fire):
            owner = before.pieces[move.target].owner
            after_shot = game.turn.after_shot
            assert after_shot.fort_count(owner) == before.fort_count(owner) - 1
            assert any(oracle_hits(before, c, move.target) for c in before.pieces_of(player, PieceKind.CANNON))
            before = after_shot
        elif isinstance(move, Roads):
            assert_roads_were_legal(before, player, move.cells)
        elif isinstance(move, Build):
            assert_piece_was_legal(before, player, move.kind, move.cell)
        elif isinstance(move, Pass) and game.phase is Phase.BUILDING:
            assert not legal_builds(before, player).any
    if rng.random() < 0.05 and game.turn.build is not None:  # a change of mind: undo, then the same again
        redo = game.turn.build
        assert game.undo().legal
        assert game.play(redo).legal


@pytest.mark.parametrize("players, seeds", [(2, range(0, 12)), (3, range(100, 108)), (4, range(200, 206))])
def test_random_games_end_with_every_invariant_kept(players, seeds):
    countries = list(Country)
    endings = set()
    for seed in seeds:
        rng = random.Random(seed)
        seats = rng.sample(countries, players)
        game = Game.from_position(new_island(seats, seed=seed))
        start_supply = game.position.supply
        earned = {}
        for _ in range(MAX_TURNS):
            if game.phase is Phase.OVER:
                break
            play_checked_turn(game, rng)
            assert game.confirm().legal
            check_invariants(game, start_supply, earned)
        else:
            pytest.fail(f"seed {seed}: the game did not end in {MAX_TURNS} turns")
        assert game.result is not None and game.result.winners
        endings.add(game.result.why.split(":")[0] if ":" in game.result.why else "ten forts")
        assert game.play(Pass()).reasons[0].rule == "rules:goal"
    assert endings, "no game ended"
