"""Which move explains what the camera saw? The legal turn whose table best matches the new still picture.

The camera's egg counts are often a little off (a pile read one short, a space read one long), so a
picture is never taken as the position. Instead every legal continuation of the game is tried through
the rules (a sowing: its start and its choice at each double or centre log; the ant move after it; a
pass, which leaves the table as it was, followed by the other player's sowing) and the table each leaves
is compared with the reading, space by space:
- a space the move leaves alone should read as it read at the last still picture (same beads, same
  pixels), whatever the count it reads, or read the count the game knows it has;
- a space the move changes should read the count the move gives it;
- a space whose picture did not change at all since the last still picture the game was matched to (the
  stream compares its pixels and its ant spot's, `Seen.unchanged`) keeps the game's count and ant whatever it
  reads: only a move that changes it pays, for a change no pixel shows. So a log misread at every picture
  weighs nothing, and the logs the sowing did change decide between sowings;
- ants are read nearly without fault: an ant where the move puts none, or none where it puts one, costs most.
Spaces under a hand or read unsure count less. The best explanation is taken when it fits well and no
other table fits nearly as well; otherwise it becomes a question to the players and the game is not
changed. What the game already knows (its own position) is never replaced by a reading.

Pure: the rules and the record only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Callable, Iterator, Mapping

from companion.games.the_colony.compact import Ways, board_of, geometry, legal_starts, ways_of_sowing
from companion.games.the_colony.position import Position, other
from companion.games.the_colony.record import MOVE_ANT, RECORD, SOW, ColonyGame
from companion.games.the_colony.sowing import ChoiceError, sow


@dataclass(frozen=True)
class InferenceSettings:
    changed_alone: float = 1.0      # a space the move leaves alone, read differently than at the last still
    egg_off: float = 1.0            # per egg a changed space's reading is off from the move's count ...
    egg_off_cap: int = 2            # ... counted up to this many eggs
    changed_unseen: float = 0.4     # a space the move changes whose reading did not change at all
    unchanged_moved: float = 2.0    # a space the move changes whose picture did not change (as a log read egg_off_cap off)
    ant_wrong: float = 2.5          # an ant read where the move leaves none, or missing where it leaves one
    unsure_weight: float = 0.35     # costs on a space under a hand or read unsure are weighed down so
    accept_cost: float = 5.0        # the best table may cost at most this ...
    margin: float = 1.0             # ... and the next different table at least this much more
    second_step: float = 1.5        # a table two visible steps away (an ant move never seen still, then a sowing)
    flicker: float = 2.0            # a picture this close to the game's own table, and closer than any move: no move
    max_sowings: int = 3000         # sowings tried from one position (choices multiply them) ...
    max_choices: int = 8            # ... each with at most this many choices of way (relays may offer more)
    cut_fit: float = 4.5            # a search cut short plays a move alone only if it fits this well: above the
                                    # training looks' right moves (at most 3.8, 4168-4191), under accept_cost (colony-clips7)
    deepen_above: float = 2.0       # a search cut short whose best fit is worse than this tries long relays too
                                    # (right moves on the tuning clips fit at 0-2.0 mostly) ...
    deep_choices: int = 12          # ... every way of up to this many choices (the tests' bot game sows 11, clip 4214 9) ...
    deep_branches: int = 20000      # ... at most this many branches from one start (compact.ways_of_sowing) (colony-clips8)
    setup_fit: float = 0.75         # share of spaces read within an egg of the setup's three: a fresh setup


SETTINGS = InferenceSettings()


@dataclass(frozen=True)
class Seen:
    """A still picture as the tracker committed it: every space's egg count, the ants, the spaces
    under a hand or read unsure, and the spaces whose picture did not change since the earlier picture."""

    eggs: Mapping[str, int]
    ants: Mapping[str, str] = field(default_factory=dict)
    unsure: frozenset[str] = frozenset()
    unchanged: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Explained:
    """The commands, in order, that take the game to the table seen (none: nothing changed)."""

    commands: tuple[dict, ...]
    cost: float
    position: Position

    def __str__(self) -> str:
        return "; ".join(describe(command) for command in self.commands) or "nothing changed"


@dataclass(frozen=True)
class Question:
    """No legal turn fits the picture well enough, or two fit nearly as well: ask the players."""

    message: str
    spaces: tuple[str, ...]


@dataclass(frozen=True)
class Candidate:
    commands: tuple[dict, ...]
    game: ColonyGame


def describe(command: dict) -> str:
    kind = command["type"]
    if kind == "sow":
        via = f" via {','.join(command['via'])}" if command.get("via") else ""
        return f"sow {command['space']}{via}"
    if kind == "move-ant":
        return f"ant {command['from']}->{command['to']}"
    return kind


@dataclass
class Search:
    """How a search of sowings went: `cut` once a way was left untried (a relay past `max_choices`, or
    `max_sowings` used up), so the true sowing may never have been a candidate."""

    cut_from: set[str] = field(default_factory=set)   # the starts whose sowings were cut short

    @property
    def cut(self) -> bool:
        return bool(self.cut_from)


def sowings(position: Position, settings: InferenceSettings = SETTINGS,
            search: Search | None = None) -> Iterator[dict]:
    """Every whole sowing of the player to move: each legal start with each way of making its choices
    (up to the settings' numbers: a relay through the centre may offer choice after choice; `search`
    learns when they cut it short)."""
    search = search if search is not None else Search()
    tried = 0
    limit = settings.max_sowings
    for space in position.layout.ids:
        if not position.eggs[space] or space in position.ants:
            continue
        pending = [[]]
        while pending:
            if tried >= limit:
                search.cut_from.add(space)
                break
            via = pending.pop()
            tried += 1
            try:
                sowing = sow(position, space, via)
            except ChoiceError:
                continue
            if not sowing.verdict.legal:
                break
            if sowing.done:
                yield {"type": "sow", "space": space, "via": list(via)}
            elif len(via) < settings.max_choices:
                pending += [via + [option] for option in reversed(sowing.options)]
            else:
                search.cut_from.add(space)


def long_sowings(position: Position, settings: InferenceSettings, search: Search,
                 worth: Callable[[dict], bool]) -> Iterator[dict]:
    """Every whole sowing of the player to move up to `deep_choices` choices of way (one pass over each
    start's tree of ways, compact.py's rules), the ones `worth` trying only (cheap: eggs alone)."""
    board, geo = board_of(position), geometry(position.layout)
    for start in legal_starts(board):
        ways = Ways()
        for sown in ways_of_sowing(board, geo, start, settings.deep_choices, "stop", settings.deep_branches, ways):
            eggs = dict(zip(geo.ids, sown.eggs))
            if worth(eggs):
                yield {"type": "sow", "space": geo.ids[start], "via": [geo.ids[way] for way in sown.via]}
        if ways.cut:
            search.cut_from.add(geo.ids[start])


def _step(game: ColonyGame, command: dict) -> ColonyGame | None:
    verdict, bodies = RECORD.decide(game, command)
    if not verdict.legal:
        return None
    for body in bodies:
        game = RECORD.apply(game, body, 0)
    return game


def _ant_moves(game: ColonyGame) -> list[dict]:
    if game.phase != MOVE_ANT or game.over is not None:
        return []
    return [{"type": "move-ant", "from": start, "to": end}
            for start, end in RECORD.view(game, None)["ant_moves"]]


Sowings = Callable[[Position, InferenceSettings, Search], Iterator[dict]]


def _sown(game: ColonyGame, settings: InferenceSettings, search: Search, ways: Sowings) -> Iterator[Candidate]:
    """Each sowing from `game`, alone and followed by each ant move."""
    for command in ways(game.position, settings, search):
        after = _step(game, command)
        if after is None:
            continue
        yield Candidate((command,), after)
        for ant in _ant_moves(after):
            moved = _step(after, ant)
            if moved is not None:
                yield Candidate((command, ant), moved)


def candidates(game: ColonyGame, settings: InferenceSettings = SETTINGS,
               search: Search | None = None, ways: Sowings = sowings) -> Iterator[Candidate]:
    """The continuations a still picture may show: this turn's next visible step, and the next player's
    sowing behind an unseen pass (or behind an ant move that was never still long enough to be seen)."""
    search = search if search is not None else Search()
    if game.over is not None:
        return
    if game.phase == SOW:
        yield from _sown(game, settings, search, ways)
        return
    for ant in _ant_moves(game):
        moved = _step(game, ant)
        if moved is None:
            continue
        yield Candidate((ant,), moved)
        for later in _sown(moved, settings, search, ways):
            if len(later.commands) == 1:
                yield Candidate((ant,) + later.commands, later.game)
    passed = _step(game, {"type": "pass"})
    if passed is not None and passed.over is None:
        for later in _sown(passed, settings, search, ways):
            yield Candidate(({"type": "pass"},) + later.commands, later.game)


def cost(before: Position, after: Position, seen: Seen, earlier: Seen | None,
         settings: InferenceSettings = SETTINGS) -> tuple[float, tuple[str, ...]]:
    """How badly the table `after` fits the picture `seen` (the game stood at `before` when the picture
    `earlier` was taken); and the spaces that do not fit."""
    return _cost(before, after.eggs, after.ants, seen, earlier, settings)


def eggs_cost(before: Position, eggs: Mapping[str, int], seen: Seen, earlier: Seen | None,
              settings: InferenceSettings = SETTINGS) -> float:
    """What a table with these eggs costs at the least, whatever its ants (an ant move after a sowing
    changes only ants, and an ant only adds cost)."""
    return _cost(before, eggs, None, seen, earlier, settings)[0]


def _cost(before: Position, eggs: Mapping[str, int], ants: Mapping[str, str] | None, seen: Seen,
          earlier: Seen | None, settings: InferenceSettings) -> tuple[float, tuple[str, ...]]:
    total, misfits = 0.0, []
    for space in before.layout.ids:
        read, was_read = seen.eggs[space], (earlier.eggs[space] if earlier else before.eggs[space])
        here = 0.0
        if space in seen.unchanged:
            # Its pixels (its ant spot's too) are as they were: the game's count and ant stand, whatever is read.
            moved = eggs[space] != before.eggs[space] or (ants is not None
                                                           and ants.get(space) != before.ants.get(space))
            here += settings.unchanged_moved if moved else 0.0
        elif eggs[space] == before.eggs[space]:
            # Read as before, or now read right (a new look at the board may read it better): no misfit.
            here += settings.changed_alone if read not in (was_read, before.eggs[space]) else 0.0
        else:
            here += _eggs_off(read, eggs[space], settings)
            here += settings.changed_unseen if read == was_read else 0.0
        if space not in seen.unchanged and ants is not None:
            here += _ant_off(seen, ants, space, settings)
        if here:
            misfits.append(space)
            total += here * (settings.unsure_weight if space in seen.unsure else 1.0)
    return total, tuple(misfits)


def explain(game: ColonyGame, seen: Seen, earlier: Seen | None = None,
            settings: InferenceSettings = SETTINGS) -> Explained | Question | None:
    """None when the picture shows the game's own table; the commands that explain it; or a question."""
    before = game.position
    still_cost, still_misfits = cost(before, before, seen, earlier, settings)
    if game.over is not None:
        if still_cost <= settings.accept_cost:
            return None
        return Question(f"The game is over, but the camera sees the logs change at {' '.join(still_misfits)}.",
                        still_misfits)
    # Every continuation is ranked, not every table: two sowings whose ways differ may leave the very same
    # table (a relay through the centre choosing L8 or L17 first), and no picture can tell them apart. The
    # second is then a rival as close as can be, and the players are asked.
    fits: dict[tuple, tuple[float, tuple[str, ...]]] = {}
    ranked, unchanged = [(still_cost, None, still_misfits)], _table(before)
    search = Search()

    def rank(found: Iterator[Candidate], tried: set) -> None:
        for candidate in found:
            key = _table(candidate.game.position)
            if key == unchanged or _commands_key(candidate) in tried:
                continue
            if key not in fits:
                fits[key] = cost(before, candidate.game.position, seen, earlier, settings)
            value, misfits = fits[key]
            steps = sum(command["type"] != "pass" for command in candidate.commands)
            ranked.append((value + settings.second_step * (steps - 1), candidate, misfits))
        ranked.sort(key=lambda entry: entry[0])

    rank(candidates(game, settings, search), set())
    if search.cut and ranked[0][0] > settings.deepen_above:
        # The true sowing may be a long relay the search never tried: every way of up to `deep_choices`, the ones
        # whose eggs alone could fit as well as the best or be its rival (a move past accept_cost is never played).
        near = min(ranked[0][0], settings.accept_cost) + settings.margin

        def worth(eggs: Mapping[str, int]) -> bool:
            return eggs_cost(before, eggs, seen, earlier, settings) < near

        tried = {_commands_key(entry[1]) for entry in ranked if entry[1] is not None}
        search = Search()
        rank(candidates(game, settings, search, partial(long_sowings, worth=worth)), tried)
    best = ranked[0]
    runner_up = ranked[1] if len(ranked) > 1 else None
    clear = runner_up is None or runner_up[0] - best[0] >= settings.margin
    if best[1] is None and best[0] <= settings.flicker:
        return None
    mover = before.turn.title()
    said = [_said(entry, before.turn) for entry in (best, runner_up) if entry is not None]
    if best[1] is not None and best[0] <= settings.accept_cost and clear:
        candidate = best[1]
        if search.cut and best[0] > settings.cut_fit:
            # A sowing never tried may fit better still (a long relay through the centre): not played alone.
            return Question(f"The camera would play {said[0]}, but {mover} may have sown a longer way than it "
                            "tries (a relay offering choice after choice). Play it on the Play screen, or "
                            "count the eggs and ants again.", tuple(dict.fromkeys(best[2] + still_misfits)))
        return Explained(candidate.commands, best[0], candidate.game.position)
    changed = still_misfits or best[2]
    if best[0] > settings.accept_cost or best[1] is None:
        closest = f" (closest: {said[0]})" if best[1] is not None else ""
        return Question(f"The camera sees the logs change at {' '.join(changed)}, but no legal move of "
                        f"{mover}'s fits what it reads{closest}. Count the eggs there and put the logs as the "
                        "game has them, or correct the board on the Play screen.", tuple(changed))
    # Behind an unseen pass the sowing is the other player's: then the question names who did what.
    passed = any(_after_a_pass(entry[1]) for entry in (best, runner_up))
    asked = "what was played" if passed else f"which move {mover} made"
    alike = " (both leave the same logs)" if _same_table(best, runner_up) else ""
    return Question(f"The camera cannot tell {asked}: {said[0]} or {said[1]}{alike}. "
                    "Play it on the Play screen, or count the eggs and ants again.",
                    tuple(dict.fromkeys(best[2] + runner_up[2] + changed)))


