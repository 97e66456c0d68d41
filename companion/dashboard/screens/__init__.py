"""One blueprint per screen; `page` renders a screen inside the shared frame (header, tabs, legend)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Mapping

from flask import current_app, render_template

def page(template: str, screen: str, **context):
    config = current_app.config
    looks = config.get("GAME_LOOKS")
    return render_template(template, screen=screen, screens=config["SCREENS"], looks=looks() if looks else {},
                           game_title=config["GAME_TITLE"],
                           game_scripts=config.get("GAME_SCRIPTS", ()), **context)


@dataclass(frozen=True)
class GameScreens:
    """A game's screens part: its blueprint modules (by name, imported when the app is made) and
    the app config its pages need: SCREENS (the tabs), and where wanted GAME_LOOKS (a callable: the
    players' looks), GAME_SCRIPTS ((endpoint, file name) pairs loaded on every page), CANNON_TEMPLATE."""

    names: tuple[str, ...]   # modules with a `bp`: a bare name is one of this package's, a dotted one the game's own
    config: Mapping[str, Any] = field(default_factory=dict)

    @property
    def modules(self) -> tuple:
        return tuple(importlib.import_module(name if "." in name else f"{__name__}.{name}") for name in self.names)
