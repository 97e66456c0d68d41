"""Taught, a piece's kind is told by the size and shape the sheet showed of its kind: one solid per kind over all
its countries' squares, so one square fitted badly does not move it; and a paint whose shaded faces the board's
own inks name (a green piece's dark faces are the forest's ink) still counts as that paint on a road."""

from __future__ import annotations

from dataclasses import replace

import pytest

from calibration.pieces import PieceLooks, teach
from companion.games.cannonball_colony.camera.taught import TaughtPieces
from companion.games.cannonball_colony.camera.untaught_check import KIT_LOOKS_FILE
from companion.games.cannonball_colony.render.piece_sets import choose_piece_set
from companion.games.cannonball_colony.render.teaching import compose_teaching, render_teaching, sheet_record
from companion.render.options import RenderOptions
from companion.vision.colour_classes import CLASS_INDEX
from companion.vision.piece_solids import Solid


def kit_looks() -> PieceLooks:
    return PieceLooks.load(KIT_LOOKS_FILE, "cannonball-colony")


def test_each_kind_has_one_solid_that_one_badly_fitted_country_does_not_move():
    looks = kit_looks()
    kinds = TaughtPieces(looks).kind_solids
    assert set(kinds) == {"F", "C", "B"}
    assert kinds["F"].shape == "square" and kinds["C"].shape == "round"   # the kit's forts are cubes, cannons round
    # Spain's forts fitted as wide flat discs in every photo: three of the twelve fort squares.
    wrong = Solid("round", 25.0, 3.0)
    squares = tuple(replace(square, solid=wrong) if square.label == "Fs" and square.solid else square
                    for square in looks.squares)
    moved = TaughtPieces(replace(looks, squares=squares)).kind_solids["F"]
    assert moved.shape == "square"
    assert moved.width_mm == pytest.approx(kinds["F"].width_mm, abs=1.0)
    assert moved.height_mm == pytest.approx(kinds["F"].height_mm, abs=2.0)


def test_the_kit_pieces_paints_are_their_own_colour_only():
    taught = TaughtPieces(kit_looks())
    assert all(list(classes) == [country] for country, classes in taught.lookalikes.items())


@pytest.mark.slow   # 4 s: renders and teaches one sheet
def test_a_green_paints_shaded_faces_named_forest_count_as_that_paint():
    pieces = choose_piece_set(9)
    sheet = render_teaching(compose_teaching(pieces, 9, RenderOptions(jpeg_quality=85))).image
    taught = TaughtPieces(teach([("sheet.jpg", sheet)], sheet_record()))
    assert list(taught.lookalikes[CLASS_INDEX["portugal"]]) == [CLASS_INDEX["portugal"], CLASS_INDEX["forest"]]
    others = [CLASS_INDEX[name] for name in ("france", "spain", "england")]
    assert all(list(taught.lookalikes[country]) == [country] for country in others)
