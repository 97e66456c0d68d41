"""The state file of `companion referee cannonades`: a game as JSON (docs/formats.md), read and written.

Only "seats" is required. Left out: the default deck, every hand and fleet empty, no discard, the
cards placed nowhere else in the draw pile (in the deck list's order, its top last), every player past
their first turn, the first seat's turn with four actions left. A bad file is refused with
BoardTextError naming the field (`hands.anna[2]`) or the line and column, and what is wrong.
"""

from __future__ import annotations

import json

from companion.games.cannonades.deck import SHIP, DeckError, deck_named
from companion.games.cannonades.state import ACTIONS, MAX_SHIPS, PENDING_FIELDS, STAGES, VARIANTS, Game, Ship
from companion.games.excerpt import excerpt

TOP_KEYS = ("deck", "variant", "seats", "hands", "fleets", "pile", "discard", "out", "had_first_turn", "turn",
            "pending", "ships_added", "shootout", "result", "undoable", "step")
TURN_KEYS = ("seat", "stage", "actions_left", "final_turn", "cut_short")


class BoardTextError(ValueError):
    """A state file that is not a game: names the field (or line and column) and the problem."""


def _fail(where: str, message: str):
    raise BoardTextError(f"{where}: {message}")


def parse_board(text: str) -> Game:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise BoardTextError(f"line {error.lineno}, column {error.colno}: not JSON ({error.msg})") from None
    return game_from_json(data)


def _list(value, where: str) -> list:
    if not isinstance(value, list):
        _fail(where, f"expected a list, got {excerpt(value)}")
    return value


def _object(value, where: str) -> dict:
    if not isinstance(value, dict):
        _fail(where, f"expected an object, got {excerpt(value)}")
    return value


