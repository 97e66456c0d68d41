"""The game as the tablets draw it: the game's summary plus the grid, the players' mats and scores (pure)."""

from __future__ import annotations

from companion.games.cannonball_colony.cells import FORTS_PER_PLAYER, Country, Earned, PieceKind, column_name
from companion.games.cannonball_colony.game import Game
from companion.games.cannonball_colony.position import Position
from companion.games.cannonball_colony.rules import score
from companion.games.cannonball_colony.text import parse_board, print_board

GAME = "cannonball-colony"

# Okabe-Ito colours stay apart for the common colour-vision deficiencies; the letter and the
# shape carry the same news for anyone who still cannot tell two of them apart.
PLAYER_LOOK = {
    Country.FRANCE: {"colour": "#0072B2", "shape": "circle"},
    Country.SPAIN: {"colour": "#D55E00", "shape": "square"},
    Country.PORTUGAL: {"colour": "#009E73", "shape": "triangle"},
    Country.ENGLAND: {"colour": "#CC79A7", "shape": "diamond"},
}


def summary(game: Game) -> dict:
    """The game as plain data: phase, player, board text, the turn so far, the result and the history."""
    return {
        "game": GAME,
        "phase": game.phase.value,
        "player": str(game.player),
        "board": print_board(game.position),
        "turn": {"shot": str(game.turn.shot) if game.turn and game.turn.shot else None,
                 "build": str(game.turn.build) if game.turn and game.turn.build else None},
        "result": ({"winners": [str(w) for w in game.result.winners], "why": game.result.why}
                   if game.result else None),
        "history": [str(record) for record in game.history],
    }


def view_game(game: Game | None) -> dict:
    """Everything a screen needs to redraw itself, as JSON-ready data (the session adds seq and question)."""
    if game is None:
        return {"game": None}
    raw = summary(game)
    position = parse_board(raw["board"])
    return {
        "game": raw["game"],
        "phase": raw["phase"],
        "player": raw["player"],
        "turn": {**raw["turn"], "done": raw["turn"]["build"] is not None},
        "result": raw["result"],
        "history": raw["history"],
        "supply": position.supply,
        "grid": grid(position),
        "players": players(position, raw["player"]),
        "board": raw["board"],
    }


def grid(position: Position) -> dict:
    rows = []
    for row in range(position.height):
        tokens = []
        for col in range(position.width):
            cell = (col, row)
            piece = position.pieces.get(cell)
            tokens.append(piece.token if piece else position.ground_at(cell).value)
        rows.append(tokens)
    return {
        "width": position.width,
        "height": position.height,
        "columns": [column_name(c) for c in range(position.width)],
        "rows": rows,
        "boards": [str(corner) for corner in position.boards],
        "landing": {str(country): str(cell) for country, cell in position.landing.items()},
    }


def players(position: Position, current: str) -> list[dict]:
    forts = score(position).forts
    out = []
    for seat, country in enumerate(position.players):
        own_board = [c for c in position.pieces_of(country, PieceKind.FORT) if position.board_of(c) == seat]
        earned = position.earned(country)
        out.append({
            "country": str(country),
            "title": country.title,
            "letter": country.initial.upper(),
            **PLAYER_LOOK[country],
            "seat": seat,
            "to_play": str(country) == current,
            "forts": forts[country],
            "forts_on_mat": FORTS_PER_PLAYER - forts[country],
            "forts_on_own_board": len(own_board),
            "cannons": len(position.pieces_of(country, PieceKind.CANNON)),
            "cannons_in_hand": position.cannons_in_hand(country),
            "blockade": bool(position.pieces_of(country, PieceKind.BLOCKADE)),
            "blockade_in_hand": position.blockade_in_hand(country),
            "earned": [e.value for e in Earned if e in earned],
            "landing": str(position.landing[country]) if country in position.landing else None,
        })
    return out


def player_looks() -> dict:
    """Colour, shape and letter per country, for the legend and the templates."""
    return {str(c): {**look, "letter": c.initial.upper(), "title": c.title} for c, look in PLAYER_LOOK.items()}
