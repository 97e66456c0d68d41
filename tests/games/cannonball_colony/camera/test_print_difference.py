"""A piece is what is not the board's print: a patch of two printed cells with a piece, its shadow, the grid line and
a cell's letter drawn in; only the piece is told apart from the print, whatever its colour."""

from __future__ import annotations

from types import SimpleNamespace

import cv2
import numpy as np

from companion.games.cannonball_colony.camera.board_view import ViewSettings
from companion.games.cannonball_colony.camera.print_difference import (PrintSettings, _length, _segment_gap, not_print,
                                                                     not_print_many, print_colours)

GRASS = np.array([0.12, 0.55, 0.35])     # linear BGR over the white field
ROAD = np.array([0.55, 0.62, 0.66])
PX_PER_CELL = 40


def printed_patch():
    """Cells (0, 0) grass and (1, 0) a road, 40 px a cell: (colours, board-local cell coordinates of each pixel)."""
    ys, xs = np.mgrid[0:PX_PER_CELL, 0:2 * PX_PER_CELL]
    grid = np.dstack([(xs + 0.5) / PX_PER_CELL, (ys + 0.5) / PX_PER_CELL])
    colours = np.where((grid[..., 0] < 1)[..., None], GRASS, ROAD)
    return colours, grid


def blurred_edge(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the mask's inside, the mask and its edge): the colours are smoothed before they are compared."""
    reach = int(np.ceil(2 * PrintSettings().blur_px))
    kernel = np.ones((2 * reach + 1, 2 * reach + 1), np.uint8)
    return (cv2.erode(mask.astype(np.uint8), kernel).astype(bool), cv2.dilate(mask.astype(np.uint8), kernel).astype(bool))


def test_a_piece_differs_from_the_print_and_its_shadow_line_and_letter_do_not():
    colours, grid = printed_patch()
    piece = (np.hypot(grid[..., 0] - 1.5, grid[..., 1] - 0.55) < 0.25)
    colours[piece] = GRASS * 1.1                                   # a green piece standing on the road
    shadow = (grid[..., 0] > 0.45) & (grid[..., 0] < 0.9) & (grid[..., 1] > 0.4)
    colours[shadow] *= 0.2                                         # its deep shadow over the grass
    colours[np.abs(grid[..., 0] - 1) < 0.02] = 0.03                # the grid line between the cells
    letter = (grid[..., 0] > 1.1) & (grid[..., 0] < 1.2) & (grid[..., 1] > 0.08) & (grid[..., 1] < 0.22)
    colours[letter] = 0.04                                         # the road's letter, in its corner
    prints = {(0, 0): GRASS, (1, 0): ROAD}
    differs, known = not_print(colours, grid, prints)
    assert known.all()
    inner, outer = blurred_edge(piece)
    assert differs[inner].mean() > 0.95
    assert differs[~outer].mean() < 0.02


def test_a_boards_windows_read_together_read_as_each_alone():
    """piece_fit asks about every piece's window on a board at once: a red piece on the road, a deep shadow on the
    grass, a window reaching over the frame, of three sizes; each answer is what that window alone gives, to the
    pixel, and the red piece stands out in its own window only."""
    colours, grid = printed_patch()
    red = colours.copy()
    piece = np.hypot(grid[..., 0] - 1.5, grid[..., 1] - 0.5) < 0.25
    red[piece] = [0.05, 0.05, 0.6]
    shadow = colours.copy()
    shadow[grid[..., 0] < 0.6] *= 0.25
    ys, xs = np.mgrid[0:30, 0:50]
    over_frame = np.dstack([(xs + 0.5) / PX_PER_CELL - 0.6, (ys + 0.5) / PX_PER_CELL])
    frame = np.where((over_frame[..., 0] < 0)[..., None], np.array([0.9, 0.9, 0.9]), GRASS)
    windows = [(red, grid), (shadow[:, :50], grid[:, :50]), (frame, over_frame)]
    prints = {(0, 0): GRASS, (1, 0): ROAD}
    together = not_print_many(windows, prints)
    for (colours, cells), (differs, known) in zip(windows, together):
        alone_differs, alone_known = not_print(colours, cells, prints)
        assert differs.shape == colours.shape[:2]
        assert np.array_equal(differs, alone_differs) and np.array_equal(known, alone_known)
    inner, _ = blurred_edge(piece)
    assert together[0][0][inner].all()
    assert not together[1][0].any() and not together[2][0].any()


def test_beyond_the_grid_the_frame_is_paper_and_beyond_the_frame_nothing_is_known():
    ys, xs = np.mgrid[0:PX_PER_CELL, 0:3 * PX_PER_CELL]
    grid = np.dstack([(xs + 0.5) / PX_PER_CELL - 2.0, (ys + 0.5) / PX_PER_CELL])    # the table, the frame, cell (0, 0)
    colours = np.where((grid[..., 0] < 0)[..., None], np.array([0.9, 0.9, 0.9]), GRASS)
    colours[(grid[..., 0] > -0.8) & (grid[..., 0] < -0.5) & (grid[..., 1] < 0.3)] = 0.02   # a marker's black
    red = (grid[..., 0] > -0.45) & (grid[..., 0] < -0.15) & (grid[..., 1] > 0.5)
    colours[red] = [0.05, 0.05, 0.6]                               # a red piece leaning over the frame
    differs, known = not_print(colours, grid, {(0, 0): GRASS})
    assert not known[grid[..., 0] < -1].any()
    assert known[grid[..., 0] > -1].all()
    inner, outer = blurred_edge(red)
    assert differs[inner].mean() > 0.95
    assert differs[~outer].mean() < 0.02


def test_each_ground_prints_as_its_bare_cells_show_it_and_a_piece_stands_on_a_road():
    settings = ViewSettings()
    side, margin = settings.px_per_cell, settings.margin_cells
    size = int((6 + 2 * margin) * side)
    relative = np.zeros((size, size, 3))
    grounds = {(col, row): "g" for row in range(6) for col in range(6)}
    grounds.update({(2, 2): "r", (3, 3): "Fs", (4, 4): "."})
    for (col, row), token in grounds.items():
        y, x = int((row + margin) * side), int((col + margin) * side)
        relative[y:y + side, x:x + side] = ROAD if token == "r" else GRASS
    view = SimpleNamespace(settings=settings, paper_relative=relative)
    table = SimpleNamespace(references={"road": [0.6, 0.6, 0.6]})
    prints = print_colours(view, grounds, table)
    assert np.allclose(prints[(0, 0)], GRASS) and np.allclose(prints[(2, 2)], ROAD)
    assert np.allclose(prints[(3, 3)], ROAD)      # under a piece: a road tile as the board's bare roads show it
    assert (4, 4) not in prints                   # the sea is not printed on a board


def test_the_distances_added_by_hand_are_numpys_to_the_bit():
    # not_print sums its colours' three channels one by one (numpy's reductions over so short an axis are slow on a
    # small window); a flipped last bit could flip a pixel, so they must add as numpy does.
    rng = np.random.default_rng(15)
    chroma = rng.random((30, 40, 3)).astype(np.float32)
    own, other = rng.random((30, 40, 3)), rng.random(3)
    along = other - own
    share = np.clip(((chroma - own) * along).sum(axis=-1) / np.maximum((along * along).sum(axis=-1), 1e-9), 0.0, 1.0)
    by_numpy = np.linalg.norm(chroma - (own + share[..., None] * along), axis=-1)
    assert np.array_equal(_segment_gap(chroma, own, other), by_numpy)
    assert np.array_equal(_length(chroma - own), np.linalg.norm(chroma - own, axis=-1))
