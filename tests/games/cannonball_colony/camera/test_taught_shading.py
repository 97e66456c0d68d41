"""Taught, each piece's shading (how lightness spreads over its silhouette, its paint's median at nought) is kept
beside its solid, and a piece on the island is compared with each kind's: one group's kinds share a paint, but a
barrel, a cylinder and a tower are lit and shaded each its own way."""

from __future__ import annotations

import pytest

from calibration.pieces import PieceLooks, teach
from companion.games.cannonball_colony.render.piece_sets import choose_piece_set
from companion.games.cannonball_colony.render.teaching import compose_teaching, render_teaching, sheet_record
from companion.render.options import RenderOptions
from companion.vision.piece_shading import shading_gap


@pytest.fixture(scope="module")
def taught_sheet() -> PieceLooks:
    # Seed 9's group: barrel forts, cylinder cannons and tower blockades, four countries of each.
    pieces = choose_piece_set(9)
    assert [look.family for _, look in pieces.looks] == ["barrel", "cylinder", "tower"]
    sheet = render_teaching(compose_teaching(pieces, 9, RenderOptions(jpeg_quality=85))).image
    return teach([("sheet.jpg", sheet)], sheet_record())


@pytest.mark.slow   # 4 s: renders and teaches one sheet
def test_most_taught_pieces_are_shaded_nearest_their_own_kind_in_the_other_countries_paints(taught_sheet):
    pieces = [square for square in taught_sheet.squares if square.learned and len(square.label) == 2]
    assert len(pieces) == 12 and all(square.shading is not None for square in pieces)
    nearest_own = 0
    for square in pieces:
        gaps = {kind: shading_gap(square.shading, [other.shading for other in pieces
                                                   if other.label[0] == kind and other.label != square.label])
                for kind in "FCB"}
        nearest_own += min(gaps, key=gaps.get) == square.label[0]
    assert nearest_own >= 9


@pytest.mark.slow
def test_the_shading_is_kept_in_the_pieces_file_and_a_bad_one_is_named(taught_sheet, tmp_path):
    loaded = PieceLooks.load(taught_sheet.save(tmp_path / "pieces.json"))
    before = {square.label: square.shading for square in taught_sheet.squares if square.shading is not None}
    after = {square.label: square.shading for square in loaded.squares if square.shading is not None}
    assert before.keys() == after.keys()
    assert all(abs(before[label] - after[label]).max() < 1e-3 for label in before)
    data = taught_sheet.to_json()
    index = next(i for i, row in enumerate(data["squares"]) if "shading" in row)
    data["squares"][index]["shading"] = ["dark", "light"]
    with pytest.raises(ValueError, match=rf"squares\[{index}\]: shading should be a list of numbers"):
        PieceLooks.from_json(data)
