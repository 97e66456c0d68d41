"""A game played with physical cards, as events in the same log as a game on tablets: its state is the
bookkeeping of what can be known (watch.TableWatch), never a dealt hand. Replaying the log's still
tables and the players' tellings in order gives back the same counts, so a kill loses nothing.

Commands (record.py hands them here; each may carry a `source`):
  start       {"cards": "physical", "seats": [...], "deck": ..., "turn": SEAT?, "hands": {SEAT: N}?, "pile": N?,
               "had_turn": [...]?}     (what the table already knows: a game joined late)
  seen        {"table": {"seat 1": TOKEN, ..., "discard": "C02,S09"}}   a still table (seen.py's tokens)
  table-end   {}                                                        the current turn ends
  table-tell  {"what": "draw" | "none" | "salvage"}                    what the camera cannot see
Each event logs the verdicts it brought ("verdicts"): the log reads as the game went, and a replay
that says otherwise is refused. A question among them is logged after it, for the players.
"""

from __future__ import annotations

from companion.games.cannonades.deck import deck_named
from companion.games.cannonades.seen import TableSeen
from companion.games.cannonades.watch import TableWatch
from companion.games.cannonades.watch_values import WatchVerdict
from companion.games.excerpt import excerpt
from companion.games.verdict import Reason, Verdict

COMMANDS = ("seen", "table-end", "table-tell")
EVENTS = ("table-game", "seen", "table-end", "table-tell")
TELLINGS = ("draw", "none", "salvage")


def watch_from(body: dict) -> TableWatch:
    """A new physical game from its start (a command or its event); ValueError naming the field."""
    seats = body.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 4 or not all(isinstance(s, str) and s for s in seats) \
            or len(set(seats)) != len(seats):
        raise ValueError(f"seats: expected 2 to 4 different seat names for a table of physical cards, got {excerpt(seats)}")
    deck = deck_named(body.get("deck", "default"))
    turn = body.get("turn", seats[0])
    if turn not in seats:
        raise ValueError(f"turn: {excerpt(turn)} is not one of the seats")
    hands = body.get("hands") or {}
    if not isinstance(hands, dict) or not all(s in seats and isinstance(n, int) and 0 <= n <= 20 for s, n in hands.items()):
        raise ValueError(f"hands: expected seat -> cards in hand (0 to 20), got {excerpt(hands)}")
    pile = body.get("pile")
    if pile is not None and (not isinstance(pile, int) or not 0 <= pile <= len(deck.cards)):
        raise ValueError(f"pile: expected the cards left in the deck (0 to {len(deck.cards)}), got {excerpt(pile)}")
    had_turn = body.get("had_turn") or []
    if not isinstance(had_turn, list) or not set(had_turn) <= set(seats):
        raise ValueError(f"had_turn: expected the seats that have had a turn, got {excerpt(had_turn)}")
    return TableWatch(seats, deck, turn, hands, pile, tuple(had_turn))


def start(command: dict, source: str) -> tuple[Verdict, list[dict]]:
    watch_from(command)   # refused here, with the field named, rather than at replay
    keys = ("seats", "deck", "turn", "hands", "pile", "had_turn")
    body = {"type": "table-game", "game": "cannonades", "cards": "physical",
            **{key: command[key] for key in keys if command.get(key) is not None}, "source": source}
    return Verdict.accept(f"A game with physical cards: {', '.join(body['seats'])}; "
                          f"{body.get('turn', body['seats'][0])} to play."), [body]


