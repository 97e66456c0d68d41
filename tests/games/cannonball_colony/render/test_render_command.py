"""`companion render`: a photo and its truth from a board file, and errors that quote the input."""

from __future__ import annotations

import json

import cv2
import pytest

from companion.cli import main
from companion.games.cannonball_colony.text import parse_board, print_board

DISPUTE = "samples/boards/cannonball-colony-dispute.txt"


def test_a_board_file_is_rendered_with_its_truth(tmp_path, capsys):
    out, truth = tmp_path / "table.jpg", tmp_path / "table.json"
    status = main(["render", "cannonball-colony", DISPUTE, "--seed", "4", "--size", "320x180", "--tilt", "30",
                   "--light", "cool", "--out", str(out), "--truth", str(truth)])
    assert status == 0
    image = cv2.imread(str(out))
    assert image.shape == (180, 320, 3)
    recorded = json.loads(truth.read_text())
    assert recorded["board_text"] == print_board(parse_board(open(DISPUTE).read()))
    assert recorded["camera"]["tilt_deg"] == 30 and recorded["light"]["kind"] == "cool"
    assert recorded["sensor"]["jpeg_quality"] == 90
    assert f"wrote {out} (320x180, tilt 30 degrees, cool light, seed 4)" in capsys.readouterr().out


def test_without_a_board_the_seed_plays_a_game_to_render(tmp_path):
    first, second = tmp_path / "a.png", tmp_path / "b.png"
    for path in (first, second):
        assert main(["render", "cannonball-colony", "--seed", "9", "--size", "160x96", "--out", str(path)]) == 0
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.parametrize("arguments,message", [
    (["--size", "1280by720"], "argument --size: bad size '1280by720': expected WIDTHxHEIGHT, like 1280x720"),
    (["--size", "20x20"], "argument --size: bad size '20x20': each side must be 64 to 8192 pixels"),
])
def test_a_bad_size_is_quoted(arguments, message, capsys):
    with pytest.raises(SystemExit):
        main(["render", "cannonball-colony", *arguments])
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("arguments,message", [
    (["no-such-board.txt"], "no board file at 'no-such-board.txt'"),
    (["--tilt", "60"], "--tilt 60: the camera tilts 0 to 45 degrees"),
    (["--out", "table.gif"], "--out 'table.gif': the picture must be a .png or .jpg file"),
])
def test_bad_input_is_quoted(arguments, message, capsys):
    assert main(["render", "cannonball-colony", *arguments]) == 2
    assert message in capsys.readouterr().err


def test_an_unreadable_board_names_its_line_and_column(tmp_path, capsys):
    board = tmp_path / "bad.txt"
    board.write_text("players: france spain\nboards: A1 G1\n1 g g q\n")
    assert main(["render", "cannonball-colony", str(board)]) == 2
    assert f"bad board '{board}': line 3, column 7" in capsys.readouterr().err
