"""Cannonball Colony's screens: Table, Verdicts, Dispute, Turn and Players, beside the shared Record, Cannon
and Settings."""

from companion.dashboard.screens import GameScreens
from companion.games.cannonball_colony.view import player_looks

TABS = (
    ("table.index", "Table"),
    ("verdicts.index", "Verdicts"),
    ("dispute.index", "Dispute"),
    ("turn.index", "Turn"),
    ("players.index", "Players"),
    ("record.index", "Record"),
    ("cannon.index", "Cannon"),
    ("settings.index", "Settings"),
)
SCREENS = GameScreens((*(f"{__name__}.{name}" for name in ("table", "verdicts", "dispute", "turn", "players")),
                       "record", "cannon", "settings"),
                      {"SCREENS": TABS, "GAME_LOOKS": player_looks})
