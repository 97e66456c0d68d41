"""One blueprint per screen; `page` renders a screen inside the shared frame (header, tabs, legend)."""

from __future__ import annotations

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
