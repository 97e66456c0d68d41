"""The teaching sheet (`companion print pieces`): a corner marker in each corner and one labelled square
for each kind of piece a game's reader tells apart, where the players put one of their own pieces.

A game says what its pieces are through its kit part (`GameKit.pieces`, a `PiecesSheet`); this
module places the squares on the sheet, and writes `pieces-sheet.json`, the page geometry that
tools outside the project rely on (its schema is in the README and docs/markers.md)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.kit import ids
from companion.kit.layout import PAPERS, Label, MarkerPlacement, Paper, Rect, SheetLayout

RECORD_FILE = "pieces-sheet.json"


@dataclass(frozen=True)
class PieceSquare:
    """One square: `label` is the reader's name for the kind (a board text token), `caption` says it in words."""

    label: str
    caption: str
    side_mm: float


@dataclass(frozen=True)
class PiecesSheet:
    """What a game's teaching sheet holds: its title, and its squares in rows; each row begins a new
    line of the sheet (and wraps, or stacks small squares beside a big one, when it is full)."""

    title: str
    rows: tuple[tuple[PieceSquare, ...], ...]
    # The game's reader measures its pieces' heights (pieces that stand): teaching asks for a slanted photo when
    # every photo was taken from nearly overhead. Lying pieces are read from above and need none.
    reads_heights: bool = False

    @property
    def squares(self) -> tuple[PieceSquare, ...]:
        return tuple(square for row in self.rows for square in row)


@dataclass(frozen=True)
class PiecesSheetSettings:
    # One sheet size that fits inside the margins of A4 and of Letter, so both print the same sheet.
    width_mm: float = 200.0
    height_mm: float = 268.0
    marker_mm: float = 20.0          # as an island board's: found across a table by a 720p camera
    gap_mm: float = 4.0              # between squares, and between the markers' bands and the squares
    token_mm: float = 3.5            # the label's capital height, under its square
    caption_mm: float = 2.0          # the kind in words, under the label
    label_band_mm: float = 8.5       # room under a square for both
    label_gap_mm: float = 1.0        # white between a square, its label and its caption
    # A character's width as a share of its capital height, in the wider of the two fonts (the PNG's):
    # a label longer than its square (plus most of the gap) is printed smaller, never over its neighbour's.
    char_width_share: float = 0.95


@dataclass(frozen=True)
class PlacedSquare:
    square: PieceSquare
    rect: Rect                       # in the sheet's frame


@dataclass(frozen=True)
class PiecesLayout:
    """The sheet to print (markers, square outlines, labels) and where each square lies on it."""

    sheet: SheetLayout
    squares: tuple[PlacedSquare, ...]


def pieces_sheet_layout(pieces: PiecesSheet, settings: PiecesSheetSettings = PiecesSheetSettings()) -> PiecesLayout:
    """The teaching sheet of `pieces`; ValueError naming the square that does not fit."""
    s = settings
    w, h, m = s.width_mm, s.height_mm, s.marker_mm
    corners = ((0.0, 0.0), (w - m, 0.0), (w - m, h - m), (0.0, h - m))
    markers = tuple(MarkerPlacement(marker_id, x, y, m)
                    for marker_id, (x, y) in zip(ids.PIECES_SHEET_MARKERS.ids, corners))
    placed = _pack(pieces, s)
    labels = [Label(pieces.title, w / 2, m * 0.35, 4.5),
              Label("put one of each of your pieces on its square; keep the four markers in view",
                    w / 2, m * 0.8, 2.5),
              Label(f"print at 100%: markers {m:g} mm", w / 2, h - m / 2, 2.5)]
    for item in placed:
        x, bottom, room = item.rect.centre[0], item.rect.y + item.rect.height, item.rect.width + s.gap_mm * 0.8
        token, caption = (min(most, room / (len(text) * s.char_width_share))
                          for most, text in ((s.token_mm, item.square.label), (s.caption_mm, item.square.caption)))
        labels.append(Label(item.square.label, x, bottom + s.label_gap_mm + s.token_mm / 2, token))
        labels.append(Label(item.square.caption, x, bottom + 2 * s.label_gap_mm + s.token_mm + s.caption_mm / 2, caption))
    sheet = SheetLayout(kind="pieces", title=pieces.title, width=w, height=h, markers=markers,
                        labels=tuple(labels), squares=tuple(item.rect for item in placed))
    return PiecesLayout(sheet, placed)


def _pack(pieces: PiecesSheet, s: PiecesSheetSettings) -> tuple[PlacedSquare, ...]:
    """Shelves from the top: squares go left to right; a square no wider than the column it comes to,
    and short enough, goes under the one before; each shelf is centred across the sheet."""
    top, bottom = s.marker_mm + s.gap_mm, s.height_mm - s.marker_mm - s.gap_mm
    shelves: list[list[PlacedSquare]] = []
    shelf_y, shelf_height = top, 0.0
    for row in pieces.rows:
        column_x, column_width, column_y = None, 0.0, 0.0
        for square in row:
            cell = square.side_mm + s.label_band_mm
            if column_x is not None and square.side_mm <= column_width and column_y + cell <= shelf_y + shelf_height:
                x, y = column_x, column_y                                # under the one before
            else:
                x = 0.0 if column_x is None else column_x + column_width + s.gap_mm
                if column_x is None or x + square.side_mm > s.width_mm or cell > shelf_height:
                    shelf_y = shelf_y + shelf_height + s.gap_mm if shelves else top
                    shelf_height, x = cell, 0.0
                    shelves.append([])
                column_x, column_width = x, square.side_mm
                y = shelf_y
            if square.side_mm > s.width_mm or y + cell > bottom:
                raise ValueError(f"{pieces.title}: no room for the {square.side_mm:g} mm "
                                 f"square {square.label!r} inside {s.width_mm:g} x {s.height_mm:g} mm")
            shelves[-1].append(PlacedSquare(square, Rect(x, y, square.side_mm, square.side_mm)))
            column_y = y + cell + s.gap_mm
    placed = []
    for shelf in shelves:
        shift = (s.width_mm - max(item.rect.x + item.rect.width for item in shelf)) / 2
        placed += [PlacedSquare(item.square, Rect(item.rect.x + shift, item.rect.y, item.rect.width, item.rect.height))
                   for item in shelf]
    return tuple(placed)


def pieces_sheet_record(game: str, paper: Paper, placed: PiecesLayout) -> dict:
    """`pieces-sheet.json`: the game, the paper, and every marker corner and square in mm on the page."""
    origin = placed.sheet.page_offset(paper)

    def on_page(x: float, y: float) -> list[float]:
        return [round(origin[0] + x, 3), round(origin[1] + y, 3)]

    return {
        "game": game,
        "paper": paper.name,
        "page_mm": [paper.width_mm, paper.height_mm],
        "sheet_origin_mm": on_page(0.0, 0.0),
        "markers": [{"id": marker.id, "corners_mm": [on_page(*corner) for corner in marker.corners]}
                    for marker in placed.sheet.markers],
        "squares": [{"label": item.square.label, "centre_mm": on_page(*item.rect.centre), "side_mm": item.rect.width}
                    for item in placed.squares],
    }



def teaching_record(game: str, pieces: PiecesSheet) -> dict:
    """The geometry a photo of `game`'s printed teaching sheet is read with (`calibrate pieces`, the dashboard's
    Pieces screen). A4's: the sheet is the same on Letter, only further across the page, and a photo is
    located by the sheet's own markers."""
    return pieces_sheet_record(game, PAPERS["a4"], pieces_sheet_layout(pieces))
