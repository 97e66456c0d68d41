"""The Colony's computer seat (the plug-in's `bot` part, companion.games.plugin.Bot).

Levels, weakest first: `easy` (one turn ahead, counting eggs only, and any turn within an egg of
the best), `medium` (its turn and the reply: alpha-beta two turns deep) and `hard` (three turns
deep). The search is search.py over compact.py's exact rules; here the chosen turn becomes the
record's commands ("sow" with its choices of way, then "move-ant" or "pass" when the turn asks for
one) and the sentence telling the human which space to sow, which way at each choice, and the ant.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.games.plugin import BotMove
from companion.games.the_colony.compact import PASS, Board, Sown, Turn, board_of, geometry, turns, turns_after
from companion.games.the_colony.position import COLOURS, Position
from companion.games.the_colony.record import MOVE_ANT, ColonyGame
from companion.games.the_colony.search import Choice, Searcher, SearchSettings, Weights, evaluate
from companion.games.the_colony.sowing import sow

SOURCE = "bot"   # the commands' source in the log: the computer decided, a person placed the eggs


@dataclass(frozen=True)
class Level:
    search: SearchSettings
    slack: float = 0.0   # any turn this close to the best (in eggs) may be played: a gentler opponent


LEVELS = {
    "easy": Level(SearchSettings(depth=1, weights=Weights(ant_on_board=0.0, to_move=0.0)), slack=1.0),
    "medium": Level(SearchSettings(depth=2)),
    "hard": Level(SearchSettings(depth=3, node_budget=30_000)),
}


class ColonyBot:
    levels = tuple(LEVELS)

    def __init__(self, levels: dict[str, Level] | None = None):
        self.settings = levels or LEVELS

    def to_move(self, game: ColonyGame | None) -> str | None:
        """The colour whose turn it is; None before a game and once it is over."""
        if game is None or game.over is not None:
            return None
        return game.position.turn

    def choose(self, game: ColonyGame, seat: str, level: str, rng: random.Random) -> BotMove:
        """The rest of `seat`'s turn as commands and words; no commands when it is not that seat's turn."""
        if level not in self.settings:
            raise ValueError(f"unknown The Colony bot level {level!r} (levels: {', '.join(self.settings)})")
        if seat not in COLOURS:
            raise ValueError(f"unknown The Colony seat {seat!r} (seats: {', '.join(COLOURS)})")
        if self.to_move(game) != seat:
            return BotMove((), f"It is not {seat}'s turn.")
        position, settings = game.position, self.settings[level]
        if game.phase == MOVE_ANT:   # sown already (a restart mid-turn, or the camera saw the eggs)
            return _ant_move(position, self.decide(position, settings, rng, sown=True).turn)
        return bot_move(position, self.decide(position, settings, rng).turn)

    def decide(self, position: Position, level: Level, rng: random.Random, sown: bool = False) -> Choice:
        """The level's turn from `position`; with `sown`, only the ant step that finishes a turn already sown."""
        geo, board = geometry(position.layout), board_of(position)
        candidates = finishes(board, geo) if sown else turns(board, geo, level.search.root)
        if level.slack:
            return _within_slack(candidates, board.mover, level, rng)
        return Searcher(geo, level.search).choose(board, rng, candidates)


def finishes(board: Board, geo) -> list[Turn]:
    """The ways to finish a turn whose sowing is done (`board` is after it, the sower to move)."""
    return turns_after(board, Sown(-1, (), board.eggs, board.ants, 0), geo)


def _within_slack(candidates: list[Turn], colour: int, level: Level, rng: random.Random) -> Choice:
    weights = level.search.weights
    values = [evaluate(turn.board, colour, weights) for turn in candidates]
    top = max(values)
    near = [turn for turn, value in zip(candidates, values) if value >= top - level.slack]
    return Choice(rng.choice(near), top, 1, len(candidates), len(candidates))


