"""Black Cannon's Play screen and its API: the board of the game in play, the roll entered, a move
tried out (its verdict and path, logged only when confirmed), the shot owed and its outcome, undo,
and a new game.

Trying a move (/api/bc/check) logs nothing: it judges the move on the game as it stands and says what
landing there would do. Everything else is a record command; a refusal is a 409 that logs nothing.
"""

from __future__ import annotations

from flask import Blueprint, abort, jsonify

from companion.dashboard.screens import page
from companion.dashboard.web import dismiss_question, json_body, refusal, services, text_field
from companion.games.black_cannon.demo import START_BOARD
from companion.games.black_cannon.moves import DIE_FACES, judge_move
from companion.games.black_cannon.rules import TO_SHIP
from companion.games.black_cannon.text import BoardTextError
from companion.games.excerpt import excerpt
from companion.session import SessionError

bp = Blueprint("bc_play", __name__, template_folder="templates")
NAME_CHARS = 12   # the longest fleet or square name quoted back in an error


@bp.get("/")
def index():
    return page("bc/play.html", "bc_play.index")


def _game():
    """The game as it stands (a private copy); 409 when none has been started."""
    state = services().session.snapshot().state
    if state is None:
        abort(409, "No game yet: start one from the rulebook's setup first.")
    return state


def _fleet(body: dict, name: str, position, *, optional: bool = False) -> str | None:
    value = body.get(name)
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value.strip():
        abort(400, f"Missing {name}: send a fleet in play ({', '.join(position.fleets)}).")
    if value.strip() not in position.ships:
        abort(400, f"{excerpt(value, NAME_CHARS)} is not a fleet in play ({', '.join(position.fleets)}).")
    return value.strip()


def _square(body: dict, name: str, board) -> str:
    value = body.get(name)
    if not isinstance(value, str) or not value.strip():
        abort(400, f"Missing {name}: send a square of the board, like \"E5\".")
    square = value.strip().upper()
    if square not in board:
        last = board.names[-1]
        abort(400, f"{excerpt(value, NAME_CHARS)} is not a square of the board (A1 to {last}).")
    return square


def _flag(body: dict, name: str, default: bool) -> bool:
    value = body.get(name, default)
    if not isinstance(value, bool):
        abort(400, f"{name} must be true or false, not {excerpt(value)}.")
    return value


@bp.get("/api/bc/board")
def board():
    """The board of the game in play, in the schema of default-board.json (BC-1)."""
    return jsonify(_game().position.board.to_json())


def _act(command: dict):
    """A record command for the game in play: 200 with the event, or 409 with the rules' reason."""
    session = services().session
    try:
        verdict, event = session.act(command)
    except SessionError as error:
        abort(409, str(error))
    except ValueError as error:   # bad input the checks above let through: the record quotes it
        abort(400, str(error))
    body = {"legal": verdict.legal, "message": verdict.message, "verdict": verdict.to_json(),
            "event": event.to_json() if event is not None else None}
    if event is None:
        return refusal(verdict.message, **body)
    return jsonify({"ok": True, **body})


@bp.post("/api/bc/roll")
def roll():
    """{"dice": [4, 2]} (one number for a frigate or raft): the player to move's roll, as the dice fell."""
    body = json_body()
    _game()
    dice = body.get("dice")
    if (not isinstance(dice, list) or not 1 <= len(dice) <= 2
            or not all(isinstance(d, int) and not isinstance(d, bool) and d in DIE_FACES for d in dice)):
        abort(400, f"dice must be one or two numbers from 1 to 6, like [4, 2], not {excerpt(dice)}.")
    return _act({"type": "roll", "dice": dice, "source": text_field(body, "source", "tablet")})


@bp.post("/api/bc/check")
def check():
    """{"fleet": F, "to": SQ}: whether the mover's ship may sail there for the roll, and why. Logs nothing."""
    body = json_body()
    game = _game()
    position = game.position
    fleet, to = _fleet(body, "fleet", position), _square(body, "to", position.board)
    if game.phase != "move":
        return refusal("Roll first." if game.phase == "roll" else
                       "Fire the shot owed first." if game.phase == "shot" else "The game is over.")
    if fleet not in position.fleets_of(position.turn):
        return refusal(f"{fleet.title()} is not {position.turn}'s fleet: {position.turn} moves "
                       f"{' or '.join(position.fleets_of(position.turn))}.")
    try:
        verdict = judge_move(position, fleet, game.roll, to)
    except ValueError as error:   # a roll of the other fleet's dice
        return refusal(f"Not for this roll: {error}.")
    if not verdict.legal:
        return refusal(verdict.message, legal=False, verdict=verdict.to_json())
    # What landing there does (rules.sail): a ship leaving its home port sails as a galleon.
    kind = "galleon" if position.in_home_port(fleet) else position.ships[fleet].kind
    can_take = bool(position.chests.get(to)) and fleet not in position.carrying and kind != "raft"
    return jsonify({"ok": True, "legal": True, "fleet": fleet, "to": to, "message": verdict.message,
                    "verdict": verdict.to_json(), "path": list(verdict.evidence[1:]),
                    "chest_here": can_take, "black_cannon": to in position.board.black_cannon,
                    "home": to == position.board.port(fleet) and fleet in position.carrying})


@bp.post("/api/bc/move")
def move():
    """{"fleet": F, "to": SQ, "take_chest": true}: the mover's ship sails (the Confirm of a move tried out)."""
    body = json_body()
    position = _game().position
    return _act({"type": "move", "fleet": _fleet(body, "fleet", position), "to": _square(body, "to", position.board),
                 "take_chest": _flag(body, "take_chest", True), "source": text_field(body, "source", "tablet")})


@bp.post("/api/bc/shot")
def shot():
    """{"target": F or null, "sunk": bool, "chest": "ship" | SQ | null}: the shot owed, as it fell."""
    body = json_body()
    position = _game().position
    target = _fleet(body, "target", position, optional=True)
    chest = body.get("chest")
    if chest is not None and chest != TO_SHIP:
        chest = _square(body, "chest", position.board)
    return _act({"type": "shot", "target": target, "sunk": _flag(body, "sunk", False), "chest": chest,
                 "source": text_field(body, "source", "tablet")})


@bp.post("/api/bc/undo")
def undo():
    _game()
    return _act({"type": "undo", "source": text_field(json_body(), "source", "tablet")})


@bp.post("/api/bc/game")
def new_game():
    """A new game: {"board": TEXT} (a position as text), or {} for the rulebook's setup."""
    body = json_body()
    text = body.get("board")
    if text is not None and not isinstance(text, str):
        abort(400, f"board must be a position as text, not {excerpt(text)}.")
    text = text if text is not None and text.strip() else START_BOARD.read_text(encoding="utf-8")
    if any(line.strip().startswith("board:") for line in text.splitlines()):
        # A file on this computer, which a tablet has no business naming: serve --board may.
        abort(400, "A tablet cannot name a board file: start the server with --board FILE for another board.")
    session = services().session
    try:
        event = session.act(session.record.start(text, source=text_field(body, "source", "tablet"))).event
    except BoardTextError as error:
        abort(400, f"Bad position: {excerpt(str(error), 200, quote=False)}")
    except ValueError as error:
        abort(400, f"Bad position: {excerpt(str(error), 200, quote=False)}")
    return jsonify({"ok": True, "event": event.to_json()})


@bp.post("/api/bc/dismiss")
def dismiss():
    """The players set the camera's open question aside."""
    return dismiss_question()
