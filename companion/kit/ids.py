"""The one table of ArUco marker IDs (DICT_4X4_50) used by every printed kit item."""

from __future__ import annotations

from dataclasses import dataclass

DICTIONARY = "DICT_4X4_50"
DICTIONARY_SIZE = 50

# OpenCV reports a marker's corners in this order; sheet corners use the same order so
# that "corner 0" means the same thing for a marker and for the sheet it sits on.
CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")

ISLAND_BOARDS = 4  # Cannonball Colony: one 6x6 board per player, at most four players
FLEETS = 4  # Cannons & Coastlines: one fleet per player
SHIPS_PER_FLEET = 3  # a captured ship keeps its tag; its owner is game state, not its ID


@dataclass(frozen=True)
class MarkerRange:
    """A run of consecutive IDs with one purpose."""

    first: int
    count: int
    game: str
    item: str
    note: str

    @property
    def last(self) -> int:
        return self.first + self.count - 1

    @property
    def ids(self) -> range:
        return range(self.first, self.first + self.count)


# Each board gets four distinct IDs, so a single visible corner marker tells the board,
# which corner it is and (from the marker's own orientation) how the board is turned.
ISLAND_BOARD_MARKERS = MarkerRange(
    0, 4 * ISLAND_BOARDS, "Cannonball Colony", "island boards 1-4, corner markers",
    "id = 4 x (board - 1) + corner; corners 0-3 = top-left, top-right, bottom-right, bottom-left",
)
PATCH_SHEET_MARKERS = MarkerRange(
    16, 4, "kit", "colour reference patch sheet, corner markers",
    "corners 0-3 in the same order",
)
# The Colony, Cannonades and Black Cannon are played on the table alone, so they share these with
# Cannons & Coastlines: only one game is on the table at a time.
TABLE_CORNER_MARKERS = MarkerRange(
    20, 4, "Cannons & Coastlines", "table corners (also The Colony, Cannonades, Black Cannon)",
    "corners 0-3 of the play area, same order",
)
SHIP_TAG_MARKERS = MarkerRange(
    24, FLEETS * SHIPS_PER_FLEET, "Cannons & Coastlines", "ship tags, fleets 1-4 x ships 1-3 (also Black Cannon's "
    "deck tags: fleets red, blue, green, yellow x galleon, frigate, raft)",
    "id = 24 + 3 x (fleet - 1) + (ship - 1)",
)
HARBOUR_MAT_MARKERS = MarkerRange(
    36, FLEETS, "Cannons & Coastlines", "harbour mats, one per player",
    "id = 36 + (player - 1)",
)
ISLAND_FLAG_MARKERS = MarkerRange(
    40, FLEETS, "Cannons & Coastlines", "island flag tags, one per island",
    "id = 40 + (island - 1); island i is the one seat i placed",
)
# Laid on the table alone, before a game, with one of each of the players' pieces on its square; the
# sheet's JSON (pieces-sheet.json) says which game it teaches. Black Cannon, once it has a board,
# takes the table corners as the other games played on one board do.
PIECES_SHEET_MARKERS = MarkerRange(
    44, 4, "kit", "pieces teaching sheet, corner markers",
    "corners 0-3 in the same order; one sheet per game (companion print pieces --game G)",
)
# The servo cannon stands anywhere beside the table; this marker on its base gives its pose
# on the table (firmware_bridge.aiming.CannonPose.from_marker_corners).
CANNON_BASE_MARKER = MarkerRange(
    48, 1, "kit (hardware)", "cannon base",
    "flat on the servo cannon's base, the marker's top edge towards the muzzle",
)
SPARE_RESERVED = MarkerRange(
    49, 1, "The Colony / Cannonades", "reserved: spare",
    "kept back for an item those games turn out to need",
)

RANGES = (
    ISLAND_BOARD_MARKERS,
    PATCH_SHEET_MARKERS,
    TABLE_CORNER_MARKERS,
    SHIP_TAG_MARKERS,
    HARBOUR_MAT_MARKERS,
    ISLAND_FLAG_MARKERS,
    PIECES_SHEET_MARKERS,
    CANNON_BASE_MARKER,
    SPARE_RESERVED,
)


@dataclass(frozen=True)
class MarkerId:
    """What one marker ID means: the item it belongs to and a label printed beside it."""

    id: int
    game: str
    item: str
    label: str


def island_board_marker(board: int, corner: int) -> int:
    """The ID at `corner` (0-3, see CORNERS) of Cannonball Colony island board `board` (1-4)."""
    _check_between("island board", board, 1, ISLAND_BOARDS)
    _check_between("corner", corner, 0, 3)
    return ISLAND_BOARD_MARKERS.first + 4 * (board - 1) + corner


def island_board_of(marker_id: int) -> tuple[int, int] | None:
    """(board 1-4, corner 0-3) for an island board marker, None for any other ID."""
    if marker_id not in ISLAND_BOARD_MARKERS.ids:
        return None
    offset = marker_id - ISLAND_BOARD_MARKERS.first
    return offset // 4 + 1, offset % 4


