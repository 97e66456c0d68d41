"""Pairing a tablet in LAN mode: the code shown on the host's console (or its QR code) lets it in,
as a player (the pairing code) or a viewer who watches only (the viewer code); a player may revoke
every pairing, which makes new codes."""

from __future__ import annotations

from flask import Blueprint, current_app, redirect, request, session, url_for

from companion.dashboard.security import PLAYER, check_pairing, pair, revoke_pairings
from companion.dashboard.screens import page

bp = Blueprint("pair", __name__)

SEAT_CHARS = 40   # a player's name, as the game's table names them


@bp.get("/pair")
def index():
    # The QR code carries the code in the URL; the tablet still taps Pair, so a GET changes nothing.
    return _page(code=request.args.get("code", "")[:6])


@bp.post("/pair")
def submit():
    if not current_app.config["LAN"]:
        return redirect(url_for(first_screen()))
    as_role = check_pairing(current_app, request.form.get("code", ""))
    if as_role is None:
        return _page(failed=True), 403
    pair(as_role)
    seat = request.form.get("seat", "").strip()[:SEAT_CHARS]
    if seat and as_role == PLAYER:   # the seat this tablet sees the game from (a private hand in some games)
        session["pairing"] = {**session["pairing"], "seat": seat}
    return redirect(url_for(first_screen()))


@bp.post("/pair/revoke")
def revoke():
    """Every tablet pairs again with new codes; this one stays paired and is shown them.
    On the LAN only a player's tablet gets here (the request guard)."""
    revoke_pairings(current_app)
    pair(PLAYER)
    return _page(revoked=True)


def _page(code: str = "", failed: bool = False, revoked: bool = False):
    config = current_app.config
    codes = {"player": config.get("PAIRING_CODE"), "viewer": config.get("VIEWER_CODE")}
    return page("pair/index.html", "pair.index", code=code, failed=failed, revoked=revoked, new_codes=codes)


def first_screen() -> str:
    """The game's first screen (its Table), where a paired tablet lands."""
    return current_app.config["SCREENS"][0][0]
