"""The Pieces screen: the wizard that teaches the companion the group's own pieces (companion.dashboard.teaching).

GET /api/pieces is the wizard's status; POST /api/pieces/start, /stop, /reset and /save drive it (each
through the dashboard's CSRF, pairing and rate-limit guard); /api/pieces/live.mjpg and live.jpg are the
camera's picture with the squares ticked, /api/pieces/learned.png the picture of what was learned.
Registered only for a game whose kit prints a teaching sheet.
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, current_app, jsonify, request

from companion.dashboard.api import jpeg, mjpeg
from companion.dashboard.teaching import PiecesWizard, WizardRefused
from companion.dashboard.web import parse_json, services
from companion.dashboard.screens import page

bp = Blueprint("pieces", __name__)

ACTIONS = ("start", "stop", "reset", "save")


def wizard() -> PiecesWizard:
    return services().pieces


@bp.get("/pieces")
def index():
    return page("pieces/index.html", "pieces.index", wizard=wizard().status())


@bp.get("/api/pieces")
def status():
    return jsonify(wizard().status())


@bp.post("/api/pieces/<action>")
def act(action: str):
    if action not in ACTIONS:
        abort(404, f"No wizard action {action!r}: the Pieces screen can {', '.join(ACTIONS)}.")
    _no_fields()
    try:
        return jsonify({"ok": True, **getattr(wizard(), action)()})
    except WizardRefused as refusal:
        abort(refusal.status, str(refusal))


def _no_fields() -> None:
    """The actions take no fields: a body, if sent, is an empty JSON object (a tool's typo is said, not ignored)."""
    raw = request.get_data(cache=True, as_text=True)
    if not raw.strip():
        return
    body = parse_json(raw, current_app.config["JSON_DEPTH"])
    if body != {}:
        abort(400, "The Pieces wizard's actions take no fields: send an empty body or {}.")


@bp.get("/api/pieces/live.mjpg")
def live():
    return mjpeg(wizard().hub)


@bp.get("/api/pieces/live.jpg")
def still():
    return jpeg(wizard().hub, "No picture of the teaching sheet yet.")


@bp.get("/api/pieces/learned.png")
def learned():
    import cv2

    ok, encoded = cv2.imencode(".png", wizard().card())
    if not ok:
        raise RuntimeError("PNG encoding of the learned pieces' card failed")
    return Response(encoded.tobytes(), mimetype="image/png", headers={"Cache-Control": "no-store"})
