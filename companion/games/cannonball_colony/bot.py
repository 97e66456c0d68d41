"""Cannonball Colony's computer seat (the plug-in's `bot` part, companion.games.plugin.Bot).

Levels, weakest first: `random` (the benchmark's baseline: autoplay's weighted random turn),
`greedy` (the turn whose island is worth most now, room for later forts and the room
a rival's next wall on a gateway would take included: bot_room.py)
and `look-ahead` (the greedy level's best turns, each scored again after the next opponent's
answer, averaged over the turns it may play: bot_look_ahead.py). Both land where most country is
their own (bot_landing.py). The search is bot_search.py, over the rules' own moves; here a chosen
turn becomes the record's commands
("propose" each move, then "confirm") and the sentence for the human who places the pieces.
"""

from __future__ import annotations

import copy
import random

from companion.games.cannonball_colony.autoplay import random_turn
from companion.games.cannonball_colony.bot_landing import LandingSettings, best_landings
from companion.games.cannonball_colony.bot_look_ahead import look_ahead
from companion.games.cannonball_colony.bot_search import Plan, SearchSettings, ranked_turns
from companion.games.cannonball_colony.cells import Cell, Country
from companion.games.cannonball_colony.game import Game, Phase
from companion.games.cannonball_colony.moves import Build, Fire, Land, Move, Pass, Roads
from companion.games.cannonball_colony.position import Position
from companion.games.plugin import BotMove

LEVELS = ("random", "greedy", "look-ahead")


class ColonyBot:
    levels = LEVELS

    def __init__(self, settings: SearchSettings = SearchSettings(), landing: LandingSettings = LandingSettings()):
        self.settings, self.landing = settings, landing

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
            return (landing(game, rng, self.landing),)
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


def landing(game: Game, rng: random.Random, settings: LandingSettings) -> Move:
    spots = game.landing_spots()
    if not spots:
        return Pass()
    return Land(rng.choice(best_landings(game.position, game.player, spots, settings)))


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
