"""Who may see and change the game: this computer only by default; on a LAN, paired tablets only
(players change the game, viewers watch it), with CSRF tokens, rate limits and a Host check.

Every response forbids being framed by another page (clickjacking)."""

from __future__ import annotations

import hmac
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Callable, Iterator

from flask import Flask, abort, current_app, redirect, request, session, url_for
from flask_wtf.csrf import CSRFError, CSRFProtect, generate_csrf

from companion.games import excerpt

from companion.dashboard.hosts import ServerNames
from companion.dashboard.pairing import PLAYER, ROLES, VIEWER, Pairings, new_pairing_code

CHANGING_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
CSRF_HEADER = "X-CSRF-Token"
# What an unpaired tablet on the LAN may still reach: the pairing page and what it is drawn with,
# the health check, and its own session (the CSRF token the pairing form sends).
OPEN_ENDPOINTS = frozenset({"pair.index", "pair.submit", "static", "api.healthz", "api.browser_session"})
FRAME_HEADERS = {"X-Frame-Options": "DENY"}
FRAME_POLICY = "frame-ancestors 'none'"

__all__ = ["PLAYER", "VIEWER", "new_pairing_code", "csrf_token", "role", "is_paired", "check_pairing", "init_app"]


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


def csrf_token() -> str:
    """The page's token for this browser session (Flask-WTF's, signed with the app's key),
    made on first use."""
    return generate_csrf()


def pairings() -> Pairings:
    return current_app.extensions["pairings"]


def role() -> str | None:
    """'player' or 'viewer' for a tablet paired since the last revocation; None otherwise."""
    pairing = session.get("pairing")
    if isinstance(pairing, dict) and pairing.get("role") in ROLES and pairings().current(pairing.get("generation")):
        return pairing["role"]
    return None


def is_paired() -> bool:
    """Whether this tablet may change the game on the LAN (a player's pairing)."""
    return role() == PLAYER


def while_paired(parts: Iterator) -> Iterator:
    """A stream (events, video) that ends once the pairings it was opened under are revoked, so a
    revoked tablet stops watching at the next part rather than at its next reconnection."""
    if not current_app.config["LAN"]:
        yield from parts
        return
    store, pairing = pairings(), session.get("pairing") or {}
    generation = pairing.get("generation") if isinstance(pairing, dict) else None
    for part in parts:
        if not store.current(generation):
            return
        yield part


def pair(as_role: str) -> None:
    session["pairing"] = {"role": as_role, "generation": pairings().generation}


def check_pairing(app: Flask, code: str) -> str | None:
    """The role the code pairs a tablet as, or None for a wrong code."""
    sent = code.strip().encode()
    for as_role, key in ((PLAYER, "PAIRING_CODE"), (VIEWER, "VIEWER_CODE")):
        expected = app.config.get(key) or ""
        if expected and hmac.compare_digest(sent, expected.encode()):
            return as_role
    return None


def revoke_pairings(app: Flask) -> None:
    """Every tablet must pair again, with new codes: a revoked tablet that knew the old code cannot reuse it."""
    app.extensions["pairings"].revoke()
    app.config["PAIRING_CODE"] = new_pairing_code()
    app.config["VIEWER_CODE"] = _other_code(app.config["PAIRING_CODE"])
    if app.config["LAN"]:   # the host reads the new codes where it read the first ones
        app.logger.warning("Pairings revoked: every tablet must pair again. New pairing code %s; viewer code %s.",
                           app.config["PAIRING_CODE"], app.config["VIEWER_CODE"])


def _other_code(than: str) -> str:
    code = new_pairing_code()
    while code == than:
        code = new_pairing_code()
    return code


