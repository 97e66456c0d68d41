"""Assembling the island from the boards' markers: butted, with gaps, turned, seen in perspective."""

import cv2
import numpy as np
import pytest

from companion.kit.layout import PAPERS
from companion.games.cannonball_colony.kit.boards import ISLAND_SHEET_MM, island_board_layout
from companion.kit.palette import TERRAIN
from companion.games.cannonball_colony.kit.printed import render_board
from companion.games.cannonball_colony.kit.terrain import random_terrain
from companion.games.cannonball_colony.camera.island import IslandNotFound, IslandSettings, assemble_island, locate_boards
from companion.vision.markers import detect_markers

PX_PER_MM = 3


def printed_board(board: int, seed: int):
    layout = island_board_layout(board)
    terrain = random_terrain(seed, board)
    page = render_board(layout, PAPERS["a4"], PX_PER_MM * 25.4, terrain)
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
    ([(1, 40, 40, 0), (3, 40, 232, 0), (2, 232, 304, 0)], {1: (0, 0), 3: (0, 6), 2: (6, 9)}, (12, 15)),  # a chain
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


def test_one_marker_places_a_board_once_another_board_fixes_the_table_plane():
    image, _ = photograph([(1, 40, 40, 0), (2, 232, 88, 0)])
    markers = [m for m in detect_markers(image) if m.id in (0, 2, 3, 6)]   # board 2 shows only one
    assert assemble_island(locate_boards(markers)).boards == {1: (0, 0), 2: (6, 2)}


def test_a_board_seen_only_along_one_edge_does_not_skew_the_others():
    # Board 1 shows two markers on its top edge: its own homography is poorly conditioned,
    # so the table plane is fitted on the board seen best and board 1 placed rigidly on it.
    image, terrains = photograph([(1, 40, 40, 0), (2, 232, 88, 0)], tilt=0.3)
    markers = [m for m in detect_markers(image) if m.id in (0, 1, 4, 5, 6, 7)]
    island = assemble_island(locate_boards(markers))
    assert island.boards == {1: (0, 0), 2: (6, 2)}
    assert terrain_at(image, island.cell_outline(0, 5)) == terrains[1][5][0]


def test_a_board_far_from_the_others_is_reported():
    image, _ = photograph([(1, 40, 40, 0), (2, 300, 40, 0)])   # 68 mm apart
    with pytest.raises(IslandNotFound, match="board 2 does not touch the rest of the island"):
        assemble_island(locate_boards(detect_markers(image)))


def test_how_wide_a_gap_still_joins_two_boards_is_a_setting():
    image, _ = photograph([(1, 40, 40, 0), (2, 40, 245, 0)])   # a 13 mm gap, a third of a cell
    located = locate_boards(detect_markers(image))
    assert assemble_island(located).boards == {1: (0, 0), 2: (0, 6)}
    with pytest.raises(IslandNotFound, match="board 2 does not touch"):
        assemble_island(located, IslandSettings(gap_tolerance_cells=0.1))


def test_no_board_seen_is_said_plainly():
    with pytest.raises(IslandNotFound, match="none of markers 0-15 seen"):
        assemble_island(locate_boards([]))
