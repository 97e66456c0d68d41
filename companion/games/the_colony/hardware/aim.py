"""Aiming the cannon at a log space of The Colony: the space's centre on the printed log board.

The table frame is the printed board's: mm from its top-left corner, x along the top edge, y down,
as the layout's `at` gives each space (TC-1). The Colony has no cannon in its rules; aiming at a
space is the panel's way to point at it, and to test the cannon on this table.
"""

from __future__ import annotations

from companion.games.excerpt import excerpt
from companion.hardware.aim import AimSolution, Aimer, NothingToAim, TableFrame

LOG_BOARD_FRAME = TableFrame(
    "from the log board's top-left corner",
    "serve was not told where it stands on the table",
    "Start `companion serve` with --cannon-pose X,Y,HEADING: mm from the printed log board's top-left "
    "corner (x along the top edge, y down the board) and the way it faces, counter-clockwise from +x.")


class SpaceNotAimable(ValueError):
    """A name that is not a log space of the layout being played."""


class SpaceTargets:
    """The Colony's targets: a log space's id ("L7") -> its AimSolution at the space's centre."""

    kind = "space"

    def __init__(self, aimer: Aimer, session):
        self.aimer, self.session = aimer, session

    def __call__(self, text: str) -> AimSolution:
        game = self.session.snapshot().state
        if game is None:
            raise NothingToAim("No game is running, so there are no log spaces to aim at: start one first.")
        layout, space_id = game.position.layout, text.strip()
        if space_id not in layout:
            raise SpaceNotAimable(f"There is no log space {excerpt(space_id)} to aim at (spaces: "
                                  f"{layout.ids[0]} to {layout.ids[-1]}).")
        fix = self.aimer.located_fix(space_id)
        x, y = layout.space(space_id).at
        return self.aimer.solve_point(fix, space_id, x, y, measured=False, kind=self.kind)
