"""The Settings screen: camera, calibration and hardware status, and how tablets connect."""

from __future__ import annotations

from flask import Blueprint, jsonify

from companion.dashboard.web import services
from companion.dashboard.screens import page

bp = Blueprint("settings", __name__)


def status() -> dict:
    live = services()
    return {"camera": live.camera(), "calibration": live.calibration(), "hardware": live.hardware(),
            "server": live.server}


@bp.get("/settings")
def index():
    return page("settings/index.html", "settings.index", status=status())


@bp.get("/api/settings")
def settings():
    return jsonify(status())
