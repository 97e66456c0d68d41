"""Teaching the companion a group's own pieces from a photo of the teaching sheet: every square learned
from a render of it, a square left bare or two kinds alike reported, a photo without the sheet refused."""

from __future__ import annotations

import json
from dataclasses import replace

import cv2
import pytest

from companion.vision.piece_looks import LookSettings
from calibration.pieces import EMPTY, LEARNED, PieceLooks, teach
from calibration.pose import SheetNotFound
from companion.cli import main
from companion.games.cannonball_colony.cells import PieceKind
from companion.games.cannonball_colony.render.piece_sets import choose_piece_set
from companion.games.cannonball_colony.render.teaching import compose_teaching, render_teaching, sheet_record
from companion.render.options import RenderOptions

OPTIONS = RenderOptions(size=(1280, 720), jpeg_quality=85)


def photo(seed: int, pieces=None, **choices):
    scene = compose_teaching(pieces or choose_piece_set(seed), seed, OPTIONS, **choices)
    return render_teaching(scene).image


@pytest.mark.slow   # 6 s: renders and teaches two sheets
@pytest.mark.parametrize("seed", [5, 11])
def test_every_square_is_learned_from_one_photo(seed):
    looks = teach([(f"sheet-{seed}.jpg", photo(seed))], sheet_record())
    assert looks.problems() == {}
    assert {square.status for square in looks.squares} == {LEARNED}
    assert set(looks.learned()) == {square["label"] for square in sheet_record()["squares"]}


@pytest.mark.slow   # 3 s
def test_a_square_left_bare_is_reported_by_label_and_photo():
    looks = teach([("bare.jpg", photo(5, left_off=frozenset({"Cs"})))], sheet_record())
    assert looks.problems() == {"Cs": f"{EMPTY} in bare.jpg"}


@pytest.mark.slow   # 3 s
def test_a_fort_and_a_cannon_of_one_shape_are_too_alike_to_learn():
    pieces = choose_piece_set(5)
    same = replace(pieces, looks=tuple((kind, pieces.look(PieceKind.FORT) if kind is PieceKind.CANNON else look)
                                       for kind, look in pieces.looks))
    problems = teach([("alike.jpg", photo(5, same))], sheet_record()).problems()
    assert problems["Fs"] == "too like Cs in alike.jpg" and problems["Cs"] == "too like Fs in alike.jpg"


@pytest.mark.slow   # 4 s: through the command
def test_the_command_writes_dated_looks_and_refuses_a_photo_without_the_sheet(tmp_path, capsys):
    sheet = tmp_path / "sheet.jpg"
    cv2.imwrite(str(sheet), photo(11))
    out = tmp_path / "looks.json"
    assert main(["calibrate", "pieces", "--game", "cannonball-colony", "--image", str(sheet), "--out", str(out)]) == 0
    assert "14 of 14 squares learned" in capsys.readouterr().out   # two empty squares share the label "."
    looks = PieceLooks.load(out, "cannonball-colony")
    assert looks.sources == (str(sheet),) and looks.created[:4].isdigit()
    board = "samples/boards/cannonball-colony-photo-tilt30-cool.jpg"
    assert main(["calibrate", "pieces", "--game", "cannonball-colony", "--image", board]) == 2
    error = capsys.readouterr().err
    assert board in error and "markers [44, 45, 46, 47]" in error


def test_a_photo_without_the_sheet_names_itself():
    with pytest.raises(SheetNotFound, match="table.jpg"):
        teach([("table.jpg", cv2.imread("samples/boards/cannonball-colony-photo-straight-even.jpg"))], sheet_record())


def test_a_looks_file_of_another_game_or_a_broken_one_is_refused(tmp_path):
    from calibration.store import CalibrationFileError

    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"kind": "piece-looks", "game": "cannonball-colony", "created": "x",
                                  "look_points": LookSettings().count, "squares": [{"label": "Fs"}]}))
    with pytest.raises(CalibrationFileError, match=r"broken.json: squares\[0\] should have a label and a status"):
        PieceLooks.load(broken)
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"kind": "piece-looks", "game": "cannons-coastlines", "created": "x",
                                 "look_points": LookSettings().count, "squares": []}))
    with pytest.raises(CalibrationFileError, match="taught for 'cannons-coastlines', not cannonball-colony"):
        PieceLooks.load(other, "cannonball-colony")


@pytest.mark.slow   # 6 s: renders and teaches one sheet
def test_each_piece_is_fitted_a_solid_and_the_kinds_keep_their_order_of_width():
    pieces = choose_piece_set(11, ("tower", "cube", "cylinder", "house", "barrel", "wedge", "disc"))   # not meeples
    looks = teach([("sheet-11.jpg", photo(11, pieces))], sheet_record())
    fitted = {}
    for kind, look in pieces.looks:
        widths = sorted(square.solid.width_mm for label, squares in looks.learned().items()
                        if label[0] == kind.value for square in squares)
        assert len(widths) == 4   # one piece of the kind in each country's paint
        fitted[kind] = (widths[1] + widths[2]) / 2
        # A house's darker roof is not all seen as its paint: the fit may come out a few mm narrow.
        assert abs(fitted[kind] - look.width_mm) <= 4.0, (kind, look, widths)
    by_truth = [kind for kind, look in sorted(pieces.looks, key=lambda item: item[1].width_mm)]
    assert sorted(fitted, key=fitted.get) == by_truth, (fitted, pieces.looks)
    saved = PieceLooks.from_json(json.loads(json.dumps(looks.to_json())))
    assert [square.solid for square in saved.squares] == [square.solid for square in looks.squares]
