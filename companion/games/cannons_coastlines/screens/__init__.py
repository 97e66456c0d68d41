"""Cannons & Coastlines' screens: Table and Points, beside the shared Record, Cannon and Settings."""

from companion.dashboard.screens import GameScreens

TABS = (("coast_table.index", "Table"), ("coast_points.index", "Points"), ("record.index", "Record"),
        ("cannon.index", "Cannon"), ("settings.index", "Settings"))
SCREENS = GameScreens((f"{__name__}.table", f"{__name__}.points", "record", "cannon", "settings"),
                      {"SCREENS": TABS, "GAME_SCRIPTS": ("coast.js",), "CANNON_TEMPLATE": "coast/cannon.html"})
