"""What the LEDs under the board show for Black Cannon: the legal squares for the roll, the shot's targets.

One LED a square on a matrix laid under the board (companion.hardware.led_map, A1 at (0, 0)). Per
square, later layers win:
1. while the mover has rolled, the squares each of their fleets may sail to, dim in that fleet's colour;
2. every ship of the player to move, full colour: whose turn it is and which ship may sail;
3. while a shot is owed, the shooter's square full colour and the ships it may fire at yellow;
4. a won game lights the winner's ports in their fleets' colours, and nothing else.
`turn_leds` show the colour of the mover's (first) fleet. Faults need nothing here: the firmware shows
its own failsafe pattern when the host goes quiet.
"""

from __future__ import annotations

from companion.hardware.led_map import LedMap
from companion.hardware.strip import OFF, Colour, StripFollower, scaled

# Saturated hues for the four flags (the strip cannot show the screen's letters and shapes).
FLEET_COLOURS: dict[str, Colour] = {"red": (255, 30, 0), "blue": (0, 60, 255), "green": (0, 220, 40),
                                    "yellow": (255, 190, 0)}
TARGET: Colour = (255, 255, 255)   # a ship the owed shot may hit: white, no fleet's hue
LEGAL_SHARE = 0.3   # legal squares at this share of the fleet's colour, so the ships stand out


def square_colours(game) -> dict[str, Colour]:
    """The colour of every lit square, before brightness and the LED map."""
    if game is None:
        return {}
    position = game.position
    if game.winner is not None:
        return {position.board.port(fleet): FLEET_COLOURS[fleet] for fleet in position.fleets_of(game.winner)}
    from companion.games.black_cannon.moves import RollError, sailing

    lit: dict[str, Colour] = {}
    mine = position.fleets_of(position.turn)
    if game.phase == "move":
        for fleet in mine:
            dim = tuple(round(c * LEGAL_SHARE) for c in FLEET_COLOURS[fleet])
            try:
                for move in sailing(position, fleet, game.roll).moves:
                    lit[move.to] = dim
            except RollError:
                continue   # a roll for the other fleet's dice
    if game.phase == "shot":
        shot = game.shots[0]
        lit[position.ships[shot.shooter].square] = FLEET_COLOURS[shot.shooter]
        for target in shot.targets:
            lit[position.ships[target].square] = TARGET
        return lit
    for fleet in mine:
        lit[position.ships[fleet].square] = FLEET_COLOURS[fleet]
    return lit


def led_frame(game, led_map: LedMap) -> tuple[list[Colour], str | None]:
    """The whole strip's colours and, when the board does not fit the strip, why it is dark."""
    frame = [OFF] * led_map.count
    if game is None:
        return frame, None
    board = game.position.board
    problem = led_map.fit_problem(board.columns, board.rows)
    if problem:
        return frame, problem
    for square, colour in square_colours(game).items():
        column, row = board.xy(square)
        index = led_map.index(column, row, board.columns, board.rows)
        if index is not None:
            frame[index] = scaled(colour, led_map.brightness)
    if game.winner is None:
        mover = game.position.fleets_of(game.position.turn)[0]
        for index in led_map.turn_leds:
            frame[index] = scaled(FLEET_COLOURS[mover], led_map.brightness)
    return frame, None


def meaning(game) -> str:
    """What led_frame shows, in words, for the Cannon screen."""
    if game is None:
        return "nothing: no game yet"
    if game.winner is not None:
        return f"{game.winner} wins: their ports in their colours"
    player = game.position.turn
    if game.phase == "shot":
        shot = game.shots[0]
        return f"{shot.shooter} fires: its square in its colour, the ships it may hit ({', '.join(shot.targets)}) white"
    if game.phase == "move":
        return f"{player} rolled {'+'.join(map(str, game.roll))}: the legal squares dim, their ships bright"
    return f"{player} to roll: their ships bright"


class BoardLedFollower(StripFollower):
    """The board's LED matrix for a Black Cannon session: worked out afresh from its snapshot."""

    def frame(self) -> tuple[list[Colour], str | None]:
        return led_frame(self.session.snapshot().state, self.led_map)

    def shows(self) -> str:
        return meaning(self.session.snapshot().state)

    def describe(self) -> str:
        game = self.session.snapshot().state
        board = game.position.board if game is not None else None
        return self.led_map.describe(getattr(board, "columns", None), getattr(board, "rows", None),
                                     origin="A1", grid="board")
