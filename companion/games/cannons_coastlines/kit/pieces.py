"""The physical kit of Cannons & Coastlines, as data: sizes in mm, colours in sRGB, and where
every marker sits relative to what it locates. Printer, renderer and camera reader all import
this one module, so a tag printed, a tag drawn and a tag read are the same tag. Pure Python.

Frames (as the rules' geometry.py): the table in inches (CS-1), x to the right, y down the
table, origin at the play area's top-left corner; a heading is the bow's angle from +x,
clockwise as seen from above. Heights are mm above the table.

Why 36" x 24": the whole play area plus the four harbour mats (at the two short ends) spans
about 1.42 m x 0.61 m; a 1280x720 webcam framing that sees about 0.8 px/mm. A 30 mm ship tag
is then about 24 px across (4 px per marker cell), still 3 px at the far side under 45 degrees
of tilt: enough to find it, and its corners to a fraction of a pixel, which is 5 mm in
position and 2 degrees in heading with room to spare. 48" x 30" would fall to 0.6 px/mm.
Islands cannot keep 12" from every edge on a table this narrow, so the rulebook's narrow-table
clause applies: they run down the middle, 6" apart (see `ISLAND_EDGE_CLEARANCE_IN`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from companion.kit import ids
from companion.kit.palette import PLAYERS

MM_PER_INCH = 25.4
PLAY_AREA_IN = (36.0, 24.0)
ISLAND_GAP_IN = 6.0              # rulebook: islands at least 6" apart
ISLAND_EDGE_CLEARANCE_IN = 3.0   # narrow-table clause: 12" cannot fit on 24", keep 3"

# --- table corners (CS-1) -------------------------------------------------------------
# Each corner marker lies outside the play area, diagonally off its corner, with the marker
# corner nearest the play area exactly on the play area's corner: the homography from the
# four inner corners (or all sixteen) to inches is the table frame.
TABLE_MARKER_MM = 70.0
# Which corner of each marker (OpenCV order TL, TR, BR, BL) touches the play area corner.
TABLE_MARKER_INNER_CORNER = (2, 3, 0, 1)


def table_size_mm(play_area_in=PLAY_AREA_IN) -> tuple[float, float]:
    return play_area_in[0] * MM_PER_INCH, play_area_in[1] * MM_PER_INCH


def table_marker_corners_in(corner: int, play_area_in=PLAY_AREA_IN) -> tuple[tuple[float, float], ...]:
    """The four corners (OpenCV order) of table marker 20+corner, in table inches."""
    if corner not in range(4):
        raise ValueError(f"table corner must be 0..3 (TL, TR, BR, BL), got {corner!r}")
    width, height = play_area_in
    side = TABLE_MARKER_MM / MM_PER_INCH
    # Top-left of the marker's black square: up and left for TL, and so on round.
    left = (-side, width, width, -side)[corner]
    top = (-side, -side, height, height)[corner]
    return (left, top), (left + side, top), (left + side, top + side), (left, top + side)


# --- ship tags --------------------------------------------------------------------------
# A printed card glued flat on the deck on the centreline, aft of the fittings, the
# marker's top edge towards the bow. ship centre = tag centre + forward * tag_offset(card).
SHIP_TAG_MARKER_MM = 30.0
SHIP_TAG_BORDER_MM = 3.0        # white card round the marker: its quiet zone on a dark deck
SHIP_TAG_CARD_MM = SHIP_TAG_MARKER_MM + 2 * SHIP_TAG_BORDER_MM
HULL_HEIGHT_MM = 12.0           # the deck (and so the tag) lies this high above the table
TAG_STERN_GAP_MM = 4.0          # hull rim left between the card and the stern
DECK_RIM_MM = 2.5               # the hull colour shows round the wooden deck
BOW_SHARE = 0.2                 # as geometry.ship_outline: the pointed bow's share of length

# Fittings stand in holes on the centreline, between the tag and the bow's shoulder.
FITTING_HOLE_MM = 5.0
MAST_HEIGHT_MM = 44.0           # above the deck
MAST_RADIUS_MM = 2.0
SAIL_BOTTOM_MM, SAIL_TOP_MM = 14.0, 36.0
SAIL_WIDTH_MM = 30.0            # across the ship: fits the narrowest deck (1.6")
SAIL_RGB = (236, 229, 208)
PENNANT_MM = (12.0, 7.0)        # the fleet's pennant at the masthead
CRATE_MM = (14.0, 14.0, 11.0)   # across, along, tall
CRATE_RGB = (150, 104, 58)
# A crate's lid is painted in its fleet's colour, inside a wooden rim: a prize crate on a mat
# then still says whose it was (with 3-4 fleets its value depends on that, CS-4).
CRATE_LID_RIM_MM = 1.5
DECK_RGB = (150, 112, 72)
HOLE_RGB = (40, 32, 26)


def ship_tag_offset_mm(length_in: float) -> float:
    """How far the ship's centre lies ahead of its tag's centre, in mm."""
    return length_in * MM_PER_INCH / 2 - TAG_STERN_GAP_MM - SHIP_TAG_CARD_MM / 2


def fitting_holes_mm(length_in: float, count: int) -> tuple[float, ...]:
    """Positions of a card's `count` fitting holes, mm from the ship's centre towards the bow."""
    if count < 1:
        return ()
    half = length_in * MM_PER_INCH / 2
    first = -half + TAG_STERN_GAP_MM + SHIP_TAG_CARD_MM + 9.0
    last = half - length_in * MM_PER_INCH * BOW_SHARE
    if count == 1:
        return ((first + last) / 2,)
    step = (last - first) / (count - 1)
    return tuple(first + step * index for index in range(count))


def fitted_holes(card_fittings: tuple[str, ...], fittings: tuple[str, ...]) -> tuple[str | None, ...]:
    """What stands in each of the card's holes now: the remaining fittings fill the holes of
    their kind from the stern; a knocked-off fitting leaves an empty hole (None)."""
    left = {kind: fittings.count(kind) for kind in set(fittings)}
    holes = []
    for kind in card_fittings:
        if left.get(kind, 0) > 0:
            left[kind] -= 1
            holes.append(kind)
        else:
            holes.append(None)
    return tuple(holes)


@dataclass(frozen=True)
class FleetLook:
    fleet: int
    colour: str                     # the palette's player colour the hulls are painted in
    rgb: tuple[int, int, int]
    letter: str                     # printed on tags and mats, for colour-blind players
    emblem: str                     # a shape for the same purpose (icon_outline); not yet printed or drawn
    ink: str                        # the palette (and colour patch sheet) name of the colour


FLEET_LOOKS = (
    FleetLook(1, "blue", PLAYERS["france"].rgb, "B", "circle", "france"),
    FleetLook(2, "yellow", PLAYERS["spain"].rgb, "Y", "triangle", "spain"),
    FleetLook(3, "green", PLAYERS["portugal"].rgb, "G", "square", "portugal"),
    FleetLook(4, "red", PLAYERS["england"].rgb, "R", "diamond", "england"),
)


def fleet_look(fleet: int) -> FleetLook:
    if fleet not in range(1, ids.FLEETS + 1):
        raise ValueError(f"fleet must be 1..{ids.FLEETS}, got {fleet!r}")
    return FLEET_LOOKS[fleet - 1]


# --- coins --------------------------------------------------------------------------------
# Brass discs. Each kind has a coloured ring round the face and an icon of the same colour in
# the middle, so kinds differ in hue and in shape.
COIN_DIAMETER_MM = 22.0
COIN_THICKNESS_MM = 2.2
COIN_RING_MM = 3.0              # width of the coloured ring, inside the rim
COIN_ICON_RADIUS_MM = 5.5
COIN_BRASS_RGB = (201, 164, 82)
COIN_EDGE_RGB = (150, 118, 52)
COIN_MAX_OVERLAP_MM = 3.0       # coins may lie a little over each other, never stacked


@dataclass(frozen=True)
class CoinLook:
    kind: str
    rgb: tuple[int, int, int]
    icon: str
    letter: str


COIN_LOOKS = {
    "skilled_gunner": CoinLook("skilled_gunner", (196, 36, 40), "cross", "G"),
    "repair_crew": CoinLook("repair_crew", (28, 140, 62), "square", "R"),
    "boarding_party": CoinLook("boarding_party", (118, 48, 160), "triangle", "B"),
    "brace_for_impact": CoinLook("brace_for_impact", (34, 86, 196), "circle", "I"),
    "full_sail": CoinLook("full_sail", (16, 170, 190), "diamond", "S"),
    "evasive_maneuvers": CoinLook("evasive_maneuvers", (236, 128, 16), "star", "E"),
}


def coin_look(kind: str) -> CoinLook:
    try:
        return COIN_LOOKS[kind]
    except KeyError:
        raise ValueError(f"unknown coin kind {kind!r}; expected one of {', '.join(COIN_LOOKS)}") from None


def icon_outline(icon: str, radius: float = 1.0) -> tuple[tuple[float, float], ...]:
    """The icon's outline, centred on (0, 0), `radius` to its farthest point, y down."""
    def ring(count, start_deg, r=radius):
        return tuple((r * math.cos(math.radians(start_deg + 360 * i / count)),
                      r * math.sin(math.radians(start_deg + 360 * i / count))) for i in range(count))
    if icon == "circle":
        return ring(16, 0)
    if icon == "square":
        return ring(4, 45)
    if icon == "diamond":
        return ring(4, 0)
    if icon == "triangle":
        return ring(3, -90)
    if icon == "star":
        return tuple(point for i in range(5) for point in (
            ring(5, -90)[i], ring(5, -54, radius * 0.45)[i]))
    if icon == "cross":
        a, b = radius, radius * 0.34
        return ((-b, -a), (b, -a), (b, -b), (a, -b), (a, b), (b, b), (b, a), (-b, a), (-b, b), (-a, b), (-a, -b), (-b, -b))
    raise ValueError(f"unknown icon {icon!r}; expected circle, square, diamond, triangle, star or cross")


