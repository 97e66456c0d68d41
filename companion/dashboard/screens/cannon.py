"""The Cannon screen: the board's live status, aim at a tapped cell (Cannonball Colony) or ship
(Cannons & Coastlines), arm with a confirmation, fire.

Arming takes two requests from the same tablet: `arm/request` hands out a one-time token,
valid for CONFIRM_S, and only `arm` with that token arms the cannon, naming the tablet as who
confirmed. Every POST here passes the dashboard's CSRF, pairing and rate-limit guard.
"""

from __future__ import annotations

import hmac
import secrets
import time

from flask import Blueprint, abort, current_app, jsonify, request, session

from companion.games import excerpt

from companion.dashboard.web import json_body, services
from companion.dashboard.screens import page

bp = Blueprint("cannon", __name__)

CONFIRM_S = 15.0
NO_HARDWARE = "No cannon to drive: {why}. Start `companion serve` with --hardware sim, emulator or a serial port."
HTTP = {"bad request": 400, "refused": 409, "no answer": 504}


def _desk():
    live = services()
    if live.cannon is None:
        abort(503, NO_HARDWARE.format(why=live.hardware().get("message", "no hardware attached")))
    return live.cannon


def _tablet() -> str:
    """A short id for this browser, kept in its session cookie, to say who armed the cannon."""
    tablet = session.get("tablet")
    if not tablet:
        tablet = session["tablet"] = secrets.token_hex(2)
    return f"tablet {tablet} ({request.remote_addr or 'unknown address'}) on the Cannon screen"


def _run(action):
    from companion.hardware.desk import DeskRefused

    try:
        result = action()
    except DeskRefused as refusal:
        abort(HTTP[refusal.kind], str(refusal))
    return jsonify({"ok": True, **(result or {}), "status": services().cannon.status()})


def status() -> dict:
    live = services()
    return live.cannon.status() if live.cannon is not None else {**live.hardware(), "attached": False}


@bp.get("/cannon")
def index():
    # A game's screens part fills the Cannon screen with its own targets (cells, ships); without
    # one the screen is the shared shell: status, arming and firing.
    template = current_app.config.get("CANNON_TEMPLATE", "cannon/layout.html")
    return page(template, "cannon.index", status=status())


@bp.get("/api/cannon")
def show():
    return jsonify(status())


@bp.post("/api/cannon/arm/request")
def arm_request():
    """Step one of arming: the question to put to the person, and the token their Confirm sends."""
    desk = _desk()
    token = secrets.token_urlsafe(12)
    session["arm_confirm"] = {"token": token, "until": time.time() + CONFIRM_S}
    window = desk.cannon.config.arm_window_ms / 1000
    return jsonify({"ok": True, "confirm": token, "expires_s": CONFIRM_S,
                    "question": f"Arm the cannon? For {window:g} s after you confirm, Fire will shoot."})


@bp.post("/api/cannon/arm")
def arm():
    """Step two: arms only with the token this tablet was just given (used once)."""
    desk = _desk()
    body = json_body()
    pending = session.pop("arm_confirm", None)
    sent = body.get("confirm")
    if not isinstance(sent, str) or not sent:
        abort(400, "Arming needs a person's confirmation: press Arm, then Confirm on the same tablet "
                   "(no confirmation token was sent).")
    if pending is None or not hmac.compare_digest(sent.encode(), str(pending.get("token", "")).encode()):
        abort(403, "That confirmation is not this tablet's latest: press Arm again, then Confirm.")
    if time.time() > pending.get("until", 0):
        abort(403, f"The confirmation came more than {CONFIRM_S:g} s after Arm was pressed: press Arm again.")
    return _run(lambda: desk.arm(confirmed_by=_tablet()))


@bp.post("/api/cannon/disarm")
def disarm():
    desk = _desk()
    return _run(desk.disarm)


# What each game aims at, as the request names it.
TARGETS = {"cell": '{"cell": "D4"} for a cell of the island', "ship": '{"ship": "ben/sloop"} for a ship on the table'}


@bp.post("/api/cannon/aim")
def aim():
    """{"cell": "D4"} (Cannonball Colony) or {"ship": "ben/sloop"} (Cannons & Coastlines) aims at its
    place on the table; {"pan": 90, "tilt": 30} at servo angles."""
    desk = _desk()
    body = json_body()
    kind = desk.targets.kind
    if isinstance(body.get(kind), str) and body[kind].strip():
        return _run(lambda: {"target": desk.aim_at(body[kind])})
    if "pan" in body or "tilt" in body:
        pan, tilt = _angle(body, "pan"), _angle(body, "tilt")
        return _run(lambda: {"target": desk.aim_angles(pan, tilt)})
    other = next((name for name in TARGETS if name != kind and body.get(name)), None)
    game = "This game aims at ships, not cells" if kind == "ship" else "This game aims at cells, not ships"
    abort(400, (f"{game}. " if other else "") + f"Say where to aim: {TARGETS[kind]}, or "
               "{\"pan\": 90, \"tilt\": 30} for servo angles in degrees.")


def _angle(body: dict, name: str) -> float:
    """A servo angle in degrees; the soft limits are the desk's to check, and say so naming the axis."""
    value = body.get(name)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        abort(400, f"{name} must be a number of degrees, like {{\"pan\": 90, \"tilt\": 30}}, not {excerpt(value)}.")
    try:
        return float(value)
    except OverflowError:   # a whole number too big for a float: past every soft limit
        abort(400, f"Cannot aim there: {name} {excerpt(value)} is far outside the soft limits.")


@bp.post("/api/cannon/fire")
def fire():
    desk = _desk()
    return _run(desk.fire)
