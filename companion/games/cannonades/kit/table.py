"""The Cannonades table as the printer, the renderer and the reader share it, in table mm (x right,
y down, origin the play area's top-left): the play area inside the four table-corner markers
(IDs 20-23, laid off its corners), each seat's edge and area, the deck and the discard pile in the
middle, and the compass words a card's heading is given in."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from companion.kit import ids

PLAY_MM = (840.0, 600.0)
TABLE_MARKER_MM = 70.0          # the printed table corners (companion print markers --group table)
CENTRE = (PLAY_MM[0] / 2, PLAY_MM[1] / 2)
DECK_SPOT = (CENTRE[0] - 45.0, CENTRE[1])
DISCARD_SPOT = (CENTRE[0] + 45.0, CENTRE[1])
MIDDLE_HALF_MM = (95.0, 62.0)   # the middle zone round deck and pile: no seat's area
# Seat edges in seat order for 2, 3 and 4 players: seat 1 sits at the bottom edge.
SEAT_EDGES = {2: ("bottom", "top"), 3: ("bottom", "left", "top"), 4: ("bottom", "left", "top", "right")}
# The angle (degrees clockwise from the table's north) a card's top faces when its seat lays it square.
EDGE_FACING = {"bottom": 0.0, "left": 90.0, "top": 180.0, "right": 270.0}
HEADINGS = ("north", "east", "south", "west")   # north: the top edge of the play area


@dataclass(frozen=True)
class Settings:
    players: int = 2

    def __post_init__(self):
        if self.players not in SEAT_EDGES:
            raise ValueError(f"players {self.players!r}: Cannonades' table seats 2, 3 or 4")


def table_marker_corners() -> dict[int, tuple[tuple[float, float], ...]]:
    """{table corner ID: its four corners in table mm, OpenCV's order}: each marker off its play-area corner."""
    m, (w, h) = TABLE_MARKER_MM, PLAY_MM
    origins = ((-m, -m), (w, -m), (w, h), (-m, h))
    return {marker_id: ((x, y), (x + m, y), (x + m, y + m), (x, y + m))
            for marker_id, (x, y) in zip(ids.TABLE_CORNER_MARKERS.ids, origins)}


def edge_distance(edge: str, x: float, y: float) -> float:
    return {"bottom": PLAY_MM[1] - y, "top": y, "left": x, "right": PLAY_MM[0] - x}[edge]


def area_names(players: int) -> tuple[str, ...]:
    """The areas area_indices numbers, in order: the middle's two, then each seat's."""
    return ("deck", "discard") + tuple(f"seat {n}" for n in range(1, len(SEAT_EDGES[players]) + 1))


def area_indices(points_mm: np.ndarray, players: int) -> np.ndarray:
    """Each point's area (an index into area_names) at once: the many points of a grid or a shape."""
    x, y = np.asarray(points_mm, np.float64).reshape(-1, 2).T
    edges = SEAT_EDGES[players]
    # Distances scaled by the play area's side so a square table's diagonals split the seats.
    scale = {"bottom": PLAY_MM[1], "top": PLAY_MM[1], "left": PLAY_MM[0], "right": PLAY_MM[0]}
    index = 2 + np.argmin(np.stack([edge_distance(edge, x, y) / scale[edge] for edge in edges]), axis=0)
    middle = (np.abs(x - CENTRE[0]) <= MIDDLE_HALF_MM[0]) & (np.abs(y - CENTRE[1]) <= MIDDLE_HALF_MM[1])
    index[middle] = np.where(x[middle] < CENTRE[0], 0, 1)
    return index


def area_of(x: float, y: float, players: int) -> str:
    """"deck", "discard" (the middle, by the nearer spot), or "seat N" (the nearest seat edge)."""
    return area_names(players)[int(area_indices((x, y), players)[0])]


def heading(angle_deg: float) -> str:
    """The compass word of a direction given in degrees clockwise from north."""
    return HEADINGS[int(round((angle_deg % 360.0) / 90.0)) % 4]


def bow_angle(card_angle_deg: float, sails: str) -> float:
    """Where a ship's bow points: the card's top faces `card_angle_deg`; a ship sailing right points
    90 degrees clockwise of its top, one sailing left 90 degrees anticlockwise."""
    return (card_angle_deg + (90.0 if sails == "right" else -90.0)) % 360.0


def direction_vector(angle_deg: float) -> tuple[float, float]:
    """Unit vector in table mm of a direction `angle_deg` clockwise from north (y grows downwards)."""
    radians = math.radians(angle_deg)
    return math.sin(radians), -math.cos(radians)