# --- harbour mats -------------------------------------------------------------------------
# One printed page per player (fits A4 and US letter), marker 36 + (player - 1) in its
# top-left corner. Zones are in the mat's own mm frame (origin at its top-left corner).
MAT_MM = (200.0, 265.0)
MAT_MARKER_MM = 50.0
MAT_MARKER_AT = (4.0, 4.0)


@dataclass(frozen=True)
class Zone:
    name: str
    x: float
    y: float
    width: float
    height: float

    def contains(self, x: float, y: float, margin: float = 0.0) -> bool:
        return (self.x + margin <= x <= self.x + self.width - margin
                and self.y + margin <= y <= self.y + self.height - margin)


MAT_ZONES = (
    Zone("fittings", 60.0, 20.0, 136.0, 58.0),     # prize masts and crates, lying down
    Zone("coins", 4.0, 84.0, 192.0, 104.0),        # coins in hand, face up
    Zone("hulls", 4.0, 194.0, 192.0, 67.0),        # captured hulls
)
# Mats lie beyond the play area's short ends, upright (their top towards the table's -y),
# two per end: seat 1 left-bottom, 2 right-top (diagonally across, as the rulebook seats
# two players), 3 right-bottom, 4 left-top.
MAT_GAP_MM = 40.0                 # from the play area's edge to the mat's near edge
MAT_SEATS = (("left", "bottom"), ("right", "top"), ("right", "bottom"), ("left", "top"))


