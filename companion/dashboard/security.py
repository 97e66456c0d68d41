"""Who may change the game: localhost only by default; on a LAN, paired tablets with CSRF tokens and rate limits."""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Callable

from flask import Flask, abort, request, session

LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
CHANGING_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
CSRF_HEADER = "X-CSRF-Token"


@dataclass
class RateLimit:
    """A token bucket per client address: `burst` requests at once, refilled at `per_second`."""

    per_second: float
    burst: int
    clock: Callable[[], float] = time.monotonic
    _buckets: dict = field(default_factory=lambda: defaultdict(lambda: None))
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def allow(self, key: str) -> bool:
        now = self.clock()
        with self._lock:
            tokens, then = self._buckets[key] or (float(self.burst), now)
            tokens = min(float(self.burst), tokens + (now - then) * self.per_second)
            if tokens < 1.0:
                self._buckets[key] = (tokens, now)
                return False
            self._buckets[key] = (tokens - 1.0, now)
            return True


def new_pairing_code() -> str:
    return f"{secrets.randbelow(10**6):06d}"


def csrf_token() -> str:
    """The page's token for this browser session, made on first use."""
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(24)
    return token


def is_paired() -> bool:
    return bool(session.get("paired"))


def check_pairing(app: Flask, code: str) -> bool:
    expected = app.config["PAIRING_CODE"] or ""
    return bool(expected) and hmac.compare_digest(code.strip().encode(), expected.encode())


def init_app(app: Flask) -> None:
    """Install the request guard; every rule below says in its refusal what to do about it.

    Rate limits apply in LAN mode, where other machines can reach the server; on localhost
    the only client is this computer, and tools replaying a game must not be slowed."""
    app.config.setdefault("LAN", False)
    app.config.setdefault("PAIRING_CODE", None)
    app.config.update(SESSION_COOKIE_SAMESITE="Lax", SESSION_COOKIE_HTTPONLY=True,
                      SESSION_COOKIE_NAME="companion_session")
    changes = RateLimit(app.config.get("RATE_PER_SECOND", 10.0), app.config.get("RATE_BURST", 40))
    # Six digits are a million guesses; five tries a minute makes guessing take months.
    pairing = RateLimit(app.config.get("PAIRING_PER_SECOND", 5 / 60), app.config.get("PAIRING_BURST", 5))
    app.extensions["rate_limits"] = {"changes": changes, "pairing": pairing}

    @app.before_request
    def guard():
        host = (request.host or "").rsplit(":", 1)[0] if not (request.host or "").startswith("[") else \
            request.host.split("]")[0] + "]"
        if not app.config["LAN"] and host not in LOOPBACK_HOSTS:
            # A page elsewhere could point a hostname at 127.0.0.1 (DNS rebinding); refuse it.
            abort(403, f"This dashboard serves this computer only, but the request named host {host!r}. "
                       "Start it with --host 0.0.0.0 to let tablets on the network in.")
        if request.method not in CHANGING_METHODS:
            return None
        who = request.remote_addr or "unknown"
        if request.endpoint == "pair.submit":
            if not pairing.allow(who):
                abort(429, "Too many pairing attempts from this tablet; wait a minute and try again.")
        elif app.config["LAN"] and not changes.allow(who):
            abort(429, f"Too many changes from {who}: at most {changes.burst} at once and "
                       f"{changes.per_second:g} a second. Wait a moment and try again.")
        sent = request.headers.get(CSRF_HEADER) or request.form.get("csrf_token", "")
        expected = session.get("csrf")
        if not expected or not hmac.compare_digest(sent.encode(), expected.encode()):
            abort(403, f"Missing or wrong CSRF token (header {CSRF_HEADER}): reload the page and try again.")
        if app.config["LAN"] and request.endpoint != "pair.submit" and not is_paired():
            abort(403, "This tablet is not paired: open /pair and enter the code shown on the host's console.")
        return None

    @app.context_processor
    def tokens():
        return {"csrf_token": csrf_token, "lan": app.config["LAN"], "paired": is_paired}
