"""Scenarios for `companion markers IMAGE`: JSON for programs, a drawn copy for people."""

from __future__ import annotations

import json
import shutil

import cv2
import numpy as np

from companion.cli import main


def test_json_lists_each_marker_with_its_four_corners(shared_data, capsys):
    image = shared_data("aruco", "singlemarkersoriginal.jpg")
    assert main(["markers", str(image), "--dict", "DICT_6X6_250", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [entry["id"] for entry in listed] == [23, 40, 62, 98, 124, 203]
    assert all(set(entry) == {"id", "corners"} for entry in listed)
    assert all(len(entry["corners"]) == 4 and all(len(c) == 2 for c in entry["corners"])
               for entry in listed)
    assert listed[1]["corners"][0] == [round(x, 3) for x in listed[1]["corners"][0]]


def test_without_json_a_drawn_copy_is_written_beside_the_picture(shared_data, tmp_path, capsys):
    picture = tmp_path / "table.jpg"
    shutil.copy(shared_data("aruco", "chocclusion_original.jpg"), picture)
    assert main(["markers", str(picture), "--dict", "DICT_6X6_250"]) == 0
    drawn = tmp_path / "table.markers.png"
    assert capsys.readouterr().out == (
        f"13 markers seen: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15 -> {drawn}\n"
    )
    assert cv2.imread(str(drawn)).shape == cv2.imread(str(picture)).shape


def test_out_chooses_where_the_drawn_copy_goes(tmp_path, capsys):
    picture = tmp_path / "blank.png"
    cv2.imwrite(str(picture), np.full((120, 160), 255, np.uint8))
    out = tmp_path / "elsewhere.png"
    assert main(["markers", str(picture), "--out", str(out)]) == 0
    assert capsys.readouterr().out == f"no markers seen -> {out}\n"
    assert out.is_file()


def test_a_missing_picture_is_a_usage_error_quoting_its_path(tmp_path, capsys):
    missing = tmp_path / "nowhere.jpg"
    assert main(["markers", str(missing), "--json"]) == 2
    assert f"'{missing}'" in capsys.readouterr().err


def test_a_file_that_is_not_a_picture_is_a_usage_error_quoting_its_path(tmp_path, capsys):
    notes = tmp_path / "notes.jpg"
    notes.write_text("not a picture")
    assert main(["markers", str(notes)]) == 2
    assert f"cannot read '{notes}' as an image" in capsys.readouterr().err


def test_an_unknown_dictionary_is_a_usage_error(tmp_path, capsys):
    picture = tmp_path / "blank.png"
    cv2.imwrite(str(picture), np.full((20, 20), 255, np.uint8))
    assert main(["markers", str(picture), "--dict", "DICT_5X5_51"]) == 2
    assert "'DICT_5X5_51'" in capsys.readouterr().err
