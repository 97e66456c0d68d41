"""Where everything of the Black Cannon kit sits, in mm: the board's squares and border, the four pages
it is printed on, the ship stands with their deck tags, the chest tokens and the dice's size range.
Shared by the printer, the renderer and the reader, so the printed kit is the kit the camera knows.

The board frame: x right, y down from the outer corner of the border ring round the squares; square
A1 (column 0, row 0) starts at (BORDER_MM, BORDER_MM). The four table-corner markers (20-23) sit in
the border's corner squares, so one seen marker gives the whole board.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.kit import ids

SQUARE_MM = 28.0
BORDER_MM = 24.0                 # the ring round the squares: letters, numbers, the corner markers
CORNER_MARKER_MM = 20.0          # inside the border's corner square, 2 mm white round it
PAGE_SQUARES = 6                 # each page holds 6x6 squares: four pages make the 12x12 board
KINDS = ("galleon", "frigate", "raft")
FLEET_ORDER = ("red", "blue", "green", "yellow")

# A ship stand: a painted hull block, the deck tag towards the bow, a ledge at the stern for a chest.
STAND_MM = (22.0, 28.0)          # across, along
HULL_HEIGHT_MM = {"galleon": 11.0, "frigate": 8.0, "raft": 5.0}
TAG_MARKER_MM = 17.0
TAG_BORDER_MM = 1.5
TAG_CARD_MM = TAG_MARKER_MM + 2 * TAG_BORDER_MM
TAG_FROM_BOW_MM = 1.0            # the card's front edge behind the bow
CHEST_MM = 7.0                   # a chest token: a gold disc, one per chest
CHEST_THICKNESS_MM = 2.5
CHEST_LEDGE_AT_MM = STAND_MM[1] / 2 - TAG_FROM_BOW_MM - TAG_CARD_MM - CHEST_MM / 2 - 0.2  # from the stand's centre, to the stern
CANNON_BASE_MARKER_MM = 50.0

# Kit inks, sRGB. The fleets' hulls differ in hue; the chest gold stays apart from yellow by lightness
# and saturation (a dark ochre against a bright lemon).
FLEET_RGB = {"red": (200, 35, 40), "blue": (35, 70, 185), "green": (20, 145, 70), "yellow": (245, 210, 30)}
CHEST_RGB = (150, 95, 25)
SEA_RGB = (170, 205, 230)
LAND_RGB = (200, 180, 130)
EDGE_RGB = (190, 40, 150)


@dataclass(frozen=True)
class BoardGeometry:
    columns: int
    rows: int

    @property
    def size_mm(self) -> tuple[float, float]:
        return 2 * BORDER_MM + self.columns * SQUARE_MM, 2 * BORDER_MM + self.rows * SQUARE_MM

    def square_origin(self, column: int, row: int) -> tuple[float, float]:
        return BORDER_MM + column * SQUARE_MM, BORDER_MM + row * SQUARE_MM

    def square_centre(self, column: int, row: int) -> tuple[float, float]:
        x, y = self.square_origin(column, row)
        return x + SQUARE_MM / 2, y + SQUARE_MM / 2

    def square_at(self, x_mm: float, y_mm: float) -> tuple[int, int] | None:
        """(column, row) of the square under a board point, None off the squares."""
        column, row = int((x_mm - BORDER_MM) // SQUARE_MM), int((y_mm - BORDER_MM) // SQUARE_MM)
        return (column, row) if 0 <= column < self.columns and 0 <= row < self.rows else None

    def corner_marker(self, corner: int) -> tuple[int, tuple[float, float]]:
        """(marker id, top-left of its black square) of table corner `corner` (0-3, ids.CORNERS)."""
        width, height = self.size_mm
        inset = (BORDER_MM - CORNER_MARKER_MM) / 2
        far_x, far_y = width - BORDER_MM + inset, height - BORDER_MM + inset
        at = ((inset, inset), (far_x, inset), (far_x, far_y), (inset, far_y))[corner]
        return ids.TABLE_CORNER_MARKERS.first + corner, at

    def corner_marker_corners(self, corner: int) -> tuple[tuple[float, float], ...]:
        _, (x, y) = self.corner_marker(corner)
        side = CORNER_MARKER_MM
        return (x, y), (x + side, y), (x + side, y + side), (x, y + side)

    def pages(self) -> tuple[tuple[str, float, float, float, float], ...]:
        """(name, x, y, width, height) in the board frame of each page; they butt along the squares."""
        split_x = BORDER_MM + (self.columns // 2) * SQUARE_MM
        split_y = BORDER_MM + (self.rows // 2) * SQUARE_MM
        width, height = self.size_mm
        return (("top-left", 0.0, 0.0, split_x, split_y), ("top-right", split_x, 0.0, width - split_x, split_y),
                ("bottom-right", split_x, split_y, width - split_x, height - split_y),
                ("bottom-left", 0.0, split_y, split_x, height - split_y))


def deck_tag(fleet: str, kind: str) -> int:
    """The marker on `fleet`'s `kind` stand: Cannons & Coastlines' ship-tag range, fleet x kind."""
    if fleet not in FLEET_ORDER:
        raise ValueError(f"unknown fleet {fleet!r}; expected one of {', '.join(FLEET_ORDER)}")
    if kind not in KINDS:
        raise ValueError(f"unknown ship kind {kind!r}; expected one of {', '.join(KINDS)}")
    return ids.ship_tag(FLEET_ORDER.index(fleet) + 1, KINDS.index(kind) + 1)


def deck_tag_of(marker_id: int) -> tuple[str, str] | None:
    """(fleet, kind) of a deck tag id, None for any other id."""
    found = ids.ship_of(marker_id)
    if found is None:
        return None
    fleet, ship = found
    return FLEET_ORDER[fleet - 1], KINDS[ship - 1]


def tag_offset_mm() -> float:
    """How far the tag card's centre lies ahead of the stand's centre, towards the bow."""
    return STAND_MM[1] / 2 - TAG_FROM_BOW_MM - TAG_CARD_MM / 2
