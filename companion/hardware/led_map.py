"""Places on a grid to LED pixel indices: a (serpentine) matrix laid under the table, set from JSON.

A game says where its things sit on the matrix as (column, row) from the top-left (Cannonball
Colony: its cells, A1 at (0, 0)); the map knows nothing else of them. The default is a matrix over
the game's grid: LED 0 under (0, 0), row 0 running to the right, row 1 coming back (serpentine),
and so on, as WS2812 matrices and snaked strips are wired. A `--leds FILE` JSON object changes any of the fields below, e.g.

    {"columns": 16, "rows": 16, "start": "bottom-left", "along": "columns", "count": 256,
     "turn_leds": [250, 251], "brightness": 0.2}

`columns`/`rows` left out (or null) follow the game's grid (the island's width and height); a
place outside the matrix simply has no LED.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from firmware_bridge.devices import GridLayout
from firmware_bridge.protocol import BOARD

STARTS = ("top-left", "top-right", "bottom-left", "bottom-right")
ALONG = ("rows", "columns")
# The firmware's most: any grid up to 256 places fits, and a shorter strip ignores the rest.
DEFAULT_COUNT = BOARD.max_leds


@dataclass(frozen=True)
class LedMap:
    """Where the LED of each grid place is on the strip."""

    columns: int | None = None   # matrix width in places; None: the game's grid width (the island's)
    rows: int | None = None      # matrix height in places; None: the game's grid height
    serpentine: bool = True      # every other line of the matrix runs backwards
    start: str = "top-left"      # the corner place over LED `first`
    along: str = "rows"          # the strip runs along rows (A1, B1, ...) or columns (A1, A2, ...)
    first: int = 0               # LEDs before the matrix (e.g. a turn indicator)
    count: int = DEFAULT_COUNT   # LEDs on the strip, sent to the board as led_count
    turn_leds: tuple[int, ...] = ()   # extra LEDs lit in the colour of whose turn it is
    brightness: float = 0.25     # 0..1, scales every colour; full power under a board dazzles

    FIELDS = ("columns", "rows", "serpentine", "start", "along", "first", "count", "turn_leds", "brightness")

    def problems(self) -> list[str]:
        """Everything wrong with the settings themselves, each naming the field."""
        found = []
        for name in ("columns", "rows"):
            value = getattr(self, name)
            if value is not None and (not _whole(value) or value < 1):
                found.append(f"{name} must be a whole number of cells, 1 or more, or null (the island's size); got {value!r}")
        if not isinstance(self.serpentine, bool):
            found.append(f"serpentine must be true or false, got {self.serpentine!r}")
        if self.start not in STARTS:
            found.append(f"start must be one of {', '.join(STARTS)}; got {self.start!r}")
        if self.along not in ALONG:
            found.append(f"along must be 'rows' or 'columns'; got {self.along!r}")
        if not _whole(self.count) or not 1 <= self.count <= BOARD.max_leds:
            found.append(f"count must be 1..{BOARD.max_leds} (the firmware's most), got {self.count!r}")
        if not _whole(self.first) or self.first < 0:
            found.append(f"first must be a whole number, 0 or more; got {self.first!r}")
        bad_turn = [i for i in self.turn_leds if not _whole(i) or not 0 <= i < (self.count if _whole(self.count) else 0)]
        if bad_turn:
            found.append(f"turn_leds {bad_turn} are outside the strip's LEDs 0..{self.count - 1}")
        if isinstance(self.brightness, bool) or not isinstance(self.brightness, (int, float)) \
                or not 0 <= self.brightness <= 1:
            found.append(f"brightness must be a number 0..1, got {self.brightness!r}")
        return found

    def size(self, width: int, height: int) -> tuple[int, int]:
        """The matrix's columns and rows for a game grid of `width` x `height` places."""
        return self.columns or width, self.rows or height

    def index(self, col: int, row: int, width: int, height: int) -> int | None:
        """The LED under grid place (`col`, `row`) of a `width` x `height` grid, or None when the
        matrix does not reach it."""
        columns, rows = self.size(width, height)
        if not (0 <= col < columns and 0 <= row < rows):
            return None
        if self.start.endswith("right"):
            col = columns - 1 - col
        if self.start.startswith("bottom"):
            row = rows - 1 - row
        if self.along == "columns":   # the strip snakes down a column, then the next
            col, row, columns, rows = row, col, rows, columns
        return self.first + GridLayout(columns, rows, self.serpentine).index(col, row)

    def fit_problem(self, width: int, height: int) -> str | None:
        """Why a game grid of this size cannot be shown on the strip, or None when it can."""
        columns, rows = self.size(width, height)
        last = self.first + columns * rows - 1
        if last >= self.count:
            return (f"the {columns}x{rows} LED matrix needs LEDs {self.first}..{last}, but the strip has "
                    f"{self.count}: set \"count\" (or \"columns\"/\"rows\") in the --leds file")
        overlap = sorted(i for i in self.turn_leds if self.first <= i <= last)
        if overlap:
            return f"turn_leds {overlap} fall inside the matrix (LEDs {self.first}..{last}): move them past it"
        return None

    def describe(self, width: int | None = None, height: int | None = None, *,
                 origin: str = "place (0, 0)", grid: str = "grid") -> str:
        """One line for the panel: the matrix, where LED `first` is, and the strip length. The game
        names its grid ("island") and the place at (0, 0) ("A1") in its own words."""
        if width is not None and height is not None:
            columns, rows = self.size(width, height)
            shape = f"{columns}x{rows}"
        else:
            shape = f"{self.columns or grid}x{self.rows or grid}"
        corner = origin if self.start == "top-left" else f"the {self.start} cell"
        wiring = "serpentine" if self.serpentine else "straight"
        extra = f", turn LEDs {list(self.turn_leds)}" if self.turn_leds else ""
        return (f"{shape} {wiring} along {self.along}, LED {self.first} under {corner}; "
                f"{self.count} LEDs at {round(self.brightness * 100)}%{extra}")

    def to_dict(self) -> dict:
        data = asdict(self)
        data["turn_leds"] = list(self.turn_leds)
        return data

    @classmethod
    def from_dict(cls, data, where: str = "LED map") -> LedMap:
        if not isinstance(data, dict):
            raise ValueError(f"{where}: expected a JSON object with some of {', '.join(cls.FIELDS)}, "
                             f"got {type(data).__name__}")
        unknown = sorted(set(data) - set(cls.FIELDS))
        if unknown:
            raise ValueError(f"{where}: unknown setting {unknown[0]!r}; known: {', '.join(cls.FIELDS)}")
        values = dict(data)
        if "turn_leds" in values:
            if not isinstance(values["turn_leds"], list):
                raise ValueError(f"{where}: turn_leds must be a list of LED indices, got {values['turn_leds']!r}")
            values["turn_leds"] = tuple(values["turn_leds"])
        led_map = cls(**values)
        problems = led_map.problems()
        if problems:
            raise ValueError(f"{where}: " + "; ".join(problems))
        return led_map


def load_led_map(path) -> LedMap:
    """The LedMap in a JSON file; ValueError naming the file, the line and the field."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"no LED map file at {str(path)!r}") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"{path}: not JSON (line {error.lineno}, column {error.colno}: {error.msg})") from None
    return LedMap.from_dict(data, str(path))


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
