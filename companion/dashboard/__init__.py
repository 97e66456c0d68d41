"""The tablet dashboard: a Flask app factory with one blueprint per screen."""

from __future__ import annotations

import secrets
from pathlib import Path

from flask import Flask

from companion.games import plugins
from companion.session import EventLog, Session

from companion.dashboard import security
from companion.dashboard.broadcast import Broadcaster
from companion.dashboard.video import FrameHub
from companion.dashboard.web import Services, init_errors


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
    `services` brings a session, broadcaster and frame hub made elsewhere (the serve command); without
    them the app opens the log in DATA of the game GAME names (a slug; required with no services)."""
    app = Flask(__name__)
    config = dict(test_config or {})
    data = Path(config["DATA"]) if config.get("DATA") else None
    app.config.update(SECRET_KEY=config.pop("SECRET_KEY", None) or secret_key(data), HEARTBEAT=10.0,
                      MJPEG_KEEPALIVE=2.0, MJPEG_SETTLE=0.25, JSON_SORT_KEYS=False)
    app.config.update(config)

    if services is None:
        if data is None:
            raise ValueError("create_app needs DATA (the folder of the game's SQLite log) or services")
        services = _own_services(app.config.get("GAME"), data, app.config["HEARTBEAT"])
    app.extensions["companion"] = services

    security.init_app(app, data)
    init_errors(app)

    from companion.dashboard import api
    from companion.dashboard.screens import pair

    # The session says which game is played; its plug-in names the screens, the rest are shared.
    game = plugins()[services.session.slug]
    screens = game.load("screens")
    app.config.update(GAME=game.slug, GAME_TITLE=game.title, **screens.config)
    for module in (api, *screens.modules, pair):
        app.register_blueprint(module.bp)
    if services.bots is not None:   # a game with a bot part: the Players screen's computer seats
        from companion.dashboard.screens import bots

        app.register_blueprint(bots.bp)
    if services.pieces is not None:   # a game whose kit prints a teaching sheet: the Pieces screen's wizard
        from companion.dashboard.screens import pieces

        app.register_blueprint(pieces.bp)
        app.config["SCREENS"] = with_tab(app.config["SCREENS"], ("pieces.index", "Pieces"))
    return app


def with_tab(tabs: tuple, tab: tuple[str, str], before: str = "settings.index") -> tuple:
    """The game's tabs with one more, before Settings (or last)."""
    endpoints = [endpoint for endpoint, _ in tabs]
    at = endpoints.index(before) if before in endpoints else len(tabs)
    return (*tabs[:at], tab, *tabs[at:])


def _own_services(game: str | None, data: Path, heartbeat: float) -> Services:
    """A session of the named game on the log in `data`, and its broadcaster."""
    found = plugins()
    if game not in found:
        raise ValueError(f"create_app needs GAME, one of {', '.join(found)} (not {game!r}), or services")
    session = Session(EventLog(data / "game.sqlite"), found[game].load("record"))
    return Services(session, Broadcaster(session, heartbeat=heartbeat), FrameHub())
