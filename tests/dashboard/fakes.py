"""Test stand-ins for the camera: a scripted table and a reader that knows what each frame shows.

For fast tests of the live path only; `companion serve` uses the real reader.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

import numpy as np

from companion.games.cannonball_colony.cells import Cell
from companion.games.cannonball_colony.position import Position
from companion.games.cannonball_colony.observation import BoardObservation

CELL_PX = 40


@dataclass(frozen=True)
class FakeFrame:
    image: np.ndarray
    timestamp: float
    sequence: int
    origin: str = "scripted table"


class ScriptedTable:
    """Frames of a table whose contents the test sets: `show(position)`, `hand()` covers it."""

    description = "scripted table"

    def __init__(self, position: Position, fps: float = 30.0, size=(640, 360)):
        self.positions = [position]
        self.current = 0
        self.hidden = False
        self.fps = fps
        self.size = size
        self._stop = threading.Event()

    def show(self, position: Position) -> None:
        self.positions.append(position)
        self.current = len(self.positions) - 1

    def hand(self, over: bool = True) -> None:
        self.hidden = over

    def close(self) -> None:
        self._stop.set()

    def image(self) -> np.ndarray:
        width, height = self.size
        image = np.full((height, width, 3), 90, np.uint8)
        image[0, 0, 0] = self.current          # the reader's clue to what is on the table
        image[0, 0, 1] = 255 if self.hidden else 0
        return image

    def __iter__(self):
        sequence = 0
        while not self._stop.is_set():
            yield FakeFrame(self.image(), time.monotonic(), sequence)
            sequence += 1
            self._stop.wait(1.0 / self.fps)


class ScriptedReader:
    """Reads back what the ScriptedTable drew: its position, with a hand hiding every cell."""

    def __init__(self, table: ScriptedTable):
        self.table = table
        self.calls = 0

    def __call__(self, image, timestamp, previous=None) -> BoardObservation:
        self.calls += 1
        position = self.table.positions[int(image[0, 0, 0])]
        cells = list(position.cells())
        hidden = frozenset(cells) if image[0, 0, 1] else frozenset()
        outlines = {c: ((20 + c.col * CELL_PX, 20 + c.row * CELL_PX), (20 + (c.col + 1) * CELL_PX, 20 + c.row * CELL_PX),
                        (20 + (c.col + 1) * CELL_PX, 20 + (c.row + 1) * CELL_PX), (20 + c.col * CELL_PX, 20 + (c.row + 1) * CELL_PX))
                    for c in cells}
        return BoardObservation(timestamp, position, {c: 0.99 for c in cells}, hidden, 0.0, outlines)


def cell(text: str) -> Cell:
    return Cell.parse(text)
