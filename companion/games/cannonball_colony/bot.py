"""Cannonball Colony's computer seat (the plug-in's `bot` part, companion.games.plugin.Bot).

Levels, weakest first: `random` (the benchmark's baseline: autoplay's weighted random turn),
`greedy` (the turn whose island is worth most now, room for later forts included: bot_room.py)
and `look-ahead` (the greedy level's best turns, each answered by every opponent's greedy turn,
scored again). The search is bot_search.py,
over the rules' own moves; here a chosen turn becomes the record's commands ("propose" each move,
then "confirm") and the sentence for the human who places the pieces.
"""

from __future__ import annotations

import copy
import random
from collections import deque

from companion.games.cannonball_colony.autoplay import random_turn
from companion.games.cannonball_colony.bot_search import Plan, SearchSettings, look_ahead, ranked_turns
from companion.games.cannonball_colony.cells import Cell, Country, Ground
from companion.games.cannonball_colony.game import Game, Phase
from companion.games.cannonball_colony.moves import Build, Fire, Land, Move, Pass, Roads
from companion.games.cannonball_colony.position import Position
from companion.games.plugin import BotMove

LEVELS = ("random", "greedy", "look-ahead")
# A landing space is worth the open country around it: grass and forest a few steps away.
LANDING_REACH = 4


class ColonyBot:
    levels = LEVELS

    def __init__(self, settings: SearchSettings = SearchSettings()):
        self.settings = settings

    def to_move(self, game: Game | None) -> str | None:
        """The seat whose turn it is; None before a game and once it is over."""
        if game is None or game.phase is Phase.OVER:
            return None
        return str(game.player)

    def seats(self, game: Game | None) -> list[str]:
        """The countries playing (every country before a game is started)."""
        return [str(c) for c in (game.position.players if game is not None else Country)]

    def choose(self, game: Game, seat: str, level: str, rng: random.Random) -> BotMove:
        """The rest of `seat`'s turn as commands and words; no commands when it is not that seat's turn."""
        if level not in LEVELS:
            raise ValueError(f"unknown Cannonball Colony bot level {level!r} (levels: {', '.join(LEVELS)})")
        player = Country.parse(seat)
        if self.to_move(game) != str(player):
            return BotMove((), f"It is not {player.title}'s turn.")
        turn = game.turn
        if turn is not None and turn.done:   # a build already played (a restart mid-turn): confirm it
            return BotMove(({"type": "confirm"},), f"{player.title} confirms the turn.", on_table=0)
        moves = self.moves(game, level, rng)
        return bot_move(game.position, player, moves)

    def moves(self, game: Game, level: str, rng: random.Random) -> tuple[Move, ...]:
        """The moves of the turn the level picks, from the game as it stands (a shot may be down already)."""
        if level == "random":
            trial = copy.deepcopy(game)
            played = random_turn(trial, rng)
            return tuple(played)
        if game.phase is Phase.LANDING:
            return (landing(game, rng),)
        may_fire = bool(game.cannons_that_may_fire())
        turns = ranked_turns(game.position, game.player, may_fire, self.settings)
        if level == "look-ahead":
            turns = look_ahead(game.position, game.player, may_fire, self.settings, turns)
        if not turns:
            return (Pass(),)
        return best(turns, rng).moves


def best(turns: list[tuple[float, Plan, Position]], rng: random.Random) -> Plan:
    """The best turn; equally good ones are chosen between at random, so games vary."""
    top = turns[0][0]
    return rng.choice([plan for value, plan, _ in turns if value >= top - 1e-9])


def landing(game: Game, rng: random.Random) -> Move:
    spots = game.landing_spots()
    if not spots:
        return Pass()
    room = {spot: open_country(game.position, spot) for spot in spots}
    most = max(room.values())
    return Land(rng.choice([spot for spot in spots if room[spot] == most]))


def open_country(position: Position, start: Cell) -> int:
    """Grass (counted twice: two roads a turn) and forest within LANDING_REACH steps over land to build on."""
    seen, queue, total = {start: 0}, deque([start]), 0
    while queue:
        cell = queue.popleft()
        ground = position.ground_at(cell)
        total += 2 if ground is Ground.GRASS else 1
        if seen[cell] == LANDING_REACH:
            continue
        for n in cell.neighbours():
            if n not in seen and position.ground_at(n) in (Ground.GRASS, Ground.FOREST):
                seen[n] = seen[cell] + 1
                queue.append(n)
    return total


# --- the turn as commands and words ----------------------------------------------------------


def bot_move(position: Position, player: Country, moves: tuple[Move, ...]) -> BotMove:
    """Propose each move, then confirm; the sentence says what to put where, the places are the cells to light."""
    commands = tuple({"type": "propose", "move": str(move)} for move in moves) + ({"type": "confirm"},)
    placed = [move for move in moves if not isinstance(move, Pass)]
    places = tuple(str(cell) for move in placed for cell in cells_of(move))
    if not placed:
        return BotMove(commands, f"{player.title} cannot build and passes.", (), on_table=0)
    sentence = f"{player.title} " + ", then ".join(phrase(position, move) for move in placed)
    return BotMove(commands, sentence, places, on_table=len(placed))


def cells_of(move: Move) -> tuple[Cell, ...]:
    if isinstance(move, Roads):
        return move.cells
    if isinstance(move, Fire):
        return (move.target,)
    return (move.cell,)


def phrase(position: Position, move: Move) -> str:
    if isinstance(move, Land):
        return f"lands at {move.cell}: put the ship there"
    if isinstance(move, Fire):
        owner = position.pieces[move.target].owner.title
        return f"fires on {owner}'s fort at {move.target}: take it off the island"
    if isinstance(move, Roads):
        if len(move.cells) == 2:
            return f"lays roads at {move.cells[0]} and {move.cells[1]}: place them there"
        return f"lays a road at {move.cells[0]}: place it there"
    assert isinstance(move, Build)
    return f"builds a {move.kind.label} at {move.cell}: place it there"


BOT = ColonyBot()
