"""Sailing: the roll a ship moves by, the straight lines it may take, the forced maximum move (BC-5),
the home port short of the roll (BC-6), and a verdict with the blocking square on any one move.

A ship sails in one of eight straight directions over squares wholly or partly sea; only the squares
on its line count (it may slip diagonally between two land squares). It may pass through ships but
not stop on one, nor in another fleet's port (BC-7).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.black_cannon.board import DIRECTIONS
from companion.games.black_cannon.position import Position
from companion.games.verdict import Reason, Verdict

DIE_FACES = range(1, 7)


class RollError(ValueError):
    """Dice that do not fit the ship: a number of dice it does not roll, or a face no die has."""


@dataclass(frozen=True)
class Move:
    fleet: str
    start: str
    path: tuple[str, ...]    # the squares sailed over, the last one where the ship stops
    direction: str
    home: bool = False       # the ship stops in its own home port (BC-6)

    @property
    def to(self) -> str:
        return self.path[-1]

    @property
    def squares(self) -> int:
        return len(self.path)

    def to_json(self) -> dict:
        return {"to": self.to, "squares": self.squares, "path": list(self.path)}


@dataclass(frozen=True)
class Sailing:
    """Every move a roll allows one ship, and why: `forced` when none uses a roll value exactly (BC-5)."""

    fleet: str
    values: tuple[int, ...]
    moves: tuple[Move, ...]
    forced: bool
    reasons: tuple[Reason, ...]

    def move_to(self, square: str) -> Move | None:
        return next((move for move in self.moves if move.to == square), None)

    def to_json(self) -> dict:
        return {"moves": [move.to_json() for move in self.moves], "forced": self.forced,
                "reasons": [reason.to_json() for reason in self.reasons]}


def moves_as(position: Position, fleet: str) -> str:
    """The kind of ship `fleet`'s ship moves as: a ship in its home port moves as a galleon (BC-6)."""
    return "galleon" if position.in_home_port(fleet) else position.ships[fleet].kind


def dice_wanted(position: Position, fleet: str) -> int:
    return 2 if moves_as(position, fleet) == "galleon" else 1


def roll_values(position: Position, fleet: str, dice: tuple[int, ...]) -> tuple[int, ...]:
    """How far the roll lets the ship move: a galleon either die or their sum, a frigate or raft its one die."""
    wanted = dice_wanted(position, fleet)
    ship = position.ships[fleet]
    if len(dice) != wanted:
        why = ("it is in its home port and moves as a galleon (BC-6)" if ship.kind != "galleon" and wanted == 2
               else f"it is a {ship.kind}")
        raise RollError(f"{fleet}'s ship rolls {'both dice' if wanted == 2 else 'one die'}, as {why}; "
                        f"got {len(dice)} ({','.join(str(d) for d in dice)})")
    for die in dice:
        if die not in DIE_FACES:
            raise RollError(f"a die shows 1 to 6, not {die}")
    return tuple(sorted(set(dice) | ({sum(dice)} if wanted == 2 else set())))


def line(position: Position, start: str, direction: str, limit: int) -> tuple[tuple[str, ...], str | None]:
    """The squares a ship may sail over from `start` in `direction`, up to `limit`, and what stops it
    sooner: the land square in the way (None: the board's end or the limit)."""
    board = position.board
    step_x, step_y = DIRECTIONS[direction]
    x, y = board.xy(start)
    squares: list[str] = []
    for _ in range(limit):
        x, y = x + step_x, y + step_y
        square = board.at(x, y)
        if square is None:
            return tuple(squares), None
        if not board.is_sea(square):
            return tuple(squares), square
        squares.append(square)
    return tuple(squares), None


def stop_problem(position: Position, fleet: str, square: str) -> Reason | None:
    """Why the ship may not stop on `square`, or None when it may."""
    other = position.fleet_at(square)
    if other is not None and other != fleet:
        return Reason("rules:move", f"{square} holds {other}'s {position.ships[other].kind}: two ships cannot share "
                      f"a square (a ship may pass through one, not stop on it).", (square,))
    port_of = position.board.port_of(square)
    if port_of is not None and port_of != fleet and port_of in position.ships:
        return Reason("BC-7", f"{square} is {port_of}'s port: a ship may sail through another fleet's port but not "
                      f"stop in it.", (square,))
    return None


