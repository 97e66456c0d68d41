"""The turn around the sowing: the ant move (optional until someone uses it, then mandatory for
everyone with an ant on the board), the end of a turn, the two ways the game ends, the final count."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.the_colony.position import COLOURS, Position, other
from companion.games.the_colony.selection import judge_start, legal_spaces
from companion.games.the_colony.sowing import ChoiceError, Sowing, sow
from companion.games.verdict import Reason, Verdict

__all__ = ["ChoiceError", "Score", "Sowing", "ant_moves", "end_turn", "ends_before_sowing", "ends_at_ant_move",
           "judge_ant_move", "judge_start", "legal_spaces", "move_ant", "must_move_ant", "score", "sow"]


def ant_moves(position: Position, colour: str | None = None) -> tuple[tuple[str, str], ...]:
    """Every (from, to) step of one of `colour`'s ants (the player to move's by default) to a touching
    space with no ant on it, arrows ignored."""
    colour = colour or position.turn
    return tuple((start, near) for start in position.ants_of(colour)
                 for near in position.layout.neighbours(start) if near not in position.ants)


def must_move_ant(position: Position) -> bool:
    """Once anyone has moved an ant, every player with an ant on the board moves one each turn."""
    return position.ants_mandatory and bool(position.ants_of(position.turn))


def judge_ant_move(position: Position, start: str, end: str) -> Verdict:
    mover, ant = position.turn, position.ants.get(start)
    if ant != mover:
        whose = f"a {ant} ant" if ant else "no ant"
        return Verdict.reject(Reason("rules:ants", f"Not legal: {start} has {whose}; {mover} moves a {mover} ant.",
                                     (start,)))
    if end not in position.layout.neighbours(start):
        return Verdict.reject(Reason("rules:ants", f"Not legal: {end} does not touch {start}; an ant moves one "
                                     f"space.", (start, end)))
    if end in position.ants:
        return Verdict.reject(Reason("rules:ants", f"Not legal: a {position.ants[end]} ant already stands on {end}.",
                                     (end,)))
    note = "" if position.ants_mandatory else " From now on everyone with an ant on the board moves one each turn."
    return Verdict.accept(f"{mover.title()}'s ant steps from {start} to {end}.{note}", (start, end))


def move_ant(position: Position, start: str, end: str) -> tuple[Verdict, Position]:
    """The ant step, which makes ant moves mandatory for the rest of the game; the position unchanged when refused."""
    verdict = judge_ant_move(position, start, end)
    if not verdict.legal:
        return verdict, position
    ants = {space: colour for space, colour in position.ants.items() if space != start}
    ants[end] = position.turn
    return verdict, position.replace(ants=ants, ants_mandatory=True)


def end_turn(position: Position) -> Position:
    """The mover has completed a whole turn: the other player is to move."""
    return position.replace(turn=other(position.turn), last_turn=position.turn)


def ends_before_sowing(position: Position) -> Reason | None:
    """The game ends when the player to move has no log space to sow from."""
    if legal_spaces(position):
        return None
    return Reason("rules:end", f"{position.turn.title()} cannot select a log space: the game ends.")


def ends_at_ant_move(position: Position) -> Reason | None:
    """After sowing: the game ends when an ant move is mandatory and none of the mover's ants can step."""
    if not must_move_ant(position) or ant_moves(position):
        return None
    return Reason("rules:end", f"{position.turn.title()} must move an ant and none can move: the game ends.",
                  position.ants_of(position.turn))


@dataclass(frozen=True)
class Score:
    scores: dict[str, int]
    over: bool
    winners: list[str]
    why: str


# score()'s default: the position alone says whether the game is over.
FROM_THE_POSITION = Reason("rules:end", "")


def score(position: Position, over: Reason | None = FROM_THE_POSITION) -> Score:
    """Collected eggs plus the eggs under one's ants. The most wins; a tie goes to the last player to
    complete a whole turn. `over` says why the game ended, None while it goes on; by default it has
    ended when the player to move cannot sow. Before the end there are no winners; the sentence says
    who leads."""
    over = ends_before_sowing(position) if over is FROM_THE_POSITION else over
    scores = {colour: position.collected[colour] + sum(position.eggs[s] for s in position.ants_of(colour))
              for colour in COLOURS}
    best = max(scores.values())
    leaders = [colour for colour in COLOURS if scores[colour] == best]
    tie = len(leaders) > 1
    winners = [position.last_turn] if tie else leaders
    counts = ", ".join(f"{colour} {scores[colour]}" for colour in COLOURS)
    if tie:
        verdict = f"; tied, so {winners[0]}, the last to complete a whole turn, "
    else:
        verdict = f"; {winners[0]} "
    if over is None:
        return Score(scores, False, [], f"The game goes on: {counts}{verdict}{'would win' if tie else 'leads'}.")
    return Score(scores, True, winners, f"{over.message} {counts.capitalize()}{verdict}wins.")
