"""Cannons & Coastlines Points screen: live points (CS-4), the prize values in use, Next turn, Declare victory (CS-5),
the camera's question about a mat it cannot vouch for, and a mat set by hand."""

from __future__ import annotations

from flask import Blueprint, abort, jsonify

from companion.games.excerpt import excerpt

from companion.dashboard.web import dismiss_question, json_body, refusal, services
from companion.dashboard.screens import page

bp = Blueprint("coast_points", __name__, template_folder="templates")


@bp.get("/points")
def index():
    return page("coast/points.html", "coast_points.index")


def _session():
    session = services().session
    if session.state is None:
        abort(409, "No game yet: the camera starts one when it sees a still table, or start one on the Table screen.")
    return session


@bp.post("/api/coast/values")
def values():
    """House prize values: {"values": {"navy": {"hull": 10}}}; {"values": {}} goes back to the faction cards."""
    body = json_body()
    if not isinstance(body.get("values"), dict):
        abort(400, f'Send {{"values": {{faction: {{"mast"|"cargo"|"hull": points}}}}}}, '
                   f'not {excerpt(body.get("values"))}.')
    session = _session()
    try:
        event = session.act({"type": "values", "house": body["values"]}).event
    except ValueError as error:
        abort(400, str(error))
    return jsonify({"ok": True, "values": session.snapshot().state.values, "event": event.to_json()})


@bp.post("/api/coast/turn")
def next_turn():
    """End the turn; the next player's start-of-turn points are recorded for a claim (CS-5)."""
    return _answer(_session().act({"type": "next_turn"}))


def _answer(acted):
    """A claim that was judged is logged, won or not; a turn or claim refused outright logs nothing."""
    verdict, event = acted.verdict, acted.event
    body = {"legal": verdict.legal, "verdict": verdict.to_json(), "event": event.to_json() if event else None}
    if event is None:
        return refusal(verdict.message, **body)
    return jsonify({"ok": True, **body})


@bp.post("/api/coast/claim")
def claim():
    """{"player": name}: judged on the points at the start of that player's turn (CS-5)."""
    body = json_body("player")
    session = _session()
    try:
        acted = session.act({"type": "claim", "player": body["player"].strip()})
    except ValueError as error:
        abort(400, str(error))
    return _answer(acted)


@bp.post("/api/coast/mat")
def set_mat():
    """{"player": name, "mat": {"coins": {kind: n}, "prizes": {"faction:kind": n}}}: what lies on a mat, by hand."""
    body = json_body("player")
    if not isinstance(body.get("mat"), dict):
        abort(400, f'Send {{"player": name, "mat": {{"coins": {{kind: n}}, "prizes": {{"faction:kind": n}}}}}}, '
                   f'not {excerpt(body.get("mat"))}.')
    session = _session()
    try:
        acted = session.act({"type": "mat", "player": body["player"], "mat": body["mat"]})
    except ValueError as error:
        abort(400, str(error))
    return _answer(acted)


@bp.post("/api/coast/dismiss")
def dismiss():
    """The players checked the mats the camera asked about and set the question aside."""
    return dismiss_question()
