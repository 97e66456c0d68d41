"""The Table screen: the live camera view, the board mirror, whose turn it is; and starting a game."""

from __future__ import annotations

import random

from flask import Blueprint, abort, jsonify

from companion.games.cannonball_colony.cells import Country
from companion.games.cannonball_colony.setup import new_island
from companion.games.cannonball_colony.demo import SAMPLE_BOARD
from companion.games.cannonball_colony.text import BoardTextError, parse_board, print_board
from companion.games.excerpt import excerpt

from companion.dashboard.web import json_body, services, text_field
from companion.dashboard.screens import page

bp = Blueprint("table", __name__, template_folder="templates")


@bp.get("/")
def index():
    return page("table/index.html", "table.index")


@bp.post("/api/game")
def start():
    """A new game from a board text, the bundled sample board, or a random island for the named countries."""
    body = json_body()
    live = services()
    if isinstance(body.get("board"), str):
        text = body["board"]
    elif body.get("sample"):
        text = SAMPLE_BOARD.read_text(encoding="utf-8")
    elif isinstance(body.get("players"), list):
        text = print_board(_random_island(body["players"], body.get("seed")))
    else:
        abort(400, "Say which game to start: {\"board\": TEXT}, {\"sample\": true} or "
                   "{\"players\": [\"france\", \"spain\"], \"seed\": 7}.")
    try:
        parse_board(text)
    except BoardTextError as error:
        abort(400, f"Bad board text: {error}")
    event = live.session.act({"type": "start", "board": text, "source": text_field(body, "source", "tablet")}).event
    return jsonify({"ok": True, "event": event.to_json()})


def _random_island(names: list, seed):
    try:
        countries = [Country.parse(str(name)) for name in names]
    except ValueError as error:
        abort(400, str(error))
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        abort(400, f"seed must be a whole number, got {excerpt(seed)}")
    try:
        return new_island(countries, seed=seed if seed is not None else random.randrange(10**6))
    except ValueError as error:
        abort(400, str(error))
