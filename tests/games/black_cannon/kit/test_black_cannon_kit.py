"""The printed Black Cannon kit: four board pages that butt into the whole board with a table-corner marker
at each outer corner, a deck tag for each fleet and kind, chest tokens, the cannon base; printed for real."""

import argparse

import pytest

from companion.games.black_cannon.board import default_board
from companion.games.black_cannon.kit import pieces as kit
from companion.games.black_cannon.kit.sheets import board_page_layout, print_black_cannon
from companion.kit.layout import PAPERS
from companion.kit.sheets import render_sheet
from companion.vision.markers import detect_markers


def test_the_four_pages_butt_into_the_whole_board_with_a_corner_marker_outermost():
    board = default_board()
    geometry = kit.BoardGeometry(board.columns, board.rows)
    pages = geometry.pages()
    assert sum(width for _, _, y, width, _ in pages if y == 0) == geometry.size_mm[0]
    for page, (name, x, y, width, height) in enumerate(pages):
        layout, _ = board_page_layout(board, page)
        (marker,) = layout.markers
        assert marker.id == 20 + page, name
        # The marker's outer corner is the board's own corner, within the border's white.
        mx, my = marker.x + x, marker.y + y
        assert (mx < kit.BORDER_MM) == (page in (0, 3)) and (my < kit.BORDER_MM) == (page in (0, 1)), name
        for paper in PAPERS.values():
            layout.page_offset(paper)   # fits A4 and Letter, or raises


def test_a_printed_page_shows_its_corner_marker_where_the_layout_says():
    board = default_board()
    layout, draw = board_page_layout(board, 2)
    image = render_sheet(layout, PAPERS["a4"], 150, draw)
    found = detect_markers(image)
    assert [marker.id for marker in found] == [22]


@pytest.mark.parametrize("fleet", kit.FLEET_ORDER)
def test_each_fleet_has_one_deck_tag_per_kind_and_the_tag_says_which(fleet):
    tags = [kit.deck_tag(fleet, kind) for kind in kit.KINDS]
    assert len(set(tags)) == 3
    assert [kit.deck_tag_of(tag) for tag in tags] == [(fleet, kind) for kind in kit.KINDS]
    assert kit.deck_tag_of(20) is None


def test_a_bad_fleet_or_kind_is_named():
    with pytest.raises(ValueError, match="unknown fleet 'purple'"):
        kit.deck_tag("purple", "raft")
    with pytest.raises(ValueError, match="unknown ship kind 'canoe'"):
        kit.deck_tag("red", "canoe")


def test_the_kit_prints_the_board_stands_chests_and_cannon_base():
    printed = print_black_cannon(argparse.Namespace())
    names = [sheet.name for sheet in printed.sheets]
    assert names[:4] == [f"black-cannon-board-{c}" for c in ("top-left", "top-right", "bottom-right", "bottom-left")]
    assert {"black-cannon-stands-red", "black-cannon-chests", "black-cannon-cannon-base"} <= set(names)
    stands = next(s for s in printed.sheets if s.name == "black-cannon-stands-blue")
    image = render_sheet(stands.layout, PAPERS["letter"], 200)
    assert sorted(m.id for m in detect_markers(image)) == [27, 28, 29]
    cannon = next(s for s in printed.sheets if s.name == "black-cannon-cannon-base")
    assert [m.id for m in cannon.layout.markers] == [48]
    assert '"black_cannon"' in printed.files["black-cannon-board.json"]


def test_the_board_is_drawn_sea_and_land_as_the_board_says():
    board = default_board()
    layout, draw = board_page_layout(board, 0)
    image = render_sheet(layout, PAPERS["a4"], 100, draw)
    offset = layout.page_offset(PAPERS["a4"])
    geometry = kit.BoardGeometry(board.columns, board.rows)

    def colour_at(square):
        column, row = board.xy(square)
        x, y = geometry.square_origin(column, row)
        px = lambda mm: int(round(mm / 25.4 * 100))
        return image[px(offset[1] + y + 6), px(offset[0] + x + 6)]   # near the corner, clear of marks

    assert board.kind("E4") == "#" and board.kind("B2") == "~"
    land, sea = colour_at("E4"), colour_at("B2")
    assert tuple(land[::-1]) == kit.LAND_RGB and tuple(sea[::-1]) == kit.SEA_RGB
