"""Where everything sits on the printed sheets, in millimetres: shared by printer and readers.

Every sheet has its own frame: x to the right and y down from the sheet's top-left corner
(for an island board, the corner of its cut square). Readers work in that frame and never
need the paper; the printer centres the sheet on the paper with `page_offset`.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.kit import ids
from companion.kit.palette import PATCH_COLOURS

MM_PER_INCH = 25.4
# Most printers cannot print within about 4 mm of the edge; keep clear of that.
PRINT_MARGIN_MM = 5.0


@dataclass(frozen=True)
class Paper:
    name: str
    width_mm: float
    height_mm: float

    @property
    def size_points(self) -> tuple[float, float]:
        """The page size in PDF points (1/72 inch)."""
        return self.width_mm / MM_PER_INCH * 72.0, self.height_mm / MM_PER_INCH * 72.0


PAPERS = {
    "a4": Paper("a4", 210.0, 297.0),
    "letter": Paper("letter", 215.9, 279.4),
}


def printable_area(paper: Paper) -> tuple[float, float]:
    """Width and height in mm that a sheet may use on `paper`, clear of the margins."""
    return paper.width_mm - 2 * PRINT_MARGIN_MM, paper.height_mm - 2 * PRINT_MARGIN_MM


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.width / 2, self.y + self.height / 2

    def inset(self, margin: float) -> Rect:
        return Rect(self.x + margin, self.y + margin, self.width - 2 * margin, self.height - 2 * margin)


@dataclass(frozen=True)
class MarkerPlacement:
    """An upright marker: `x`, `y` is the top-left of its black square, `size` its side."""

    id: int
    x: float
    y: float
    size: float
    dictionary: str = ids.DICTIONARY

    @property
    def corners(self) -> tuple[tuple[float, float], ...]:
        """Sheet positions of the corners in OpenCV's order (TL, TR, BR, BL)."""
        x, y, s = self.x, self.y, self.size
        return (x, y), (x + s, y), (x + s, y + s), (x, y + s)

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.size / 2, self.y + self.size / 2


@dataclass(frozen=True)
class CellGrid:
    """A board's cells: column 0 and row 0 at (`x`, `y`), each cell `cell` mm square."""

    x: float
    y: float
    cell: float
    columns: int
    rows: int

    def cell_rect(self, column: int, row: int) -> Rect:
        if not (0 <= column < self.columns and 0 <= row < self.rows):
            raise ValueError(f"cell ({column}, {row}) is off this {self.columns}x{self.rows} grid")
        return Rect(self.x + column * self.cell, self.y + row * self.cell, self.cell, self.cell)

    def cell_centre(self, column: int, row: int) -> tuple[float, float]:
        return self.cell_rect(column, row).centre

    @property
    def bounds(self) -> Rect:
        return Rect(self.x, self.y, self.columns * self.cell, self.rows * self.cell)


@dataclass(frozen=True)
class Patch:
    """A solid colour patch of the reference sheet, named after its `palette` colour."""

    name: str
    rect: Rect


@dataclass(frozen=True)
class Disc:
    """A round patch of a `palette` colour centred on (`x`, `y`), cut out round its edge."""

    name: str
    x: float
    y: float
    diameter: float


@dataclass(frozen=True)
class Label:
    """Text centred on (`x`, `y`) with capital letters `height` mm tall."""

    text: str
    x: float
    y: float
    height: float


@dataclass(frozen=True)
class SheetLayout:
    kind: str
    title: str
    width: float
    height: float
    markers: tuple[MarkerPlacement, ...] = ()
    grid: CellGrid | None = None
    patches: tuple[Patch, ...] = ()
    labels: tuple[Label, ...] = ()
    cut_lines: tuple[Rect, ...] = ()
    discs: tuple[Disc, ...] = ()
    squares: tuple[Rect, ...] = ()      # outlined places to put a piece on (the teaching sheet)

    def marker(self, marker_id: int) -> MarkerPlacement:
        for placement in self.markers:
            if placement.id == marker_id:
                return placement
        raise KeyError(f"marker {marker_id} is not on the {self.title} sheet")

    def page_offset(self, paper: Paper) -> tuple[float, float]:
        """Where the sheet's top-left lands on `paper` when centred; ValueError if it won't fit."""
        room_x, room_y = printable_area(paper)
        if self.width > room_x + 1e-9 or self.height > room_y + 1e-9:
            raise ValueError(
                f"the {self.title} sheet ({self.width:g} x {self.height:g} mm) does not fit on "
                f"{paper.name} paper ({paper.width_mm:g} x {paper.height_mm:g} mm) inside "
                f"{PRINT_MARGIN_MM:g} mm margins"
            )
        return (paper.width_mm - self.width) / 2, (paper.height_mm - self.height) / 2


