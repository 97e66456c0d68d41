"""A Table as JSON and back, for the session log: a restart rebuilds the same table.

Ships name their card by id; the card itself comes from the rulebook, so the log stays small
and a faction file's sizes apply. Bad input raises TableJsonError quoting the key and value.
"""

from __future__ import annotations

from companion.games.excerpt import excerpt
from companion.games.cannons_coastlines.factions import FITTING_KINDS, Rulebook
from companion.games.cannons_coastlines.table import Island, Mat, Ship, Table


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
    """The table `table_to_json` wrote, or one a tablet sent: every value is checked for its type and
    range, so a table that loads is one the rules and the screens can draw."""
    read = _Reader(rulebook)
    table = read.object(data, "table")
    players = read.players(read.need(table, "players", "table"))
    factions = {}
    for player, faction in read.object(read.need(table, "factions", "table"), "factions").items():
        where = f"factions.{_name_in(player)}"
        read.member(player, players, where)
        factions[player] = read.faction(faction, where)
    ships = {}
    for index, raw in enumerate(read.array(table.get("ships", []), "ships")):
        ship = read.ship(raw, f"ships[{index}]", players)
        if ship.id in ships:
            raise TableJsonError(f"ships[{index}].id: {excerpt(ship.id)} is given twice")
        ships[ship.id] = ship
    islands = {}
    for index, raw in enumerate(read.array(table.get("islands", []), "islands")):
        where = f"islands[{index}]"
        raw = read.object(raw, where)
        island_id = read.name(read.need(raw, "id", where), f"{where}.id")
        holder = raw.get("holder")
        if holder is not None:
            read.member(holder, players, f"{where}.holder")
        islands[island_id] = Island(island_id, read.outline(read.need(raw, "outline", where), f"{where}.outline"),
                                    holder, read.points(raw.get("slots", []), f"{where}.slots"))
    rocks = {read.name(name, "rocks"): read.outline(outline, f"rocks.{_name_in(name)}")
             for name, outline in read.object(table.get("rocks", {}), "rocks").items()}
    mats = {}
    for player, mat in read.object(table.get("mats", {}), "mats").items():
        where = f"mats.{_name_in(player)}"
        read.member(player, players, where)
        mats[player] = _mat(read, mat, where)
    turn = table.get("turn")
    if turn is not None:
        read.member(turn, players, "turn")
    touched = {}
    for ship, names in read.object(table.get("touched_last_turn", {}), "touched_last_turn").items():
        where = f"touched_last_turn.{_name_in(ship)}"
        touched[ship] = frozenset(read.name(name, where) for name in read.array(names, where))
    return Table(read.length(read.need(table, "width", "table"), "width"),
                 read.length(read.need(table, "height", "table"), "height"), players, factions, ships, islands, rocks,
                 mats, read.counts(table.get("bag", {}), "bag"), turn, touched)


# Bounds that no real table comes near: they keep the geometry finite and the log small.
MAX_INCHES = 1000.0
MAX_COUNT = 999
MAX_NAME_CHARS = 80
MAX_ITEMS = 500


def _name_in(key) -> str:
    """A key as it appears in an error's path: short, whatever was sent."""
    return key if isinstance(key, str) and len(key) <= 20 else excerpt(key, 20)


