"""The tablet dashboard: a Flask app factory with one blueprint per screen."""

from __future__ import annotations

import secrets
from pathlib import Path

from flask import Flask

from companion.session import EventLog, GameSession

from . import security
from .broadcast import Broadcaster
from .coast import GAME as COAST
from .state import view_state
from .video import FrameHub
from .web import Services, init_errors

ROOT = Path(__file__).resolve().parents[2]
SAMPLE_BOARD = ROOT / "samples" / "boards" / "cannonball-colony-dispute.txt"
COAST_SCREENS = (("coast_table.index", "Table"), ("coast_points.index", "Points"), ("record.index", "Record"),
                 ("cannon.index", "Cannon"), ("settings.index", "Settings"))


def secret_key(data: Path | None) -> bytes:
    """Kept in the data folder so paired tablets stay paired across a restart of the same game."""
    if data is None:
        return secrets.token_bytes(32)
    path = Path(data) / "dashboard-secret"
    if path.exists() and len(path.read_bytes()) >= 32:
        return path.read_bytes()
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_bytes(32)
    path.touch(mode=0o600)
    path.write_bytes(key)
    return key


def create_app(test_config: dict | None = None, *, services: Services | None = None) -> Flask:
    """The app. `test_config` overrides settings (LAN, PAIRING_CODE, VIEWER_CODE, ALLOWED_HOSTS, REVOKE_PAIRINGS,
    DATA, HEARTBEAT, rate limits, the request limits of web.LIMITS);
    `services` brings a session, broadcaster and frame hub made elsewhere (the serve command)."""
    app = Flask(__name__)
    config = dict(test_config or {})
    data = Path(config["DATA"]) if config.get("DATA") else None
    app.config.update(SECRET_KEY=config.pop("SECRET_KEY", None) or secret_key(data), HEARTBEAT=10.0,
                      MJPEG_KEEPALIVE=2.0, JSON_SORT_KEYS=False)
    app.config.update(config)

    if services is None:
        if data is None:
            raise ValueError("create_app needs DATA (the folder of the game's SQLite log) or services")
        services = _own_services(app.config.get("GAME", GameSession.GAME), data, app.config["HEARTBEAT"])
    if services.sample_board is None:
        services.sample_board = SAMPLE_BOARD
    app.extensions["companion"] = services

    security.init_app(app, data)
    init_errors(app)

    from . import api
    from .screens import cannon, coast_points, coast_table, dispute, pair, players, record, settings, table, turn, \
        verdicts

    # The session says which game is played; the game picks its screens, the rest are shared.
    game = services.session.GAME
    app.config["GAME"] = game
    if game == COAST:
        screens = (coast_table, coast_points, record, cannon, settings)
        app.config.update(SCREENS=COAST_SCREENS, GAME_TITLE="Cannons & Coastlines", GAME_SCRIPTS=("coast.js",))
    else:
        screens = (table, verdicts, dispute, turn, players, record, cannon, settings)
    for module in (api, *screens, pair):
        app.register_blueprint(module.bp)
    return app


def _own_services(game: str, data: Path, heartbeat: float) -> Services:
    """A session of the named game on the log in `data`, with its view for the broadcaster."""
    if game == COAST:
        from .coast.session import CoastSession
        from .coast.view import view_coast

        session, view = CoastSession(EventLog(data / "game.sqlite")), view_coast
    elif game == GameSession.GAME:
        session, view = GameSession(EventLog(data / "game.sqlite")), view_state
    else:
        raise ValueError(f"unknown game {game!r} (games: {GameSession.GAME}, {COAST})")
    return Services(session, Broadcaster(session, view, heartbeat=heartbeat), FrameHub(), sample_board=SAMPLE_BOARD)
