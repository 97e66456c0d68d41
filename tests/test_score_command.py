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
        assert set(score) == {"coins", "prizes", "points"} and score["points"] >= score["coins"]
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


def test_a_pieces_file_in_the_folder_is_named_and_not_used_while_the_reader_cannot(tmp_path):
    (tmp_path / "pieces-cannons-coastlines.json").write_text("{}")
    done = subprocess.run([sys.executable, "-m", "companion", "score", "cannons-coastlines", str(SAMPLE), "--json"],
                          capture_output=True, text=True, cwd=tmp_path, env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert done.returncode == 0, done.stderr
    assert "pieces-cannons-coastlines.json is there, but Cannons & Coastlines cannot read taught pieces yet" in done.stderr
    asked = _score(SAMPLE, "--pieces", tmp_path / "pieces-cannons-coastlines.json")
    assert asked.returncode == 2 and "--pieces: cannons-coastlines cannot read taught pieces yet" in asked.stderr
