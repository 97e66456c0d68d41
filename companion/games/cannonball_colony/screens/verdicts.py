"""The Verdicts screen: every move and verdict as it happens, its evidence drawn on the mirror."""

from __future__ import annotations

from flask import Blueprint

from companion.dashboard.screens import page

bp = Blueprint("verdicts", __name__, template_folder="templates")


@bp.get("/verdicts")
def index():
    return page("verdicts/index.html", "verdicts.index")
