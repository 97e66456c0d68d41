"""`companion referee` as other tools call it: a real process, JSON on stdout, exit status 2 on bad input."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "samples" / "boards" / "cannonball-colony-dispute.txt"


def referee(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "companion", "referee", "cannonball-colony", *args],
                          capture_output=True, text=True, input=stdin, cwd=ROOT, timeout=30)


@pytest.mark.parametrize("question, expected", [
    (["fort-distance", "D3", "G5"], {"steps": 5, "path": ["D3", "D4", "D5", "E5", "F5", "G5"]}),
    (["cannon-range", "C5", "C1"], {"in_range": True, "blocked_by": None}),
    (["cannon-range", "H3", "F5"], {"in_range": False, "blocked_by": None}),
    (["check", "fort", "G3", "--player", "france"], {"legal": False}),
    (["score"], {"forts": {"france": 1, "spain": 2}, "over": False, "winners": []}),
])
def test_json_answers(question, expected):
    done = referee(str(SAMPLE), *question, "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert {k: answer[k] for k in expected} == expected


def test_check_reasons_carry_rule_message_and_cells():
    answer = json.loads(referee(str(SAMPLE), "check", "fort", "G3", "--player", "france", "--json").stdout)
    assert [r["rule"] for r in answer["reasons"]] == ["CC-6", "CC-7"]
    assert answer["reasons"][0]["cells"] == ["D3", "E3", "F3", "G3"]


def test_legal_lists_each_build():
    answer = json.loads(referee(str(SAMPLE), "legal", "--player", "spain", "--json").stdout)
    assert set(answer) >= {"fort", "cannon", "blockade", "road_grass", "road_forest"}
    assert answer["fort"] == ["H2", "I2", "E3", "F3", "G3"]


def test_board_from_standard_input_and_a_picture_for_people():
    done = referee("-", "fort-distance", "D3", "G5", stdin=SAMPLE.read_text())
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0] == "G5 is 5 steps from D3 along D4-D5-E5-F5-G5: far enough apart (CC-6)."
    assert "5  f   g   Cf [r ][r ][Fs]{r }" in done.stdout


@pytest.mark.parametrize("args, message", [
    (["fort-distance", "D3"], "does not match 'fort-distance A B'"),
    (["fort-distance", "D3", "Z9"], "'Z9' is outside the island's grid (A1 to L6)"),
    (["check", "castle", "D3", "--player", "france"], "cannot check 'castle'"),
    (["check", "fort", "D3"], "needs --player COUNTRY"),
    (["legal", "--player", "england"], "'england' is not playing"),
    (["teleport"], "unknown question 'teleport'"),
    (["score", "--via", "D3"], "'score --via D3' does not match 'score'"),   # --via is the question's to read
])
def test_a_bad_question_exits_2_naming_what_is_wrong(args, message):
    done = referee(str(SAMPLE), *args, "--json")
    assert done.returncode == 2 and done.stdout == ""
    assert message in done.stderr


def test_a_bad_board_exits_2_with_line_and_column(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text(SAMPLE.read_text().replace("2  g  f  f  r", "2  g  f  q  r"))
    done = referee(str(bad), "score")
    assert done.returncode == 2
    assert "line 10, column 10: expected a cell token" in done.stderr and "found 'q'" in done.stderr
    assert referee(str(tmp_path / "missing.txt"), "score").returncode == 2


def test_the_referee_does_not_load_opencv_numpy_or_flask():
    code = ("import sys; from companion.cli import main; main(['referee', 'cannonball-colony', %r, 'score', '--json']);"
            "print(sorted(m for m in ('cv2', 'numpy', 'flask') if m in sys.modules))") % str(SAMPLE)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=30)
    assert done.stdout.splitlines()[-1] == "[]"


def test_cells_in_lower_case_are_read_and_a_letter_outside_a_to_z_is_named():
    lower = referee(str(SAMPLE), "fort-distance", "d3", "g5", "--json")
    assert lower.returncode == 0, lower.stderr
    assert json.loads(lower.stdout)["path"][0] == "D3"
    accented = referee(str(SAMPLE), "fort-distance", "É1", "G5")
    assert accented.returncode == 2 and "Traceback" not in accented.stderr
    assert "'É' at character 1 is not a letter A-Z or a digit" in accented.stderr