def _count(value, where: str, most: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0 or (most is not None and value > most):
        _fail(where, f"expected a whole number from 0{f' to {most}' if most is not None else ''}, got {excerpt(value)}")
    return value


def game_from_json(data) -> Game:
    data = _object(data, "state")
    for key in data:
        if key not in TOP_KEYS:
            _fail(excerpt(key, quote=False), f"unknown field (fields: {', '.join(TOP_KEYS)})")
    if "seats" not in data:
        _fail("seats", "missing: the players in turn order, like [\"anna\", \"ben\"]")
    seats = _list(data["seats"], "seats")
    if not 2 <= len(seats) <= 5 or not all(isinstance(s, str) and s for s in seats) or len(set(seats)) != len(seats):
        _fail("seats", f"expected 2 to 5 different names, got {excerpt(seats)}")
    try:
        deck = deck_named(data.get("deck", "default"))
    except DeckError as error:
        raise BoardTextError(f"deck: {error}") from None
    variant = data.get("variant", "standard")
    if variant not in VARIANTS:
        _fail("variant", f"{excerpt(variant)} is not one of {', '.join(VARIANTS)}")
    game = Game(deck, tuple(seats), variant)
    placed: dict[str, str] = {}

    def card(value, where: str, kind: str | None = None) -> str:
        if not isinstance(value, str) or value not in deck:
            _fail(where, f"{excerpt(value)} is not a card of the {deck.name} deck")
        if value in placed:
            _fail(where, f"{value} is already at {placed[value]}")
        if kind is not None and deck.card(value).kind != kind:
            _fail(where, f"{value} is a {deck.card(value).kind}, not a {kind}")
        placed[value] = where
        return value

    def seat(value, where: str) -> str:
        if value not in seats:
            _fail(where, f"{excerpt(value)} is not a seat ({', '.join(seats)})")
        return value

    hands = _object(data.get("hands", {}), "hands")
    fleets = _object(data.get("fleets", {}), "fleets")
    for name in (*hands, *fleets):
        seat(name, "hands" if name in hands else "fleets")
    for name in seats:
        game.hands[name] = [card(c, f"hands.{name}[{i}]") for i, c in enumerate(_list(hands.get(name, []),
                                                                                     f"hands.{name}"))]
        ships = _list(fleets.get(name, []), f"fleets.{name}")
        if len(ships) > MAX_SHIPS:
            _fail(f"fleets.{name}", f"{len(ships)} ships: a fleet has at most {MAX_SHIPS}")
        game.fleets[name] = [_ship(raw, f"fleets.{name}[{i}]", name, card) for i, raw in enumerate(ships)]
        numbers = [int(s.id.rpartition("-")[2]) for s in game.fleets[name]]
        game.ships_added[name] = max(numbers, default=0)
    game.discard = [card(c, f"discard[{i}]") for i, c in enumerate(_list(data.get("discard", []), "discard"))]
    if "pile" in data:
        game.pile = [card(c, f"pile[{i}]") for i, c in enumerate(_list(data["pile"], "pile"))]
    else:
        game.pile = list(reversed([c for c in deck.ids if c not in placed]))
    game.out = [seat(s, f"out[{i}]") for i, s in enumerate(_list(data.get("out", []), "out"))]
    game.had_first_turn = {seat(s, f"had_first_turn[{i}]")
                           for i, s in enumerate(_list(data.get("had_first_turn", seats), "had_first_turn"))}
    _turn(game, _object(data.get("turn", {}), "turn"), seat)
    game.pending = [_pending(raw, f"pending[{i}]", seat)
                    for i, raw in enumerate(_list(data.get("pending", []), "pending"))]
    for name, count in _object(data.get("ships_added", {}), "ships_added").items():
        game.ships_added[seat(name, "ships_added")] = max(game.ships_added[name],
                                                          _count(count, f"ships_added.{name}"))
    shootout = data.get("shootout")
    if shootout is not None:
        shootout = _object(shootout, "shootout")
        game.trigger = seat(shootout.get("trigger"), "shootout.trigger")
        game.final_turns = [seat(s, f"shootout.final_turns[{i}]")
                            for i, s in enumerate(_list(shootout.get("final_turns", []), "shootout.final_turns"))]
    result = data.get("result")
    if result is not None:
        result = _object(result, "result")
        game.stage = "over"
        game.winners = [seat(s, f"result.winners[{i}]") for i, s in enumerate(_list(result.get("winners", []),
                                                                                    "result.winners"))]
        game.why, game.rule = str(result.get("why", "")), str(result.get("rule", "rules:end-of-game"))
    game.step = _count(data.get("step", 0), "step")
    return game


def _ship(raw, where: str, owner: str, card) -> Ship:
    raw = _object(raw, where)
    ship_id = raw.get("id")
    prefix, _, number = str(ship_id).rpartition("-")
    if not isinstance(ship_id, str) or prefix != owner or not number.isdigit() or number.startswith("0"):
        _fail(f"{where}.id", f"{excerpt(ship_id)} is not a ship id of {owner} (like \"{owner}-1\")")
    face = raw.get("face", "down")
    if face not in ("up", "down"):
        _fail(f"{where}.face", f"expected \"up\" or \"down\", got {excerpt(face)}")
    return Ship(ship_id, card(raw.get("card"), f"{where}.card", SHIP), face == "up")


def _turn(game: Game, turn: dict, seat) -> None:
    for key in turn:
        if key not in TURN_KEYS:
            _fail(f"turn.{excerpt(key, quote=False)}", f"unknown field (fields: {', '.join(TURN_KEYS)})")
    game.current = seat(turn.get("seat", game.seats[0]), "turn.seat")
    if game.current in game.out:
        _fail("turn.seat", f"{game.current} is out of the game")
    game.stage = turn.get("stage", "act")
    if game.stage not in STAGES:
        _fail("turn.stage", f"{excerpt(game.stage)} is not one of {', '.join(STAGES)}")
    game.actions_left = _count(turn.get("actions_left", ACTIONS), "turn.actions_left", ACTIONS)
    for flag in ("final_turn", "cut_short"):
        value = turn.get(flag, False)
        if not isinstance(value, bool):
            _fail(f"turn.{flag}", f"expected true or false, got {excerpt(value)}")
        setattr(game, flag, value)


def _pending(raw, where: str, seat) -> tuple:
    raw = _object(raw, where)
    kind = raw.get("kind")
    if not isinstance(kind, str) or kind not in PENDING_FIELDS:
        _fail(f"{where}.kind", f"{excerpt(kind)} is not one of {', '.join(PENDING_FIELDS)}")
    for name in PENDING_FIELDS[kind]:
        if name not in raw:
            _fail(where, f"a {kind} decision needs {name!r}")
    seat(raw["seat"], f"{where}.seat")
    if kind == "grin":
        seat(raw["against"], f"{where}.against")
        if raw["hit"] not in ("damaged", "sunk"):
            _fail(f"{where}.hit", f"expected \"damaged\" or \"sunk\", got {excerpt(raw['hit'])}")
        if not isinstance(raw["ship"], str):
            _fail(f"{where}.ship", f"expected a ship id, got {excerpt(raw['ship'])}")
    if kind == "discard":
        _count(raw["count"], f"{where}.count")
    whys = {"discard": ("limit", "grin", "out"), "salvage": ("trigger", "final")}.get(kind)
    if whys and raw["why"] not in whys:
        _fail(f"{where}.why", f"expected one of {', '.join(whys)}, got {excerpt(raw['why'])}")
    return (kind, *(raw[name] for name in PENDING_FIELDS[kind]))


def print_board(game: Game) -> str:
    return json.dumps(game.to_json(), indent=1) + "\n"


def draw_evidence(game: Game, path, ends) -> str:
    """The table as lines of text: each seat's hand and fleet; [..] marks the cards and ships in `path`,
    {..} those in `ends`."""
    def mark(name: str) -> str:
        return f"{{{name}}}" if name in ends else f"[{name}]" if name in path else name

    lines = []
    for seat in game.seats:
        ships = " ".join(mark(s.id) + f"({s.card}{'' if s.face_up else ', down'})" for s in game.fleets[seat])
        status = " (out)" if seat in game.out else ""
        lines.append(f"{seat}{status}: hand {' '.join(mark(c) for c in game.hands[seat]) or '-'} | "
                     f"ships {ships or '-'}")
    lines.append(f"deck {len(game.pile)} | discard {' '.join(mark(c) for c in game.discard[-5:]) or '-'}")
    return "\n".join(lines) + "\n"

