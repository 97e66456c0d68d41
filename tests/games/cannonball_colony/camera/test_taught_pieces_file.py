"""`read`, `score` and `serve` find the group's taught pieces in ./pieces-GAME.json, say which file they read
with, and refuse a bad one naming it."""

from __future__ import annotations

import shutil

import pytest

from companion.cli import UsageError
from companion.commands.read import taught_pieces_file
from companion.commands.serve import load_reader, reads_taught
from companion.games import plugins
from companion.games.cannonball_colony.camera.live import ColonyCamera
from companion.games.cannonball_colony.camera.untaught_check import KIT_LOOKS_FILE

GAME = plugins()["cannonball-colony"]


def test_the_file_in_the_folder_is_found_and_named(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert taught_pieces_file(GAME, None, reads_taught=True) is None    # none there: the kit's own looks
    assert capsys.readouterr().err == ""
    shutil.copy(KIT_LOOKS_FILE, tmp_path / "pieces-cannonball-colony.json")   # a real looks file
    assert taught_pieces_file(GAME, None, reads_taught=True) == "pieces-cannonball-colony.json"
    assert "reading pieces as taught in pieces-cannonball-colony.json" in capsys.readouterr().err


def test_serve_reads_the_live_camera_with_the_taught_pieces(tmp_path):
    shutil.copy(KIT_LOOKS_FILE, tmp_path / "pieces.json")
    assert reads_taught(ColonyCamera)
    reader, note = load_reader(ColonyCamera, GAME.title, str(tmp_path / "pieces.json"))
    assert reader.__self__.taught is not None and note.endswith(f"pieces as taught in {tmp_path / 'pieces.json'}")
    untaught, note = load_reader(ColonyCamera, GAME.title)
    assert untaught.__self__.taught is None and "taught" not in note


def test_a_bad_pieces_file_is_refused_naming_it(tmp_path):
    bad = tmp_path / "pieces-cannonball-colony.json"
    bad.write_text('{"kind": "colour-references"}')
    with pytest.raises(UsageError, match="pieces-cannonball-colony.json.*expected kind 'piece-looks'"):
        load_reader(ColonyCamera, GAME.title, str(bad))
