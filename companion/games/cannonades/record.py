"""Cannonades as an event-sourced record: the state is the whole truth, each seat sees its view of it.

Commands (each names the `seat` deciding; each may carry a `source`, "tablet" by default):
  start    {"seats": [...], "variant": standard|fixed-5, "deck": "default"|FILE|{...}, "seed": N?}
  keep | redeal                           the opening hand, when it holds one ship or none
  add {"card"}  shoot {"card", "target"}  draw {"card"}  board {"ship", "target"}  end  undo
  grin {"effect": draw|discard|reveal|none, "target": SHIP?}
  discard {"card"} or {"cards": [...]}    salvage {"card": CARD or null}
A game of physical cards, refereed from the camera, has commands of its own (table_record.py): its
state is the bookkeeping of what can be known (watch.TableWatch), not a deal. A setup with
"cards": "physical" starts one.
Every random outcome (the deal's order, a redeal's shuffle, the eliminator's card) is drawn from a
rng seeded by the game's seed and the event count, and logged in the event, so the log replays
exactly; views.event_view strips it, with every other secret, from what a seat is sent.
"""

from __future__ import annotations

import json
import random
import re
import secrets

from companion.games.cannonades import table_record
from companion.games.cannonades.deck import DeckError, deck_named
from companion.games.cannonades.rules import deal, play, refusal
from companion.games.cannonades.state import HAND_SIZE, VARIANTS, Game
from companion.games.cannonades.turns import Chance, Replay
from companion.games.cannonades.views import describe, event_view, view
from companion.games.cannonades.watch import TableWatch
from companion.games.excerpt import excerpt
from companion.games.verdict import Reason, Verdict

GAME = "cannonades"
SEAT_NAME = re.compile(r"[a-z][a-z0-9_]{0,15}")
MIN_SEATS, MAX_SEATS = 2, 5
# Okabe-Ito colours, each with its own shape and letter for anyone who cannot tell them apart.
LOOKS = (("#0072B2", "circle"), ("#D55E00", "square"), ("#009E73", "triangle"), ("#CC79A7", "diamond"),
         ("#E69F00", "hexagon"))
# Each move command's fields, in the order of the move tuple (rules.py).
FIELDS = {"keep": (), "redeal": (), "add": ("card",), "shoot": ("card", "target"), "draw": ("card",),
          "board": ("ship", "target"), "end": (), "undo": (), "grin": ("effect", "target"), "discard": ("card",),
          "salvage": ("card",)}
OPTIONAL = {("grin", "target"), ("salvage", "card")}


def move_of(command: dict) -> tuple:
    """The rules' move tuple of a command; ValueError naming a missing or wrong field."""
    kind = command.get("type")
    values = []
    for name in FIELDS[kind]:
        value = command.get(name)
        if value is None and (kind, name) not in OPTIONAL:
            raise ValueError(f"a {kind} command needs {name!r}")
        if value is not None and not isinstance(value, str):
            raise ValueError(f"{kind} {name}: expected a card or ship id, got {excerpt(value)}")
        values.append(value)
    return (kind, *values)


def setup_command(data, source: str = "serve") -> dict:
    """A start command from a setup (a JSON object), checked field by field."""
    if not isinstance(data, dict):
        raise ValueError(f"a Cannonades setup is a JSON object with 'seats', got {excerpt(data)}")
    seats = data.get("seats")
    if not isinstance(seats, list) or not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise ValueError(f"seats: expected a list of {MIN_SEATS} to {MAX_SEATS} names, got {excerpt(seats)}")
    for index, seat in enumerate(seats):
        if not isinstance(seat, str) or not SEAT_NAME.fullmatch(seat):
            raise ValueError(f"seats[{index}]: {excerpt(seat)} is not a seat name (a-z, then a-z, 0-9 or _)")
    if len(set(seats)) != len(seats):
        raise ValueError(f"seats: a seat is named twice in {excerpt(seats)}")
    variant = data.get("variant", "standard")
    if variant not in VARIANTS:
        raise ValueError(f"variant: {excerpt(variant)} is not one of {', '.join(VARIANTS)}")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ValueError(f"seed: expected a whole number, got {excerpt(seed)}")
    deck = deck_named(data.get("deck", "default"))   # DeckError (a ValueError) names the place
    if len(deck.cards) <= HAND_SIZE * len(seats):
        raise ValueError(f"deck: {len(deck.cards)} cards cannot deal {HAND_SIZE} to each of {len(seats)} seats "
                         f"and leave a deck to draw from")
    return {"type": "start", "seats": seats, "variant": variant, "deck": data.get("deck", "default"),
            "seed": seed, "source": source}