def mat_zone(name: str) -> Zone:
    for zone in MAT_ZONES:
        if zone.name == name:
            return zone
    raise ValueError(f"unknown mat zone {name!r}; expected one of {', '.join(z.name for z in MAT_ZONES)}")


def mat_home_mm(player: int, play_area_in=PLAY_AREA_IN) -> tuple[float, float]:
    """Where player `player`'s mat's centre lies by default, in table mm from the play area's
    top-left corner (before the small shift and turn of a mat put down by hand)."""
    if player not in range(1, ids.FLEETS + 1):
        raise ValueError(f"player must be 1..{ids.FLEETS}, got {player!r}")
    width, height = table_size_mm(play_area_in)
    end, half = MAT_SEATS[player - 1]
    x = -MAT_GAP_MM - MAT_MM[0] / 2 if end == "left" else width + MAT_GAP_MM + MAT_MM[0] / 2
    y = height * (0.27 if half == "top" else 0.73)
    return x, y


# --- islands ------------------------------------------------------------------------------
# Islands are cut from 3 mm card: a sandy beach round a green middle. Island i (the one
# seat i placed) carries flag tag 40 + (i - 1) lying flat on it. Raising a flag (rulebook)
# plants the holder's flag piece beside the tag: a pole standing in a flat round base disc,
# both in the fleet's colour, the flag at the pole's top. A small upright flag is hard to
# sample from overhead; the flat disc lies on the island's plane, so its place in the picture
# is exact at any tilt. An island nobody holds has no flag piece on it.
ISLAND_THICKNESS_MM = 3.0
ISLAND_SAND_RGB = (222, 196, 140)
ISLAND_GRASS_RGB = (96, 150, 70)
ISLAND_BEACH_MM = 10.0
CANNON_SLOT_MM = 9.0            # diameter of the dark socket a cannon plugs into
FLAG_TAG_MARKER_MM = 30.0
FLAG_TAG_CARD_MM = FLAG_TAG_MARKER_MM + 2 * SHIP_TAG_BORDER_MM
FLAG_POLE_OFFSET_MM = (33.0, 0.0)   # the pole stands this far right of the tag's centre
FLAG_POLE_HEIGHT_MM = 60.0          # above the base disc
FLAG_MM = (30.0, 20.0)
POLE_RGB = (90, 70, 50)
FLAG_BASE_DIAMETER_MM = 26.0        # 2 mm clear of the tag card when centred on the pole
FLAG_BASE_THICKNESS_MM = 2.0        # printed card glued on a wooden disc
POLE_RADIUS_MM = 1.6
# Islands and rocks as a tabletop ships sail round: rocks are grey frustums 16 mm tall.
ROCK_HEIGHT_MM = 16.0
ROCK_RGB = (118, 116, 110)


def to_mm(point_in: tuple[float, float]) -> tuple[float, float]:
    return point_in[0] * MM_PER_INCH, point_in[1] * MM_PER_INCH


def to_inches(point_mm: tuple[float, float]) -> tuple[float, float]:
    return point_mm[0] / MM_PER_INCH, point_mm[1] / MM_PER_INCH
