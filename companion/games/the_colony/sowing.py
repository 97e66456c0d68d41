"""Moving eggs: pick up a space's eggs and drop them one at a time along the arrows, then the action
table for the last egg (TC-2, TC-3), relays (TC-4, TC-5), the double logs' and the centre's choices.

`sow` is pure: it returns the Sowing (done, or waiting for a choice) and never changes its position.
TC-4 counts the first pick-up as a state the turn has been in: a relay back to it stops too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from companion.games.excerpt import excerpt
from companion.games.the_colony.position import Position, other
from companion.games.the_colony.selection import judge_start
from companion.games.verdict import Reason, Verdict

# What ended a sowing (the action table's rows, and TC-4).
COLLECT, STOP, COLLECT_AND_ANT, ENDLESS = "collect", "stop", "collect and place an ant", "endless relay"
# The action table: the last egg reaching a space with exactly this many eggs and no ant claims it with an ant.
EGGS_AN_ANT_CLAIMS = 3


class ChoiceError(ValueError):
    """A choice of direction that the sowing did not offer, or one more than it needed."""


@dataclass(frozen=True)
class Sowing:
    """A sowing, done or waiting at `choice_at` for one of `options`. `position` is the board after
    it (or so far): the sower still to move. `steps` are the actions taken, one Reason each."""

    start: str
    verdict: Verdict                 # the start's legality; nothing else is set when it is refused
    done: bool = False
    path: tuple[str, ...] = ()
    position: Position | None = None
    collected: int = 0
    ant_placed: str | None = None
    ended_by: str | None = None
    steps: tuple[Reason, ...] = ()
    choice_at: str | None = None
    options: tuple[str, ...] = ()
    choices_used: int = 0

    @property
    def relays(self) -> tuple[str, ...]:
        """The spaces a relay picked up from: every step but the last is a relay."""
        return tuple(cell for step in self.steps[:-1] for cell in step.cells)


def _ways_on(position: Position, at: str, came_from: str | None) -> tuple[str, ...]:
    """Where the next egg may go from `at`: one way, or the player's options. `came_from` is None
    right after a pick-up, when the centre offers its choice (TC-5)."""
    space = position.layout.space(at)
    if space.kind == "centre" and came_from is not None:
        return (position.layout.through_centre(came_from),)
    return space.next


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def sow(position: Position, start: str, choices: Sequence[str] = ()) -> Sowing:
    """Sow from `start` for the player to move, taking `choices` in the order they come up."""
    verdict = judge_start(position, start)
    if not verdict.legal:
        return Sowing(start, verdict)
    mover, layout = position.turn, position.layout
    eggs, ants, collected = dict(position.eggs), dict(position.ants), dict(position.collected)
    seen = {(start, tuple(eggs[i] for i in layout.ids))}
    hand, eggs[start] = eggs[start], 0
    at, came_from = start, None
    path: list[str] = []
    steps: list[Reason] = []
    used = 0

    def result(**settled) -> Sowing:
        after = position.replace(eggs=eggs, ants=ants, collected=collected)
        return Sowing(start, verdict, path=tuple(path), position=after, steps=tuple(steps), choices_used=used,
                      **settled)

    while True:
        ways = _ways_on(position, at, came_from)
        if len(ways) > 1:
            if used == len(choices):
                return result(choice_at=at, options=ways)
            if choices[used] not in ways:
                raise ChoiceError(f"eggs leaving {at} go to {' or '.join(ways)}, not {excerpt(choices[used])}")
            target = choices[used]
            used += 1
        else:
            target = ways[0]
        hand -= 1
        path.append(target)
        if hand:
            eggs[target] += 1
            at, came_from = target, at
            continue
        # The last egg: the action table decides, by the ant on `target` and the eggs already there.
        here, ant = eggs[target], ants.get(target)
        if ant == mover:
            collected[mover] += 1
            steps.append(Reason("rules:action", f"The last egg reached {target}, which your own ant protects: "
                                f"you collect it and stop.", (target,)))
            return _finished(result, used, choices, ended_by=COLLECT, collected=1)
        if here == 0:
            eggs[target] = 1
            whose = f"under {ant}'s ant" if ant else "with no ant"
            steps.append(Reason("rules:action", f"The last egg reached {target}, empty and {whose}: it stays "
                                f"there and the sowing stops.", (target,)))
            return _finished(result, used, choices, ended_by=STOP)
        if ant is None and here == EGGS_AN_ANT_CLAIMS:
            collected[mover] += 1
            if position.ants_in_hand(mover):
                ants[target] = mover
                steps.append(Reason("rules:action", f"The last egg reached {target}, which held {here} eggs and no ant: "
                                    f"you collect it and place an ant there.", (target,)))
                return _finished(result, used, choices, ended_by=COLLECT_AND_ANT, collected=1, ant_placed=target)
            steps.append(Reason("TC-3", f"The last egg reached {target}, which held {here} eggs and no ant: you "
                                f"collect it, but you have no ant left to place.", (target,)))
            return _finished(result, used, choices, ended_by=COLLECT, collected=1)
        # A relay (TC-2): the last egg joins the pile, and all of them are sown on from here.
        eggs[target] = here + 1
        state = (target, tuple(eggs[i] for i in layout.ids))
        if state in seen:
            steps.append(Reason("TC-4", f"The relay would pick up the {_plural(here + 1, 'egg')} on {target} with "
                                f"every log as it was before in this turn: the last egg stays there and the "
                                f"sowing ends.", (target,)))
            return _finished(result, used, choices, ended_by=ENDLESS)
        seen.add(state)
        guard = f"under {other(mover)}'s ant" if ant else "with no ant"
        steps.append(Reason("rules:action", f"The last egg reached {target}, holding {_plural(here, 'egg')} "
                            f"{guard}: it joins them, and all {here + 1} are sown on from {target}.", (target,)))
        hand, eggs[target] = here + 1, 0
        at, came_from = target, None   # TC-5: on as if the sowing had started here


def _finished(result, used: int, choices: Sequence[str], **settled) -> Sowing:
    if used < len(choices):
        raise ChoiceError(f"the sowing ended before the choice {excerpt(choices[used])} came up "
                          f"({_plural(used, 'choice')} needed, {len(choices)} given)")
    return result(done=True, **settled)
