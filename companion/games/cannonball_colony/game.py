"""A game of Cannonball Colony in progress: whose turn, the turn being played, confirm and undo.

A turn is: an optional shot, then exactly one build (or a pass when none is possible), then
Confirm. Undo takes the turn back, except a cannon shot already fired (CC-P4: a shot is
final, as the session log never undoes across one).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from companion.games.verdict import Reason, Verdict
from companion.games.cannonball_colony.cells import Country, PieceKind
from companion.games.cannonball_colony.moves import Build, Fire, Land, Move, Pass, Roads
from companion.games.cannonball_colony.position import Position
from companion.games.cannonball_colony.rules import (
    Score,
    judge_fire,
    judge_landing,
    judge_piece,
    judge_roads,
    lay_roads,
    legal_builds,
    place_piece,
    reading_order,
    remove_fort,
    score,
)


class Phase(Enum):
    LANDING = "landing"
    BUILDING = "building"
    OVER = "over"


@dataclass
class TurnInProgress:
    player: Country
    start: Position
    after_shot: Position | None = None
    shot: Fire | None = None
    build: Move | None = None

    @property
    def done(self) -> bool:
        return self.build is not None


@dataclass(frozen=True)
class TurnRecord:
    player: Country
    moves: tuple[Move, ...]

    def __str__(self) -> str:
        return f"{self.player}: " + ", ".join(str(m) for m in self.moves)


@dataclass
class Game:
    position: Position
    phase: Phase
    seat: int = 0
    turn: TurnInProgress | None = None
    history: list[TurnRecord] = field(default_factory=list)
    passes_in_a_row: int = 0
    result: Score | None = None

    @classmethod
    def from_position(cls, position: Position) -> "Game":
        """Carry on from any position: a fresh setup, or a board read from text or a camera."""
        earned = {country: position.earned(country) for country in position.players}
        position = position.replace(earned_stated=earned)
        landed = all(country in position.landing for country in position.players)
        seat = position.players.index(position.turn) if position.turn else 0
        game = cls(position.replace(turn=position.players[seat]), Phase.BUILDING if landed else Phase.LANDING, seat)
        finished = score(position)
        if finished.over:
            game.phase, game.result = Phase.OVER, finished
        return game

    @property
    def player(self) -> Country:
        return self.position.players[self.seat]

    def _turn(self) -> TurnInProgress:
        if self.turn is None:
            self.turn = TurnInProgress(self.player, self.position)
        return self.turn

    # --- playing a move ---------------------------------------------------------------

    def play(self, move: Move) -> Verdict:
        """Judge the move for the player whose turn it is; apply it only when legal."""
        if self.phase is Phase.OVER:
            return Verdict.reject(Reason("rules:goal", "The game is over.", ()))
        turn = self._turn()
        if turn.done:
            return Verdict.reject(Reason("rules:turn", f"{self.player.title} has built this turn: "
                                         "confirm the turn or undo it.", ()))
        if self.phase is Phase.LANDING:
            return self._play_landing(turn, move)
        if isinstance(move, Fire):
            return self._play_shot(turn, move)
        if isinstance(move, Roads):
            return self._play_roads(turn, move)
        if isinstance(move, Build):
            verdict = judge_piece(self.position, self.player, move.kind, move.cell)
            if verdict.legal:
                self.position = place_piece(self.position, self.player, move.kind, move.cell)
                turn.build = move
            return verdict
        if isinstance(move, Pass):
            return self._play_pass(turn)
        return Verdict.reject(Reason("rules:turn", f"'{move}' is not a move of the building phase.", ()))

    def _play_landing(self, turn: TurnInProgress, move: Move) -> Verdict:
        if isinstance(move, Land):
            verdict = judge_landing(self.position, self.player, move.cell)
            if verdict.legal:
                landing = dict(self.position.landing)
                landing[self.player] = move.cell
                self.position = self.position.replace(landing=landing)
                turn.build = move
            return verdict
        if isinstance(move, Pass):
            spots = self.landing_spots()
            if spots:
                return Verdict.reject(Reason("CC-9", f"You may not pass: you can land at {spots[0]} and "
                                             f"{len(spots) - 1} other spaces.", tuple(spots)))
            turn.build = move
            return Verdict.accept(f"{self.player.title} has nowhere to land and passes.")
        return Verdict.reject(Reason("rules:landing", f"Every player lands first: '{move}' is not a landing.", ()))

    def landing_spots(self) -> list:
        spots = [c for c in self.position.cells() if judge_landing(self.position, self.player, c).legal]
        return sorted(spots, key=reading_order)

    def _play_shot(self, turn: TurnInProgress, move: Fire) -> Verdict:
        if turn.shot is not None:
            return Verdict.reject(Reason("rules:turn", f"You fired already this turn, at {turn.shot.target}.", (turn.shot.target,)))
        verdict = judge_fire(self.position, self.player, move.target)
        if verdict.legal:
            self.position = remove_fort(self.position, move.target)
            turn.shot, turn.after_shot = move, self.position
        return verdict

    def _play_roads(self, turn: TurnInProgress, move: Roads) -> Verdict:
        base = turn.after_shot or turn.start
        verdict = judge_roads(base, self.player, move.cells)
        if verdict.legal:
            self.position = lay_roads(base, move.cells)
            turn.build = move
        return verdict

    def extend_roads(self, move: Roads) -> Verdict:
        """A second grass road laid after the first one was played on its own."""
        turn = self.turn
        if turn is None or not isinstance(turn.build, Roads) or len(turn.build.cells) != 1 or len(move.cells) != 1:
            return Verdict.reject(Reason("rules:roads", "Only a single road on grass can be followed by a second.", move.cells))
        both = Roads(turn.build.cells + move.cells)
        verdict = judge_roads(turn.after_shot or turn.start, self.player, both.cells)
        if verdict.legal:
            self.position = lay_roads(turn.after_shot or turn.start, both.cells)
            turn.build = both
        return verdict

    def _play_pass(self, turn: TurnInProgress) -> Verdict:
        builds = legal_builds(self.position, self.player)
        if builds.any:
            kinds = [name.replace("_", " on ") for name, cells in builds._asdict().items() if cells]
            cells = next(cells for cells in builds if cells)
            return Verdict.reject(Reason("CC-9", f"You may not pass: you can still build ({', '.join(kinds)}), "
                                         f"for example at {cells[0]}.", tuple(cells)))
        turn.build = Pass()
        return Verdict.accept(f"{self.player.title} cannot build and passes.")

    # --- confirm and undo -------------------------------------------------------------

    def confirm(self) -> Verdict:
        turn = self.turn
        if self.phase is Phase.OVER:
            return Verdict.reject(Reason("rules:goal", "The game is over.", ()))
        if turn is None or not turn.done:
            needed = "a landing" if self.phase is Phase.LANDING else "a build (or a pass when no build is possible)"
            return Verdict.reject(Reason("rules:turn", f"Nothing to confirm yet: the turn needs {needed}.", ()))
        moves = tuple(m for m in (turn.shot, turn.build) if m is not None)
        self.history.append(TurnRecord(turn.player, moves))
        self.turn = None
        self.passes_in_a_row = self.passes_in_a_row + 1 if isinstance(turn.build, Pass) else 0
        self._advance()
        return Verdict.accept(f"{turn.player.title}'s turn is confirmed: {', '.join(str(m) for m in moves)}.")

    def _advance(self) -> None:
        players = self.position.players
        if self.phase is Phase.LANDING:
            if self.seat == len(players) - 1:
                self.phase, self.passes_in_a_row = Phase.BUILDING, 0
            self.seat = (self.seat + 1) % len(players)
        else:
            finished = score(self.position, stalemate=self.passes_in_a_row >= len(players))
            if finished.over:
                self.phase, self.result = Phase.OVER, finished
            self.seat = (self.seat + 1) % len(players)
        self.position = self.position.replace(turn=self.player)

    def undo(self) -> Verdict:
        turn = self.turn
        if turn is None or (turn.build is None and turn.shot is None):
            return Verdict.reject(Reason("rules:turn", "Nothing to undo in this turn.", ()))
        if turn.build is None:
            return Verdict.reject(Reason("CC-P4", f"The shot at {turn.shot.target} is final and cannot be undone.",
                                         (turn.shot.target,)))
        undone = turn.build
        self.position = turn.after_shot or turn.start
        turn.build = None
        kept = f"; the shot at {turn.shot.target} stands (CC-P4)" if turn.shot else ""
        return Verdict.accept(f"Undone: {undone}{kept}.")

    # --- what the player may do -------------------------------------------------------

    def cannons_that_may_fire(self) -> list:
        if self.phase is not Phase.BUILDING or (self.turn and (self.turn.shot or self.turn.build)):
            return []
        return self.position.pieces_of(self.player, PieceKind.CANNON)

    def fire_targets(self) -> list:
        if not self.cannons_that_may_fire():
            return []
        targets = [cell for cell, piece in self.position.pieces.items()
                   if piece.kind is PieceKind.FORT and piece.owner is not self.player]
        return [t for t in targets if judge_fire(self.position, self.player, t).legal]
