"""The Colony's position text: parse it, print it, draw the logs with a path marked.

    turn: red                  # red | black
    collected: red=4 black=2
    ants: optional             # optional | mandatory
    last-turn: black           # optional: who last completed a whole turn (default: not `turn`)
    layout: FILE               # optional: the default layout otherwise
    L1 3
    L2 0 R                     # eggs, then R or B for an ant
    ...                        # every space of the layout exactly once

A malformed text raises BoardTextError naming the line, the column and what was expected.
"""

from __future__ import annotations

import re
from typing import Callable, Sequence

from companion.games.excerpt import excerpt
from companion.games.text_words import BoardTextError, Word as _Word
from companion.games.the_colony.layout import Layout, LayoutError, default_layout, load_layout
from companion.games.the_colony.position import ANTS_PER_PLAYER, COLOUR_BY_INITIAL, COLOURS, INITIALS, Position, other

HEADER_KEYS = ("turn", "collected", "ants", "last-turn", "layout")
REQUIRED_KEYS = ("turn", "collected", "ants")
ANT_RULES = {"optional": False, "mandatory": True}
NUMBER_DIGITS = 4   # no space or heap holds more eggs than this; a longer number is a typo
_WORD = re.compile(r"\S+")
_HEADER = re.compile(r"\s*([A-Za-z][\w-]*)\s*:")


def _words(text: str, line: int, offset: int = 0) -> list[_Word]:
    return [_Word(m.group(), line, offset + m.start() + 1) for m in _WORD.finditer(text)]


def _count(word: _Word, what: str) -> int:
    if not (word.text.isascii() and word.text.isdigit() and len(word.text) <= NUMBER_DIGITS):
        raise word.fail(f"expected {what} (a whole number), found {excerpt(word.text)}")
    return int(word.text)


def _colour(word: _Word) -> str:
    if word.text not in COLOURS:
        raise word.fail(f"expected red or black, found {excerpt(word.text)}")
    return word.text


def _collected(words: list[_Word], line: int, column: int) -> dict[str, int]:
    found: dict[str, int] = {}
    for word in words:
        name, equals, number = word.text.partition("=")
        if not equals or name not in COLOURS:
            raise word.fail(f"expected red=N or black=N, found {excerpt(word.text)}")
        if name in found:
            raise word.fail(f"{name} is given twice")
        found[name] = _count(_Word(number, word.line, word.column + len(name) + 1), f"{name}'s collected eggs")
    missing = [colour for colour in COLOURS if colour not in found]
    if missing:
        raise BoardTextError(line, column, f"expected {missing[0]}=N as well")
    return found


def _one(words: list[_Word], key: str, line: int, column: int) -> _Word:
    if len(words) != 1:
        where = words[1] if len(words) > 1 else None
        if where is None:
            raise BoardTextError(line, column, f"expected a value after '{key}:'")
        raise where.fail(f"expected one value after '{key}:', found more: {excerpt(where.text)}")
    return words[0]


def parse_board(text: str, layouts: Callable[[str], Layout] = load_layout) -> Position:
    """The position `text` describes. `layouts` loads a `layout:` file (by its name as written)."""
    headers: dict[str, tuple[list[_Word], int, int]] = {}
    rows: list[list[_Word]] = []
    last_line = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        last_line = number
        line = raw.split("#", 1)[0]
        if not line.strip():
            continue
        header = _HEADER.match(line)
        if header:
            key = header.group(1)
            if rows:
                raise BoardTextError(number, header.start(1) + 1, f"header '{key}:' after the log lines; headers come first")
            if key not in HEADER_KEYS:
                raise BoardTextError(number, header.start(1) + 1,
                                     f"unknown header {excerpt(key)}; expected one of {', '.join(HEADER_KEYS)}")
            if key in headers:
                raise BoardTextError(number, header.start(1) + 1, f"'{key}:' is given twice")
            headers[key] = (_words(line[header.end():], number, header.end()), number, header.end() + 1)
        else:
            rows.append(_words(line, number))
    for key in REQUIRED_KEYS:
        if key not in headers:
            raise BoardTextError(1, 1, f"expected a '{key}:' header")

    def single(key: str) -> _Word:
        return _one(*headers[key][:1], key, *headers[key][1:])

    turn = _colour(single("turn"))
    collected = _collected(*headers["collected"])
    ant_word = single("ants")
    if ant_word.text not in ANT_RULES:
        raise ant_word.fail(f"expected optional or mandatory, found {excerpt(ant_word.text)}")
    last_turn = _colour(single("last-turn")) if "last-turn" in headers else other(turn)
    layout = default_layout()
    if "layout" in headers:
        where = single("layout")
        try:
            layout = layouts(where.text)
        except LayoutError as error:
            raise where.fail(f"not a usable layout: {error}") from None
    eggs, ants = _logs(rows, layout, last_line)
    return Position(layout, eggs, ants, turn, collected, ANT_RULES[ant_word.text], last_turn)


