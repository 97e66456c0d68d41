"""Cannons & Coastlines' screens: Table and Points, beside the shared Record, Cannon and Settings."""

from flask import Blueprint

from companion.dashboard.screens import GameScreens

TABS = (("coast_table.index", "Table"), ("coast_points.index", "Points"), ("record.index", "Record"),
        ("cannon.index", "Cannon"), ("settings.index", "Settings"))
# The screens' scripts, served from this folder's static/.
bp = Blueprint("cannons_coastlines_assets", __name__, static_folder="static",
               static_url_path="/static/games/cannons-coastlines")
SCREENS = GameScreens((__name__, f"{__name__}.table", f"{__name__}.points", "record", "cannon", "settings"),
                      {"SCREENS": TABS, "GAME_SCRIPTS": (("cannons_coastlines_assets.static", "coast.js"),), "CANNON_TEMPLATE": "coast/cannon.html"})