def init_app(app: Flask, data=None) -> None:
    """Install the request guard; every rule below says in its refusal what to do about it.

    Rate limits apply in LAN mode, where other machines can reach the server; on localhost
    the only client is this computer, and tools replaying a game must not be slowed."""
    app.config.setdefault("LAN", False)
    app.config.setdefault("PAIRING_CODE", None)
    app.config.setdefault("VIEWER_CODE", None)
    app.config.update(SESSION_COOKIE_SAMESITE="Lax", SESSION_COOKIE_HTTPONLY=True,
                      SESSION_COOKIE_NAME="companion_session")
    # Flask-WTF checks the token where the guard below asks it to (after the host and the rate
    # limits, before the pairing), in the header the pages' script sends or the forms' field;
    # a dashboard stays open all evening, so its token does not expire by the clock.
    app.config.update(WTF_CSRF_CHECK_DEFAULT=False, WTF_CSRF_TIME_LIMIT=None,
                      WTF_CSRF_HEADERS=[CSRF_HEADER, "X-CSRFToken"], WTF_CSRF_FIELD_NAME="csrf_token")
    csrf = CSRFProtect(app)
    lan = app.config["LAN"]
    if lan:
        app.config["PAIRING_CODE"] = app.config["PAIRING_CODE"] or new_pairing_code()
        app.config["VIEWER_CODE"] = app.config["VIEWER_CODE"] or _other_code(app.config["PAIRING_CODE"])
    app.extensions["pairings"] = Pairings(data)
    if app.config.get("REVOKE_PAIRINGS"):
        app.extensions["pairings"].revoke()
    names = ServerNames(lan, app.config.get("ALLOWED_HOSTS", ()))
    app.extensions["server_names"] = names
    changes = RateLimit(app.config.get("RATE_PER_SECOND", 10.0), app.config.get("RATE_BURST", 40))
    # Six digits are a million guesses; five tries a minute makes guessing take months.
    pairing = RateLimit(app.config.get("PAIRING_PER_SECOND", 5 / 60), app.config.get("PAIRING_BURST", 5))
    app.extensions["rate_limits"] = {"changes": changes, "pairing": pairing}

    @app.before_request
    def guard():
        host = request.host or ""
        if not names.allows(host):
            abort(403, _wrong_host(lan, host, names))
        if request.method in CHANGING_METHODS:
            _check_change(lan, changes, pairing, csrf)
        if lan and request.endpoint not in OPEN_ENDPOINTS:
            return _check_pairing_for(request.method in CHANGING_METHODS)
        return None

    @app.after_request
    def no_framing(response):
        for header, value in FRAME_HEADERS.items():
            response.headers.setdefault(header, value)
        policy = response.headers.get("Content-Security-Policy")
        if not policy:
            response.headers["Content-Security-Policy"] = FRAME_POLICY
        elif "frame-ancestors" not in policy:
            response.headers["Content-Security-Policy"] = f"{policy}; {FRAME_POLICY}"
        return response

    @app.context_processor
    def tokens():
        return {"csrf_token": csrf_token, "lan": app.config["LAN"], "paired": is_paired, "role": role}


def _wrong_host(lan: bool, host: str, names: ServerNames) -> str:
    if not lan:
        # A page elsewhere could point a hostname at 127.0.0.1 (DNS rebinding); refuse it.
        return (f"This dashboard serves this computer only, but the request named host {excerpt(host)}. "
                "Start it with --host 0.0.0.0 to let tablets on the network in.")
    known = ", ".join(names.examples()) or "the address on the host's console"
    return (f"This dashboard answers to its own addresses and names ({known}), but the request named host "
            f"{excerpt(host)}. Open it at the address on the host's console, or start it with --allow-host NAME.")


def _check_change(lan: bool, changes: RateLimit, pairing: RateLimit, csrf: CSRFProtect) -> None:
    who = request.remote_addr or "unknown"
    if request.endpoint == "pair.submit":
        if not pairing.allow(who):
            abort(429, "Too many pairing attempts from this tablet; wait a minute and try again.")
    elif lan and not changes.allow(who):
        abort(429, f"Too many changes from {who}: at most {changes.burst} at once and "
                   f"{changes.per_second:g} a second. Wait a moment and try again.")
    try:
        csrf.protect()
    except CSRFError:
        abort(403, f"Missing or wrong CSRF token (header {CSRF_HEADER}): reload the page and try again.")


def _check_pairing_for(changing: bool):
    """On the LAN every read needs a pairing (a page sends the tablet to /pair), and every change a player's."""
    from companion.dashboard.web import wants_json

    paired_as = role()
    if paired_as is None:
        if not changing and not wants_json():
            return redirect(url_for("pair.index"))
        abort(403, "This tablet is not paired: open /pair and enter the code shown on the host's console.")
    if changing and paired_as != PLAYER:
        abort(403, "This tablet is paired to watch only: pair it with the player code on the host's console "
                   "to change the game.")
    return None
