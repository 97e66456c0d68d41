"""The Dispute screen: fort distance and cannon range between two tapped cells, and "may I build here?"."""

from __future__ import annotations

from flask import Blueprint, abort, jsonify, request

from companion.games.cannonball_colony.referee import QuestionError, answer
from companion.games.cannonball_colony.view import summary
from companion.games.cannonball_colony.text import parse_board
from companion.games.excerpt import excerpt

from companion.dashboard.web import services
from companion.dashboard.screens import page

bp = Blueprint("dispute", __name__, template_folder="templates")

QUESTIONS = ("fort-distance", "cannon-range", "check", "legal")


@bp.get("/dispute")
def index():
    return page("dispute/index.html", "dispute.index")


@bp.get("/api/dispute")
def ask():
    """?q=fort-distance&cells=D1,D4 | ?q=cannon-range&cells=H3,C3 | ?q=check&kind=fort&cells=D4&player=france
    | ?q=legal&player=spain. Asking changes nothing, so it is a GET."""
    game = services().session.snapshot().state
    if game is None:
        abort(409, "No game is running: start one on the Table screen first.")
    state = summary(game)
    question = request.args.get("q", "")
    if question not in QUESTIONS:
        abort(400, f"Unknown question {excerpt(question)}: ask one of {', '.join(QUESTIONS)}.")
    cells = [c.strip() for c in request.args.get("cells", "").split(",") if c.strip()]
    words = [question] + ([request.args.get("kind", "")] if question == "check" else []) + cells
    try:
        reply = answer(parse_board(state["board"]), words, request.args.get("player") or state["player"])
    except QuestionError as error:
        abort(400, str(error))
    return jsonify({"ok": True, "question": " ".join(words), "sentence": reply.sentence, "data": reply.data,
                    "path": [str(c) for c in reply.path], "ends": [str(c) for c in reply.ends],
                    "extra": reply.extra})
