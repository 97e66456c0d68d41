"""Assembling the island from the boards' markers: butted, with gaps, turned, seen in perspective."""

import cv2
import numpy as np
import pytest

from companion.kit.layout import ISLAND_SHEET_MM, PAPERS, island_board_layout
from companion.kit.palette import TERRAIN
from companion.kit.sheets import render_sheet
from companion.kit.terrain import random_terrain
from companion.vision.island import IslandNotFound, assemble_island, locate_boards
from companion.vision.markers import detect_markers

PX_PER_MM = 3


def printed_board(board: int, seed: int):
    layout = island_board_layout(board)
    terrain = random_terrain(seed, board)
    page = render_sheet(layout, PAPERS["a4"], dpi=PX_PER_MM * 25.4, terrain=terrain)
    x, y = (round(v * PX_PER_MM) for v in layout.page_offset(PAPERS["a4"]))
    side = round(ISLAND_SHEET_MM * PX_PER_MM)
    return page[y:y + side, x:x + side], terrain


def photograph(placements, tilt=0.12):
    """Boards laid on a grey table at (board, x_mm, y_mm, quarter_turns), seen in perspective."""
    table = np.full((800 * PX_PER_MM, 800 * PX_PER_MM, 3), 95, np.uint8)
    terrains = {}
    for board, x_mm, y_mm, turns in placements:
        sheet, terrains[board] = printed_board(board, seed=3)
        sheet = np.ascontiguousarray(np.rot90(sheet, -turns))
        x, y = x_mm * PX_PER_MM, y_mm * PX_PER_MM
        table[y:y + sheet.shape[0], x:x + sheet.shape[1]] = sheet
    warp = np.array([[0.55, 0.55 * tilt, 40], [0.0, 0.5, 30], [0.0, 0.00012, 1]])
    return cv2.warpPerspective(table, warp, (1400, 1100)), terrains


def terrain_at(image, outline):
    """The printed terrain nearest in colour to the middle of a cell's outline."""
    centre = outline.mean(axis=0)
    x, y = int(round(centre[0])), int(round(centre[1]))
    sample = image[y - 1:y + 2, x - 1:x + 2].reshape(-1, 3).mean(axis=0)
    return min(TERRAIN, key=lambda token: np.linalg.norm(sample - np.array(TERRAIN[token].bgr)))


@pytest.mark.parametrize("placements, boards, size", [
    ([(1, 40, 40, 0), (2, 232, 88, 0)], {1: (0, 0), 2: (6, 2)}, (12, 8)),              # butted, offset 2
    ([(1, 40, 40, 0), (2, 40, 245, 0)], {1: (0, 0), 2: (0, 6)}, (6, 12)),              # a 13 mm gap: butted
    ([(1, 40, 40, 0), (2, 256, 40, 0)], {1: (0, 0), 2: (7, 0)}, (13, 6)),              # a 24 mm gap: sea
    ([(2, 40, 40, 1), (1, 232, 40, 0), (3, 232, 232, 2)], {1: (6, 0), 2: (0, 0), 3: (6, 6)}, (12, 12)),
])
def test_the_island_layout_comes_from_the_markers_alone(placements, boards, size):
    image, terrains = photograph(placements)
    island = assemble_island(locate_boards(detect_markers(image)))
    assert island.boards == boards and (island.width, island.height) == size
    # Every cell's outline lands on that cell's printed terrain, turned boards included.
    for board, (col, row) in boards.items():
        turns = next(t for b, _, _, t in placements if b == board)
        printed = np.rot90(np.array(terrains[board]), -turns)
        for r in range(6):
            for c in range(6):
                assert terrain_at(image, island.cell_outline(col + c, row + r)) == printed[r][c], (board, c, r)


def test_one_marker_per_board_is_enough():
    image, _ = photograph([(1, 40, 40, 0), (2, 232, 88, 0)])
    markers = [m for m in detect_markers(image) if m.id in (0, 6)]
    assert assemble_island(locate_boards(markers)).boards == {1: (0, 0), 2: (6, 2)}


def test_no_board_seen_is_said_plainly():
    with pytest.raises(IslandNotFound, match="none of markers 0-15 seen"):
        assemble_island(locate_boards([]))
