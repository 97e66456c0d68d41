"""What every blueprint shares: the running services, reading a JSON body, errors that say why."""

from __future__ import annotations

import json
import math
import sys
from dataclasses import dataclass, field
from typing import Callable

from flask import abort, current_app, jsonify, request, session as browser
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from companion.games import excerpt
from companion.session import Session

from companion.dashboard.broadcast import Broadcaster
from companion.dashboard.video import FrameHub


def _no_status() -> dict:
    return {"state": "none", "message": "not attached"}


@dataclass
class Services:
    """The live parts behind the screens; serve wires them, tests pass their own."""

    session: Session
    broadcaster: Broadcaster
    frames: FrameHub
    camera: Callable[[], dict] = _no_status
    hardware: Callable[[], dict] = _no_status
    calibration: Callable[[], dict] = _no_status
    server: dict = field(default_factory=dict)     # url, lan, data folder: for the Settings screen
    cannon: object | None = None   # companion.hardware.desk.HardwareDesk, when a board is attached
    bots: object | None = None     # companion.bots.ComputerSeats, when the game has a bot part
    pieces: object | None = None   # companion.dashboard.teaching.PiecesWizard, when the kit prints a teaching sheet


def services() -> Services:
    return current_app.extensions["companion"]


def seat() -> str | None:
    """The seat this tablet sees the game from: the one a player's pairing named (LAN mode), or
    None, the shared screen's view (this computer, a viewer, a pairing with no seat)."""
    from companion.dashboard.security import PLAYER, role

    pairing = browser.get("pairing")
    if role() == PLAYER and isinstance(pairing, dict) and isinstance(pairing.get("seat"), str):
        return pairing["seat"]
    return None


def json_body(*required: str) -> dict:
    """The request's JSON object; a 400 that says what is wrong with it otherwise."""
    raw = request.get_data(cache=True, as_text=True)   # a 413 past MAX_CONTENT_LENGTH
    if not raw.strip():
        abort(400, f"Empty body: send a JSON object with {', '.join(required) or 'the fields'}.")
    body = parse_json(raw, current_app.config["JSON_DEPTH"])
    if not isinstance(body, dict):
        abort(400, f"Expected a JSON object, got {type(body).__name__}.")
    missing = [name for name in required if not isinstance(body.get(name), str) or not body[name].strip()]
    if missing:
        abort(400, f"Missing or empty field{'s' if len(missing) > 1 else ''}: {', '.join(missing)} (text expected).")
    return body


class _NotJson(ValueError):
    pass


def _no_constant(name: str):
    raise _NotJson(f"{name} is not a JSON number; send a finite number in digits")


def parse_json(raw: str, depth: int):
    """Standard JSON only (no NaN or Infinity), nested at most `depth` deep, numbers finite."""
    try:
        body = json.loads(raw, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        abort(400, f"Malformed JSON: {error.msg} at line {error.lineno}, column {error.colno}.")
    except RecursionError:
        abort(400, f"JSON nested too deeply: at most {depth} levels of objects and arrays.")
    except _NotJson as error:
        abort(400, f"Not standard JSON: {error}.")
    except ValueError:   # the one other refusal: a whole number of thousands of digits
        abort(400, f"Unreadable JSON: a number longer than {sys.get_int_max_str_digits()} digits.")
    _check_json(body, depth)
    return body


def _check_json(body, depth: int) -> None:
    stack = [(body, 1)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, (dict, list)):
            if level > depth:
                abort(400, f"JSON nested too deeply: at most {depth} levels of objects and arrays.")
            stack.extend((item, level + 1) for item in (value.values() if isinstance(value, dict) else value))
        elif isinstance(value, float) and not math.isfinite(value):
            abort(400, "Number out of range: JSON numbers here must fit a double (up to about 1.8e308).")


def text_field(body: dict, name: str, default: str, limit: int | None = None, empty: bool = False) -> str:
    """An optional text field (a source, a note): text of at most `limit` characters, or `default`."""
    limit = limit or current_app.config["LABEL_CHARS"]
    value = body.get(name, default)
    if value is None and empty:
        return ""
    if not isinstance(value, str) or len(value) > limit or not (value.strip() or empty):
        abort(400, f"{name} must be text of {'0' if empty else '1'} to {limit} characters, not {excerpt(value)}.")
    return value.strip()


# A request the game refuses as it stands (nothing to confirm, not your turn): nothing was logged.
REFUSED = 409


def dismiss_question():
    """POST .../dismiss for any game: the players set the camera's open question aside (409 when none is open)."""
    from companion.session import SessionError

    try:
        event = services().session.dismiss()
    except SessionError as error:
        abort(409, str(error))
    return jsonify({"ok": True, "event": event.to_json()})


def refusal(reason: str, **body):
    """The answer to a refused request: its status says so, and the body says why."""
    response = jsonify({**body, "ok": False, "error": _capped(reason), "status": REFUSED})
    response.status_code = REFUSED
    return response


def wants_json() -> bool:
    return request.path.startswith("/api/") or request.path in ("/healthz", "/events", "/video.mjpg", "/video.jpg") \
        or request.accept_mimetypes.best == "application/json"


# What a request may be: the biggest thing a tablet sends is a board text or a table, a few kilobytes,
# and a table nests five levels deep. Each is a config key of the app, these are the defaults.
# WIRE_BODY_BYTES is what waitress reads at all: a body up to it gets Flask's 413 with a sentence,
# a bigger one is cut off unread (the client sees the connection close).
LIMITS = {"MAX_CONTENT_LENGTH": 256 * 1024, "WIRE_BODY_BYTES": 1024 * 1024, "JSON_DEPTH": 16, "LABEL_CHARS": 80,
          "NOTE_CHARS": 500}
# The last guard against echoing input: no error message is longer than this.
ERROR_CHARS = 600


def _capped(message: str) -> str:
    return message if len(message) <= ERROR_CHARS else message[:ERROR_CHARS] + "... (message cut)"


def init_errors(app) -> None:
    for key, value in LIMITS.items():
        app.config[key] = app.config.get(key) or value

    @app.errorhandler(RequestEntityTooLarge)
    def too_large(error: RequestEntityTooLarge):
        limit = app.config["MAX_CONTENT_LENGTH"]
        return http_error(RequestEntityTooLarge(f"The request is larger than the {limit} bytes this dashboard "
                                                "accepts; send a smaller board or table."))

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        description = _capped(str(error.description))
        if wants_json():
            response = jsonify({"ok": False, "error": description, "status": error.code})
            response.status_code = error.code
            return response
        from companion.dashboard.screens import page

        return page("error.html", "", error={"code": error.code, "name": error.name,
                                             "description": description}), error.code

    @app.errorhandler(Exception)
    def crash(error: Exception):
        # A bug must not take the table down: say what broke, keep serving the other tablets.
        current_app.logger.exception("request %s %s failed", request.method, request.path)
        message = _capped(f"Internal error while handling {request.method} {excerpt(request.path)}: "
                          f"{type(error).__name__}: {error}")
        if wants_json():
            return jsonify({"ok": False, "error": message, "status": 500}), 500
        from companion.dashboard.screens import page

        return page("error.html", "", error={"code": 500, "description": message}), 500
