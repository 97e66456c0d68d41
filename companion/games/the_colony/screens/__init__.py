"""The Colony's screens: Play (the logs, sowing from the tablet, the ant move, undo) and Camera (the live
view beside the logs), beside the shared Record and Settings."""

from flask import Blueprint

from companion.dashboard.screens import GameScreens
from companion.games.the_colony.record import RECORD

TABS = (("colony_play.index", "Play"), ("colony_play.camera", "Camera"), ("record.index", "Record"),
        ("settings.index", "Settings"))
# The screens' scripts and style, served from this folder's static/.
bp = Blueprint("the_colony_assets", __name__, static_folder="static", static_url_path="/static/games/the-colony")


def player_looks() -> dict:
    return RECORD.looks(None)


SCREENS = GameScreens((__name__, f"{__name__}.play", "record", "settings"),
                      {"SCREENS": TABS, "GAME_LOOKS": player_looks,
                       "GAME_SCRIPTS": (("the_colony_assets.static", "colony.js"),)})
