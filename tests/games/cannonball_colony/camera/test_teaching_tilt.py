"""A teaching photo from nearly overhead cannot measure the pieces' heights: teaching says so, naming the photo's
tilt and what to do, and records which heights were not measured; a slanted photo measures them, and with both
photos the reader takes each kind's height from the slanted one."""

from __future__ import annotations

import json

import cv2
import pytest

from calibration.pieces import PieceLooks, TeachSettings, height_advice, teach
from companion.cli import main
from companion.games.cannonball_colony.camera.taught import TaughtPieces
from companion.games.cannonball_colony.render.piece_sets import choose_piece_set
from companion.games.cannonball_colony.render.teaching import compose_teaching, render_teaching, sheet_record
from companion.render.options import RenderOptions

SEED = 11
# Every square with something on it: the pieces and the road tile (its height is measured the same way).
STANDING = {square["label"] for square in sheet_record()["squares"] if square["label"] != "."}


def photo(tilt_deg: float):
    options = RenderOptions(size=(1280, 720), jpeg_quality=85, tilt_deg=tilt_deg)
    return render_teaching(compose_teaching(choose_piece_set(SEED), SEED, options)).image


@pytest.fixture(scope="module")
def photos():
    return {"overhead.jpg": photo(1.0), "slanted.jpg": photo(38.0)}


@pytest.mark.slow   # 8 s: renders and teaches two sheets
def test_an_overhead_photo_says_the_heights_are_not_measured_and_a_slanted_one_does_not(photos):
    overhead = teach([("overhead.jpg", photos["overhead.jpg"])], sheet_record())
    assert overhead.tilts_deg["overhead.jpg"] < TeachSettings().least_height_tilt_deg
    assert overhead.problems() == {}                          # every square is still learned: widths hold
    assert set(overhead.unmeasured_heights()) == STANDING
    advice = height_advice(overhead)
    assert "Heights not measured for" in advice and "overhead.jpg (" in advice and "from nearly overhead" in advice
    assert "slanted 30-45 degrees" in advice
    slanted = teach([("slanted.jpg", photos["slanted.jpg"])], sheet_record())
    assert slanted.tilts_deg["slanted.jpg"] > TeachSettings().least_height_tilt_deg
    assert slanted.unmeasured_heights() == [] and height_advice(slanted) == ""


@pytest.mark.slow   # 8 s
def test_with_both_photos_the_heights_come_from_the_slanted_one(photos):
    both = teach(list(photos.items()), sheet_record())
    assert both.unmeasured_heights() == [] and height_advice(both) == ""
    slanted_only = teach([("slanted.jpg", photos["slanted.jpg"])], sheet_record())
    read_both, read_slanted = TaughtPieces(both), TaughtPieces(slanted_only)
    for kind, solid in read_both.kind_solids.items():
        assert solid.height_mm == read_slanted.kind_solids[kind].height_mm
    # Each country's overhead set takes the measured height too; its widths stay its own.
    for sets in read_both.solids.values():
        for kind, solid in sets[0].items():
            assert solid.height_mm == read_both.kind_solids[kind].height_mm


@pytest.mark.slow   # 6 s: through the command
def test_the_command_names_the_tilt_and_the_file_keeps_which_heights_were_not_measured(photos, tmp_path, capsys):
    sheet = tmp_path / "overhead.jpg"
    cv2.imwrite(str(sheet), photos["overhead.jpg"])
    out = tmp_path / "looks.json"
    assert main(["calibrate", "pieces", "--game", "cannonball-colony", "--image", str(sheet), "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "14 of 14 squares learned" in said and "Heights not measured for" in said
    assert "slanted 30-45 degrees" in said and f"{sheet} (" in said
    written = json.loads(out.read_text())
    assert written["tilts_deg"][str(sheet)] < TeachSettings().least_height_tilt_deg
    assert {entry["label"] for entry in written["squares"] if entry.get("height_measured") is False} == STANDING
    assert set(PieceLooks.load(out).unmeasured_heights()) == STANDING
