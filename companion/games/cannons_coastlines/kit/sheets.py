"""The printed sheets of the Cannons & Coastlines kit, as layouts in mm (see layout.py):
table corners, one ship-tag sheet per fleet, one harbour mat per player, island flag tags
and the fleets' flag base discs; and the teaching sheet of the pieces the reader tells apart.
Every size comes from coast_pieces, so the printed kit is the kit the renderer draws."""

from __future__ import annotations

from companion.games.cannons_coastlines.factions import COIN_KINDS
from companion.games.cannons_coastlines.kit import pieces as kit
from companion.kit import ids
from companion.kit.part import GameKit, KitSet, PrintedSet, PrintedSheet
from companion.kit.pieces_sheet import PieceSquare, PiecesSheet
from companion.kit.layout import Disc, Label, MarkerGroup, MarkerPlacement, Patch, Rect, SheetLayout, marker_sheet_layout

TAG_BOX_GAP_MM = 8.0
TAG_CAPTION_MM = 3.0

# The loose marker sheets (`companion print markers`): sizes from kit/pieces.py, so a loose tag is a deck tag.
TABLE_GROUP = MarkerGroup("table", "table corners", ids.TABLE_CORNER_MARKERS, kit.TABLE_MARKER_MM, 2)
MARKER_GROUPS = (
    TABLE_GROUP,
    MarkerGroup("ships", "ship tags", ids.SHIP_TAG_MARKERS, kit.SHIP_TAG_MARKER_MM, ids.SHIPS_PER_FLEET),
    MarkerGroup("harbours", "harbour mats", ids.HARBOUR_MAT_MARKERS, kit.MAT_MARKER_MM, 2),
    MarkerGroup("flags", "island flag tags", ids.ISLAND_FLAG_MARKERS, kit.FLAG_TAG_MARKER_MM, 4),
)


def table_corner_layout() -> SheetLayout:
    """The four table corner markers (70 mm), captioned; see coast_pieces for where each lies."""
    layout = marker_sheet_layout(TABLE_GROUP)
    note = Label("lay each marker off its corner of the 36 x 24 in play area, its inner corner on the play "
                 "area's corner", layout.width / 2, 12.0, 2.2)
    return SheetLayout(layout.kind, layout.title, layout.width, layout.height, layout.markers,
                       labels=layout.labels + (note,), cut_lines=layout.cut_lines)


def ship_tag_layout(fleet: int) -> SheetLayout:
    """Fleet `fleet`'s three deck tags, each on a card cut to size, with its fleet, ship and
    id printed beside it and an arrow saying which edge faces the bow."""
    look = kit.fleet_look(fleet)
    card, border = kit.SHIP_TAG_CARD_MM, kit.SHIP_TAG_BORDER_MM
    width = 150.0
    markers, labels, cuts, patches = [], [], [], []
    labels.append(Label(f"Cannons & Coastlines - ship tags, fleet {fleet} ({look.colour}, {look.letter})",
                        width / 2, 6.0, 4.5))
    patches.append(Patch(look.ink, Rect(0.0, 12.0, width, 4.0)))
    for ship in range(1, ids.SHIPS_PER_FLEET + 1):
        marker_id = ids.ship_tag(fleet, ship)
        top = 24.0 + (ship - 1) * (card + TAG_BOX_GAP_MM)
        box = Rect(0.0, top, card, card)
        cuts.append(box)
        markers.append(MarkerPlacement(marker_id, box.x + border, box.y + border, kit.SHIP_TAG_MARKER_MM))
        text_x = card + 50.0
        labels += [Label(f"fleet {fleet} {look.letter} - ship {ship}", text_x, top + 9.0, 4.0),
                   Label(f"marker {marker_id}, {kit.SHIP_TAG_MARKER_MM:g} mm", text_x, top + 17.0, TAG_CAPTION_MM),
                   Label("top edge to the bow, stern end of the deck", text_x, top + 25.0, 2.4)]
    height = 24.0 + ids.SHIPS_PER_FLEET * (card + TAG_BOX_GAP_MM)
    labels.append(Label(f"print at 100%: cut each card to {card:g} mm", width / 2, height - 3.0, 2.5))
    return SheetLayout("ship-tags", f"fleet {fleet} ship tags", width, height, tuple(markers),
                       patches=tuple(patches), labels=tuple(labels), cut_lines=tuple(cuts))


def harbour_mat_layout(player: int) -> SheetLayout:
    """Player `player`'s harbour mat: marker in the top-left corner, the three zones outlined
    and named, the fleet's colour band along the top."""
    look = kit.fleet_look(player)
    width, height = kit.MAT_MM
    marker = MarkerPlacement(ids.harbour_mat(player), *kit.MAT_MARKER_AT, kit.MAT_MARKER_MM)
    title_x = (kit.MAT_MARKER_AT[0] + kit.MAT_MARKER_MM + width) / 2
    labels = [Label(f"Harbour - player {player} ({look.colour}, {look.letter})", title_x, 8.0, 4.5)]
    captions = {"fittings": "prize masts and crates", "coins": "coins, face up, not stacked",
                "hulls": "captured hulls"}
    cuts = [Rect(0.0, 0.0, width, height)]
    for zone in kit.MAT_ZONES:
        cuts.append(Rect(zone.x, zone.y, zone.width, zone.height))
        labels.append(Label(captions[zone.name], zone.x + zone.width / 2, zone.y + zone.height - 4.0, 2.8))
    labels.append(Label(f"marker {marker.id}, {kit.MAT_MARKER_MM:g} mm at 100%", title_x, 15.0, 2.5))
    patches = (Patch(look.ink, Rect(kit.MAT_MARKER_AT[0] + kit.MAT_MARKER_MM + 4.0, 0.0,
                                    width - kit.MAT_MARKER_MM - kit.MAT_MARKER_AT[0] - 4.0, 3.0)),)
    return SheetLayout("harbour-mat", f"harbour mat {player}", width, height, (marker,),
                       patches=patches, labels=tuple(labels), cut_lines=tuple(cuts))


