"""The Game record screen: every event in the log, and its export as JSON lines, each as this tablet's seat may see it."""

from __future__ import annotations

import json

from flask import Blueprint, Response, abort, jsonify, request

from companion.dashboard.broadcast import sequence_number
from companion.dashboard.web import seat, services
from companion.dashboard.screens import page

bp = Blueprint("record", __name__)


@bp.get("/record")
def index():
    return page("record/index.html", "record.index")


def _after() -> int:
    """?after=N: the events after sequence number N."""
    try:
        return sequence_number(request.args.get("after", "0"), "after")
    except ValueError as error:
        abort(400, str(error))


@bp.get("/api/record")
def events():
    session, viewer = services().session, seat()
    return jsonify([session.event_view(event, viewer) for event in session.log.events(after=_after())])


@bp.get("/api/record.jsonl")
def export():
    """One JSON object a line, in sequence order: the whole game, replayable; the file is named after the game."""
    session, viewer = services().session, seat()
    lines = "".join(json.dumps(session.event_view(event, viewer), sort_keys=True) + "\n"
                    for event in session.log.events(after=_after()))
    return Response(lines, mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f"attachment; filename={session.slug}-game.jsonl"})
