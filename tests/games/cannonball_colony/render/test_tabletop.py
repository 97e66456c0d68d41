"""Where the printed boards lie: the logical layout comes back from the sheets' positions."""

from __future__ import annotations

import random

import pytest

from companion.games.cannonball_colony.cells import Cell, Country, Ground
from companion.games.cannonball_colony.setup import island_from_boards, new_island
from companion.games.cannonball_colony.text import parse_board
from companion.games.cannonball_colony.render.tabletop import (CELL_MM, SHEET_MM, Tabletop, check_printed, lay_out_sheets,
                                       printed_terrain)

COUNTRIES = list(Country)


def grid_origin(sheet):
    return sheet.to_table(CELL_MM, CELL_MM)


def recovered_offset(distance_mm: float, butted: bool) -> int:
    """The kit's rule (layout.py): round(distance / cell) - 2 across a butt, as is along it."""
    return round(distance_mm / CELL_MM) - (2 if butted else 0) * (1 if distance_mm > 0 else -1)


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("jitter", [False, True], ids=["exact", "as laid by hand"])
def test_a_reader_recovers_the_logical_layout_from_touching_sheets(seed, jitter):
    # Every board is butted to some board it touches, so the reader's rule links them all.
    position = new_island(COUNTRIES[:2 + seed % 3], seed=seed)
    sheets = lay_out_sheets(position, random.Random(seed) if jitter else None)
    linked = {0}
    for _ in sheets:
        for a in sheets:
            for b in sheets:
                d_col, d_row = b.corner.col - a.corner.col, b.corner.row - a.corner.row
                touching = (abs(d_col) == 6 and abs(d_row) < 6) or (abs(d_row) == 6 and abs(d_col) < 6)
                (ax, ay), (bx, by) = grid_origin(a), grid_origin(b)
                if (a.seat in linked and touching
                        and recovered_offset(bx - ax, abs(d_col) == 6) == d_col
                        and recovered_offset(by - ay, abs(d_row) == 6) == d_row):
                    linked.add(b.seat)
    assert linked == set(range(len(sheets)))


@pytest.mark.parametrize("seed", range(12))
def test_sheets_never_overlap_and_the_island_is_centred_on_the_table(seed):
    position = new_island(COUNTRIES[:2 + seed % 3], seed=seed)
    sheets = lay_out_sheets(position, random.Random(seed))
    centres = [sheet.centre_mm for sheet in sheets]
    for i, (x1, y1) in enumerate(centres):
        for x2, y2 in centres[i + 1:]:
            assert max(abs(x1 - x2), abs(y1 - y2)) >= SHEET_MM
    x0, y0, x1, y1 = Tabletop(sheets, ()).extent()
    assert abs(x0 + x1) < 5 and abs(y0 + y1) < 5


def test_boards_across_a_gap_of_sea_lie_apart_by_the_gap_and_two_frames():
    position = parse_board("players: france spain\nboards: A1 I1\n" + "\n".join(
        f"{row} " + " ".join(["g"] * 6 + [".", "."] + ["g"] * 6) for row in range(1, 7)))
    first, second = lay_out_sheets(position)
    assert grid_origin(second)[0] - grid_origin(first)[0] == pytest.approx((8 + 2) * CELL_MM)


def test_cell_centres_follow_the_grid_of_their_board():
    position = new_island([Country.FRANCE, Country.SPAIN], seed=4)
    tabletop = Tabletop(lay_out_sheets(position), printed_terrain(position, 4))
    corner = position.boards[1]
    x, y = tabletop.cell_centre(Cell(corner.col + 2, corner.row + 3))
    ox, oy = grid_origin(tabletop.sheets[1])
    assert (x - ox, y - oy) == pytest.approx((2.5 * CELL_MM, 3.5 * CELL_MM))
    with pytest.raises(ValueError, match="not on any board"):
        tabletop.cell_centre(Cell(position.width + 3, 0))


def test_printed_terrain_keeps_the_land_and_draws_grass_or_forest_under_roads():
    position = parse_board(open("samples/boards/cannonball-colony-dispute.txt").read())
    printed = printed_terrain(position, seed=1)
    assert printed == printed_terrain(position, seed=1)
    for corner, terrain in zip(position.boards, printed):
        for row in range(6):
            for col in range(6):
                ground = position.ground_at(Cell(corner.col + col, corner.row + row))
                token = terrain[row][col]
                assert token in "gf" if ground is Ground.ROAD else token == ground.value


def test_printed_terrain_that_contradicts_the_position_is_refused_naming_the_cell():
    position = parse_board(open("samples/boards/cannonball-colony-dispute.txt").read())
    printed = [list(map(list, board)) for board in printed_terrain(position, seed=1)]
    printed[0][1][4] = "l"  # E2 is a mountain on the board
    with pytest.raises(ValueError, match=r"board 1 prints 'l' at E2, but the position has mountain"):
        check_printed(position, tuple(tuple(map(tuple, board)) for board in printed))


def test_boards_whose_sheets_would_overlap_are_refused():
    # H1 lies one column of sea past A1 and touches E7, which hangs below A1: butting H1
    # against E7 puts its sheet on top of A1's.
    grass = [[Ground.GRASS] * 6] * 6
    position = island_from_boards(COUNTRIES[:3], [Cell(0, 0), Cell(4, 6), Cell(7, 0)], [grass] * 3)
    with pytest.raises(ValueError, match="boards A1 and H1 cannot both lie flat"):
        lay_out_sheets(position)
