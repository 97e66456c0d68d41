"""What every blueprint shares: the running services, reading a JSON body, errors that say why."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from flask import abort, current_app, jsonify, request
from werkzeug.exceptions import HTTPException

from companion.session import GameSession

from .broadcast import Broadcaster
from .video import FrameHub


def _no_status() -> dict:
    return {"state": "none", "message": "not attached"}


@dataclass
class Services:
    """The live parts behind the screens; serve wires them, tests pass their own."""

    session: GameSession
    broadcaster: Broadcaster
    frames: FrameHub
    camera: Callable[[], dict] = _no_status
    hardware: Callable[[], dict] = _no_status
    calibration: Callable[[], dict] = _no_status
    server: dict = field(default_factory=dict)     # url, lan, data folder: for the Settings screen
    sample_board: Path | None = None
    cannon: object | None = None   # companion.hardware_desk.HardwareDesk, when a board is attached


def services() -> Services:
    return current_app.extensions["companion"]


def json_body(*required: str) -> dict:
    """The request's JSON object; a 400 that quotes the problem otherwise."""
    raw = request.get_data(cache=True, as_text=True)
    if not raw.strip():
        abort(400, f"Empty body: send a JSON object with {', '.join(required) or 'the fields'}.")
    try:
        body = json.loads(raw)
    except json.JSONDecodeError as error:
        abort(400, f"Malformed JSON: {error.msg} at line {error.lineno}, column {error.colno}.")
    if not isinstance(body, dict):
        abort(400, f"Expected a JSON object, got {type(body).__name__}.")
    missing = [name for name in required if not isinstance(body.get(name), str) or not body[name].strip()]
    if missing:
        abort(400, f"Missing or empty field{'s' if len(missing) > 1 else ''}: {', '.join(missing)} (text expected).")
    return body


def wants_json() -> bool:
    return request.path.startswith("/api/") or request.path in ("/healthz", "/events", "/video.mjpg") \
        or request.accept_mimetypes.best == "application/json"


def init_errors(app) -> None:
    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        if wants_json():
            response = jsonify({"ok": False, "error": error.description, "status": error.code})
            response.status_code = error.code
            return response
        from .screens import page

        return page("error.html", "", error=error), error.code

    @app.errorhandler(Exception)
    def crash(error: Exception):
        # A bug must not take the table down: say what broke, keep serving the other tablets.
        current_app.logger.exception("request %s %s failed", request.method, request.path)
        message = f"Internal error while handling {request.method} {request.path}: {type(error).__name__}: {error}"
        if wants_json():
            return jsonify({"ok": False, "error": message, "status": 500}), 500
        from .screens import page

        return page("error.html", "", error={"code": 500, "description": message}), 500
