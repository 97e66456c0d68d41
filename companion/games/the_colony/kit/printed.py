"""The Colony's printed kit (`companion print colony`): the log board on two pages that butt together
(table-corner markers in its corners, each log space with its arrows, ant spot and id), and a sheet of
ant tokens in the two colours for players without ants."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.the_colony.kit.board import GEOMETRY, BoardGeometry, board_markers, draw_board_lines, space_places
from companion.games.the_colony.layout import Layout, default_layout
from companion.kit.layout import CellGrid, Disc, Label, MarkerPlacement, Rect, SheetLayout
from companion.kit.part import GameKit, KitSet, PrintedSet, PrintedSheet
from companion.kit.sheets import GridDrawing, Surface

PAGES = 2   # the board is cut in two down its middle: each half fits A4 and Letter in portrait


@dataclass(frozen=True)
class AntTokenLook:
    colour: str          # the palette ink of the token's rim and middle
    name: str            # as the board text writes the ant's owner


@dataclass(frozen=True)
class AntTokenSettings:
    diameter_mm: float = 13.0      # stands inside the 14 mm ant spot
    ring_mm: float = 8.0           # a white ring tells a token from a dark egg at a glance
    dot_mm: float = 4.5
    per_colour: int = 8            # six in play and two spare
    pitch_mm: float = 20.0


ANT_LOOKS = (AntTokenLook("england", "red"), AntTokenLook("black", "black"))
TOKENS = AntTokenSettings()


def board_half_layouts(layout: Layout, geometry: BoardGeometry = GEOMETRY) -> list[tuple[SheetLayout, tuple]]:
    """The board's pages: (sheet layout in the half's own frame, (x, y, w, h) of the board it shows)."""
    width, height = geometry.size_mm
    half = width / PAGES
    pages = []
    for page in range(PAGES):
        left = page * half
        window = (left, 0.0, half, height)
        markers = tuple(MarkerPlacement(m.id, m.x - left, m.y, m.size) for m in board_markers(geometry)
                        if left <= m.x < left + half)
        labels = [Label(place.id, place.label[0] - left, place.label[1], geometry.label_mm)
                  for place in space_places(layout, geometry) if left <= place.label[0] < left + half]
        side = "left" if page == 0 else "right"
        labels.append(Label(f"The Colony - log board, {side} half: cut on the grey line, butt the halves at the "
                            f"{'right' if page == 0 else 'left'} edge; print at 100% (markers {geometry.marker_mm:g} mm)",
                            half / 2, height + 5.0, 2.2))
        # The half is a grid of 10 mm cells only so that the shared sheet drawing hands its area to
        # board_drawing, which draws the line work there.
        grid = CellGrid(0.0, 0.0, half / 17, 17, round(height / (half / 17)))
        sheet = SheetLayout("colony-board", f"The Colony board, {side} half", half, height, markers, grid,
                            labels=tuple(labels), cut_lines=(Rect(0.0, 0.0, half, height),))
        pages.append((sheet, window))
    return pages


def board_drawing(layout: Layout, window: tuple, geometry: BoardGeometry = GEOMETRY) -> GridDrawing:
    """Draws the board's line work for the part of the board in `window` (x, y, w, h in board mm)."""

    def draw(surface: Surface, sheet: SheetLayout) -> None:
        surface.picture(lambda w, h: draw_board_lines(layout, w, h, window, geometry),
                        Rect(0.0, 0.0, window[2], window[3]))

    return draw


def ant_token_layout(settings: AntTokenSettings = TOKENS) -> SheetLayout:
    """Ant tokens in both colours, to cut out: a coloured disc, a white ring, a coloured dot."""
    columns = settings.per_colour
    width = columns * settings.pitch_mm
    discs, labels = [], [Label("The Colony - ant tokens (cut out; one stands on a log's dashed ant spot)",
                               width / 2, 6.0, 3.5)]
    for row, look in enumerate(ANT_LOOKS):
        y = 24.0 + row * (settings.pitch_mm + 10.0)
        labels.append(Label(f"{look.name} ants", width / 2, y - settings.pitch_mm / 2 - 1.0, 3.0))
        for column in range(columns):
            x = (column + 0.5) * settings.pitch_mm
            discs += [Disc(look.colour, x, y, settings.diameter_mm), Disc("white", x, y, settings.ring_mm),
                      Disc(look.colour, x, y, settings.dot_mm)]
    height = 24.0 + len(ANT_LOOKS) * (settings.pitch_mm + 10.0)
    return SheetLayout("ant-tokens", "The Colony ant tokens", width, height, discs=tuple(discs), labels=tuple(labels))


def print_colony(args) -> PrintedSet:
    """`companion print colony`: the two board halves and the ant token sheet."""
    layout = default_layout()
    sheets = [PrintedSheet(f"colony-board-{'left' if index == 0 else 'right'}", sheet, board_drawing(layout, window))
              for index, (sheet, window) in enumerate(board_half_layouts(layout))]
    sheets.append(PrintedSheet("colony-ant-tokens", ant_token_layout()))
    note = ("The Colony: cut both board halves on their grey lines and butt them (left half on the left); "
            "put three eggs (or small dark beads) in each circle; ants stand on the dashed spots")
    return PrintedSet(sheets, note=note)


KIT = GameKit(sets=(KitSet("colony", "colony", print_colony),))
