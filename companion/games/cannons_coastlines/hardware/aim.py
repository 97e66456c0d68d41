"""Aiming the cannon at a Cannons & Coastlines ship: where the ship is on the table, in the cannon's mm.

The table frame is the one the camera reads the table in (companion.vision.table_frame): mm from
the play area's top-left corner, x along the top edge, y down the table. The rules measure the
same frame in inches (CS-1), so a ship's centre is its pose times 25.4. The cannon stands where
`serve --cannon-pose X,Y,HEADING` says, in those mm; `companion.hardware.aim.Aimer` turns the point
into pan and tilt, with the same calibration and soft limits as on the island.
"""

from __future__ import annotations

from companion.hardware.aim import AimSolution, Aimer, NothingToAim, TableFrame
from companion.games.excerpt import excerpt

MM_PER_INCH = 25.4

PLAY_AREA_FRAME = TableFrame(
    "from the play area's top-left corner",
    "serve was not told where it stands on the table",
    "Start `companion serve` with --cannon-pose X,Y,HEADING: mm from the play area's top-left corner "
    "(x along the top edge, y down the table) and the way it faces, counter-clockwise from +x.")


class ShipNotAimable(ValueError):
    """A ship that is not on the table now."""


class ShipTargets:
    """Cannons & Coastlines' targets: a ship's id ("ben/sloop") -> its AimSolution on the table now.

    `session` is the game's session: its snapshot's state (a CoastState) holds the table and the ships a hand hides."""

    kind = "ship"

    def __init__(self, aimer: Aimer, session):
        self.aimer, self.session = aimer, session

    def __call__(self, text: str) -> AimSolution:
        state = self.session.snapshot().state
        table, stale = (state.table, state.stale) if state is not None else (None, frozenset())
        if table is None:
            raise NothingToAim("No game is running, so there are no ships to aim at: start one first.")
        ship_id = text.strip()
        ship = table.ships.get(ship_id)
        if ship is None:
            afloat = ", ".join(sorted(table.ships)) or "none"
            raise ShipNotAimable(f"There is no ship {excerpt(ship_id)} on the table to aim at (ships afloat: {afloat}).")
        fix = self.aimer.located_fix(ship_id)
        # A ship under a hand is aimed at its last known pose; it says so by not being "measured".
        return self.aimer.solve_point(fix, ship_id, ship.x * MM_PER_INCH, ship.y * MM_PER_INCH,
                                      measured=ship_id not in stale, kind=self.kind)
