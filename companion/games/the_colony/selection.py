"""Selecting a log space to sow from: at least one egg on it, and no ant of either colour protecting it."""

from __future__ import annotations

from companion.games.the_colony.position import Position
from companion.games.verdict import Reason, Verdict


def judge_start(position: Position, space: str) -> Verdict:
    """May the player to move sow from `space`? (`space` is a space of the layout.)"""
    reasons = []
    if position.eggs[space] == 0:
        reasons.append(Reason("rules:select", f"Not legal: {space} has no eggs to sow.", (space,)))
    if space in position.ants:
        reasons.append(Reason("rules:select", f"Not legal: a {position.ants[space]} ant protects {space}.", (space,)))
    if not reasons:
        return Verdict.accept(f"{position.turn.title()} may sow the {position.eggs[space]} eggs on {space}.", (space,))
    return Verdict.reject(*reasons)


def legal_spaces(position: Position) -> tuple[str, ...]:
    """The spaces the player to move may sow from, in layout order; none ends the game."""
    return tuple(space for space in position.layout.ids if position.eggs[space] and space not in position.ants)
