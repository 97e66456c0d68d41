"""Taught, each piece's top face against its sides (companion.vision.piece_faces) is kept beside its solid and its
shading: a barrel's rounded top and a tower's tall sides are lit each their own way under the sheet's light."""

from __future__ import annotations

import pytest

from companion.vision.piece_faces import contrast_gap
from tests.games.cannonball_colony.camera.test_taught_shading import taught_sheet  # noqa: F401 (a fixture)
from calibration.pieces import PieceLooks


@pytest.mark.slow   # 4 s: renders and teaches one sheet
def test_most_taught_pieces_contrast_their_top_and_sides_nearest_their_own_kind(taught_sheet):  # noqa: F811
    pieces = [square for square in taught_sheet.squares if square.learned and len(square.label) == 2]
    measured = [square for square in pieces if square.face_contrast is not None]
    assert len(measured) >= 10
    nearest_own = 0
    for square in measured:
        gaps = {kind: contrast_gap(square.face_contrast, [other.face_contrast for other in measured
                                                          if other.label[0] == kind and other.label != square.label])
                for kind in "FCB"}
        gaps = {kind: gap for kind, gap in gaps.items() if gap is not None}
        nearest_own += min(gaps, key=gaps.get) == square.label[0]
    assert nearest_own >= len(measured) - 2


@pytest.mark.slow
def test_the_contrast_is_kept_in_the_pieces_file_and_a_bad_one_is_named(taught_sheet, tmp_path):  # noqa: F811
    loaded = PieceLooks.load(taught_sheet.save(tmp_path / "pieces.json"))
    before = {square.label: square.face_contrast for square in taught_sheet.squares if square.face_contrast is not None}
    after = {square.label: square.face_contrast for square in loaded.squares if square.face_contrast is not None}
    assert before.keys() == after.keys() and all(abs(before[label] - after[label]) < 1e-3 for label in before)
    data = taught_sheet.to_json()
    index = next(i for i, row in enumerate(data["squares"]) if "face_contrast" in row)
    data["squares"][index]["face_contrast"] = "bright"
    with pytest.raises(ValueError, match=rf"squares\[{index}\]: face_contrast should be a number, got 'bright'"):
        PieceLooks.from_json(data)
