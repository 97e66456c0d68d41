"""Cannonball Colony's printed kit: the island boards with their terrain drawn in the cell grid, and
the kit part that `companion print islands` prints (with island-boards.json, to print a lost board again),
and the teaching sheet of its pieces (`companion print pieces`)."""

from __future__ import annotations

import json
import random

import numpy as np

from companion.games.cannonball_colony.cells import Country, Ground, Piece, PieceKind
from companion.games.cannonball_colony.kit.boards import ISLAND_CELL_MM, island_board_layout, island_terrain_label
from companion.games.cannonball_colony.kit.terrain import Terrain, parse_terrain, random_terrain, terrain_to_text
from companion.kit.layout import Label, Paper, SheetLayout
from companion.kit.palette import terrain_colour
from companion.kit.part import GameKit, KitSet, PrintedSet, PrintedSheet
from companion.kit.pieces_sheet import PieceSquare, PiecesSheet
from companion.kit.sheets import GRID_LINE, LINE_MM, TEXT_BLACK, WHITE, GridDrawing, Surface, render_sheet

BOARDS = (1, 2, 3, 4)
MARK_SHARE = 0.15   # the terrain letter's height, as a share of the cell


def terrain_drawing(terrain: Terrain) -> GridDrawing:
    """Draws `terrain` into an island board's cell grid: each cell in its ink, its letter in a corner."""

    def draw(surface: Surface, layout: SheetLayout) -> None:
        grid = layout.grid
        if len(terrain) != grid.rows or any(len(row) != grid.columns for row in terrain):
            raise ValueError(f"the {layout.title} sheet needs {grid.rows} rows of {grid.columns} "
                             f"terrain cells, got {[len(row) for row in terrain]}")
        for row_index, row in enumerate(terrain):
            for column_index, token in enumerate(row):
                colour = terrain_colour(token)
                cell = grid.cell_rect(column_index, row_index)
                surface.fill(cell, colour.bgr)
                # The letter sits in the corner, away from the middle the camera samples.
                mark_height = grid.cell * MARK_SHARE
                surface.text(Label(colour.mark, cell.x + mark_height, cell.y + mark_height * 1.1,
                                   mark_height), WHITE if colour.is_dark else TEXT_BLACK)
        for row_index in range(grid.rows):
            for column_index in range(grid.columns):
                surface.outline(grid.cell_rect(column_index, row_index), GRID_LINE, LINE_MM / 2)
        surface.outline(grid.bounds, GRID_LINE)

    return draw


def render_board(layout: SheetLayout, paper: Paper, dpi: float, terrain: Terrain) -> np.ndarray:
    """An island board's page as a picture, `terrain` in its cells."""
    return render_sheet(layout, paper, dpi, terrain_drawing(terrain))


def print_islands(args) -> PrintedSet:
    """`companion print islands`: the --board boards (all four by default), each with the next --terrain
    or random terrain from --seed; ValueError naming the board whose terrain is bad."""
    boards = args.board or list(BOARDS)
    if len(args.terrain) > len(boards):
        raise ValueError(f"{len(args.terrain)} --terrain given for {len(boards)} board(s) "
                         f"{boards}: give one --terrain per --board")
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    terrains = {}
    for index, board in enumerate(boards):
        if index < len(args.terrain):
            try:
                terrains[board] = parse_terrain(args.terrain[index])
            except ValueError as error:
                raise ValueError(f"--terrain for board {board}: {error}") from None
        else:
            terrains[board] = random_terrain(seed, board)
    sheets = [PrintedSheet(f"island-board-{board}",
                           island_terrain_label(island_board_layout(board), terrain_to_text(terrains[board])),
                           terrain_drawing(terrains[board]))
              for board in boards]
    record = {"seed": seed, "boards": {str(b): terrain_to_text(terrains[b]) for b in boards}}
    note = f"island terrain: --seed {seed}" + (" (given terrain where --terrain was set)" if args.terrain else "")
    return PrintedSet(sheets, {"island-boards.json": json.dumps(record, indent=2) + "\n"}, note)


EMPTY_SQUARES = 2   # what a cell with no piece looks like, learned from more than one place


def pieces_sheet() -> PiecesSheet:
    """A fort, a cannon and a blockade of each country (a row each), then a road tile and empty squares,
    each a cell in size and labelled with its board text token (docs/formats.md)."""
    rows = [tuple(PieceSquare(Piece(kind, country).token, f"{kind.label}, {country}", ISLAND_CELL_MM)
                  for kind in PieceKind)
            for country in Country]
    rows.append((PieceSquare(Ground.ROAD.value, "road tile", ISLAND_CELL_MM),
                 *(PieceSquare(Ground.SEA.value, "leave empty", ISLAND_CELL_MM) for _ in range(EMPTY_SQUARES))))
    return PiecesSheet("Cannonball Colony - teaching sheet", tuple(rows), reads_heights=True)


KIT = GameKit(sets=(KitSet("islands", "island-boards", print_islands),), pieces=pieces_sheet())
