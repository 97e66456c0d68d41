"""Aiming the servo cannon at a Black Cannon ship: the centre of its square, from the board's geometry.

The table frame is the board's own: mm from the outer corner of square A1, x along row 1 (towards B1),
y down column A (towards A2); every square is `square_mm` wide. A ship is aimed at by its fleet
("blue"): the centre of the square it stands on now, as the game knows it.

The rulebook puts the Black Cannon "on the square where the ship was": while a shot is owed and the
cannon was placed by hand (`serve --cannon-pose`), it stands on the shooter's square centre, facing as
the pose says (its heading and height are kept). A cannon the camera located is aimed from where it
was seen. `companion.hardware.aim.Aimer` turns the point into pan and tilt.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from firmware_bridge.aiming import CannonPose

from companion.games.black_cannon.board import Board
from companion.games.black_cannon.kit.pieces import SQUARE_MM
from companion.games.excerpt import excerpt
from companion.hardware.aim import AimSolution, Aimer, NothingToAim, TableFrame


@dataclass(frozen=True)
class BoardGeometry:
    # A square's side as `companion print black-cannon` prints it (the camera reads the same kit).
    square_mm: float = SQUARE_MM

    def centre(self, board: Board, square: str) -> tuple[float, float]:
        """The square's centre in board mm."""
        column, row = board.xy(square)
        return (column + 0.5) * self.square_mm, (row + 0.5) * self.square_mm


GEOMETRY = BoardGeometry()
HAND_PLACED = "--cannon-pose"

BOARD_FRAME = TableFrame(
    "from the board's corner at A1",
    "serve was not told where it stands on the board",
    "Start `companion serve` with --cannon-pose X,Y,HEADING: mm from the outer corner of square A1 (x along "
    f"row 1, y down column A, {GEOMETRY.square_mm:g} mm a square) and the way it faces, counter-clockwise "
    "from +x; while a shot is owed it stands on the shooter's square, facing that way.")


class ShipNotAimable(ValueError):
    """A fleet that has no ship on the board now."""


class ShipTargets:
    """Black Cannon's targets: a fleet's name ("blue") -> the AimSolution at its ship's square now.

    `session` is the game's session: its snapshot's state is a BlackCannonGame (or None)."""

    kind = "ship"

    def __init__(self, aimer: Aimer, session, geometry: BoardGeometry = GEOMETRY):
        self.aimer, self.session, self.geometry = aimer, session, geometry

    def __call__(self, text: str) -> AimSolution:
        game = self.session.snapshot().state
        if game is None:
            raise NothingToAim("No game is running, so there are no ships to aim at: start one first.")
        position, fleet = game.position, text.strip().lower()
        if fleet not in position.ships:
            raise ShipNotAimable(f"There is no {excerpt(text.strip())} ship on the board to aim at "
                                 f"(fleets in play: {', '.join(position.fleets)}).")
        square = position.ships[fleet].square
        fix = self.aimer.located_fix(fleet)
        shooter = game.shots[0].shooter if game.shots else None
        if shooter is not None and fix.source == HAND_PLACED:
            if shooter == fleet:
                raise ShipNotAimable(f"{fleet.title()} is the ship firing: the Black Cannon stands on its square "
                                     f"{square}; aim at one of {', '.join(game.shots[0].targets)}.")
            x, y = self.geometry.centre(position.board, position.ships[shooter].square)
            fix = replace(fix, pose=CannonPose(x, y, fix.pose.heading, fix.pose.height))
        x, y = self.geometry.centre(position.board, square)
        # The square comes from the game's own record, not a fresh camera reading.
        return self.aimer.solve_point(fix, fleet, x, y, measured=False, kind=self.kind)


def cannon_square(game) -> str | None:
    """Where the Black Cannon stands for the shot owed now (the shooter's square), if one is owed."""
    if game is None or not game.shots:
        return None
    return game.position.ships[game.shots[0].shooter].square
