"""Taught from one rendered photo of the teaching sheet, each kind's solid is about as tall as the group's piece:
a flat disc is taught flat (it was taught a cone 8-23 mm tall: its silhouette is a cone's too, and the fit took the
cone by a hair), a cube, a cylinder and a barrel their own height."""

from __future__ import annotations

import pytest

from calibration.pieces import teach
from companion.games.cannonball_colony.camera.taught import TaughtPieces
from companion.games.cannonball_colony.render.piece_sets import choose_piece_set
from companion.games.cannonball_colony.render.teaching import compose_teaching, render_teaching, sheet_record
from companion.render.options import RenderOptions

TUNED = ("tower", "cube", "cylinder", "house", "barrel", "wedge", "disc")   # meeples held out
TOLERANCE_MM = 3.0


@pytest.mark.slow   # 5 s: renders and teaches one sheet
@pytest.mark.parametrize("seed, families", [
    (6002, ("cube", "disc")),                 # a wedge's top narrows one way only: it is taught a few mm low
    (6010, ("barrel", "disc", "cylinder")),
])
def test_each_kind_is_taught_about_its_own_height(seed, families):
    pieces = choose_piece_set(seed, TUNED)
    photo = render_teaching(compose_teaching(pieces, seed, RenderOptions(jpeg_quality=85, tilt_deg=30.0))).image
    solids = TaughtPieces(teach([(f"sheet-{seed}.jpg", photo)], sheet_record())).kind_solids
    checked = [(kind, look) for kind, look in pieces.looks if look.family in families]
    assert len(checked) == len(families)
    for kind, look in checked:
        taught = solids[kind.value]
        assert abs(taught.height_mm - look.height_mm) <= TOLERANCE_MM, (look, taught)
        assert abs(taught.width_mm - look.width_mm) <= TOLERANCE_MM, (look, taught)
