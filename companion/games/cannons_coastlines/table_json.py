"""A Table as JSON and back, for the session log: a restart rebuilds the same table.

Ships name their card by id; the card itself comes from the rulebook, so the log stays small
and a faction file's sizes apply. Bad input raises TableJsonError quoting the key and value.
"""

from __future__ import annotations

import json

from .factions import Rulebook
from .table import Island, Mat, Ship, Table


class TableJsonError(ValueError):
    pass


def table_to_json(table: Table) -> dict:
    return {
        "width": table.width, "height": table.height,
        "players": list(table.players), "factions": dict(table.factions),
        "ships": [{"id": s.id, "owner": s.owner, "faction": s.faction, "card": s.card.id,
                   "x": round(s.x, 3), "y": round(s.y, 3), "heading": round(s.heading, 2),
                   "fittings": list(s.fittings), "braced": s.braced} for s in table.ships.values()],
        "islands": [{"id": i.id, "outline": [list(p) for p in i.outline], "holder": i.holder,
                     "slots": [list(p) for p in i.slots]} for i in table.islands.values()],
        "rocks": {name: [list(p) for p in outline] for name, outline in table.rocks.items()},
        "mats": {player: {"coins": dict(mat.coins), "prizes": {f"{f}:{k}": n for (f, k), n in mat.prizes.items()}}
                 for player, mat in table.mats.items()},
        "bag": dict(table.bag),
        "turn": table.turn,
        "touched_last_turn": {ship: sorted(islands) for ship, islands in table.touched_last_turn.items()},
    }


def table_from_json(data, rulebook: Rulebook) -> Table:
    if not isinstance(data, dict):
        raise TableJsonError(f"a table is a JSON object, not {json.dumps(data)[:80]}")
    try:
        players = tuple(str(p) for p in data["players"])
        factions = {str(p): str(f) for p, f in data["factions"].items()}
        for player, faction in factions.items():
            if faction not in rulebook.factions:
                raise TableJsonError(f"factions.{player}: unknown faction {faction!r} "
                                     f"(known: {', '.join(rulebook.factions)})")
        ships = {}
        for index, s in enumerate(data.get("ships", [])):
            if s.get("faction") not in rulebook.factions:
                raise TableJsonError(f"ships[{index}].faction: unknown faction {s.get('faction')!r}")
            try:
                card = rulebook.factions[s["faction"]].ship(s["card"])
            except KeyError as error:
                raise TableJsonError(f"ships[{index}].card: {error.args[0]}") from None
            ships[s["id"]] = Ship(str(s["id"]), str(s["owner"]), s["faction"], card, float(s["x"]), float(s["y"]),
                                  float(s["heading"]), tuple(s.get("fittings", card.fittings)), bool(s.get("braced")))
        islands = {i["id"]: Island(str(i["id"]), _outline(i["outline"]), i.get("holder"),
                                   _outline(i.get("slots", []))) for i in data.get("islands", [])}
        rocks = {str(name): _outline(outline) for name, outline in data.get("rocks", {}).items()}
        mats = {str(player): Mat({str(k): int(n) for k, n in mat.get("coins", {}).items()},
                                 {_prize(key): int(n) for key, n in mat.get("prizes", {}).items()})
                for player, mat in data.get("mats", {}).items()}
        return Table(float(data["width"]), float(data["height"]), players, factions, ships, islands, rocks, mats,
                     {str(k): int(n) for k, n in data.get("bag", {}).items()}, data.get("turn"),
                     {ship: frozenset(names) for ship, names in data.get("touched_last_turn", {}).items()})
    except KeyError as error:
        raise TableJsonError(f"a table needs the key {error.args[0]!r}") from None
    except (TypeError, ValueError, AttributeError) as error:
        if isinstance(error, TableJsonError):
            raise
        raise TableJsonError(f"malformed table: {error}") from None


def _outline(points) -> tuple:
    return tuple((float(x), float(y)) for x, y in points)


def _prize(key: str) -> tuple[str, str]:
    faction, _, kind = str(key).partition(":")
    if not kind:
        raise TableJsonError(f"a prize is named 'faction:kind', not {key!r}")
    return faction, kind