def bot_move(position: Position, turn: Turn) -> BotMove:
    """The turn as the record's commands, the sentence for the human and the spaces to light."""
    ids = position.layout.ids
    start, via = ids[turn.sown.start], [ids[i] for i in turn.sown.via]
    sowing = sow(position, start, via)
    if not sowing.done:
        raise ValueError(f"the bot's sowing from {start} via {via} is not a whole sowing")
    commands = [{"type": "sow", "space": start, "via": via, "source": SOURCE}]
    relays = f"; pick them up again at {', '.join(sowing.relays)}" if sowing.relays else ""
    words = [f"{position.turn.title()} sows {start}{_ways(position, start, via)}: place the eggs "
             f"({_plural(position.eggs[start], 'egg')}{relays}; the last on {sowing.path[-1]}). "
             f"{sowing.steps[-1].message}"]
    places = [start, *sowing.path]
    ant = _ant_words(position, turn)
    if ant is not None:
        commands.append(ant[0])
        words.append(ant[1])
        places += ant[2]
    return BotMove(tuple(commands), " ".join(words), tuple(dict.fromkeys(places)), on_table=_on_table(commands))


def _ant_move(position: Position, turn: Turn) -> BotMove:
    ant = _ant_words(position, turn)
    if ant is None:
        return BotMove((), f"{position.turn.title()} has no ant decision to make.")
    return BotMove((ant[0],), ant[1], tuple(ant[2]), on_table=_on_table([ant[0]]))


def _on_table(commands: list[dict]) -> int:
    """How many commands the human carries out on the table: a pass leaves the table as it is,
    so the companion acts it itself once the sowing is seen."""
    return len(commands) - 1 if commands and commands[-1]["type"] == "pass" else len(commands)


def _ant_words(position: Position, turn: Turn):
    """(command, sentence, spaces) for the turn's ant step or pass; None when the turn has none."""
    mover = position.turn
    if turn.ant is None:
        return None
    if turn.ant == PASS:
        return {"type": "pass", "source": SOURCE}, f"Then {mover} moves no ant.", []
    start, end = (position.layout.ids[i] for i in turn.ant)
    return ({"type": "move-ant", "from": start, "to": end, "source": SOURCE},
            f"Then {mover} moves the ant on {start} to {end}.", [start, end])


def _ways(position: Position, start: str, via: list[str]) -> str:
    """" towards L19, then at the centre L19 towards L12": each choice of way where it comes up."""
    parts = []
    for used, way in enumerate(via):
        at = sow(position, start, via[:used]).choice_at
        where = "" if used == 0 and at == start else f"at {_named(position, at)} "
        parts.append(f"{where}towards {_named(position, way)}")
    if parts and not parts[0].startswith("towards"):
        parts[0] = "then " + parts[0]
    return "".join((" " if i == 0 and part.startswith("towards") else ", " if i == 0 else ", then ") + part
                   for i, part in enumerate(parts))


def _named(position: Position, space: str) -> str:
    return f"the centre {space}" if space == position.layout.centre else space


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def random_turn(game: ColonyGame, rng: random.Random) -> tuple[dict, ...]:
    """A random player's turn as commands: a random legal space, a random way at each choice as it
    comes up, then a random ant step or pass (the benchmark's and the playthroughs' opponent)."""
    position = game.position
    commands: list[dict] = []
    if game.phase != MOVE_ANT:
        board = board_of(position)
        start = rng.choice([i for i, n in enumerate(board.eggs) if n and board.ants[i] < 0])
        space, via = position.layout.ids[start], []
        while not (sowing := sow(position, space, via)).done:
            via.append(rng.choice(sowing.options))
        commands.append({"type": "sow", "space": space, "via": via, "source": SOURCE})
        position = sowing.position
    ant = _ant_words(position, rng.choice(finishes(board_of(position), geometry(position.layout))))
    if ant is not None:
        commands.append(ant[0])
    return tuple(commands)


BOT = ColonyBot()