class CannonadesRecord:
    game = GAME
    title = "Cannonades"
    answers = frozenset({"game", "table-game", "seen", "table-end", "table-tell"})

    def __init__(self, new_seed=lambda: secrets.randbits(63)):
        self.new_seed = new_seed   # a game started without a seed gets one nobody can guess

    def start(self, text: str, source: str = "serve") -> dict:
        try:
            data = json.loads(text) if text.strip() else {"seats": ["north", "south"]}
        except json.JSONDecodeError as error:
            raise ValueError(f"setup line {error.lineno}, column {error.colno}: not JSON ({error.msg})") from None
        if isinstance(data, dict) and data.get("cards", "tablets") not in ("tablets", "physical"):
            raise ValueError(f"cards: expected \"physical\" or \"tablets\", got {excerpt(data['cards'])}")
        if isinstance(data, dict) and data.get("cards") == "physical":
            return {**data, "type": "start", "source": source}
        return setup_command({k: v for k, v in data.items() if k != "cards"} if isinstance(data, dict) else data,
                             source)

    def decide(self, game: Game | None, command: dict) -> tuple[Verdict, list[dict]]:
        kind, source = command.get("type"), command.get("source", "tablet")
        if kind == "start" and command.get("cards") == "physical":
            return table_record.start(command, source)
        if kind == "start":
            return self._start(command, source)
        if not isinstance(source, str):
            raise ValueError(f"source: expected a name, got {excerpt(source)}")
        if kind in table_record.COMMANDS:
            return table_record.decide(game, command)
        if isinstance(game, TableWatch):
            return Verdict.reject(Reason("rules:setup", "This game is played with physical cards: play them on the "
                                         "table, and press End turn on the Table screen.")), []
        if not isinstance(kind, str) or kind not in FIELDS:
            raise ValueError(f"unknown Cannonades command {excerpt(kind)} (commands: start, {', '.join(FIELDS)})")
        if game is None:
            return Verdict.reject(Reason("rules:setup", "No game yet: start one first.")), []
        seat = command.get("seat")
        if seat not in game.seats:
            raise ValueError(f"seat: {excerpt(seat)} is not a seat of this game ({', '.join(game.seats)})")
        if kind == "discard" and "cards" in command:
            cards = command["cards"]
            if not isinstance(cards, list) or not cards:
                raise ValueError(f"discard cards: expected a list of card ids, got {excerpt(cards)}")
            moves = [move_of({"type": "discard", "card": card}) for card in cards]
        else:
            moves = [move_of(command)]
        trial, bodies, told = game.clone(), [], []
        for index, move in enumerate(moves):
            reason = refusal(trial, seat, move)
            if reason is not None:
                return Verdict.reject(reason), []
            chance = Chance(random.Random(f"{trial.seed}:{trial.step}"))
            trial.news, trial.chance = [], chance
            play(trial, move)
            body = {"type": kind, "seat": seat, **{name: value for name, value in zip(FIELDS[kind], move[1:])},
                    "effects": trial.news, "chance": chance.outcomes, "source": source}
            bodies.append(body)
            told += trial.news
            trial.step += 1
        sentences = describe(told, seat)
        evidence = tuple(value for move in moves for value in move[1:] if value)
        return Verdict.accept(" ".join(sentences), evidence), bodies

    def _start(self, command: dict, source: str) -> tuple[Verdict, list[dict]]:
        checked = setup_command({k: v for k, v in command.items() if k not in ("type", "source", "cards")}, source)
        deck = deck_named(checked["deck"])
        seed = checked["seed"] if checked["seed"] is not None else self.new_seed()
        order = list(deck.ids)
        random.Random(f"{seed}:deal").shuffle(order)
        news: list = []
        deal(deck, checked["seats"], order, checked["variant"], seed, news)
        body = {"type": "game", "game": GAME, "seats": checked["seats"], "variant": checked["variant"],
                "deck": "default" if checked["deck"] == "default" else deck.to_json(),
                "seed": seed, "order": order, "effects": news, "source": source}
        return Verdict.accept(f"A new game: {', '.join(checked['seats'])}; {checked['seats'][0]} starts."), [body]

    def apply(self, game: Game | None, body: dict, seq: int) -> Game | None:
        kind = body.get("type")
        if kind == "game":
            try:
                deck = deck_named(body["deck"])
            except DeckError as error:
                raise ValueError(f"(game): its deck no longer loads: {error}") from None
            news: list = []
            game = deal(deck, body["seats"], body["order"], body["variant"], body["seed"], news)
            if news != body["effects"]:
                raise ValueError("(game): the deal does not replay")
            game.news = None
            return game
        if kind in table_record.EVENTS:
            return table_record.apply(game, body)
        if kind not in FIELDS:
            return game   # questions, dismissals: not the game's
        if game is None:
            raise ValueError(f"({kind}) comes before any game")
        move = move_of(body)
        reason = refusal(game, body["seat"], move)
        if reason is not None:
            raise ValueError(f"({kind}) does not replay: {reason.message}")
        game.news, game.chance = [], Replay(body.get("chance", []))
        play(game, move)
        if game.news != body["effects"]:
            raise ValueError(f"({kind}) does not replay: it did other things than the log says")
        game.news, game.chance = None, None
        game.step += 1
        return game

    def view(self, game: Game | TableWatch | None, seat: str | None) -> dict:
        return table_record.view(game) if isinstance(game, TableWatch) else view(game, seat)

    def event_view(self, body: dict, seat: str | None) -> dict:
        return event_view(body, seat)

    def looks(self, game: Game | None) -> dict:
        seats = game.seats if game is not None else ()
        return {seat: {"colour": LOOKS[i][0], "shape": LOOKS[i][1], "letter": seat[0].upper(), "title": seat.title()}
                for i, seat in enumerate(seats)}


RECORD = CannonadesRecord()
