"""What the camera saw of a Cannons & Coastlines table in one frame, in the rules' own types.

The reader (games/cannons_coastlines/reader.py) produces these; scoring, the referee aids and
the dashboard consume them. Pure: no pixels here, only inches on the table (CS-1) and, for
drawing on the live picture, the table-to-image homography as nine numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from companion.games.cannons_coastlines.geometry import Point
from companion.games.cannons_coastlines.table import Table

Homography = tuple[float, float, float, float, float, float, float, float, float]   # row-major 3x3


@dataclass(frozen=True)
class ShipSighting:
    """How one ship was seen: its pose comes from its tag unless `stale` (hidden: last known pose kept)."""

    ship_id: str
    confidence: float
    stale: bool = False
    last_seen: float | None = None      # timestamp of the frame its pose came from


@dataclass(frozen=True)
class TableObservation:
    timestamp: float
    table: Table | None                                   # None when the table frame was not found
    # The table's corners in the picture (TL, TR, BR, BL), and the homography from table
    # inches to picture pixels, so aids can be drawn on the live view.
    corners_px: tuple[Point, ...] = ()
    table_to_image: Homography | None = None
    ships: Mapping[str, ShipSighting] = field(default_factory=dict)
    # Per item confidence: "island <id>", "mat <player>", "rock <name>" -> 0..1.
    confidence: Mapping[str, float] = field(default_factory=dict)
    hidden: bool = False                                  # a hand or arm over the table
    motion: float = 0.0                                   # share of the table that changed since the last frame
    problems: tuple[str, ...] = ()                        # each names what was not seen and where
    # The mats whose points the reader cannot vouch for (not seen, a doubt named, or read under its sure bar), each
    # with what it doubts: live, such a mat keeps what the game knew and the players are asked.
    mat_doubts: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # What each mat was read unsure of that changes no points (a coin's kind): shown, not asked.
    mat_notes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # Where the hand or arm lies in the picture when `hidden` (picture pixels), to show the players why it waits.
    hidden_outline_px: tuple[Point, ...] = ()
    # Player -> their ships the camera sees neither afloat nor sunk (a hull on a mat), as said to the players.
    unseen_ships: Mapping[str, str] = field(default_factory=dict)
    # Ships of the frame before not seen now whose places show the bare table: they left it (forced off, sunk).
    left_ships: tuple[str, ...] = ()

    @property
    def notes(self) -> tuple[str, ...]:
        """Every mat's notes as sentences naming the mat."""
        return tuple(f"{player}'s mat: {note}" for player, notes in self.mat_notes.items() for note in notes)

    @property
    def located(self) -> bool:
        return self.table is not None

    @property
    def stale_ships(self) -> frozenset[str]:
        return frozenset(ship_id for ship_id, sighting in self.ships.items() if sighting.stale)

    def to_image(self, point: Point) -> Point:
        """A table point (inches) in picture pixels."""
        if self.table_to_image is None:
            raise ValueError("this observation has no table-to-image homography (the table was not located)")
        h = self.table_to_image
        x, y = point
        w = h[6] * x + h[7] * y + h[8]
        return ((h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w)
