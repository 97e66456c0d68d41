"""`companion score cannons-coastlines`: JSON shape, the claim, and bad input."""

import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "samples" / "coast" / "coast-2-straight-even.jpg"


def _score(*args):
    return subprocess.run([sys.executable, "-m", "companion", "score", "cannons-coastlines", *map(str, args)],
                          capture_output=True, text=True, cwd=ROOT)


def test_json_lists_players_points_and_values():
    done = _score(SAMPLE, "--json", "--seats", "anna=privateers", "ben=pirates", "--claim", "anna")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert set(out["players"]) == {"anna", "ben"}
    for score in out["players"].values():
        assert set(score) == {"coins", "prizes", "points", "sure", "doubts"} and score["points"] >= score["coins"]
        assert score["sure"] == (not score["doubts"])
    assert out["values"]["navy"] == {"mast": 3, "cargo": 2, "hull": 8}
    assert out["claim"]["wins"] is False and "60" in out["claim"]["message"]


def test_missing_file_and_non_image_and_no_table(tmp_path):
    missing = _score(tmp_path / "nothing.jpg")
    assert missing.returncode == 2 and "nothing.jpg" in missing.stderr
    text = tmp_path / "notes.jpg"
    text.write_text("not a picture")
    assert _score(text).returncode == 2 and "cannot read" in _score(text).stderr
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((360, 640, 3), 200, np.uint8))
    done = _score(blank)
    assert done.returncode == 2 and "blank.png" in done.stderr and "table corner marker 20" in done.stderr


def test_a_pieces_file_in_the_folder_is_read_with_and_a_broken_one_is_named(tmp_path):
    (tmp_path / "pieces-cannons-coastlines.json").write_text("{}")
    done = subprocess.run([sys.executable, "-m", "companion", "score", "cannons-coastlines", str(SAMPLE), "--json"],
                          capture_output=True, text=True, cwd=tmp_path, env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert done.returncode == 2
    assert "note: reading pieces as taught in pieces-cannons-coastlines.json" in done.stderr
    assert "pieces-cannons-coastlines.json: expected kind 'piece-looks'" in done.stderr


def test_the_kits_own_pieces_taught_score_the_sample_as_untaught(tmp_path):
    from calibration.pieces import teach
    from companion.games.cannons_coastlines.render.teaching import compose_teaching, render_teaching, sheet_record
    from companion.render.options import RenderOptions

    sheet = render_teaching(compose_teaching(None, 201, RenderOptions(tilt_deg=0.0, light="even", jpeg_quality=90))).image
    pieces = teach([("sheet.jpg", sheet)], sheet_record()).save(tmp_path / "kit-pieces.json")
    untaught = _score(SAMPLE, "--json", "--seats", "anna=privateers", "ben=pirates")
    taught = _score(SAMPLE, "--json", "--seats", "anna=privateers", "ben=pirates", "--pieces", pieces)
    assert taught.returncode == 0, taught.stderr
    assert f"reading pieces as taught in {pieces}" in taught.stderr
    assert json.loads(taught.stdout)["players"] == json.loads(untaught.stdout)["players"]


def test_a_mat_read_unsure_is_marked_ask_with_the_reader_s_doubt():
    # The hand-and-tilt sample: blue's 25 coins and a merchants' hull are read right (32 points), but under the
    # reader's sure bar (60%): the players would be asked, and the table says so.
    photo = ROOT / "samples" / "coast" / "coast-3-hand-tilt-30-cool.jpg"
    out = json.loads(_score(photo, "--json").stdout)
    blue = out["players"]["blue"]
    assert blue["points"] == 32 and blue["sure"] is False and blue["doubts"][0].startswith("read only")
    text = _score(photo).stdout.splitlines()
    assert text[0].split() == ["player", "coins", "prizes", "points", "read"]
    assert text[1].split()[:5] == ["blue", "25", "7", "32", "ask:"] and text[2].split()[4] == "sure"
