"""Cannonball Colony's island boards on paper: the cell grid in its frame, a marker in each corner."""

from __future__ import annotations

from dataclasses import replace

from companion.kit import ids
from companion.kit.layout import CellGrid, Label, MarkerPlacement, Rect, SheetLayout

# The frame is exactly one cell wide, so two boards butted together show their grids two
# cells apart: a reader recovers the logical layout as round(distance / cell) - 2.
ISLAND_CELL_MM = 24.0
ISLAND_CELLS = 6
ISLAND_FRAME_MM = ISLAND_CELL_MM
ISLAND_MARKER_MM = 20.0
ISLAND_SHEET_MM = ISLAND_CELLS * ISLAND_CELL_MM + 2 * ISLAND_FRAME_MM  # the cut square


def island_board_layout(board: int) -> SheetLayout:
    """Island board `board` (1-4): a 6x6 grid in a frame with a marker in each corner."""
    side = ISLAND_SHEET_MM
    # Centred in the corner square of the frame: 2 mm of white keeps the marker's black
    # border apart from the table even after the sheet is trimmed on the cut line.
    inset = (ISLAND_FRAME_MM - ISLAND_MARKER_MM) / 2
    far = side - inset - ISLAND_MARKER_MM
    corner_positions = ((inset, inset), (far, inset), (far, far), (inset, far))
    markers = tuple(
        MarkerPlacement(ids.island_board_marker(board, corner), x, y, ISLAND_MARKER_MM)
        for corner, (x, y) in enumerate(corner_positions)
    )
    band = ISLAND_FRAME_MM / 2
    return SheetLayout(
        kind="island-board",
        title=f"island board {board}",
        width=side,
        height=side,
        markers=markers,
        grid=CellGrid(ISLAND_FRAME_MM, ISLAND_FRAME_MM, ISLAND_CELL_MM, ISLAND_CELLS, ISLAND_CELLS),
        labels=(
            Label(f"Cannonball Colony - island board {board}", side / 2, band - 2.5, 5.0),
            Label(f"cut on the outer line: {side:g} mm square at 100%", side / 2, band + 4.5, 2.5),
        ),
        cut_lines=(Rect(0.0, 0.0, side, side),),
    )


def island_terrain_label(board_layout: SheetLayout, terrain_text: str) -> SheetLayout:
    """The board layout with its terrain string printed in the bottom band, for reprints."""
    label = Label(f"terrain {terrain_text}", board_layout.width / 2,
                  board_layout.height - ISLAND_FRAME_MM / 2, 3.0)
    return replace(board_layout, labels=board_layout.labels + (label,))
