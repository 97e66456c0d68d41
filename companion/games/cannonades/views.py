"""What each seat may know, computed on the server (as boardgame.io's playerView): its own hand and
face-down ships; of the others, hand sizes and ship ids; every face-up card; the deck's size, never its
order. The shared screen (seat None) gets only what is public. A logged event is cut the same way."""

from __future__ import annotations

from companion.games.cannonades.ending import RULE as TIEBREAK_RULE, standings
from companion.games.cannonades.rules import legal_moves
from companion.games.cannonades.state import Game, pending_to_json

GAME = "cannonades"
# Keys of a logged event that no seat is ever sent: the seed, the deal's order, the random outcomes.
NEVER_SENT = ("seed", "order", "chance")
# Keys of one effect that only its `private` seats see.
CARD_KEYS = ("card", "cards")
FIELDS = {"add": ("card",), "shoot": ("card", "target"), "draw": ("card",), "board": ("ship", "target"),
          "grin": ("effect", "target"), "discard": ("card",), "salvage": ("card",)}


def card_json(game: Game, card_id: str) -> dict:
    return game.card(card_id).to_json()


def command_of(move: tuple) -> dict:
    """A move tuple as the command a tablet sends."""
    kind = move[0]
    return {"type": kind, **{name: value for name, value in zip(FIELDS.get(kind, ()), move[1:])}}


def view(game: Game | None, seat: str | None) -> dict:
    if game is None:
        return {"game": None}
    me = seat if seat in game.seats else None
    players = {}
    for owner in game.seats:
        ships = []
        for ship in game.fleets[owner]:
            entry = {"id": ship.id, "face": "up" if ship.face_up else "down"}
            if ship.face_up or owner == me:
                entry["card"] = card_json(game, ship.card)
            ships.append(entry)
        players[owner] = {"hand": len(game.hands[owner]), "ships": ships, "out": owner in game.out,
                          "first_turn": game.is_first_turn(owner)}
    top = game.pending[-1] if game.pending else None
    to_move = game.to_move
    return {
        "game": GAME, "seat": me, "seats": list(game.seats), "variant": game.variant,
        "deck": {"name": game.deck.name, "cards": len(game.deck.cards)},
        "turn": game.current, "stage": game.stage, "actions_left": game.actions_left,
        "final_turn": game.final_turn, "cut_short": game.cut_short, "to_move": to_move,
        "decision": pending_to_json(top) if top else {"kind": game.decision, "seat": to_move},
        "pending": [pending_to_json(p) for p in game.pending],
        "players": players, "pile": len(game.pile), "discard": [card_json(game, c) for c in game.discard],
        "hand_limit": game.hand_limit(), "had_first_turn": sorted(game.had_first_turn),
        "ships_added": dict(game.ships_added),
        "shootout": None if game.trigger is None else {"trigger": game.trigger, "final_turns": list(game.final_turns)},
        "hand": [card_json(game, c) for c in game.hands[me]] if me else None,
        "legal": [command_of(m) for m in legal_moves(game)] if me is not None and me == to_move else [],
        "can_undo": me is not None and me == to_move and bool(game.undoable) and not game.pending,
        "over": game.over, "winners": list(game.winners), "why": game.why, "rule": game.rule,
        # Only after the shootout are all ships face up: an elimination's end keeps face-down ships secret.
        "standings": [row.to_json() for row in standings(game)] if game.rule == TIEBREAK_RULE else None,
    }


def event_view(body: dict, seat: str | None) -> dict:
    """One logged event as `seat` may see it: a drawn card only to its drawer, a ship added face down
    only to its owner, the deck's order and the random outcomes to nobody."""
    shown = {key: value for key, value in body.items() if key not in NEVER_SENT}
    if isinstance(shown.get("deck"), dict):   # a physical deck's list: public, but its name and size say enough
        shown["deck"] = {"name": shown["deck"].get("name"), "cards": len(shown["deck"].get("cards", ()))}
    if body.get("type") in ("add", "undo") and body.get("seat") != seat:
        shown.pop("card", None)
    if "effects" in body:
        shown["effects"] = [effect_view(effect, seat) for effect in body["effects"]]
    return shown


def effect_view(effect: dict, seat: str | None) -> dict:
    if "private" in effect and seat not in effect["private"]:
        return {key: value for key, value in effect.items() if key not in CARD_KEYS}
    return effect


def describe(effects: list[dict], seat: str | None) -> list[str]:
    """Sentences for what happened, as `seat` may know it."""
    said = []
    for effect in (effect_view(e, seat) for e in effects):
        line = _sentence(effect)
        if line:
            said.append(line)
    return said


def _sentence(e: dict) -> str:
    what, who = e["what"], e.get("seat")
    cards = e.get("cards")
    if what == "draw":
        return f"{who} draws {e['count']}" + (f": {', '.join(cards)}." if cards else ".")
    if what == "add":
        return f"{who} adds {e['ship']} face down" + (f" ({e['card']})." if "card" in e else ".")
    if what == "undo":
        return f"{who} takes {e['ship']} back into hand."
    if what in ("sunk", "damaged", "stands"):
        weapon = f" with {e['weapon']}" if e.get("weapon") else " by a grin"
        due = f" Its grin is due: {' and '.join(e['due'])} ({'Revenge' if e['grins'] == 2 else 'Vendetta'})." \
            if e.get("due") else ""
        verb = {"sunk": "is sunk", "damaged": "is damaged (face up)", "stands": "stays afloat, damaged"}[what]
        return f"{e['by']} hits {e['ship']}{weapon}: {who}'s {e['card']} {verb}.{due} [rules:actions]"
    if what == "discard":
        return f"{who} discards {e['card']} ({e['why']})."
    if what == "grin":
        target = f" {e['target']}" if e.get("target") else ""
        return f"{who}'s grin on {e['ship']}: {e['effect']}{target} (against {e['against']}). [rules:captains-grin]"
    if what == "board":
        return f"{who} boards {e['target']} with {e['ship']} ({e['card']})."
    if what == "out":
        return f"{who} has no ship left and is out. [rules:elimination]"
    if what == "take":
        return f"{who} takes a random card from {e['source']}'s hand" + (f": {e['card']}." if "card" in e else ".")
    if what == "shootout":
        return f"{e['trigger']} drew the deck's last card: the final shootout begins. [rules:end-of-game]"
    if what == "salvage":
        return f"{who} takes {e['card']} back from the discard pile." if e.get("card") else ""
    if what == "redeal":
        return f"{who} shows {', '.join(cards)} and redeals. [rules:setup]"
    if what == "turn":
        return f"{who}'s {'final ' if e['final'] else ''}turn."
    if what == "end":
        return f"The game is over: {e['why']}. [{e['rule']}]"
    return ""