def _logs(rows: list[list[_Word]], layout: Layout, last_line: int) -> tuple[dict[str, int], dict[str, str]]:
    eggs: dict[str, int] = {}
    ants: dict[str, str] = {}
    for words in rows:
        space = words[0]
        if space.text not in layout:
            raise space.fail(f"expected a log space of the {layout.name} layout ({layout.ids[0]} to "
                             f"{layout.ids[-1]}), found {excerpt(space.text)}")
        if space.text in eggs:
            raise space.fail(f"{space.text} is given twice")
        if len(words) == 1:
            raise BoardTextError(space.line, space.column + len(space.text) + 1,
                                 f"expected the number of eggs on {space.text}")
        eggs[space.text] = _count(words[1], f"the eggs on {space.text}")
        if len(words) > 2:
            ant = words[2]
            if ant.text not in COLOUR_BY_INITIAL:
                raise ant.fail(f"expected R or B for an ant (or nothing), found {excerpt(ant.text)}")
            colour = COLOUR_BY_INITIAL[ant.text]
            if sum(1 for a in ants.values() if a == colour) == ANTS_PER_PLAYER:
                raise ant.fail(f"a seventh {colour} ant; each player has {ANTS_PER_PLAYER}")
            ants[space.text] = colour
        if len(words) > 3:
            raise words[3].fail(f"expected the end of the line after {space.text}'s eggs and ant, "
                                f"found {excerpt(words[3].text)}")
    missing = [space_id for space_id in layout.ids if space_id not in eggs]
    if missing:
        raise BoardTextError(last_line + 1, 1, f"expected a line for every log space; missing {', '.join(missing)}")
    return {space_id: eggs[space_id] for space_id in layout.ids}, ants


def print_board(position: Position) -> str:
    width = max(len(space_id) for space_id in position.layout.ids) + 1
    lines = [f"turn: {position.turn}",
             "collected: " + " ".join(f"{colour}={position.collected[colour]}" for colour in COLOURS),
             f"ants: {'mandatory' if position.ants_mandatory else 'optional'}",
             f"last-turn: {position.last_turn}"]
    if position.layout.source is not None:
        lines.append(f"layout: {position.layout.source}")
    for space_id in position.layout.ids:
        ant = position.ants.get(space_id)
        lines.append(f"{space_id:<{width}}{position.eggs[space_id]}" + (f" {INITIALS[ant]}" if ant else ""))
    return "\n".join(lines) + "\n"


# The picture: 40 mm on the board is this many characters across, and this many lines down.
CHARS_PER_40_MM, LINES_PER_40_MM = 10, 2


def draw_evidence(position: Position, path: Sequence[str], ends: Sequence[str]) -> str:
    """The logs where they lie on the board, each as ID:EGGS and its ant's initial; [..] marks a
    space on `path`, {..} one of `ends`."""
    layout = position.layout
    left = min(space.at[0] for space in layout.spaces)
    top = min(space.at[1] for space in layout.spaces)
    placed: dict[tuple[int, int], str] = {}
    for space in layout.spaces:
        row = round((space.at[1] - top) * LINES_PER_40_MM / 40)
        column = round((space.at[0] - left) * CHARS_PER_40_MM / 40)
        ant = position.ants.get(space.id)
        label = f"{space.id}:{position.eggs[space.id]}{INITIALS[ant] if ant else ''}"
        marks = "{}" if space.id in ends else "[]" if space.id in path else "  "
        placed[(row, column)] = f"{marks[0]}{label}{marks[1]}"
    rows = max(row for row, _ in placed) + 1
    lines = []
    for row in range(rows):
        line = ""
        for (r, column), label in sorted(placed.items(), key=lambda item: item[0][1]):
            if r == row:
                line = line.ljust(column) + label + " "
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"
