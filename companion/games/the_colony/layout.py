"""The log layout as data (TC-1): the spaces, their arrows, the centre's way through, who touches whom.

The schema (tools outside the project rely on it):
  {"name": ..., "spaces": [{"id", "kind": single|double|centre, "next": [...], "at": [x_mm, y_mm]}],
   "centre_through": {came_from: goes_to}, "touches": [[a, b], ...]}
A bad layout is refused with LayoutError saying what is wrong and where.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from companion.games.excerpt import excerpt

DEFAULT_LAYOUT_FILE = Path(__file__).with_name("default-layout.json")
# How many arrows leave a log of each kind: None is "at least one" (the centre's ways out).
NEXT_COUNTS = {"single": 1, "double": 2, "centre": None}
LAYOUT_KEYS = ("name", "spaces", "centre_through", "touches")
SPACE_KEYS = ("id", "kind", "next", "at")


class LayoutError(ValueError):
    """A layout file that is not a layout: the message names the place (a JSON path) and the problem."""

    def __init__(self, where: str, message: str, source: str | None = None):
        origin = f"{source}: " if source else ""
        super().__init__(f"{origin}{where}: {message}")
        self.where, self.problem, self.source = where, message, source


@dataclass(frozen=True)
class Space:
    id: str
    kind: str
    next: tuple[str, ...]
    at: tuple[float, float]


@dataclass(frozen=True)
class Layout:
    name: str
    spaces: tuple[Space, ...]
    centre_through: tuple[tuple[str, str], ...]
    touches: tuple[tuple[str, str], ...]
    source: str | None = None   # the file it came from; None for the default layout

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(space.id for space in self.spaces)

    def space(self, space_id: str) -> Space:
        return self._by_id[space_id]

    def __contains__(self, space_id: object) -> bool:
        return space_id in self._by_id

    @property
    def centre(self) -> str:
        return next(space.id for space in self.spaces if space.kind == "centre")

    def through_centre(self, came_from: str) -> str:
        """Where eggs passing through the centre go, having come in from `came_from`."""
        return self._through[came_from]

    def neighbours(self, space_id: str) -> tuple[str, ...]:
        """The spaces an ant on `space_id` may step to, arrows ignored, in layout order."""
        return self._neighbours[space_id]

    # Looked up on every egg: built once per layout (cached_property writes past the frozen fields).
    @cached_property
    def _by_id(self) -> dict[str, Space]:
        return {space.id: space for space in self.spaces}

    @cached_property
    def _through(self) -> dict[str, str]:
        return dict(self.centre_through)

    @cached_property
    def _neighbours(self) -> dict[str, tuple[str, ...]]:
        touching: dict[str, set[str]] = {space_id: set() for space_id in self.ids}
        for a, b in self.touches:
            touching[a].add(b)
            touching[b].add(a)
        return {space_id: tuple(i for i in self.ids if i in near) for space_id, near in touching.items()}

    def to_json(self) -> dict:
        return {"name": self.name,
                "spaces": [{"id": s.id, "kind": s.kind, "next": list(s.next), "at": list(s.at)} for s in self.spaces],
                "centre_through": dict(self.centre_through),
                "touches": [list(pair) for pair in self.touches]}


def _expect(condition: bool, where: str, message: str) -> None:
    if not condition:
        raise LayoutError(where, message)


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _space(index: int, raw) -> Space:
    where = f"spaces[{index}]"
    _expect(isinstance(raw, dict), where, f"expected an object with {', '.join(SPACE_KEYS)}, found {excerpt(raw)}")
    missing = [key for key in SPACE_KEYS if key not in raw]
    _expect(not missing, where, f"missing {', '.join(missing)}")
    unknown = sorted(set(raw) - set(SPACE_KEYS))
    _expect(not unknown, where, f"unknown key {excerpt(unknown[0]) if unknown else ''}; a space has {', '.join(SPACE_KEYS)}")
    space_id = raw["id"]
    _expect(isinstance(space_id, str) and space_id.strip() == space_id and bool(space_id) and " " not in space_id,
            f"{where}.id", f"expected a space id without spaces like 'L1', found {excerpt(space_id)}")
    where = f"spaces[{index}] ({space_id})"
    kind = raw["kind"]
    _expect(kind in NEXT_COUNTS, f"{where}.kind", f"expected single, double or centre, found {excerpt(kind)}")
    ways = raw["next"]
    _expect(isinstance(ways, list) and all(isinstance(w, str) for w in ways), f"{where}.next",
            f"expected a list of space ids, found {excerpt(ways)}")
    wanted = NEXT_COUNTS[kind]
    if wanted is None:
        _expect(len(ways) >= 1, f"{where}.next", "the centre log needs at least one way out")
    else:
        _expect(len(ways) == wanted, f"{where}.next",
                f"a {kind} log has {wanted} next space{'s' if wanted > 1 else ''}, found {len(ways)}")
    _expect(len(set(ways)) == len(ways), f"{where}.next", f"names a space twice: {excerpt(ways)}")
    _expect(space_id not in ways, f"{where}.next", "a log's arrow may not point back at itself")
    at = raw["at"]
    _expect(isinstance(at, list) and len(at) == 2 and all(_is_number(v) for v in at), f"{where}.at",
            f"expected [x_mm, y_mm], found {excerpt(at)}")
    return Space(space_id, kind, tuple(ways), (float(at[0]), float(at[1])))


def _pair(where: str, raw, ids: set[str]) -> tuple[str, str]:
    _expect(isinstance(raw, list) and len(raw) == 2 and all(isinstance(v, str) for v in raw), where,
            f"expected a pair of space ids, found {excerpt(raw)}")
    for value in raw:
        _expect(value in ids, where, f"unknown space id {excerpt(value)}")
    _expect(raw[0] != raw[1], where, f"a space does not touch itself ({raw[0]})")
    return raw[0], raw[1]


def layout_from_data(data, source: str | None = None) -> Layout:
    """The layout `data` (parsed JSON) describes; LayoutError for anything the schema does not allow."""
    try:
        return _layout(data, source)
    except LayoutError as error:
        raise LayoutError(error.where, error.problem, source) from None


def _layout(data, source: str | None) -> Layout:
    _expect(isinstance(data, dict), "the file", f"expected a JSON object with {', '.join(LAYOUT_KEYS)}")
    missing = [key for key in LAYOUT_KEYS if key not in data]
    _expect(not missing, "the file", f"missing {', '.join(missing)}")
    unknown = sorted(set(data) - set(LAYOUT_KEYS))
    _expect(not unknown, "the file", f"unknown key {excerpt(unknown[0]) if unknown else ''}")
    _expect(isinstance(data["name"], str) and bool(data["name"]), "name", f"expected a name, found {excerpt(data['name'])}")
    _expect(isinstance(data["spaces"], list) and bool(data["spaces"]), "spaces", "expected a list of spaces")
    spaces = [_space(i, raw) for i, raw in enumerate(data["spaces"])]
    ids: set[str] = set()
    for index, space in enumerate(spaces):
        _expect(space.id not in ids, f"spaces[{index}].id", f"{space.id} is named twice")
        ids.add(space.id)
    for index, space in enumerate(spaces):
        for way in space.next:
            _expect(way in ids, f"spaces[{index}] ({space.id}).next", f"unknown space id {excerpt(way)}")
    centres = [space.id for space in spaces if space.kind == "centre"]
    _expect(len(centres) == 1, "spaces", f"expected exactly one centre log, found {len(centres)}"
            + (f" ({', '.join(centres)})" if centres else ""))
    centre = centres[0]
    through = data["centre_through"]
    _expect(isinstance(through, dict), "centre_through", f"expected an object {{came_from: goes_to}}, found {excerpt(through)}")
    leads_in = [space.id for space in spaces if centre in space.next]
    for came_from, goes_to in through.items():
        where = f"centre_through.{came_from}"
        _expect(came_from in ids, where, f"unknown space id {excerpt(came_from)}")
        _expect(came_from in leads_in, where, f"{came_from} has no arrow into the centre {centre}")
        _expect(isinstance(goes_to, str) and goes_to in ids, where, f"unknown space id {excerpt(goes_to)}")
        _expect(goes_to != centre, where, "eggs passing through the centre leave it")
    for space_id in leads_in:
        _expect(space_id in through, "centre_through",
                f"{space_id} has an arrow into the centre {centre} but no way through it")
    _expect(isinstance(data["touches"], list), "touches", "expected a list of pairs of space ids")
    touches = [_pair(f"touches[{i}]", raw, ids) for i, raw in enumerate(data["touches"])]
    seen: set[frozenset] = set()
    for index, pair in enumerate(touches):
        _expect(frozenset(pair) not in seen, f"touches[{index}]", f"{pair[0]} and {pair[1]} are listed twice")
        seen.add(frozenset(pair))
    return Layout(data["name"], tuple(spaces), tuple(through.items()), tuple(touches), source)


def parse_layout(text: str, source: str | None = None) -> Layout:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise LayoutError(f"line {error.lineno}, column {error.colno}", f"not JSON: {error.msg}", source) from None
    return layout_from_data(data, source)


def load_layout(path: str | Path) -> Layout:
    """A layout from a file; LayoutError when it cannot be read or is not a layout."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise LayoutError("the file", f"cannot read it ({error})", str(path)) from None
    return parse_layout(text, str(path))


@lru_cache(maxsize=1)
def default_layout() -> Layout:
    """The project's default layout: 19 logs (14 single, 4 double, 1 centre) around the centre log."""
    return parse_layout(DEFAULT_LAYOUT_FILE.read_text(encoding="utf-8"))
