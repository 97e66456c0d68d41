"""The marker ID table: every ID has one meaning, inside DICT_4X4_50, documented in docs/markers.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.kit import ids

DOC = Path(__file__).resolve().parents[2] / "docs" / "markers.md"


def test_no_id_is_used_twice_and_all_fit_the_dictionary():
    every_id = [marker_id for marker_range in ids.RANGES for marker_id in marker_range.ids]
    assert len(every_id) == len(set(every_id))
    assert all(0 <= marker_id < ids.DICTIONARY_SIZE for marker_id in every_id)


def test_every_id_of_the_dictionary_is_allocated_or_reserved():
    assert [entry.id for entry in ids.allocation()] == list(range(ids.DICTIONARY_SIZE))


def test_each_island_board_has_four_distinct_corner_markers_that_name_it():
    seen = set()
    for board in range(1, ids.ISLAND_BOARDS + 1):
        corners = [ids.island_board_marker(board, corner) for corner in range(4)]
        assert len(set(corners)) == 4
        seen.update(corners)
        assert [ids.island_board_of(marker_id) for marker_id in corners] == [
            (board, corner) for corner in range(4)
        ]
    assert len(seen) == 16
    assert ids.island_board_of(ids.PATCH_SHEET_MARKERS.first) is None


def test_ship_tags_round_trip_fleet_and_ship():
    for fleet in range(1, ids.FLEETS + 1):
        for ship in range(1, ids.SHIPS_PER_FLEET + 1):
            assert ids.ship_of(ids.ship_tag(fleet, ship)) == (fleet, ship)


def test_describing_an_id_outside_the_dictionary_says_which_and_why():
    with pytest.raises(ValueError, match=r"marker id 50 is not in DICT_4X4_50 \(0..49\)"):
        ids.describe(50)
    with pytest.raises(ValueError, match="island board must be 1..4, got 5"):
        ids.island_board_marker(5, 0)


def test_docs_markers_md_shows_the_table_the_code_uses():
    assert ids.to_markdown() in DOC.read_text(), (
        "docs/markers.md is out of date: paste companion.kit.ids.to_markdown() into it"
    )


def test_the_cannon_base_has_one_id_of_its_own_and_is_printed():
    from companion.kit import layout

    owners = [r for r in ids.RANGES if 48 in r.ids]
    assert owners == [ids.CANNON_BASE_MARKER] and ids.CANNON_BASE_MARKER.count == 1
    assert ids.describe(48).label == "cannon base (top: muzzle)"
    assert list(layout.marker_sheet_layout(layout.CANNON_GROUP).markers)[0].id == 48


def test_the_pieces_teaching_sheet_has_four_ids_of_its_own_one_per_corner():
    owners = {marker_range for marker_range in ids.RANGES for marker_id in range(44, 48) if marker_id in marker_range.ids}
    assert owners == {ids.PIECES_SHEET_MARKERS}
    assert [ids.describe(marker_id).label for marker_id in ids.PIECES_SHEET_MARKERS.ids] == [
        "pieces sheet, top-left", "pieces sheet, top-right", "pieces sheet, bottom-right", "pieces sheet, bottom-left"]
