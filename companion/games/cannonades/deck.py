"""The deck as data (CN-1): each card's kind, clan icons, Captain's Grins and, for a ship, the way it sails.

The schema (a physical deck's list uses it too; docs/formats.md):
  {"name": ..., "clans": [...], "cards": [{"id", "kind": ship|cannonade, "icons": [...], "grins": 0|1|2,
   "sails": left|right (ships only)}], "about": optional text}
A bad deck is refused with DeckError naming the place (a JSON path, or line and column) and the problem.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from companion.games.excerpt import excerpt

DEFAULT_DECK_FILE = Path(__file__).with_name("default-deck.json")
SHIP, CANNONADE = "ship", "cannonade"
KINDS = (SHIP, CANNONADE)
DIRECTIONS = ("left", "right")
MAX_GRINS = 2
DECK_KEYS = ("name", "clans", "cards", "about")
CARD_KEYS = ("id", "kind", "icons", "grins", "sails")
# A card id is short and plain: it is printed beside the card's markers and quoted in the record.
CARD_ID = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,15}")
# Enough cards to deal five to each of two players and still draw: smaller lists are typos.
MIN_CARDS = 12


class DeckError(ValueError):
    """A deck list that is not a deck: names where (a JSON path) and what is wrong."""

    def __init__(self, where: str, message: str, source: str | None = None):
        origin = f"{source}: " if source else ""
        super().__init__(f"{origin}{where}: {message}")
        self.where, self.problem, self.source = where, message, source


@dataclass(frozen=True)
class Card:
    id: str
    kind: str
    icons: frozenset[str]
    grins: int
    sails: str | None = None   # ships only

    @property
    def is_ship(self) -> bool:
        return self.kind == SHIP

    def matches(self, other: "Card") -> bool:
        """The rulebook's hit: one clan icon in common."""
        return not self.icons.isdisjoint(other.icons)

    def to_json(self) -> dict:
        out = {"id": self.id, "kind": self.kind, "icons": sorted(self.icons), "grins": self.grins}
        if self.sails is not None:
            out["sails"] = self.sails
        return out

    def __str__(self) -> str:
        grins = {0: "", 1: ", a grin", 2: ", a double grin"}[self.grins]
        sails = f", sailing {self.sails}" if self.sails else ""
        return f"{self.id} ({self.kind}: {'/'.join(sorted(self.icons))}{grins}{sails})"


@dataclass(frozen=True)
class Deck:
    name: str
    clans: tuple[str, ...]
    cards: tuple[Card, ...]
    source: str | None = None   # the file it came from; None for the default deck

    def __post_init__(self):
        object.__setattr__(self, "_by_id", {card.id: card for card in self.cards})

    def card(self, card_id: str) -> Card:
        return self._by_id[card_id]   # type: ignore[attr-defined]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._by_id   # type: ignore[attr-defined]

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(card.id for card in self.cards)

    def to_json(self) -> dict:
        return {"name": self.name, "clans": list(self.clans), "cards": [card.to_json() for card in self.cards]}


