"""The Players screen: each country's forts, mat, earned pieces and landing, and the score."""

from __future__ import annotations

from flask import Blueprint

from . import page

bp = Blueprint("players", __name__)


@bp.get("/players")
def index():
    return page("players/index.html", "players.index")