def flag_tag_layout() -> SheetLayout:
    """The four island flag tags, each on a card cut to size, island number beside it; below
    them each fleet's flag base disc, glued under its flag pole (the reader looks for it)."""
    card, border = kit.FLAG_TAG_CARD_MM, kit.SHIP_TAG_BORDER_MM
    markers, labels, cuts = [], [Label("Cannons & Coastlines - island flag tags", 80.0, 6.0, 4.5)], []
    for island in range(1, ids.FLEETS + 1):
        marker_id = ids.island_flag(island)
        left = (island - 1) * (card + 6.0)
        box = Rect(left, 14.0, card, card)
        cuts.append(box)
        markers.append(MarkerPlacement(marker_id, box.x + border, box.y + border, kit.FLAG_TAG_MARKER_MM))
        labels.append(Label(f"island {island}: {marker_id}", box.centre[0], box.y + card + 4.0, 2.5))
    labels.append(Label("lay flat on the island, the flag pole beside it", 80.0, 14.0 + card + 11.0, 2.5))
    discs_y = 14.0 + card + 20.0 + kit.FLAG_BASE_DIAMETER_MM / 2
    discs = []
    for look in kit.FLEET_LOOKS:
        x = (look.fleet - 1) * (card + 6.0) + card / 2
        discs.append(Disc(look.ink, x, discs_y, kit.FLAG_BASE_DIAMETER_MM))
        labels.append(Label(f"{look.colour} ({look.letter}) flag base", x, discs_y + kit.FLAG_BASE_DIAMETER_MM / 2 + 4.0, 2.5))
    bottom = discs_y + kit.FLAG_BASE_DIAMETER_MM / 2 + 8.0
    labels.append(Label(f"cut out and glue under your flag pole; it stands {kit.FLAG_POLE_OFFSET_MM[0]:g} mm right of the tag's centre",
                        80.0, bottom + 3.0, 2.5))
    return SheetLayout("flag-tags", "island flag tags", 4 * card + 18.0, bottom + 6.0, tuple(markers),
                       labels=tuple(labels), cut_lines=tuple(cuts), discs=tuple(discs))


def coast_layouts(players: int) -> list[tuple[str, SheetLayout]]:
    """Every sheet a game of `players` (2-4) needs, named for its file."""
    if players not in range(2, ids.FLEETS + 1):
        raise ValueError(f"Cannons & Coastlines is for 2 to {ids.FLEETS} players, got {players!r}")
    sheets = [("coast-table-corners", table_corner_layout())]
    sheets += [(f"coast-ship-tags-fleet-{fleet}", ship_tag_layout(fleet)) for fleet in range(1, players + 1)]
    sheets += [(f"coast-harbour-mat-{player}", harbour_mat_layout(player)) for player in range(1, players + 1)]
    sheets.append(("coast-flag-tags", flag_tag_layout()))
    return sheets


def print_coast(args) -> PrintedSet:
    """`companion print coast`: every sheet a game of --players needs."""
    return PrintedSet([PrintedSheet(name, sheet) for name, sheet in coast_layouts(args.players)])


# Each teaching square holds its piece with a few mm to spare; the hull square takes the shortest hull
# (a 4" ship). A mast lies along its square, its sail flat: four of them just fit across the sheet.
PIECE_ROOM_MM = 4.0
MAST_SQUARE_MM = kit.MAST_HEIGHT_MM + PIECE_ROOM_MM / 2
CRATE_SQUARE_MM = max(kit.CRATE_MM) + 2 * PIECE_ROOM_MM
COIN_SQUARE_MM = kit.COIN_DIAMETER_MM + 2 * PIECE_ROOM_MM
SHORTEST_HULL_IN = 4.0
HULL_SQUARE_MM = SHORTEST_HULL_IN * kit.MM_PER_INCH + PIECE_ROOM_MM


def pieces_sheet() -> PiecesSheet:
    """A hull, a crate of each fleet, a coin of each kind and a lying mast of each fleet: the prizes and
    coins a harbour mat holds, labelled as the reader names them (`mast:blue`, `coin:full_sail`)."""
    hull = PieceSquare("hull", "any hull, deck up", HULL_SQUARE_MM)
    crates = tuple(PieceSquare(f"crate:{look.colour}", f"{look.colour} ({look.letter}) crate", CRATE_SQUARE_MM)
                   for look in kit.FLEET_LOOKS)
    coins = tuple(PieceSquare(f"coin:{kind}", kind.replace("_", " "), COIN_SQUARE_MM) for kind in COIN_KINDS)
    masts = tuple(PieceSquare(f"mast:{look.colour}", f"{look.colour} ({look.letter}) mast, lying", MAST_SQUARE_MM)
                  for look in kit.FLEET_LOOKS)
    return PiecesSheet("Cannons & Coastlines - teaching sheet", ((hull, *crates, *coins), masts))


KIT = GameKit(sets=(KitSet("coast", "coast-kit", print_coast),), marker_groups=MARKER_GROUPS, pieces=pieces_sheet())
