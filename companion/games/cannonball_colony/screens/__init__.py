"""Cannonball Colony's screens: Table, Verdicts, Dispute, Turn and Players, beside the shared Record, Cannon
and Settings."""

from flask import Blueprint

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
# The screens' scripts, served from this folder's static/.
bp = Blueprint("cannonball_colony_assets", __name__, static_folder="static",
               static_url_path="/static/games/cannonball-colony")
SCREENS = GameScreens((__name__, *(f"{__name__}.{name}" for name in ("table", "verdicts", "dispute", "turn", "players")),
                       "record", "cannon", "settings"),
                      {"SCREENS": TABS, "GAME_LOOKS": player_looks, "CANNON_TEMPLATE": "colony/cannon.html"})