def ship_tag(fleet: int, ship: int) -> int:
    """The ID on ship `ship` (1-3) of fleet `fleet` (1-4) in Cannons & Coastlines."""
    _check_between("fleet", fleet, 1, FLEETS)
    _check_between("ship", ship, 1, SHIPS_PER_FLEET)
    return SHIP_TAG_MARKERS.first + SHIPS_PER_FLEET * (fleet - 1) + (ship - 1)


def ship_of(marker_id: int) -> tuple[int, int] | None:
    """(fleet, ship) for a ship tag ID, None for any other ID."""
    if marker_id not in SHIP_TAG_MARKERS.ids:
        return None
    offset = marker_id - SHIP_TAG_MARKERS.first
    return offset // SHIPS_PER_FLEET + 1, offset % SHIPS_PER_FLEET + 1


def harbour_mat(player: int) -> int:
    _check_between("player", player, 1, FLEETS)
    return HARBOUR_MAT_MARKERS.first + player - 1


def island_flag(island: int) -> int:
    _check_between("island", island, 1, FLEETS)
    return ISLAND_FLAG_MARKERS.first + island - 1


def allocation() -> tuple[MarkerId, ...]:
    """Every allocated or reserved ID with its meaning, in ID order."""
    entries = []
    for marker_range in RANGES:
        for marker_id in marker_range.ids:
            entries.append(MarkerId(marker_id, marker_range.game, marker_range.item,
                                    _label(marker_range, marker_id)))
    return tuple(sorted(entries, key=lambda entry: entry.id))


def describe(marker_id: int) -> MarkerId:
    """The meaning of one ID; ValueError when it is outside the dictionary."""
    for entry in allocation():
        if entry.id == marker_id:
            return entry
    raise ValueError(f"marker id {marker_id!r} is not in {DICTIONARY} (0..{DICTIONARY_SIZE - 1})")


def to_markdown() -> str:
    """The ID table as Markdown, the form kept in docs/markers.md."""
    lines = [
        "| IDs | game | item | layout |",
        "|---|---|---|---|",
    ]
    for marker_range in RANGES:
        ids = f"{marker_range.first}-{marker_range.last}" if marker_range.count > 1 else str(marker_range.first)
        lines.append(f"| {ids} | {marker_range.game} | {marker_range.item} | {marker_range.note} |")
    lines += ["", "| ID | label |", "|---|---|"]
    lines += [f"| {entry.id} | {entry.label} |" for entry in allocation()]
    return "\n".join(lines) + "\n"


def _label(marker_range: MarkerRange, marker_id: int) -> str:
    if marker_range is ISLAND_BOARD_MARKERS:
        board, corner = island_board_of(marker_id)
        return f"island board {board}, {CORNERS[corner]}"
    if marker_range is SHIP_TAG_MARKERS:
        fleet, ship = ship_of(marker_id)
        return f"fleet {fleet}, ship {ship}"
    offset = marker_id - marker_range.first
    if marker_range in (PATCH_SHEET_MARKERS, TABLE_CORNER_MARKERS, PIECES_SHEET_MARKERS):
        what = {PATCH_SHEET_MARKERS: "patch sheet", TABLE_CORNER_MARKERS: "table",
                PIECES_SHEET_MARKERS: "pieces sheet"}[marker_range]
        return f"{what}, {CORNERS[offset]}"
    if marker_range is HARBOUR_MAT_MARKERS:
        return f"harbour mat, player {offset + 1}"
    if marker_range is ISLAND_FLAG_MARKERS:
        return f"island {offset + 1} flag"
    if marker_range is CANNON_BASE_MARKER:
        return "cannon base (top: muzzle)"
    return "reserved, spare"


def _check_between(what: str, value: int, low: int, high: int) -> None:
    if not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{what} must be {low}..{high}, got {value!r}")


# --- Playing cards (Cannonades): a separate dictionary family -------------------------------------
# DICT_4X4_50 has too few IDs for a deck, and a larger 4x4 dictionary shares its first 50 codes with
# it. Cards use 5x5 codes instead, read only by the card reader: a table-corner marker can never be
# taken for a card nor a card for a table marker (tests/games/cannonades/kit check both ways).
# Each card carries two IDs, one per printed corner, so one marker alone gives the card, which of its
# corners it is, and so where the whole card lies.
CARD_DICTIONARY = "DICT_5X5_250"
CARD_DICTIONARY_SIZE = 250
CARD_CORNERS = ("top-left", "bottom-right")
MAX_CARDS = CARD_DICTIONARY_SIZE // len(CARD_CORNERS)


def card_marker(index: int, corner: int) -> int:
    """The ID printed at `corner` (0 top-left, 1 bottom-right) of the card at `index` (0-based) of its deck list."""
    _check_between("card index", index, 0, MAX_CARDS - 1)
    _check_between("card corner", corner, 0, 1)
    return 2 * index + corner


def card_of(marker_id: int, deck_size: int) -> tuple[int, int] | None:
    """(deck-list index, corner) a card marker names; None when no card of a `deck_size`-card deck has it."""
    index, corner = divmod(marker_id, 2)
    return (index, corner) if 0 <= marker_id and index < min(deck_size, MAX_CARDS) else None
