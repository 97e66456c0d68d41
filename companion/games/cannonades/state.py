"""A game of Cannonades as it stands: the whole truth (every hand, every face-down ship, the deck's order).

Mutable and cheap to copy (`clone`), as the computer seat copies it thousands of times a move.
Seats see it only through views.py. Decisions waiting for a player are a stack (`pending`, the
top last): a grin's effect to choose, cards to discard, a cannonade to take back, a redeal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.cannonades.deck import Deck

HAND_SIZE = 5            # the deal, and the draw step's "5 less your ships in play"
MAX_SHIPS = 4
ACTIONS = 4
FIXED_LIMIT = 5          # the fixed-hand-size variant
STANDARD, FIXED_5 = "standard", "fixed-5"
VARIANTS = (STANDARD, FIXED_5)

# Stages of the turn in progress, when no decision is pending.
REDEAL, DRAW, ACT, LIMIT, CLOSE, OVER = "redeal", "draw", "act", "limit", "close", "over"
STAGES = (REDEAL, DRAW, ACT, LIMIT, CLOSE, OVER)

# Pending decisions, as tuples (immutable, so a clone shares them):
#   ("redeal", seat)                          keep the opening hand or redeal it
#   ("grin", seat, against, ship_id, hit)     one effect of a hit ship's grin; hit: damaged | sunk
#   ("discard", seat, count, why)             why: limit | grin
#   ("salvage", seat, why)                    take a cannonade from the discard pile; why: trigger | final
GRIN_EFFECTS = ("draw", "discard", "reveal", "none")


@dataclass(frozen=True)
class Ship:
    id: str          # public: "anna-2", the owner's second ship
    card: str        # secret while face down
    face_up: bool    # face up is damaged


@dataclass
class Game:
    deck: Deck
    seats: tuple[str, ...]
    variant: str = STANDARD
    hands: dict[str, list[str]] = field(default_factory=dict)
    fleets: dict[str, list[Ship]] = field(default_factory=dict)
    pile: list[str] = field(default_factory=list)       # the draw pile, its top last
    discard: list[str] = field(default_factory=list)    # face up, its top last
    out: list[str] = field(default_factory=list)        # eliminated seats, in order
    had_first_turn: set[str] = field(default_factory=set)
    current: str = ""
    stage: str = REDEAL
    actions_left: int = ACTIONS
    pending: list[tuple] = field(default_factory=list)
    ships_added: dict[str, int] = field(default_factory=dict)   # per seat, for the next ship's id
    trigger: str | None = None           # who drew the deck's last card: the final shootout is on
    final_turns: list[str] = field(default_factory=list)   # seats still to take their final turn, in order
    final_turn: bool = False             # the turn in progress is its player's final turn
    cut_short: bool = False              # the turn in progress ends as soon as nothing is pending
    winners: list[str] = field(default_factory=list)
    why: str = ""                        # the end's sentence
    rule: str = ""                       # the end's rule id
    undoable: list[tuple[str, str]] = field(default_factory=list)   # (ship id, card) adds since the last final act
    step: int = 0                        # events applied: the random draws are keyed on it
    seed: int = 0                        # the game's random seed: never shown to a seat
    # While an action is played: what happened, for the log (None when nobody listens, as in a search).
    news: list | None = None
    chance: object = None                # turns.Chance: the shuffles and random picks while an action is played

    # --- reading --------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.stage == OVER

    @property
    def in_play(self) -> list[str]:
        """Seats still in the game, in turn order."""
        return [seat for seat in self.seats if seat not in self.out]

    @property
    def to_move(self) -> str | None:
        """The seat whose decision the game waits for."""
        if self.over:
            return None
        if self.pending:
            return self.pending[-1][1]
        return self.current

    @property
    def decision(self) -> str:
        """What the game waits for: one of the pending kinds, "act", or "over"."""
        if self.over:
            return OVER
        return self.pending[-1][0] if self.pending else ACT

    def card(self, card_id: str):
        return self.deck.card(card_id)

    def ship(self, ship_id: str) -> tuple[str, int, Ship] | None:
        """(owner, index, ship) of a ship in play, or None."""
        owner = ship_id.rpartition("-")[0]
        for index, ship in enumerate(self.fleets.get(owner, ())):
            if ship.id == ship_id:
                return owner, index, ship
        return None

    def hand_limit(self) -> int:
        return FIXED_LIMIT if self.variant == FIXED_5 else len(self.in_play) + 1

    def is_first_turn(self, seat: str) -> bool:
        return seat not in self.had_first_turn

    def next_seat(self, seat: str) -> str:
        order = self.seats
        at = order.index(seat)
        for step in range(1, len(order) + 1):
            candidate = order[(at + step) % len(order)]
            if candidate not in self.out:
                return candidate
        return seat

    def where_is(self, card_id: str) -> str:
        """pile | discard | hand:SEAT | ship:SHIP_ID: every card is in exactly one place."""
        if card_id in self.pile:
            return "pile"
        if card_id in self.discard:
            return "discard"
        for seat, hand in self.hands.items():
            if card_id in hand:
                return f"hand:{seat}"
        for fleet in self.fleets.values():
            for ship in fleet:
                if ship.card == card_id:
                    return f"ship:{ship.id}"
        return "nowhere"

    # --- copying --------------------------------------------------------------------------

    def clone(self) -> "Game":
        copy = Game.__new__(Game)
        copy.__dict__.update(self.__dict__)
        copy.hands = {seat: list(hand) for seat, hand in self.hands.items()}
        copy.fleets = {seat: list(fleet) for seat, fleet in self.fleets.items()}
        copy.pile, copy.discard, copy.out = list(self.pile), list(self.discard), list(self.out)
        copy.had_first_turn = set(self.had_first_turn)
        copy.pending, copy.final_turns = list(self.pending), list(self.final_turns)
        copy.ships_added = dict(self.ships_added)
        copy.winners, copy.undoable = list(self.winners), list(self.undoable)
        copy.news = None
        return copy

    # --- as JSON (the referee's state file, docs/formats.md) ----------------------------------

    def to_json(self) -> dict:
        return {
            "deck": "default" if self.deck.source is None and self.deck.name == "default" else self.deck.to_json(),
            "variant": self.variant, "seats": list(self.seats),
            "hands": {seat: list(hand) for seat, hand in self.hands.items()},
            "fleets": {seat: [{"id": s.id, "card": s.card, "face": "up" if s.face_up else "down"} for s in fleet]
                       for seat, fleet in self.fleets.items()},
            "pile": list(self.pile), "discard": list(self.discard), "out": list(self.out),
            "had_first_turn": [seat for seat in self.seats if seat in self.had_first_turn],
            "turn": {"seat": self.current, "stage": self.stage, "actions_left": self.actions_left,
                     "final_turn": self.final_turn, "cut_short": self.cut_short},
            "pending": [pending_to_json(p) for p in self.pending],
            "ships_added": dict(self.ships_added),
            "shootout": None if self.trigger is None else {"trigger": self.trigger,
                                                            "final_turns": list(self.final_turns)},
            "result": None if not self.over else {"winners": list(self.winners), "why": self.why,
                                                  "rule": self.rule},
            "undoable": [list(pair) for pair in self.undoable],
            "step": self.step,
        }


PENDING_FIELDS = {"redeal": ("seat",), "grin": ("seat", "against", "ship", "hit"),
                  "discard": ("seat", "count", "why"), "salvage": ("seat", "why")}


def pending_to_json(pending: tuple) -> dict:
    kind, *values = pending
    return {"kind": kind, **dict(zip(PENDING_FIELDS[kind], values))}


def pending_from_json(data: dict) -> tuple:
    return (data["kind"], *(data[name] for name in PENDING_FIELDS[data["kind"]]))