def parse_deck(text: str, source: str | None = None) -> Deck:
    """A deck list's JSON text; a JSON syntax error names its line and column."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise DeckError(f"line {error.lineno}, column {error.colno}", f"not JSON ({error.msg})", source) from None
    return deck_from_json(data, source)


def deck_from_json(data, source: str | None = None) -> Deck:
    def fail(where: str, message: str):
        raise DeckError(where, message, source)

    if not isinstance(data, dict):
        fail("deck", f"expected an object with {', '.join(DECK_KEYS[:3])}, got {excerpt(data)}")
    for key in data:
        if key not in DECK_KEYS:
            fail(f"deck.{excerpt(key, quote=False)}", f"unknown key (keys: {', '.join(DECK_KEYS)})")
    for key in DECK_KEYS[:3]:
        if key not in data:
            fail("deck", f"missing {key!r}")
    name = data["name"]
    if not isinstance(name, str) or not name.strip():
        fail("name", f"expected the deck's name, got {excerpt(name)}")
    clans = data["clans"]
    if not isinstance(clans, list) or not clans or not all(isinstance(c, str) and c.strip() for c in clans):
        fail("clans", f"expected a list of clan names, got {excerpt(clans)}")
    if len(set(clans)) != len(clans):
        fail("clans", f"a clan is named twice in {excerpt(clans)}")
    raw_cards = data["cards"]
    if not isinstance(raw_cards, list):
        fail("cards", f"expected a list of cards, got {excerpt(raw_cards)}")
    cards, seen = [], {}
    for index, raw in enumerate(raw_cards):
        card = _card(raw, f"cards[{index}]", set(clans), fail)
        if card.id in seen:
            fail(f"cards[{index}].id", f"{excerpt(card.id)} is already cards[{seen[card.id]}]")
        seen[card.id] = index
        cards.append(card)
    if len(cards) < MIN_CARDS:
        fail("cards", f"{len(cards)} cards: a deck needs at least {MIN_CARDS}")
    for kind in KINDS:
        if not any(card.kind == kind for card in cards):
            fail("cards", f"no {kind} card: a deck needs ships and cannonades")
    return Deck(name.strip(), tuple(clans), tuple(cards), source)


def _card(raw, where: str, clans: set[str], fail) -> Card:
    if not isinstance(raw, dict):
        fail(where, f"expected a card object, got {excerpt(raw)}")
    for key in raw:
        if key not in CARD_KEYS:
            fail(f"{where}.{excerpt(key, quote=False)}", f"unknown key (keys: {', '.join(CARD_KEYS)})")
    for key in ("id", "kind", "icons"):
        if key not in raw:
            fail(where, f"missing {key!r}")
    card_id = raw["id"]
    if not isinstance(card_id, str) or not CARD_ID.fullmatch(card_id):
        fail(f"{where}.id", f"{excerpt(card_id)} is not a card id (a letter, then up to 15 letters, digits or _)")
    where = f"{where} ({card_id})"
    kind = raw["kind"]
    if kind not in KINDS:
        fail(f"{where}.kind", f"{excerpt(kind)} is not a kind ({' or '.join(KINDS)})")
    icons = raw["icons"]
    if not isinstance(icons, list) or not icons or not all(isinstance(i, str) for i in icons):
        fail(f"{where}.icons", f"expected a list of clan icons, got {excerpt(icons)}")
    for icon in icons:
        if icon not in clans:
            fail(f"{where}.icons", f"{excerpt(icon)} is not one of the deck's clans ({', '.join(sorted(clans))})")
    grins = raw.get("grins", 0)
    if not isinstance(grins, int) or isinstance(grins, bool) or not 0 <= grins <= MAX_GRINS:
        fail(f"{where}.grins", f"expected 0, 1 or 2 Captain's Grins, got {excerpt(grins)}")
    sails = raw.get("sails")
    if kind == SHIP and sails not in DIRECTIONS:
        fail(f"{where}.sails", f"a ship sails {' or '.join(DIRECTIONS)}, got {excerpt(sails)}")
    if kind == CANNONADE and sails is not None:
        fail(f"{where}.sails", "a cannonade does not sail: leave 'sails' out")
    return Card(card_id, kind, frozenset(icons), grins, sails)


def load_deck(path: str | Path) -> Deck:
    """A physical deck's list from a file (a path from the current folder)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DeckError("deck", "no such file", str(path)) from None
    except UnicodeDecodeError as error:
        raise DeckError(f"byte {error.start}", "not UTF-8 text", str(path)) from None
    except OSError as error:
        raise DeckError("deck", f"cannot read it ({error.strerror})", str(path)) from None
    return parse_deck(text, str(path))


@lru_cache(maxsize=1)
def default_deck() -> Deck:
    return parse_deck(DEFAULT_DECK_FILE.read_text(encoding="utf-8"))


def deck_named(value, where: str = "deck") -> Deck:
    """A state's or setup's "deck": "default", a deck file's path, or the deck list itself."""
    if value is None or value == "default":
        return default_deck()
    if isinstance(value, str):
        return load_deck(value)
    if isinstance(value, dict):
        try:
            return deck_from_json(value)
        except DeckError as error:
            raise DeckError(f"{where}.{error.where}", error.problem) from None
    raise DeckError(where, f"expected \"default\", a deck file's path or a deck object, got {excerpt(value)}")
