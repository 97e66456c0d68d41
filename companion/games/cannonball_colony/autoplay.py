"""Seeded random play through the Game API: test games, benchmark islands and sample clips."""

from __future__ import annotations

import random

from companion.games.cannonball_colony.cells import Country, PieceKind
from companion.games.cannonball_colony.game import Game, Phase
from companion.games.cannonball_colony.moves import Build, Fire, Land, Move, Pass, Roads
from companion.games.cannonball_colony.rules import legal_builds
from companion.games.cannonball_colony.setup import new_island

# Pieces are rarer than road spaces; weighting them keeps random games lively.
PIECE_WEIGHT = 4
FIRE_CHANCE = 0.6
SECOND_ROAD_CHANCE = 0.7


def random_turn(game: Game, rng: random.Random) -> list[Move]:
    """Play one turn's moves for the player whose turn it is (not confirmed); return them."""
    if game.phase is Phase.LANDING:
        spots = game.landing_spots()
        move = Land(rng.choice(spots)) if spots else Pass()
        game.play(move)
        return [move]
    played: list[Move] = []
    targets = game.fire_targets()
    if targets and rng.random() < FIRE_CHANCE:
        shot = Fire(rng.choice(sorted(targets)))
        game.play(shot)
        played.append(shot)
    builds = legal_builds(game.position, game.player)
    options = [(name, cells) for name, cells in builds._asdict().items() if cells]
    if not options:
        game.play(Pass())
        return played + [Pass()]
    weights = [PIECE_WEIGHT if name in ("fort", "cannon", "blockade") else 1 for name, _ in options]
    name, cells = rng.choices(options, weights)[0]
    cell = rng.choice(cells)
    if not name.startswith("road"):
        move = Build(PieceKind[name.upper()], cell)
        game.play(move)
        return played + [move]
    game.play(Roads((cell,)))
    if name == "road_grass" and rng.random() < SECOND_ROAD_CHANCE:
        seconds = legal_builds(game.position, game.player).road_grass
        if seconds:
            game.extend_roads(Roads((rng.choice(seconds),)))
    return played + [game.turn.build]


def random_game(players: int | list[Country], seed: int, turns: int | None = None) -> Game:
    """A game played at random from a seeded island, to the end or for `turns` confirmed turns."""
    rng = random.Random(seed)
    seats = rng.sample(list(Country), players) if isinstance(players, int) else list(players)
    game = Game.from_position(new_island(seats, seed=seed))
    while game.phase is not Phase.OVER and (turns is None or len(game.history) < turns):
        random_turn(game, rng)
        game.confirm()
    return game