class _Reader:
    """Typed reads of the JSON values; each failure names the path to the value and quotes it."""

    def __init__(self, rulebook: Rulebook):
        self.rulebook = rulebook

    @staticmethod
    def need(data: dict, key: str, where: str):
        if key not in data:
            raise TableJsonError(f"{where}: needs the key {key!r}")
        return data[key]

    @staticmethod
    def container(value, kind: type, where: str):
        """A JSON object (kind dict) or array (kind list) of at most MAX_ITEMS entries."""
        if not isinstance(value, kind):
            raise TableJsonError(f"{where}: expected a JSON {'object' if kind is dict else 'array'}, "
                                 f"found {excerpt(value)}")
        if len(value) > MAX_ITEMS:
            raise TableJsonError(f"{where}: more than {MAX_ITEMS} entries")
        return value

    def object(self, value, where: str) -> dict:
        return self.container(value, dict, where)

    def array(self, value, where: str) -> list:
        return self.container(value, list, where)

    @staticmethod
    def name(value, where: str) -> str:
        if not isinstance(value, str) or not value.strip() or len(value) > MAX_NAME_CHARS:
            raise TableJsonError(f"{where}: expected a name (text of 1 to {MAX_NAME_CHARS} characters), "
                                 f"found {excerpt(value)}")
        return value

    def players(self, value) -> tuple[str, ...]:
        names = tuple(self.name(p, f"players[{i}]") for i, p in enumerate(self.array(value, "players")))
        if not names:
            raise TableJsonError("players: expected at least one player")
        for index, name in enumerate(names):
            if names.index(name) != index:
                raise TableJsonError(f"players[{index}]: {excerpt(name)} is seated twice")
        return names

    @staticmethod
    def member(value, players: tuple[str, ...], where: str) -> str:
        if value not in players:
            raise TableJsonError(f"{where}: {excerpt(value)} is not playing (players: {', '.join(players)})")
        return value

    def faction(self, value, where: str) -> str:
        if not isinstance(value, str) or value not in self.rulebook.factions:
            known = ", ".join(self.rulebook.factions)
            raise TableJsonError(f"{where}: unknown faction {excerpt(value)} (known: {known})")
        return value

    @staticmethod
    def number(value, where: str, low: float = -MAX_INCHES, high: float = MAX_INCHES) -> float:
        # Compared before float(): a whole number too big for a float is out of range, not a crash.
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            raise TableJsonError(f"{where}: expected a number from {low:g} to {high:g}, found {excerpt(value)}")
        return float(value)

    def length(self, value, where: str) -> float:
        size = self.number(value, where, 0.0)
        if size <= 0:
            raise TableJsonError(f"{where}: expected a size of more than 0 inches, found {excerpt(value)}")
        return size

    def points(self, value, where: str) -> tuple:
        out = []
        for index, point in enumerate(self.array(value, where)):
            if not isinstance(point, list) or len(point) != 2:
                raise TableJsonError(f"{where}[{index}]: expected a point [x, y], found {excerpt(point)}")
            out.append((self.number(point[0], f"{where}[{index}][0]"), self.number(point[1], f"{where}[{index}][1]")))
        return tuple(out)

    def outline(self, value, where: str) -> tuple:
        points = self.points(value, where)
        if len(points) < 3:
            raise TableJsonError(f"{where}: an outline needs at least 3 points, found {len(points)}")
        return points

    def counts(self, value, where: str) -> dict[str, int]:
        out = {}
        for key, n in self.object(value, where).items():
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_COUNT:
                raise TableJsonError(f"{where}.{_name_in(key)}: expected a whole number from 0 to {MAX_COUNT}, "
                                     f"found {excerpt(n)}")
            out[self.name(key, where)] = n
        return out

    def ship(self, raw, where: str, players: tuple[str, ...]) -> Ship:
        raw = self.object(raw, where)
        faction = self.faction(raw.get("faction"), f"{where}.faction")
        card_id = self.name(self.need(raw, "card", where), f"{where}.card")
        try:
            card = self.rulebook.factions[faction].ship(card_id)
        except KeyError as error:
            raise TableJsonError(f"{where}.card: {error.args[0]}") from None
        fittings = raw.get("fittings", list(card.fittings))
        for index, fitting in enumerate(self.array(fittings, f"{where}.fittings")):
            if fitting not in FITTING_KINDS:
                raise TableJsonError(f"{where}.fittings[{index}]: expected one of {', '.join(FITTING_KINDS)}, "
                                     f"found {excerpt(fitting)}")
        braced = raw.get("braced", False)
        if not isinstance(braced, bool):
            raise TableJsonError(f"{where}.braced: expected true or false, found {excerpt(braced)}")
        return Ship(self.name(self.need(raw, "id", where), f"{where}.id"),
                    self.member(self.need(raw, "owner", where), players, f"{where}.owner"), faction, card,
                    self.number(self.need(raw, "x", where), f"{where}.x"),
                    self.number(self.need(raw, "y", where), f"{where}.y"),
                    self.number(self.need(raw, "heading", where), f"{where}.heading", -360.0, 360.0),
                    tuple(fittings), braced)


def mat_from_json(data, rulebook: Rulebook, where: str = "mat") -> Mat:
    """{"coins": {kind: n}, "prizes": {"faction:kind": n}} as a Mat; TableJsonError naming the path and the value."""
    return _mat(_Reader(rulebook), data, where)


def _mat(read: "_Reader", data, where: str) -> Mat:
    mat = read.object(data, where)
    return Mat(read.counts(mat.get("coins", {}), f"{where}.coins"),
               {_prize(key, f"{where}.prizes"): n for key, n in read.counts(mat.get("prizes", {}), f"{where}.prizes").items()})


def _prize(key: str, where: str) -> tuple[str, str]:
    faction, _, kind = key.partition(":")
    if not faction or not kind:
        raise TableJsonError(f"{where}: a prize is named 'faction:kind', not {excerpt(key)}")
    return faction, kind
