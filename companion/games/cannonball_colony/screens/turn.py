"""The Turn screen: confirm or undo the whole turn, play a move by hand, correct a misread cell."""

from __future__ import annotations

from flask import Blueprint, abort, current_app, jsonify

from companion.games.cannonball_colony.cells import COUNTRY_BY_INITIAL, Cell, Ground, Piece, PieceKind
from companion.games.cannonball_colony.moves import parse_move
from companion.games.cannonball_colony.text import BoardTextError, parse_board, print_board
from companion.games.cannonball_colony.view import summary
from companion.games.excerpt import excerpt
from companion.session import SessionError

from companion.dashboard.web import dismiss_question, json_body, refusal, services, text_field
from companion.dashboard.screens import page

bp = Blueprint("turn", __name__, template_folder="templates")


@bp.get("/turn")
def index():
    return page("turn/index.html", "turn.index")


def _answer(acted):
    """A judged move is logged either way (a refused one as a proposal), so it answers 200 with its verdict;
    a confirm or undo the rules refuse logs nothing and is refused."""
    verdict, event = acted.verdict, acted.event
    body = {"ok": event is not None, "legal": verdict.legal, "message": verdict.message, "verdict": verdict.to_json(),
            "event": event.to_json() if event is not None else None}
    if event is None:
        return refusal(verdict.message, **body)
    return jsonify(body)


def _session():
    session = services().session
    if session.state is None:
        abort(409, "No game is running: start one on the Table screen first.")
    return session


def _board(session) -> str:
    return summary(session.snapshot().state)["board"]


@bp.post("/api/move")
def move():
    body = json_body("move")
    try:
        move = parse_move(body["move"])
    except ValueError as error:
        abort(400, f"Unknown move: {error}")
    position = parse_board(_board(_session()))
    for cell in _cells_of(move):
        if not position.in_grid(cell):
            abort(400, f"Unknown move {excerpt(body['move'])}: {cell} is outside the island's grid "
                       f"({position.width} columns, {position.height} rows).")
    try:
        source = text_field(body, "source", "tablet")
        acted = _session().act({"type": "propose", "move": body["move"], "source": source})
    except SessionError as error:
        abort(409, str(error))
    return _answer(acted)


def _cells_of(move) -> tuple:
    return tuple(getattr(move, "cells", ())) + tuple(getattr(move, name) for name in ("cell", "target") if hasattr(move, name))


@bp.post("/api/confirm")
def confirm():
    return _answer(_session().act({"type": "confirm"}))


@bp.post("/api/undo")
def undo():
    return _answer(_session().act({"type": "undo"}))


@bp.post("/api/dismiss")
def dismiss():
    return dismiss_question()


@bp.post("/api/correct")
def correct():
    """{"cell": "E6", "token": "r"} puts what is really there on one cell; {"board": TEXT} replaces the island."""
    body = json_body()
    session = _session()
    note = text_field(body, "note", "", current_app.config["NOTE_CHARS"], empty=True)
    if isinstance(body.get("board"), str):
        text = body["board"]
    else:
        if not isinstance(body.get("cell"), str) or not isinstance(body.get("token"), str):
            abort(400, "Send {\"cell\": \"E6\", \"token\": \"r\"} (or {\"board\": TEXT}) to correct a misread.")
        text, what = _with_cell(_board(session), body["cell"], body["token"])
        note = note or what
    try:
        event = session.act({"type": "correct", "board": text, "note": note}).event
    except BoardTextError as error:
        abort(400, f"That correction makes a board the rules cannot hold: {error}")
    return jsonify({"ok": True, "event": event.to_json()})


def _with_cell(board: str, cell_text: str, token: str) -> tuple[str, str]:
    position = parse_board(board)
    try:
        cell = Cell.parse(cell_text.strip())
    except ValueError as error:
        abort(400, str(error))
    if not position.in_grid(cell):
        abort(400, f"Cell {cell} is outside the island's grid ({position.width} columns, {position.height} rows).")
    ground, pieces = dict(position.ground), dict(position.pieces)
    pieces.pop(cell, None)
    token = token.strip()
    if len(token) == 2 and token[0] in "FCB" and token[1] in COUNTRY_BY_INITIAL:
        owner = COUNTRY_BY_INITIAL[token[1]]
        if owner not in position.players:
            abort(400, f"{owner.title} is not playing in this game (token {excerpt(token)}).")
        ground[cell], pieces[cell] = Ground.ROAD, Piece(PieceKind(token[0]), owner)
    else:
        try:
            ground[cell] = Ground(token)
        except ValueError:
            abort(400, f"Unknown cell token {excerpt(token)}: expected one of . g f l m r, or F/C/B with an owner's "
                       "initial (f, s, p, e), like Fs.")
    before = position.pieces.get(cell)
    was = before.token if before else position.ground_at(cell).value
    return print_board(position.replace(ground=ground, pieces=pieces)), f"{cell} was read as {was}; it is {token}"