def sailing(position: Position, fleet: str, dice: tuple[int, ...]) -> Sailing:
    """Every legal move of `fleet`'s ship for `dice` (RollError when the dice do not fit the ship)."""
    values = roll_values(position, fleet, dice)
    largest, start, port = max(values), position.ships[fleet].square, position.board.port(fleet)
    lines = {direction: line(position, start, direction, largest)[0] for direction in DIRECTIONS}
    moves, home = [], None
    for direction, squares in lines.items():
        for distance in range(1, len(squares) + 1):
            end = squares[distance - 1]
            is_home = end == port
            if (distance in values or is_home) and stop_problem(position, fleet, end) is None:
                moves.append(Move(fleet, start, squares[:distance], direction, is_home))
                home = home or (moves[-1] if is_home and distance not in values else None)
    kind = moves_as(position, fleet)
    roll = _either(values)
    reasons = [Reason("rules:move", f"{fleet.title()}'s {position.ships[fleet].kind} at {start} moves as a {kind}: "
                      f"{roll} square{'s' if values != (1,) else ''} in a straight line.", (start,))]
    if home is not None:
        reasons.append(Reason("BC-6", f"Its home port {port} is {home.squares} square{'s' if home.squares > 1 else ''} "
                              f"away on a clear line, within the roll: it may stop there.", home.path))
    if moves:
        return Sailing(fleet, values, tuple(moves), False, tuple(reasons))
    return _forced(position, fleet, values, lines, reasons)


def _either(values: tuple[int, ...]) -> str:
    """'2, 4 or 6'."""
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _forced(position: Position, fleet: str, values: tuple[int, ...], lines: dict, reasons: list) -> Sailing:
    """BC-5: no value fits, so the greatest number of squares the ship can make, up to the largest value."""
    start = position.ships[fleet].square
    best: dict[str, int] = {}
    for direction, squares in lines.items():
        reach = max((d for d in range(1, len(squares) + 1) if stop_problem(position, fleet, squares[d - 1]) is None),
                    default=0)
        if reach:
            best[direction] = reach
    most = max(best.values(), default=0)
    moves = tuple(Move(fleet, start, lines[d][:most], d) for d, reach in best.items() if reach == most)
    if not moves:
        reasons.append(Reason("BC-8", f"No roll value gives a legal move, and {start} has no free square beside it "
                              f"to sail to: the ship stays where it is and the turn passes.", (start,)))
    else:
        reasons.append(Reason("BC-5", f"No roll value gives a legal move: the ship must move the most squares it can "
                              f"in one straight line, {most}, to {' or '.join(m.to for m in moves)}.",
                              tuple(m.to for m in moves)))
    return Sailing(fleet, values, moves, True, tuple(reasons))


def direction_to(position: Position, start: str, end: str) -> tuple[str, int] | None:
    """(direction, squares) of the straight line from `start` to `end`, or None when they share no line."""
    (x0, y0), (x1, y1) = position.board.xy(start), position.board.xy(end)
    dx, dy = x1 - x0, y1 - y0
    if (dx, dy) == (0, 0) or not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        return None
    step = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
    return next(name for name, d in DIRECTIONS.items() if d == step), max(abs(dx), abs(dy))


def judge_move(position: Position, fleet: str, dice: tuple[int, ...], end: str) -> Verdict:
    """Accepted with the path as evidence, or refused with the rule and the square that decides it."""
    found = sailing(position, fleet, dice)
    start = position.ships[fleet].square
    move = found.move_to(end)
    if move is not None:
        short = move.home and move.squares not in found.values   # home on less than the roll (BC-6)
        rule = "BC-5" if found.forced else "BC-6" if short else "rules:move"
        note = (f"{fleet.title()} sails {move.squares} square{'s' if move.squares > 1 else ''} {move.direction} "
                f"from {start} to {end}" + (" into its home port" if move.home else "")
                + (", the most it can (forced)" if found.forced else "") + f". [{rule}]")
        return Verdict.accept(note, (start, *move.path))
    return Verdict.reject(_why_not(position, found, fleet, start, end))


def _why_not(position: Position, found: Sailing, fleet: str, start: str, end: str) -> Reason:
    if end == start:
        return Reason("rules:move", f"The ship is already on {start}: it cannot refuse to move.", (start,))
    way = direction_to(position, start, end)
    if way is None:
        return Reason("rules:move", f"{end} is not on a straight line from {start} (along a row, a column or a "
                      f"diagonal): a ship may not change direction during a move.", (start, end))
    direction, distance = way
    squares, land = line(position, start, direction, distance)
    if land is not None:
        return Reason("rules:move", f"{land} is land, on the way from {start} to {end}: a ship may not land on or "
                      f"pass over an island.", (*squares, land))
    stopped = stop_problem(position, fleet, end)
    if stopped is not None:
        return stopped
    roll = _either(found.values)
    if found.forced:
        most = found.moves[0].squares if found.moves else 0
        return Reason("BC-5", f"No roll value gives a legal move, so the ship must move the most squares it can, "
                      f"{most}, not {distance}: to {' or '.join(m.to for m in found.moves) or 'nowhere'}.",
                      (start, end))
    return Reason("rules:move", f"{end} is {distance} square{'s' if distance > 1 else ''} from {start}; the roll "
                  f"allows {roll}.", squares)