def shows(before: Position, after: Position, seen: Seen, settings: InferenceSettings = SETTINGS) -> bool:
    """The picture shows `after` on the logs where it differs from `before`, as well as a move must fit to
    be played: the players' answer to a question asked at this picture is what the picture showed."""
    total = 0.0
    for space in before.layout.ids:
        if after.eggs[space] == before.eggs[space] and after.ants.get(space) == before.ants.get(space):
            continue
        total += _eggs_off(seen.eggs[space], after.eggs[space], settings) + _ant_off(seen, after.ants, space, settings)
    return total <= settings.accept_cost


def _eggs_off(read: int, wanted: int, settings: InferenceSettings) -> float:
    """What a log read `read` eggs costs a table that puts `wanted` there (one misread log costs at most the cap)."""
    return settings.egg_off * min(abs(read - wanted), settings.egg_off_cap)


def _ant_off(seen: Seen, ants: Mapping[str, str], space: str, settings: InferenceSettings) -> float:
    return settings.ant_wrong if seen.ants.get(space) != ants.get(space) else 0.0


def fits_setup(seen: Seen, settings: InferenceSettings = SETTINGS) -> bool:
    """The picture looks like the rulebook's setup: no ants, nearly every space within an egg of three."""
    near = sum(abs(count - 3) <= 1 for count in seen.eggs.values())
    return not seen.ants and near >= settings.setup_fit * len(seen.eggs)


