"""Random legal play of Black Cannon through the record, for the properties and the recorded
playthrough: each step is the command a table would send, chosen from what the rules allow."""

from __future__ import annotations

import random

from companion.games.black_cannon.moves import dice_wanted, sailing
from companion.games.black_cannon.record import RECORD, BlackCannonGame
from companion.games.black_cannon.rules import TO_SHIP, judge_shot


def _distance_to_goal(position, fleet: str, square: str) -> int:
    """Kings' moves from `square` to the ship's goal: home with a chest, else the nearest chest."""
    board = position.board
    x, y = board.xy(square)
    goals = ([board.port(fleet)] if fleet in position.carrying or position.ships[fleet].kind == "raft"
             else [s for s, n in position.chests.items() if n] or [board.port(fleet)])
    return min(max(abs(x - gx), abs(y - gy)) for gx, gy in map(board.xy, goals))


def random_command(game: BlackCannonGame, rng: random.Random, purposeful: bool = False) -> dict:
    """A command the rules accept in `game`: a roll fitting one of the mover's ships, a move for it
    (taking the chest nine times in ten; `purposeful`: mostly the move nearest a chest, or home with
    one), or the shot owed with an outcome and a chest's fate."""
    position = game.position
    if game.phase == "roll":
        fleet = rng.choice(position.fleets_of(position.turn))
        return {"type": "roll", "dice": [rng.randint(1, 6) for _ in range(dice_wanted(position, fleet))]}
    if game.phase == "move":
        fleets = [f for f in position.fleets_of(position.turn) if dice_wanted(position, f) == len(game.roll)]
        fleet = rng.choice(fleets)
        moves = sailing(position, fleet, game.roll).moves
        if moves and purposeful and rng.random() < 0.8:
            to = min(moves, key=lambda move: (_distance_to_goal(position, fleet, move.to), rng.random())).to
        else:
            to = rng.choice(moves).to if moves else position.ships[fleet].square
        return {"type": "move", "fleet": fleet, "to": to, "take_chest": rng.random() < 0.9}
    shot = game.shots[0]
    target = rng.choice([*shot.targets, None])
    sunk = target is not None and rng.random() < 0.5
    for chest in (None, TO_SHIP, *rng.sample(position.board.treasure, len(position.board.treasure))):
        if judge_shot(position, shot, target, sunk, chest).legal:
            return {"type": "shot", "target": target, "sunk": sunk, "chest": chest}
    raise AssertionError(f"no legal outcome for {shot}")


def play(seed: int, start: str = "", steps: int = 200, purposeful: bool = False):
    """Random legal commands from `start` (four fleets' setup by default), yielding (command, verdict, game)."""
    rng = random.Random(seed)
    command = RECORD.start(start)
    verdict, bodies = RECORD.decide(None, command)
    game = RECORD.apply(None, bodies[0], 1)
    yield command, verdict, game
    for seq in range(2, steps + 2):
        if game.winner is not None:
            return
        command = random_command(game, rng, purposeful)
        verdict, bodies = RECORD.decide(game, command)
        assert verdict.legal, (command, verdict.message)
        for body in bodies:
            game = RECORD.apply(game, body, seq)
        yield command, verdict, game
