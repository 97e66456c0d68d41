"""Faction cards as data: ships with size and fittings, Move Count, favoured coins, prize values.

The defaults ship beside this module (factions.json); a group's own cards load from a file in
the same shape. A bad file raises FactionFileError naming the file and the key.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

DEFAULT_FILE = Path(__file__).with_name("factions.json")
COIN_KINDS = ("skilled_gunner", "repair_crew", "boarding_party", "brace_for_impact", "full_sail",
              "evasive_maneuvers")
FITTING_KINDS = ("mast", "cargo")
PRIZE_KINDS = FITTING_KINDS + ("hull",)
SIDES = ("port", "starboard")


class FactionFileError(ValueError):
    def __init__(self, source: str, key: str, problem: str):
        super().__init__(f"{source}: {key}: {problem}")


@dataclass(frozen=True)
class CannonSlot:
    along: float   # inches from the ship's centre towards the bow
    side: str      # port (left of the heading) or starboard (right)


@dataclass(frozen=True)
class ShipCard:
    id: str
    length: float
    beam: float
    fittings: tuple[str, ...]
    slots: tuple[CannonSlot, ...]


@dataclass(frozen=True)
class Faction:
    key: str
    name: str
    move_count: int
    favoured_coins: dict[str, int]
    prize_values: dict[str, int]
    ships: tuple[ShipCard, ...]

    def ship(self, ship_id: str) -> ShipCard:
        for card in self.ships:
            if card.id == ship_id:
                return card
        raise KeyError(f"{self.name} has no ship {ship_id!r} (ships: {', '.join(s.id for s in self.ships)})")


@dataclass(frozen=True)
class Rulebook:
    """Everything the faction file fixes: the factions, each player's coins, the click length."""

    factions: dict[str, Faction]
    coins_per_player: int
    coin_mix: dict[str, int]
    click_inches: float


def load_rulebook(path: str | Path = DEFAULT_FILE) -> Rulebook:
    source = str(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise FactionFileError(source, "(file)", "not found") from None
    except json.JSONDecodeError as error:
        raise FactionFileError(source, f"line {error.lineno} column {error.colno}", error.msg) from None
    return parse_rulebook(data, source)


def parse_rulebook(data: dict, source: str = "factions") -> Rulebook:
    mix = _coins(data.get("coin_mix"), source, "coin_mix")
    per_player = _number(data.get("coins_per_player"), source, "coins_per_player", int)
    if sum(mix.values()) != per_player:
        raise FactionFileError(source, "coin_mix", f"adds up to {sum(mix.values())}, not coins_per_player {per_player}")
    click = _number(data.get("click_inches"), source, "click_inches", float)
    factions = {}
    for key, card in _mapping(data.get("factions"), source, "factions").items():
        factions[key] = _faction(key, card, source, mix)
    if not factions:
        raise FactionFileError(source, "factions", "no faction given")
    return Rulebook(factions, per_player, mix, click)


def _faction(key: str, card: dict, source: str, mix: dict[str, int]) -> Faction:
    where = f"factions.{key}"
    card = _mapping(card, source, where)
    favoured = _coins(card.get("favoured_coins", {}), source, f"{where}.favoured_coins")
    for kind, count in favoured.items():
        if count > mix.get(kind, 0):
            raise FactionFileError(source, f"{where}.favoured_coins.{kind}", f"{count} kept back, but a player has "
                                   f"only {mix.get(kind, 0)}")
    values = _mapping(card.get("prize_values"), source, f"{where}.prize_values")
    missing = [kind for kind in PRIZE_KINDS if kind not in values]
    if missing:
        raise FactionFileError(source, f"{where}.prize_values", f"missing {', '.join(missing)}")
    ships = []
    for index, ship in enumerate(card.get("ships") or []):
        at = f"{where}.ships[{index}]"
        fittings = tuple(ship.get("fittings", ()))
        bad = [f for f in fittings if f not in FITTING_KINDS]
        if bad:
            raise FactionFileError(source, f"{at}.fittings", f"unknown fitting {bad[0]!r} (expected mast or cargo)")
        slots = []
        for along, side in ship.get("slots", ()):
            if side not in SIDES:
                raise FactionFileError(source, f"{at}.slots", f"unknown side {side!r} (expected port or starboard)")
            slots.append(CannonSlot(float(along), side))
        ships.append(ShipCard(str(ship.get("id")), _number(ship.get("length"), source, f"{at}.length", float),
                              _number(ship.get("beam"), source, f"{at}.beam", float), fittings, tuple(slots)))
    if not ships:
        raise FactionFileError(source, f"{where}.ships", "a fleet needs at least one ship")
    return Faction(key, str(card.get("name", key)), _number(card.get("move_count"), source, f"{where}.move_count", int),
                   favoured, {k: int(values[k]) for k in PRIZE_KINDS}, tuple(ships))


def _mapping(value, source: str, key: str) -> dict:
    if not isinstance(value, dict):
        raise FactionFileError(source, key, f"expected an object, found {json.dumps(value)}")
    return value


def _number(value, source: str, key: str, kind):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise FactionFileError(source, key, f"expected a positive number, found {json.dumps(value)}")
    return kind(value)


def _coins(value, source: str, key: str) -> dict[str, int]:
    coins = _mapping(value, source, key)
    for kind, count in coins.items():
        if kind not in COIN_KINDS:
            raise FactionFileError(source, f"{key}.{kind}", f"unknown coin (expected one of {', '.join(COIN_KINDS)})")
        if not isinstance(count, int) or count < 0:
            raise FactionFileError(source, f"{key}.{kind}", f"expected a count, found {json.dumps(count)}")
    return dict(coins)
