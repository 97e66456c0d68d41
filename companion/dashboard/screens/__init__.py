"""One blueprint per screen; `page` renders a screen inside the shared frame (header, tabs, legend)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Mapping

from flask import current_app, render_template

from ..state import player_looks

SCREENS = (
    ("table.index", "Table"),
    ("verdicts.index", "Verdicts"),
    ("dispute.index", "Dispute"),
    ("turn.index", "Turn"),
    ("players.index", "Players"),
    ("record.index", "Record"),
    ("cannon.index", "Cannon"),
    ("settings.index", "Settings"),
)


def page(template: str, screen: str, **context):
    config = current_app.config
    return render_template(template, screen=screen, screens=config.get("SCREENS", SCREENS), looks=player_looks(),
                           game_title=config.get("GAME_TITLE", "Cannonball Colony"),
                           game_scripts=config.get("GAME_SCRIPTS", ()), **context)


@dataclass(frozen=True)
class GameScreens:
    """A game's screens part: its blueprint modules (by name, imported when the app is made) and
    the app config its pages need where page()'s defaults do not fit."""

    names: tuple[str, ...]   # modules with a `bp`: a bare name is one of this package's, a dotted one the game's own
    config: Mapping[str, Any] = field(default_factory=dict)

    @property
    def modules(self) -> tuple:
        return tuple(importlib.import_module(name if "." in name else f"{__name__}.{name}") for name in self.names)


COAST_TABS = (("coast_table.index", "Table"), ("coast_points.index", "Points"), ("record.index", "Record"),
              ("cannon.index", "Cannon"), ("settings.index", "Settings"))
COLONY_SCREENS = GameScreens(("table", "verdicts", "dispute", "turn", "players", "record", "cannon", "settings"))
COAST_SCREENS = GameScreens(("coast_table", "coast_points", "record", "cannon", "settings"),
                            {"SCREENS": COAST_TABS, "GAME_SCRIPTS": ("coast.js",),
                             "CANNON_TEMPLATE": "coast/cannon.html"})
