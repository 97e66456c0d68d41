"""The Colony's rules on plain tuples of numbers, for the bot's search: the same sowing, action table,
relays (TC-4, TC-5), ant moves and ends as rules.py, with every way of a sowing's choices explored in
one pass (branches copy the board where a choice comes up) and boards that hash, to compare outcomes.

rules.py stays the referee; this module is checked against it move for move
(tests/games/the_colony/test_the_colony_compact.py). A board here is a `Board`: eggs and ants by
space index, 0 for red and 1 for black. A sowing may offer a choice at every double log and after
every pick-up from the centre, so a sowing can offer hundreds of choices; `Limits` says how many of
them the search tries both ways before it takes the first way out for the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator, NamedTuple

from companion.games.the_colony.layout import Layout
from companion.games.the_colony.position import ANTS_PER_PLAYER, COLOURS, Position
from companion.games.the_colony.sowing import EGGS_AN_ANT_CLAIMS

NO_ANT = -1
PASS = "pass"   # a Turn's ant: the player to move could step an ant and did not


@dataclass(frozen=True)
class Limits:
    """How much of a sowing's tree of choices is explored; every sowing generated is a legal one."""

    branching_choices: int = 4    # the first this many choices of a sowing are tried both ways
    sowings_per_start: int = 12   # at most this many different sowings from one space


class Geometry:
    """A layout as index tables: where eggs go from each space, the centre's way through, who touches whom."""

    def __init__(self, layout: Layout):
        self.layout = layout
        self.ids = layout.ids
        self.index = {space_id: i for i, space_id in enumerate(self.ids)}
        self.ways = tuple(tuple(self.index[n] for n in layout.space(s).next) for s in self.ids)
        self.centre = self.index[layout.centre]
        self.through = {self.index[a]: self.index[b] for a, b in layout.centre_through}
        self.neighbours = tuple(tuple(self.index[n] for n in layout.neighbours(s)) for s in self.ids)


@lru_cache(maxsize=8)
def geometry(layout: Layout) -> Geometry:
    return Geometry(layout)


class Board(NamedTuple):
    eggs: tuple[int, ...]
    ants: tuple[int, ...]           # NO_ANT, 0 (red) or 1 (black) on each space
    collected: tuple[int, int]
    mover: int
    mandatory: bool                 # ant moves are mandatory for everyone with an ant out
    last_turn: int                  # who last completed a whole turn (decides a tie)
    over: bool = False              # the game has ended (before this mover sowed, or at their ant move)


class Sown(NamedTuple):
    """One complete sowing: the choices made, and the eggs, ants and collected eggs after it."""

    start: int
    via: tuple[int, ...]
    eggs: tuple[int, ...]
    ants: tuple[int, ...]
    gained: int


class Turn(NamedTuple):
    """A whole turn: the sowing, then the ant step (from, to), PASS, or None when there was no ant
    decision to make (no ant could step, or the game ended at the ant move). `board` is after it."""

    sown: Sown
    ant: tuple[int, int] | str | None
    board: Board


def board_of(position: Position, over: bool = False) -> Board:
    geo = geometry(position.layout)
    return Board(tuple(position.eggs[s] for s in geo.ids),
                 tuple(COLOURS.index(position.ants[s]) if s in position.ants else NO_ANT for s in geo.ids),
                 (position.collected[COLOURS[0]], position.collected[COLOURS[1]]),
                 COLOURS.index(position.turn), position.ants_mandatory, COLOURS.index(position.last_turn), over)


def legal_starts(board: Board) -> list[int]:
    ants = board.ants
    return [i for i, count in enumerate(board.eggs) if count and ants[i] == NO_ANT]


def sowings(board: Board, geo: Geometry, start: int, limits: Limits) -> list[Sown]:
    """Different complete sowings from `start` (a legal start), within `limits`."""
    found: list[Sown] = []
    outcomes: set = set()
    for sown in ways_of_sowing(board, geo, start, limits.branching_choices):
        if len(found) >= limits.sowings_per_start:
            break
        if (sown.eggs, sown.ants, sown.gained) not in outcomes:
            outcomes.add((sown.eggs, sown.ants, sown.gained))
            found.append(sown)
    return found


@dataclass
class Ways:
    """How a walk of a sowing's ways went: `cut` once a way was left untried (past the choices allowed, or
    the branches allowed)."""
    cut: bool = False