# --- Colour reference patches ---------------------------------------------------------
PATCH_SHEET_WIDTH_MM = 180.0
PATCH_SHEET_HEIGHT_MM = 240.0
PATCH_MARKER_MM = 30.0
PATCH_MM = 36.0
PATCH_COLUMNS = 4
PATCH_PITCH_X_MM = 44.0
PATCH_PITCH_Y_MM = 56.0
PATCH_TOP_MM = 44.0


def patch_sheet_layout() -> SheetLayout:
    """The colour reference sheet: every palette colour as a patch, markers at the corners."""
    w, h, m = PATCH_SHEET_WIDTH_MM, PATCH_SHEET_HEIGHT_MM, PATCH_MARKER_MM
    corner_positions = ((0.0, 0.0), (w - m, 0.0), (w - m, h - m), (0.0, h - m))
    markers = tuple(
        MarkerPlacement(marker_id, x, y, m)
        for marker_id, (x, y) in zip(ids.PATCH_SHEET_MARKERS.ids, corner_positions)
    )
    left = (w - (PATCH_COLUMNS - 1) * PATCH_PITCH_X_MM - PATCH_MM) / 2
    patches, labels = [], []
    for index, colour in enumerate(PATCH_COLOURS):
        row, column = divmod(index, PATCH_COLUMNS)
        rect = Rect(left + column * PATCH_PITCH_X_MM, PATCH_TOP_MM + row * PATCH_PITCH_Y_MM,
                    PATCH_MM, PATCH_MM)
        patches.append(Patch(colour.name, rect))
        labels.append(Label(colour.name, rect.centre[0], rect.y + rect.height + 6.0, 3.5))
    labels += [
        Label("Colour references", w / 2, 10.0, 6.0),
        Label("lay this sheet where the board will be", w / 2, 20.0, 3.0),
        Label(f"print at 100%: markers {m:g} mm", w / 2, h - 10.0, 3.0),
    ]
    return SheetLayout(kind="colour-patches", title="colour reference patches", width=w,
                       height=h, markers=markers, patches=tuple(patches), labels=tuple(labels))


# --- Loose marker sheets: cut out and stuck on ----------------------------------------
@dataclass(frozen=True)
class MarkerGroup:
    name: str
    title: str
    marker_range: ids.MarkerRange
    marker_mm: float
    columns: int


# Big enough to be read at the table's far side; small enough for a toy cannon's base. Every game
# with a cannon uses it; each game's kit part adds its own groups (kit/part.py).
CANNON_GROUP = MarkerGroup("cannon", "cannon base", ids.CANNON_BASE_MARKER, 50.0, 1)
MARKER_QUIET_MM = 5.0  # white round each marker, inside its cut box
MARKER_CAPTION_MM = 7.0
MARKER_TITLE_MM = 16.0


def marker_sheet_layout(group: MarkerGroup) -> SheetLayout:
    """One group's markers in cut boxes, each captioned with its ID and meaning."""
    box_w = group.marker_mm + 2 * MARKER_QUIET_MM
    box_h = box_w + MARKER_CAPTION_MM
    rows = -(-group.marker_range.count // group.columns)
    markers, labels, cuts = [], [Label(group.title, group.columns * box_w / 2, 6.0, 6.0)], []
    for index, marker_id in enumerate(group.marker_range.ids):
        row, column = divmod(index, group.columns)
        box = Rect(column * box_w, MARKER_TITLE_MM + row * box_h, box_w, box_h)
        cuts.append(box)
        markers.append(MarkerPlacement(marker_id, box.x + MARKER_QUIET_MM,
                                       box.y + MARKER_QUIET_MM, group.marker_mm))
        caption = f"{marker_id}: {ids.describe(marker_id).label}"
        labels.append(Label(caption, box.centre[0], box.y + box_w + MARKER_CAPTION_MM / 2 - 1.0,
                            min(2.5, group.marker_mm / 12)))
    return SheetLayout(kind="markers", title=group.title, width=group.columns * box_w,
                       height=MARKER_TITLE_MM + rows * box_h, markers=tuple(markers),
                       labels=tuple(labels), cut_lines=tuple(cuts))
