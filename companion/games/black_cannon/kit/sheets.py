"""The printed Black Cannon kit (`companion print black-cannon`): the board on four pages that butt
together (a table-corner marker in each outer corner, squares drawn by kind, treasure and Black Cannon
squares, ports in their fleet's colour, the lettered edges, columns and rows named round the border),
each fleet's three ship stands with their deck tags, the chest tokens and the cannon base's marker.

`draw_board` draws any part of the board in the board frame (kit/pieces.py); the renderer uses it for
the whole board, so what the camera sees is what is printed."""

from __future__ import annotations

from companion.games.black_cannon.board import Board, default_board, load_board, square_name
from companion.games.black_cannon.kit import pieces as kit
from companion.kit import ids
from companion.kit.layout import CANNON_GROUP, CellGrid, Label, MarkerPlacement, Patch, Rect, SheetLayout, marker_sheet_layout
from companion.kit.part import GameKit, KitSet, PrintedSet, PrintedSheet
from companion.kit.pieces_sheet import PieceSquare, PiecesSheet
from companion.kit.sheets import GRID_LINE, TEXT_BLACK, WHITE, GridDrawing, Surface

EDGE_LINE_MM = 1.6
SQUARE_LINE_MM = 0.4
MARK_MM = 3.2          # the small words in a square's corner ("T", "BC", a port's fleet)
CHEST_PITCH_MM = 12.0
CHESTS_PRINTED = 16    # the 14 of the game and two spares
# The palette patch nearest each fleet's ink: a band beside each deck tag, to paint the stand to.
FLEET_PATCH = {"red": "england", "blue": "france", "green": "portugal", "yellow": "spain"}


def _bgr(rgb):
    return rgb[2], rgb[1], rgb[0]


def draw_board(surface: Surface, board: Board, offset: tuple[float, float] = (0.0, 0.0),
               window: tuple[float, float, float, float] | None = None) -> None:
    """The board's squares, marks, edges and border words, shifted by -`offset` (a page's corner in the
    board frame); `window` (x, y, w, h in the board frame) keeps only what lies on that page."""
    geometry = kit.BoardGeometry(board.columns, board.rows)
    ox, oy = offset

    def inside(x, y, w, h):
        if window is None:
            return True
        wx, wy, ww, wh = window
        return x >= wx - 1e-6 and y >= wy - 1e-6 and x + w <= wx + ww + 1e-6 and y + h <= wy + wh + 1e-6

    for row in range(board.rows):
        for column in range(board.columns):
            x, y = geometry.square_origin(column, row)
            if not inside(x, y, kit.SQUARE_MM, kit.SQUARE_MM):
                continue
            name = square_name(column, row)
            rect = Rect(x - ox, y - oy, kit.SQUARE_MM, kit.SQUARE_MM)
            kind = board.kind(name)
            surface.fill(rect, _bgr(kit.LAND_RGB if kind == "#" else kit.SEA_RGB))
            if kind == "=":   # part sea: a land bank across the middle, sea round it
                surface.fill(rect.inset(kit.SQUARE_MM * 0.3), _bgr(kit.LAND_RGB))
            surface.outline(rect, GRID_LINE, SQUARE_LINE_MM)
            surface.text(Label(name, rect.x + rect.width - 4.5, rect.y + 3.0, 1.8), TEXT_BLACK)
            port = board.port_of(name)
            if port is not None:
                surface.outline(rect.inset(1.5), _bgr(kit.FLEET_RGB[port]), 1.2)
                surface.text(Label(f"{port} port", rect.centre[0], rect.y + rect.height - 3.0, 1.8), TEXT_BLACK)
            if name in board.treasure:
                surface.outline(rect.inset(2.5), GRID_LINE, 0.6)
                surface.text(Label("treasure", rect.centre[0], rect.y + rect.height - 3.0, 1.8), TEXT_BLACK)
            if name in board.black_cannon:
                surface.outline(rect.inset(2.5), (40, 40, 40), 0.6)
                surface.text(Label("BLACK CANNON", rect.centre[0], rect.y + rect.height - 3.0, 1.4), TEXT_BLACK)
    for letter, pairs in board.edges:
        for first, second in pairs:
            (c0, r0), (c1, r1) = board.xy(first), board.xy(second)
            x0, y0 = geometry.square_origin(max(c0, c1), max(r0, r1))
            across = c0 != c1   # squares side by side: the edge is a vertical line between them
            w, h = (EDGE_LINE_MM, kit.SQUARE_MM) if across else (kit.SQUARE_MM, EDGE_LINE_MM)
            x, y = (x0 - w / 2, y0) if across else (x0, y0 - h / 2)
            if inside(x + w / 2, y + h / 2, 0, 0):
                surface.fill(Rect(x - ox, y - oy, w, h), _bgr(kit.EDGE_RGB))
                surface.text(Label(letter, x + w / 2 - ox + (3.0 if across else -9.0),
                                   y + h / 2 - oy + (9.0 if across else -3.0), 2.6), _bgr(kit.EDGE_RGB))
    width, height = geometry.size_mm
    for column in range(board.columns):
        x = geometry.square_centre(column, 0)[0]
        for y in (kit.BORDER_MM / 2, height - kit.BORDER_MM / 2):
            if inside(x, y, 0, 0):
                surface.text(Label(chr(ord("A") + column), x - ox, y - oy, 6.0), TEXT_BLACK)
    for row in range(board.rows):
        y = geometry.square_centre(0, row)[1]
        for x in (kit.BORDER_MM / 2, width - kit.BORDER_MM / 2):
            if inside(x, y, 0, 0):
                surface.text(Label(str(row + 1), x - ox, y - oy, 6.0), TEXT_BLACK)


