"""The Colony's Play screen and its API: the logs as they stand, a sowing tried out egg by egg with its
choices asked as they come up, then sown for real, the ant move or pass, undo, and a new game.

Trying a sowing (/api/colony/try) logs nothing: it runs the rules on the game as it stands and says
where the eggs went, or at which log the player must choose a way. Everything else is a record command.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, jsonify

from companion.dashboard.screens import page
from companion.dashboard.web import dismiss_question, json_body, refusal, services, text_field
from companion.games.excerpt import excerpt
from companion.games.the_colony.demo import START_BOARD
from companion.games.the_colony.rules import ChoiceError, sow
from companion.games.the_colony.text import BoardTextError
from companion.session import SessionError

bp = Blueprint("colony_play", __name__, template_folder="templates")


@dataclass(frozen=True)
class PlayLimits:
    # A sowing of all 57 eggs with relays meets a double log a few dozen times at most.
    choices: int = 120
    space_chars: int = 12


LIMITS = PlayLimits()


@bp.get("/")
def index():
    return page("colony/play.html", "colony_play.index")


@bp.get("/camera")
def camera():
    """The live view beside the logs, for a table with a camera."""
    return page("colony/camera.html", "colony_play.camera")


def _game():
    """The game as it stands (a private copy); 409 when none has been started."""
    state = services().session.snapshot().state
    if state is None:
        abort(409, "No game yet: start one from the rulebook's setup first.")
    return state


def _space(body: dict, name: str, layout) -> str:
    value = body.get(name)
    if not isinstance(value, str) or not value.strip():
        abort(400, f"Missing {name}: send the id of a log space, like \"L3\".")
    if value.strip() not in layout:
        abort(400, f"{excerpt(value, LIMITS.space_chars)} is not a log space of the {layout.name} layout "
                   f"({layout.ids[0]} to {layout.ids[-1]}).")
    return value.strip()


def _via(body: dict, layout) -> list[str]:
    via = body.get("via", [])
    if not isinstance(via, list):
        abort(400, f"via must be a list of log spaces (the ways chosen, in order), not {excerpt(via)}.")
    if len(via) > LIMITS.choices:
        abort(400, f"via lists {len(via)} choices; a sowing needs at most {LIMITS.choices}.")
    return [_space({"via": way}, "via", layout) for way in via]


def _sowing(body: dict, game) -> tuple[str, list[str]]:
    layout = game.position.layout
    return _space(body, "space", layout), _via(body, layout)


@bp.get("/api/colony/layout")
def layout():
    """The layout of the game in play, in the schema of default-layout.json (TC-1)."""
    return jsonify(_game().position.layout.to_json())


@bp.post("/api/colony/try")
def try_sowing():
    """{"space": ID, "via": [...]}: where the eggs would go, or the next choice to make. Logs nothing."""
    body = json_body()
    game = _game()
    space, via = _sowing(body, game)
    if game.over is not None:
        return refusal(f"The game is over: {game.over.message}")
    if game.phase != "sow":
        return refusal(f"{game.position.turn.title()} has sown this turn: move an ant or pass.")
    try:
        sowing = sow(game.position, space, via)
    except ChoiceError as error:
        return refusal(f"Not that way: {error}.", space=space, via=via)
    if not sowing.verdict.legal:
        return refusal(sowing.verdict.message, legal=False, verdict=sowing.verdict.to_json())
    after = sowing.position
    answer = {"ok": True, "legal": True, "space": space, "via": via, "done": sowing.done, "path": list(sowing.path),
              "eggs": dict(after.eggs), "ants": dict(after.ants), "player": game.position.turn}
    if not sowing.done:
        return jsonify({**answer, "choice_at": sowing.choice_at, "options": list(sowing.options),
                        "message": f"Where do the eggs leaving {sowing.choice_at} go: "
                                   f"{' or '.join(sowing.options)}?"})
    return jsonify({**answer, "ended_by": sowing.ended_by, "collected": sowing.collected,
                    "ant_placed": sowing.ant_placed, "steps": [step.to_json() for step in sowing.steps],
                    "message": " ".join(step.message for step in sowing.steps)})


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


@bp.post("/api/colony/sow")
def sow_for_real():
    """{"space": ID, "via": [...]}: the player to move sows (the Confirm of a sowing tried out)."""
    body = json_body()
    space, via = _sowing(body, _game())
    return _act({"type": "sow", "space": space, "via": via, "source": text_field(body, "source", "tablet")})


@bp.post("/api/colony/ant")
def ant():
    """{"from": ID, "to": ID}: one of the mover's ants steps to a touching space."""
    body = json_body()
    layout = _game().position.layout
    return _act({"type": "move-ant", "from": _space(body, "from", layout), "to": _space(body, "to", layout),
                 "source": text_field(body, "source", "tablet")})


@bp.post("/api/colony/pass")
def no_ant_move():
    _game()
    return _act({"type": "pass", "source": text_field(json_body(), "source", "tablet")})


@bp.post("/api/colony/undo")
def undo():
    _game()
    return _act({"type": "undo", "source": text_field(json_body(), "source", "tablet")})


@bp.post("/api/colony/game")
def new_game():
    """A new game: {"board": TEXT} (a position as text), or {} for the rulebook's setup."""
    body = json_body()
    board = body.get("board")
    if board is not None and not isinstance(board, str):
        abort(400, f"board must be a position as text, not {excerpt(board)}.")
    text = board if board is not None and board.strip() else START_BOARD.read_text(encoding="utf-8")
    if any(line.strip().startswith("layout:") for line in text.splitlines()):
        # A file on this computer, which a tablet has no business naming: serve --board may.
        abort(400, "A tablet cannot name a layout file: start the server with --board FILE for another layout.")
    session = services().session
    try:
        event = session.act(session.record.start(text, source=text_field(body, "source", "tablet"))).event
    except BoardTextError as error:
        abort(400, f"Bad position: {error}")
    except ValueError as error:   # a layout file that is not there or not a layout
        abort(400, f"Bad position: {excerpt(str(error), 200)}")
    return jsonify({"ok": True, "event": event.to_json()})


@bp.post("/api/colony/dismiss")
def dismiss():
    """The players set the camera's open question aside."""
    return dismiss_question()
