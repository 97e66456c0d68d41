"""Cannonades' Table screen and its API. The page draws the seat's own view (/api/state, /events): the
shared screen sees only what the rules make public; a tablet paired to a seat also sees its hand and
plays from it. Every move is one record command for this tablet's seat, and for no other.

POST /api/cannonades/act   {"type": add|shoot|draw|board|end|undo|keep|redeal|grin|discard|salvage, ...}
POST /api/cannonades/game  {"seats": [...], "variant": ...}: a new game, when none is on or the last is over
POST /api/cannonades/dismiss: the camera's open question set aside (a physical table)
POST /api/cannonades/table {"type": "table-end"} or {"type": "table-tell", "what": draw|none|salvage}: a game of
    physical cards, told what the camera cannot see (the turn's end, a grin's card drawn); any screen that may
    change the game, as nobody's hand is shown there
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, jsonify

from companion.dashboard.screens import page
from companion.dashboard.web import dismiss_question, json_body, refusal, seat, services, text_field
from companion.games.cannonades.record import FIELDS, OPTIONAL, setup_command
from companion.games.cannonades.table_record import TELLINGS
from companion.games.cannonades.watch import TableWatch
from companion.games.cannonades.state import GRIN_EFFECTS
from companion.games.excerpt import excerpt
from companion.session import SessionError

bp = Blueprint("cannonades_table", __name__, template_folder="templates")


@dataclass(frozen=True)
class TableLimits:
    id_chars: int = 16       # a card id ("C07") or a ship id ("anna-2"), with room for a long seat name
    discards: int = 12       # the most cards one discard command names (a hand is never that big)


LIMITS = TableLimits()
OWN = {"card", "target", "ship", "effect"}   # the fields a move may carry, besides its type


@bp.get("/")
def index():
    return page("cannonades/table.html", "cannonades_table.index", my_seat=seat())


@bp.get("/camera")
def camera():
    """The live view and the camera's open question, for a table of physical cards."""
    return page("cannonades/camera.html", "cannonades_table.camera")


@bp.post("/api/cannonades/dismiss")
def dismiss():
    return dismiss_question()


def _id(body: dict, name: str, required: bool = True) -> str | None:
    value = body.get(name)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip():
        abort(400, f"Missing {name}: send the id of a card or ship, like \"C07\" or \"anna-2\".")
    if len(value) > LIMITS.id_chars:
        abort(400, f"{name} {excerpt(value, LIMITS.id_chars)} is too long for a card or ship id.")
    return value.strip()


def _my_seat(body: dict) -> str:
    """This tablet's seat, the only one it may act for: 403 for the shared screen or another seat."""
    mine, game = seat(), services().session.state
    asked = body.get("seat")
    if mine is None:
        abort(403, "This screen shows the table to everyone: pair a tablet to your seat to play your hand.")
    if game is not None and mine not in game.seats:
        abort(403, f"This tablet is paired to {excerpt(mine, LIMITS.id_chars)}, which is not a seat of this game "
                   f"({', '.join(game.seats)}): pair it again with your seat.")
    if asked is not None and asked != mine:
        abort(403, f"This tablet plays for {mine}: it cannot act for {excerpt(asked, LIMITS.id_chars)}.")
    return mine


def _command(body: dict) -> dict:
    kind = body.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        abort(400, f"type must be one of {', '.join(FIELDS)}, not {excerpt(kind, LIMITS.id_chars)}.")
    command = {"type": kind}
    for name in FIELDS[kind]:
        if name == "effect":
            effect = body.get("effect")
            if effect not in GRIN_EFFECTS:
                abort(400, f"effect must be one of {', '.join(GRIN_EFFECTS)}, not {excerpt(effect, LIMITS.id_chars)}.")
            command[name] = effect
        elif kind == "discard" and "cards" in body:
            cards = body["cards"]
            if not isinstance(cards, list) or not 0 < len(cards) <= LIMITS.discards:
                abort(400, f"cards must be a list of 1 to {LIMITS.discards} card ids, not {excerpt(cards)}.")
            command["cards"] = [_id({"card": card}, "card") for card in cards]
        else:
            command[name] = _id(body, name, required=(kind, name) not in OPTIONAL)
    unknown = sorted(set(body) - OWN - {"type", "seat", "source", "cards"})
    if unknown:
        abort(400, f"Unknown field{'s' if len(unknown) > 1 else ''}: {excerpt(', '.join(map(str, unknown)), 60)}.")
    return command


@bp.post("/api/cannonades/act")
def act():
    """One move of this tablet's seat: 200 with what it did as this seat may know it, 409 with the rules' reason."""
    body = json_body("type")
    mine = _my_seat(body)
    command = {**_command(body), "seat": mine, "source": text_field(body, "source", "tablet")}
    session = services().session
    try:
        verdict, event = session.act(command)
    except SessionError as error:
        abort(409, str(error))
    except ValueError as error:   # bad input the checks above let through: the record quotes it
        abort(400, str(error))
    if event is None:
        return refusal(verdict.message, legal=False, verdict=verdict.to_json())
    return jsonify({"ok": True, "legal": True, "message": verdict.message,
                    "event": session.event_view(event, mine)})


@bp.post("/api/cannonades/game")
def new_game():
    """A new game with the seats named (the tablets then pair to them), from any screen that may change the
    game; refused while a game is on, so nobody ends another's game from a tablet."""
    body = json_body()
    session = services().session
    game = session.state
    if game is not None and not game.over:
        return refusal("A game is on: finish it before starting another.")
    setup = {key: body[key] for key in ("seats", "variant") if key in body}
    try:
        command = {"type": "start", "cards": "physical", "seats": list(game.seats), "source": "tablet"} \
            if isinstance(game, TableWatch) and not setup else setup_command(setup or {"seats": list(game.seats) if game else ["north", "south"]},
                                source=text_field(body, "source", "tablet"))
        event = session.act(command).event
    except ValueError as error:
        abort(400, f"Bad setup: {excerpt(str(error), 200)}")
    return jsonify({"ok": True, "event": session.event_view(event, seat())})


@bp.post("/api/cannonades/table")
def tell_table():
    """The players' word on a table of physical cards: 200 with the verdicts, 409 when it makes no sense now."""
    body = json_body("type")
    kind = body.get("type")
    if kind not in ("table-end", "table-tell"):
        abort(400, f"type must be table-end or table-tell, not {excerpt(kind, LIMITS.id_chars)}.")
    command = {"type": kind, "source": text_field(body, "source", "tablet")}
    if kind == "table-tell":
        if body.get("what") not in TELLINGS:
            abort(400, f"what must be one of {', '.join(TELLINGS)}, not {excerpt(body.get('what'), LIMITS.id_chars)}.")
        command["what"] = body["what"]
    try:
        verdict, event = services().session.act(command)
    except SessionError as error:
        abort(409, str(error))
    if event is None:
        return refusal(verdict.message, legal=False, verdict=verdict.to_json())
    return jsonify({"ok": True, "legal": True, "message": verdict.message, "event": services().session.event_view(event)})