def board_picture(board: Board, px_per_mm: float):
    """The whole board as one BGR picture at `px_per_mm`, its four corner markers in the border: what the
    four pages show butted together (the renderer's board, and what the reader expects to see)."""
    from companion.kit.layout import MM_PER_INCH, Paper
    from companion.kit.sheets import Page, draw_sheet

    geometry = kit.BoardGeometry(board.columns, board.rows)
    width, height = geometry.size_mm
    markers = tuple(MarkerPlacement(geometry.corner_marker(c)[0], *geometry.corner_marker(c)[1], kit.CORNER_MARKER_MM)
                    for c in range(4))
    layout = SheetLayout("black-cannon-board", "Black Cannon board", width, height, markers)
    page = Page(Paper("board", width, height), px_per_mm * MM_PER_INCH)
    draw_board(page, board)
    draw_sheet(page, layout)
    return page.image


def board_page_layout(board: Board, page: int) -> tuple[SheetLayout, GridDrawing]:
    """Page `page` (0-3: top-left, top-right, bottom-right, bottom-left) and what draws its squares."""
    geometry = kit.BoardGeometry(board.columns, board.rows)
    name, x, y, width, height = geometry.pages()[page]
    marker_id, (mx, my) = geometry.corner_marker(page)
    marker = MarkerPlacement(marker_id, mx - x, my - y, kit.CORNER_MARKER_MM)
    columns = [c for c in range(board.columns) if x <= geometry.square_origin(c, 0)[0] < x + width]
    rows = [r for r in range(board.rows) if y <= geometry.square_origin(0, r)[1] < y + height]
    gx, gy = geometry.square_origin(columns[0], rows[0])
    grid = CellGrid(gx - x, gy - y, kit.SQUARE_MM, len(columns), len(rows))
    # In the outer border along the top or bottom, under the column letters: clear of every square.
    outer_y = kit.BORDER_MM - 3.0 if page in (0, 1) else height - kit.BORDER_MM + 3.0
    caption = Label(f"Black Cannon board, {name} page (marker {marker_id}): butt the pages square to square",
                    width / 2, outer_y, 1.6)
    cuts = (Rect(0.0, 0.0, width, height),)
    layout = SheetLayout("black-cannon-board", f"Black Cannon board {name}", width, height, (marker,), grid,
                         labels=(caption,), cut_lines=cuts)

    def draw(surface: Surface, _layout: SheetLayout) -> None:
        draw_board(surface, board, (x, y), (x, y, width, height))

    return layout, draw


