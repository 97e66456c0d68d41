"""Pairing a tablet in LAN mode: the code shown on the host's console (or its QR code) unlocks changes."""

from __future__ import annotations

from flask import Blueprint, current_app, redirect, request, session, url_for

from ..security import check_pairing
from . import SCREENS, page

bp = Blueprint("pair", __name__)


@bp.get("/pair")
def index():
    # The QR code carries the code in the URL; the tablet still taps Pair, so a GET changes nothing.
    return page("pair/index.html", "pair.index", code=request.args.get("code", ""), failed=False)


@bp.post("/pair")
def submit():
    if not current_app.config["LAN"]:
        return redirect(url_for(first_screen()))
    if check_pairing(current_app, request.form.get("code", "")):
        session["paired"] = True
        return redirect(url_for(first_screen()))
    return page("pair/index.html", "pair.index", code="", failed=True), 403


def first_screen() -> str:
    """The game's first screen (its Table), where a paired tablet lands."""
    return current_app.config.get("SCREENS", SCREENS)[0][0]