def _said(entry, mover: str) -> str:
    """A candidate in words; behind a pass each step names its player ("Red passes, then Black: sow L4")."""
    value, candidate, _ = entry
    if candidate is None:
        return "no move at all"
    if not _after_a_pass(candidate):
        return "; ".join(describe(command) for command in candidate.commands)
    steps, player = [], mover
    for command in candidate.commands:
        if command["type"] == "pass":
            steps.append(f"{player.title()} passes")
            player = other(player)
        else:
            steps.append(f"{player.title()}: {describe(command)}")
    return ", then ".join(steps)


def _same_table(entry, other_entry) -> bool:
    return (entry[1] is not None and other_entry[1] is not None
            and _table(entry[1].game.position) == _table(other_entry[1].game.position))


def _after_a_pass(candidate: Candidate | None) -> bool:
    return candidate is not None and any(command["type"] == "pass" for command in candidate.commands)


def _commands_key(candidate: Candidate) -> tuple:
    """A candidate's commands as a set member: the deeper search skips what the first one ranked."""
    return tuple(tuple((name, tuple(value) if isinstance(value, list) else value)
                       for name, value in sorted(command.items())) for command in candidate.commands)


def _table(position: Position) -> tuple:
    return tuple(sorted(position.eggs.items())), tuple(sorted(position.ants.items()))