def ways_of_sowing(board: Board, geo: Geometry, start: int, branching: int, past_branching: str = "first way",
                   branches: int | None = None, ways: Ways | None = None) -> Iterator[Sown]:
    """Every complete sowing from `start` (a legal start), one per way, two ways to one board included.
    Its first `branching` choices are tried every way; past them a branch takes the first way on
    (`past_branching` "first way") or stops there ("stop", noted in `ways`), as does the walk after
    `branches` branches."""
    ways = ways if ways is not None else Ways()
    mover = board.mover
    in_hand = ANTS_PER_PLAYER - sum(1 for a in board.ants if a == mover)
    eggs = list(board.eggs)
    seen = {(start, board.eggs)}
    hand, eggs[start] = eggs[start], 0
    # Each pending branch: (eggs, seen, hand, at, came_from, via, way): sown on from `at` by `way`
    # (None: as the arrows and the first way say), its choices so far in `via`.
    pending = [(eggs, seen, hand, start, None, (), None)]
    ways_of, centre, through = geo.ways, geo.centre, geo.through
    walked = 0
    while pending:
        if branches is not None and walked >= branches:
            ways.cut = True
            return
        walked += 1
        eggs, seen, hand, at, came_from, via, way = pending.pop()
        ants = board.ants
        while True:
            options = (through[came_from],) if at == centre and came_from is not None else ways_of[at]
            if way is not None:   # a branch taking the way it was set aside for
                target, way = way, None
            elif len(options) > 1:
                if len(via) < branching:
                    for other in options[:0:-1]:   # the other ways wait; the first is sown on now
                        pending.append((list(eggs), set(seen), hand, at, came_from, via + (other,), other))
                elif past_branching == "stop":
                    ways.cut = True
                    break
                target = options[0]
                via += (target,)
            else:
                target = options[0]
            hand -= 1
            if hand:
                eggs[target] += 1
                at, came_from = target, at
                continue
            here, ant = eggs[target], ants[target]
            gained = 0
            if ant == mover:
                gained = 1
            elif here == 0:
                eggs[target] = 1
            elif ant == NO_ANT and here == EGGS_AN_ANT_CLAIMS:
                gained = 1
                if in_hand:
                    ants = ants[:target] + (mover,) + ants[target + 1:]
            else:
                eggs[target] = here + 1
                state = (target, tuple(eggs))
                if state not in seen:   # TC-4: a relay back to a state of this turn stops instead
                    seen.add(state)
                    hand, eggs[target] = here + 1, 0
                    at, came_from = target, None   # TC-5: on as if the sowing started here
                    continue
            yield Sown(start, via, tuple(eggs), ants, gained)
            break


def ant_steps(ants: tuple[int, ...], colour: int, geo: Geometry) -> list[tuple[int, int]]:
    return [(i, near) for i, ant in enumerate(ants) if ant == colour
            for near in geo.neighbours[i] if ants[near] == NO_ANT]


def turns_after(board: Board, sown: Sown, geo: Geometry) -> list[Turn]:
    """Every way to finish the turn after `sown`: its ant steps, a pass where allowed, or the end."""
    mover = board.mover
    collected = list(board.collected)
    collected[mover] += sown.gained
    collected = (collected[0], collected[1])
    ants = sown.ants
    has_ant = mover in ants
    must = board.mandatory and has_ant
    steps = ant_steps(ants, mover, geo) if has_ant else []
    if must and not steps:   # a mandatory ant move that no ant can make ends the game
        return [Turn(sown, None, Board(sown.eggs, ants, collected, mover, True, board.last_turn, True))]
    if not steps:
        return [Turn(sown, None, _next_turn(sown.eggs, ants, collected, mover, board.mandatory))]
    found = [] if must else [Turn(sown, PASS, _next_turn(sown.eggs, ants, collected, mover, board.mandatory))]
    for start, end in steps:
        moved = list(ants)
        moved[start], moved[end] = NO_ANT, mover
        found.append(Turn(sown, (start, end), _next_turn(sown.eggs, tuple(moved), collected, mover, True)))
    return found


def _next_turn(eggs, ants, collected, mover: int, mandatory: bool) -> Board:
    """The mover completed the turn: the other player is to move, and the game is over if they cannot sow."""
    stuck = not any(count and ants[i] == NO_ANT for i, count in enumerate(eggs))
    return Board(eggs, ants, collected, 1 - mover, mandatory, mover, stuck)


def turns(board: Board, geo: Geometry, limits: Limits) -> list[Turn]:
    """The whole turns the player to move may take (their sowings within `limits`); none once over."""
    if board.over:
        return []
    return [turn for start in legal_starts(board) for sown in sowings(board, geo, start, limits)
            for turn in turns_after(board, sown, geo)]


def scores(board: Board) -> tuple[int, int]:
    """Collected eggs plus the eggs under one's ants, red's and black's."""
    red, black = board.collected
    for count, ant in zip(board.eggs, board.ants):
        if ant == 0:
            red += count
        elif ant == 1:
            black += count
    return red, black


def winner(board: Board) -> int:
    """Who wins the ended game: the most eggs, a tie to the last player to complete a whole turn."""
    red, black = scores(board)
    return board.last_turn if red == black else (0 if red > black else 1)
