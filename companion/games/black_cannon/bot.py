"""A computer seat for Black Cannon: for the roll the table read, the move that is best on average
over the dice of its next turn (expectimax: its move, then every roll, then its best reply), told as
a sentence for the human who sails the ship for it; before the roll, which dice to throw; at a shot
owed, where to aim.

Pure and stdlib-only; it decides from the record's state, which holds nothing secret.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from companion.games.black_cannon.moves import DIE_FACES, Move, dice_wanted, sailing
from companion.games.black_cannon.position import Position
from companion.games.black_cannon.rules import sail
from companion.games.plugin import BotMove

LEVELS = ("random", "greedy", "expectimax")


@dataclass(frozen=True)
class Weights:
    """What a position is worth to a player: chests home win, a chest aboard is most of one, and
    each square nearer the ship's goal (home with a chest, else the nearest chest) counts a little."""

    home: float = 100.0
    carried: float = 40.0
    step: float = 2.0
    kind: tuple[tuple[str, float], ...] = (("galleon", 6.0), ("frigate", 3.0), ("raft", 0.0))


WEIGHTS = Weights()
# The chance node: every roll of one die, and every roll of two dice, with its probability.
ONE_DIE = tuple(((face,), 1 / 6) for face in DIE_FACES)
TWO_DICE = tuple(((a, b), 1 / 36) for a, b in product(DIE_FACES, DIE_FACES))


def _steps_to_goal(position: Position, fleet: str) -> int:
    board, ship = position.board, position.ships[fleet]
    x, y = board.xy(ship.square)
    full = [s for s, n in position.chests.items() if n]
    goals = [board.port(fleet)] if fleet in position.carrying or ship.kind == "raft" or not full else full
    return min(max(abs(x - gx), abs(y - gy)) for gx, gy in map(board.xy, goals))


def worth(position: Position, player: str, weights: Weights = WEIGHTS) -> float:
    kinds = dict(weights.kind)
    total = weights.home * position.chests_home(player)
    for fleet in position.fleets_of(player):
        total += weights.carried * (fleet in position.carrying) + kinds[position.ships[fleet].kind]
        total -= weights.step * _steps_to_goal(position, fleet)
    return total


def _moves(position: Position, player: str, dice: tuple[int, ...]) -> list[Move]:
    return [move for fleet in position.fleets_of(player) if dice_wanted(position, fleet) == len(dice)
            for move in sailing(position, fleet, dice).moves]


def _after(position: Position, move: Move) -> Position:
    return sail(position, move).position


def _best_reply(position: Position, player: str, dice: tuple[int, ...]) -> float:
    moves = _moves(position, player, dice)
    if not moves:
        return worth(position, player)
    return max(worth(_after(position, move), player) for move in moves)


def _expected(position: Position, player: str) -> float:
    """The chance node after a move: the player's best reply averaged over the dice of the next turn,
    for the dice the player would throw (both when any of its ships moves as a galleon)."""
    throws = TWO_DICE if any(dice_wanted(position, f) == 2 for f in position.fleets_of(player)) else ONE_DIE
    return sum(chance * _best_reply(position, player, dice) for dice, chance in throws)


def choose_move(position: Position, player: str, dice: tuple[int, ...], level: str, rng) -> Move | None:
    moves = _moves(position, player, dice)
    if not moves:
        return None
    if level == "random":
        return rng.choice(moves)
    if level == "greedy":
        return max(moves, key=lambda move: (worth(_after(position, move), player), rng.random()))
    return max(moves, key=lambda move: (_expected(_after(position, move), player), rng.random()))


class BlackCannonBot:
    levels = LEVELS

    @staticmethod
    def seats(state) -> tuple[str, ...]:
        """The players of the game in play (a seat is a player, who may own two fleets); none known before one."""
        return state.position.names if state is not None else ()

    @staticmethod
    def to_move(state) -> str | None:
        """Whose decision the game waits for: the owner of the ship that fires while a shot is owed (a sea
        battle's second shot is the other player's), else the player whose turn it is; nobody once won."""
        if state is None or state.winner is not None:
            return None
        if state.phase == "shot":
            return state.position.owner(state.shots[0].shooter)
        return state.position.turn

    def choose(self, state, seat: str, level: str, rng) -> BotMove:
        """`seat` is a player's name; `state` the record's BlackCannonGame."""
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}")
        position = state.position
        if seat not in position.names:
            raise ValueError(f"{seat!r} is not a player ({', '.join(position.names)})")
        if state.phase == "shot":
            return self._aim(position, state.shots[0], seat)
        if position.turn != seat or state.phase != "move":
            return self._before_roll(position, seat)
        move = choose_move(position, seat, state.roll, level, rng)
        if move is None:   # BC-8: boxed in, the ship stays
            fleet = next(f for f in position.fleets_of(seat) if dice_wanted(position, f) == len(state.roll))
            square = position.ships[fleet].square
            return BotMove(({"type": "move", "fleet": fleet, "to": square},),
                           f"{fleet.title()}'s {position.ships[fleet].kind} cannot move: leave it on {square}.",
                           (square,))
        ship = position.ships[move.fleet]
        said = f"Sail {move.fleet}'s {ship.kind} from {move.start} {move.squares} {move.direction} to {move.to}"
        if move.to in position.chests and position.chests[move.to] and move.fleet not in position.carrying:
            said += " and pick up a chest"
        return BotMove(({"type": "move", "fleet": move.fleet, "to": move.to},), said + ".", (move.start, *move.path))

    @staticmethod
    def _before_roll(position: Position, seat: str) -> BotMove:
        if position.turn != seat:
            return BotMove((), f"It is {position.turn}'s turn.")
        wanted = {dice_wanted(position, fleet) for fleet in position.fleets_of(seat)}
        return BotMove((), f"Roll {'both dice' if 2 in wanted else 'one die'} for {seat}.")

    @staticmethod
    def _aim(position: Position, shot, seat: str) -> BotMove:
        if position.owner(shot.shooter) != seat:
            return BotMove((), f"{shot.shooter.title()} fires now.")
        # Aim at the ship whose sinking costs its owner most: a chest aboard, then the biggest ship.
        order = {"galleon": 0, "frigate": 1, "raft": 2}
        target = min(shot.targets, key=lambda f: (f not in position.carrying, order[position.ships[f].kind], f))
        ship = position.ships[target]
        return BotMove((), f"Aim {shot.shooter}'s shot at {target}'s {ship.kind} on {ship.square}, then say whether it "
                           f"went over.", (ship.square,))


BOT = BlackCannonBot()
