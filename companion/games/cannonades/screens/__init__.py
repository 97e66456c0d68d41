"""Cannonades' screens: the Table (what the rules make public, for the shared screen; a paired seat's
tablet adds its own hand and its moves), the Camera (the live view of a table of physical cards and
its open question), beside the shared Record, Pair and Settings."""

from flask import Blueprint

from companion.dashboard.screens import GameScreens
from companion.games.cannonades.record import RECORD

TABS = (("cannonades_table.index", "Table"), ("cannonades_table.camera", "Camera"), ("record.index", "Record"),
        ("pair.index", "Pair"), ("settings.index", "Settings"))
# The screens' script and style, served from this folder's static/.
bp = Blueprint("cannonades_assets", __name__, static_folder="static", static_url_path="/static/games/cannonades")


def player_looks() -> dict:
    """Each seat's colour, shape and letter, for the game in play (none before one starts)."""
    from companion.dashboard.web import services

    return RECORD.looks(services().session.state)   # reads the seats only: no copy of the game needed


SCREENS = GameScreens((__name__, f"{__name__}.table", "record", "settings"),
                      {"SCREENS": TABS, "GAME_LOOKS": player_looks,
                       "GAME_SCRIPTS": (("cannonades_assets.static", "cannonades.js"),)})
