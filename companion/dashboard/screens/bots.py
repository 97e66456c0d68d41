"""The computer's seats on any game with a bot part: what the Players screen offers, and its choice.

GET /api/bots: the seats, the levels and who is the computer now; POST /api/bots {"seat", "level"}
gives a seat to the computer ("level": null or "" gives it back to a human). Registered only when
serve made the seats (companion.bots.ComputerSeats); the status itself reaches the tablets as the
"bot" part of the status stream."""

from __future__ import annotations

from flask import Blueprint, abort, jsonify

from companion.bots import BotSeatError
from companion.dashboard.web import json_body, services, text_field

bp = Blueprint("bots", __name__)


@bp.get("/api/bots")
def offer():
    return jsonify(services().bots.offer())


@bp.post("/api/bots")
def choose():
    body = json_body("seat")
    seat = text_field(body, "seat", "").lower()
    level = body.get("level")
    if level is not None and not isinstance(level, str):
        abort(400, "level must be a level's name as text, or null for a human player.")
    try:
        status = services().bots.choose_seat(seat, level.strip().lower() or None if level else None)
    except BotSeatError as error:
        abort(400, str(error))
    return jsonify({"ok": True, "status": status})
