"""The Players screen: each country's forts, mat, earned pieces and landing, and the score."""

from __future__ import annotations

from flask import Blueprint

from companion.dashboard.screens import page

bp = Blueprint("players", __name__, template_folder="templates")


@bp.get("/players")
def index():
    return page("players/index.html", "players.index")
