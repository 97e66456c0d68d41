"""Cannons & Coastlines Table screen: the live view, the table mirror with its aid toggles; starting a game."""

from __future__ import annotations

from flask import Blueprint, abort, jsonify

from companion.games.cannons_coastlines.table_json import TableJsonError, table_from_json

from companion.dashboard.web import json_body, services, text_field
from companion.dashboard.screens import page

bp = Blueprint("coast_table", __name__, template_folder="templates")


@bp.get("/")
def index():
    return page("coast/table.html", "coast_table.index")


@bp.post("/api/coast/game")
def start():
    """A new game from a table as JSON: {"table": {...}}, e.g. the camera's last table or a saved one."""
    body = json_body()
    session = services().session
    if not isinstance(body.get("table"), dict):
        abort(400, 'Say which table to start from: {"table": {"width": 72, "height": 48, "players": [...], ...}}.')
    try:
        table = table_from_json(body["table"], session.record.rulebook)
    except TableJsonError as error:
        abort(400, f"Bad table: {error}")
    if len(table.players) < 2:
        abort(400, f"A game needs two to four players, not {list(table.players)!r}.")
    event = session.act({"type": "start", "table": table, "source": text_field(body, "source", "tablet")}).event
    return jsonify({"ok": True, "event": event.to_json()})