def stand_tags_layout(fleet: str) -> SheetLayout:
    """`fleet`'s three deck tags (galleon, frigate, raft), each on a card cut to size, its kind and fleet
    beside it, and a band in the fleet's colour to paint the hull to."""
    card, width = kit.TAG_CARD_MM, 150.0
    markers, labels, cuts, patches = [], [Label(f"Black Cannon - {fleet} fleet's ship stands", width / 2, 6.0, 4.5)], [], []
    for index, kind in enumerate(kit.KINDS):
        marker_id = kit.deck_tag(fleet, kind)
        top = 22.0 + index * (card + 14.0)
        box = Rect(10.0, top, card, card)
        cuts.append(box)
        patches.append(Patch(FLEET_PATCH[fleet], Rect(box.x + card + 3.0, top, 5.0, card)))
        markers.append(MarkerPlacement(marker_id, box.x + kit.TAG_BORDER_MM, box.y + kit.TAG_BORDER_MM, kit.TAG_MARKER_MM))
        labels += [Label(f"{fleet} {kind}", 94.0, top + 5.0, 4.0),
                   Label(f"deck tag {marker_id}; stand {kit.STAND_MM[0]:g} x {kit.STAND_MM[1]:g} mm, "
                         f"{kit.HULL_HEIGHT_MM[kind]:g} mm tall", 94.0, top + 12.0, 2.2),
                   Label("top edge to the bow; a chest rides on the stern", 94.0, top + 17.0, 2.2)]
    height = 22.0 + len(kit.KINDS) * (card + 14.0) + 8.0
    labels.append(Label(f"paint each stand {fleet}; print at 100%: cards {card:g} mm", width / 2, height - 3.0, 2.4))
    return SheetLayout("black-cannon-stands", f"{fleet} ship stands", width, height, tuple(markers),
                       patches=tuple(patches), labels=tuple(labels), cut_lines=tuple(cuts))


def chest_tokens_layout() -> tuple[SheetLayout, GridDrawing]:
    """The chest tokens: gold discs to cut out (14 in the game, two spares)."""
    per_row = 8
    grid = CellGrid(10.0, 16.0, CHEST_PITCH_MM, per_row, -(-CHESTS_PRINTED // per_row))
    labels = (Label("Black Cannon - chest tokens", 55.0, 6.0, 4.5),
              Label(f"cut round each {kit.CHEST_MM:g} mm disc; glue on {kit.CHEST_THICKNESS_MM:g} mm card",
                    55.0, 16.0 + grid.rows * CHEST_PITCH_MM + 5.0, 2.4))
    layout = SheetLayout("black-cannon-chests", "chest tokens", 116.0, 16.0 + grid.rows * CHEST_PITCH_MM + 10.0,
                         grid=grid, labels=labels)

    def draw(surface: Surface, sheet: SheetLayout) -> None:
        for index in range(CHESTS_PRINTED):
            row, column = divmod(index, per_row)
            x, y = sheet.grid.cell_centre(column, row)
            surface.disc(x, y, kit.CHEST_MM + 0.6, GRID_LINE)
            surface.disc(x, y, kit.CHEST_MM, _bgr(kit.CHEST_RGB))

    return layout, draw


def print_black_cannon(args) -> PrintedSet:
    """`companion print black-cannon`: the board's four pages (the default board, or --board FILE),
    the stands of the four fleets, the chest tokens and the cannon base's marker."""
    path = getattr(args, "board_file", None)
    board = load_board(path) if path else default_board()
    sheets = []
    for page, name in enumerate(ids.CORNERS):
        layout, draw = board_page_layout(board, page)
        sheets.append(PrintedSheet(f"black-cannon-board-{name}", layout, draw))
    sheets += [PrintedSheet(f"black-cannon-stands-{fleet}", stand_tags_layout(fleet)) for fleet in kit.FLEET_ORDER]
    chests, draw_chests = chest_tokens_layout()
    sheets.append(PrintedSheet("black-cannon-chests", chests, draw_chests))
    sheets.append(PrintedSheet("black-cannon-cannon-base", marker_sheet_layout(CANNON_GROUP)))
    note = ("black-cannon: butt the four board pages square to square, markers 20-23 outward; "
            "cut the deck tags and stick each on its stand, top edge to the bow")
    return PrintedSet(sheets, {"black-cannon-board.json": _board_json(board)}, note)


def _board_json(board: Board) -> str:
    import json

    return json.dumps(board.to_json(), indent=1) + "\n"


def pieces_sheet() -> PiecesSheet:
    """The teaching sheet: one stand of each kind of each fleet, and a chest token."""
    side = kit.STAND_MM[1] + 4.0
    rows = tuple(tuple(PieceSquare(f"{fleet}:{kind}", f"{fleet} {kind}", side) for kind in kit.KINDS)
                 for fleet in kit.FLEET_ORDER)
    return PiecesSheet("Black Cannon - teaching sheet", rows + ((PieceSquare("chest", "a chest token", kit.CHEST_MM + 8.0),),))


KIT = GameKit(sets=(KitSet("black-cannon", "black-cannon-kit", print_black_cannon),), pieces=pieces_sheet())
