"""Black Cannon's screens: Play (the board's mirror, the roll, the legal squares, the move, the shot and
the sea battles, undo) and Cannon (the servo cannon aimed at a target ship), beside the shared Record
and Settings."""

from flask import Blueprint

from companion.dashboard.screens import GameScreens
from companion.games.black_cannon.record import RECORD

TABS = (("bc_play.index", "Play"), ("record.index", "Record"), ("cannon.index", "Cannon"),
        ("settings.index", "Settings"))
# The screens' scripts and style, served from this folder's static/.
bp = Blueprint("black_cannon_assets", __name__, static_folder="static", static_url_path="/static/games/black-cannon")


def fleet_looks() -> dict:
    return RECORD.looks(None)


SCREENS = GameScreens((__name__, f"{__name__}.play", "record", "cannon", "settings"),
                      {"SCREENS": TABS, "GAME_LOOKS": fleet_looks, "CANNON_TEMPLATE": "bc/cannon.html",
                       "GAME_SCRIPTS": (("black_cannon_assets.static", "bc.js"),)})
