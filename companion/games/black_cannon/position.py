"""A position of Black Cannon: who owns which fleets, whose turn it is, each fleet's ship, the chests
carried, stored in port and lying on the treasure squares."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from companion.games.black_cannon.board import FLEETS, Board, default_board

KINDS = ("galleon", "frigate", "raft")   # what a ship becomes when sunk: the next one along
CHESTS_IN_ALL = 14
CHESTS_TO_WIN = 3
FLEETS_PER_PLAYER = {2: 2, 3: 1, 4: 1}   # players -> fleets each (BC-4: two players own two fleets)


@dataclass(frozen=True)
class Ship:
    kind: str      # galleon | frigate | raft
    square: str

    def __str__(self) -> str:
        return f"{self.kind}@{self.square}"


def setup_chests(board: Board) -> dict[str, int]:
    """The rulebook's setup (BC-11): the 14 chests spread over the treasure squares as evenly as they go,
    the spare ones on the first and last squares of the board's list, then inwards (4, 3, 3, 4 on the
    default board)."""
    count = len(board.treasure)
    chests = {square: CHESTS_IN_ALL // count for square in board.treasure}
    ends = [i for pair in zip(range(count), reversed(range(count))) for i in pair]
    for index in list(dict.fromkeys(ends))[:CHESTS_IN_ALL % count]:
        chests[board.treasure[index]] += 1
    return chests


@dataclass(frozen=True)
class Position:
    """`ships`, `home` name every fleet in play; `chests` every treasure square of the board."""

    board: Board
    players: tuple[tuple[str, tuple[str, ...]], ...]   # (player, their fleets) in seat order
    turn: str
    ships: dict[str, Ship]
    carrying: frozenset[str] = frozenset()
    home: dict[str, int] = field(default_factory=dict)
    chests: dict[str, int] = field(default_factory=dict)

    @classmethod
    def setup(cls, players: tuple[tuple[str, tuple[str, ...]], ...], board: Board | None = None) -> "Position":
        """Every fleet's galleon in its own port, the chests on the treasure squares, the first seat to play."""
        board = board or default_board()
        fleets = [fleet for fleet in FLEETS if any(fleet in owned for _, owned in players)]
        return cls(board, players, players[0][0], {fleet: Ship("galleon", board.port(fleet)) for fleet in fleets},
                   frozenset(), {fleet: 0 for fleet in fleets}, setup_chests(board))

    def replace(self, **changes) -> "Position":
        return replace(self, **changes)

    @property
    def fleets(self) -> tuple[str, ...]:
        """The fleets in play, in the order red, blue, green, yellow."""
        return tuple(fleet for fleet in FLEETS if fleet in self.ships)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.players)

    def fleets_of(self, player: str) -> tuple[str, ...]:
        return dict(self.players)[player]

    def owner(self, fleet: str) -> str:
        return next(name for name, owned in self.players if fleet in owned)

    def opponents(self, fleet: str) -> tuple[str, ...]:
        """The fleets of every other player (a two-player game's own second fleet is no opponent)."""
        mine = self.owner(fleet)
        return tuple(other for other in self.fleets if self.owner(other) != mine)

    def fleet_at(self, square: str) -> str | None:
        return next((fleet for fleet, ship in self.ships.items() if ship.square == square), None)

    def in_home_port(self, fleet: str) -> bool:
        return self.ships[fleet].square == self.board.port(fleet)

    def chests_home(self, player: str) -> int:
        """A player's chests over all of their ports (BC-4)."""
        return sum(self.home[fleet] for fleet in self.fleets_of(player))

    def chests_carried(self, player: str) -> int:
        return sum(1 for fleet in self.fleets_of(player) if fleet in self.carrying)

    def next_player(self) -> str:
        names = self.names
        return names[(names.index(self.turn) + 1) % len(names)]