def decide(watch: TableWatch | None, command: dict) -> tuple[Verdict, list[dict]]:
    kind, source = command["type"], command.get("source", "tablet")
    if not isinstance(watch, TableWatch):
        return Verdict.reject(Reason("rules:setup", "No game with physical cards is on: start one first.")), []
    body = {"type": kind, "source": source}
    if kind == "seen":
        body["table"] = _table(command.get("table"), watch)
    elif kind == "table-tell":
        if command.get("what") not in TELLINGS:
            raise ValueError(f"what: expected one of {', '.join(TELLINGS)}, got {excerpt(command.get('what'))}")
        body["what"] = command["what"]
    trial = _copy(watch)
    verdicts = _play(trial, body)
    asked = [v for v in verdicts if v.question]
    if kind != "seen" and asked and len(asked) == len(verdicts):
        return Verdict.reject(Reason("rules:turn", asked[0].sentence)), []
    body["verdicts"] = [v.to_json() for v in verdicts]
    said = " ".join(v.sentence for v in verdicts if not v.question) or "Nothing new on the table."
    questions = [{"type": "question", "message": v.sentence, "cells": [], "source": source} for v in asked]
    return Verdict.accept(said, tuple(e for v in verdicts for e in v.evidence)), [body, *questions[-1:]]


def apply(watch: TableWatch | None, body: dict) -> TableWatch:
    kind = body["type"]
    if kind == "table-game":
        return watch_from(body)
    if not isinstance(watch, TableWatch):
        raise ValueError(f"({kind}) comes before any game with physical cards")
    verdicts = _play(watch, body)
    if [v.to_json() for v in verdicts] != body.get("verdicts"):
        raise ValueError(f"({kind}) does not replay: the table's counts came out otherwise than the log says")
    return watch


def view(watch: TableWatch) -> dict:
    """The shared screen's view of a physical table, in the shape of a tablets game's public view (views.py),
    with the counts the bookkeeping keeps: every screen sees the same, as nobody's hand is known."""
    seen = watch.view()
    players = {}
    for seat, counts in seen["players"].items():
        up = [{"id": f"{seat}:{card}", "face": "up", "card": watch.deck.card(card).to_json(), "heading": way}
              for card, way in zip(counts["ships_up"], counts["ways"])]
        down = [{"id": f"{seat}:down-{n + 1}", "face": "down"} for n in range(counts["ships_down"])]
        players[seat] = {"hand": counts["hand"], "ships": up + down, "out": counts["out"],
                         "first_turn": counts["first_turn"], "shots_waiting": counts["shots_waiting"]}
    grin = seen["grins"][0] if seen["grins"] else None
    to_move = None if watch.over else grin["seat"] if grin else watch.current
    decision = {"kind": "over"} if watch.over else \
        {"kind": "grin", "seat": grin["seat"], "against": grin["against"], "ship": grin["ship"], "hit": grin["hit"]} \
        if grin else {"kind": "reveal" if seen["stage"] == "reveal" else "act", "seat": watch.current}
    return {"game": "cannonades", "cards": "physical", "seat": None, "seats": list(watch.seats),
            "deck": {"name": watch.deck.name, "cards": len(watch.deck.cards)}, "turn": watch.current,
            "stage": seen["stage"], "actions_left": watch.actions_left,
            "final_turn": watch.trigger is not None and not watch.over, "cut_short": False, "to_move": to_move,
            "decision": decision, "pending": seen["grins"], "players": players, "pile": watch.pile,
            "discard": [watch.deck.card(card).to_json() for card in watch.discard if card in watch.deck],
            "hand_limit": len(watch.in_play) + 1, "shootout": seen["shootout"], "hand": None, "legal": [],
            "can_undo": False, "over": watch.over, "winners": seen["winners"], "why": seen["why"],
            "rule": seen["rule"], "standings": seen["standings"],
            "verdicts": seen["verdicts"][-12:]}


def _play(watch: TableWatch, body: dict) -> list[WatchVerdict]:
    kind = body["type"]
    if kind == "seen":
        return watch.see(TableSeen.from_tokens(body["table"]))
    if kind == "table-end":
        return watch.end_turn()
    return watch.tell(body["what"])


def _table(tokens, watch: TableWatch) -> dict:
    try:
        seen = TableSeen.from_tokens(tokens)
    except ValueError as error:
        raise ValueError(f"table: {error}") from None
    if len(seen.seats) != len(watch.seats):
        raise ValueError(f"table: {len(seen.seats)} seats read for a game of {len(watch.seats)}")
    return seen.tokens()


def _copy(watch: TableWatch) -> TableWatch:
    import copy

    return copy.deepcopy(watch)
