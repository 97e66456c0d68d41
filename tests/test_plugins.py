"""Games are found from companion/games/*/plugin.py: each names its parts, and a new folder is a new game."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import textwrap
from dataclasses import fields
from pathlib import Path

import pytest

import companion.games
from companion.cli import build_parser, main
from companion.games import plugins, plugins_with
from companion.games.plugin import PARTS, GamePlugin

ROOT = Path(__file__).resolve().parents[1]
PLUGIN_FILES = sorted((ROOT / "companion" / "games").glob("*/plugin.py"))
NAMED_PARTS = [(slug, part) for slug, plugin in plugins().items() for part in PARTS if plugin.has(part)]


def choices(command: str, dest: str) -> tuple:
    sub = next(a for a in build_parser(command)._actions if a.dest == "command").choices[command]
    return tuple(next(a for a in sub._actions if a.dest == dest).choices)


def test_both_games_are_found_by_slug_in_folder_order():
    found = plugins()
    assert list(found) == ["cannonball-colony", "cannons-coastlines"]
    assert found["cannons-coastlines"].title == "Cannons & Coastlines"
    assert found["cannonball-colony"].rule_prefix == "CC" and found["cannons-coastlines"].rule_prefix == "CS"


@pytest.mark.parametrize("slug, part", NAMED_PARTS, ids=[f"{s}:{p}" for s, p in NAMED_PARTS])
def test_every_named_part_imports_and_resolves(slug, part):
    assert plugins()[slug].load(part) is not None


def test_the_part_names_are_the_plugins_fields():
    assert {f.name for f in fields(GamePlugin)} == {"slug", "title", "rule_prefix", *PARTS}


def test_a_missing_part_is_a_lookup_error_naming_the_game_and_the_part():
    with pytest.raises(LookupError, match=r"Cannons & Coastlines \(cannons-coastlines\) has no referee part"):
        plugins()["cannons-coastlines"].load("referee")
    with pytest.raises(LookupError, match="'camera' is not a game part"):
        plugins()["cannonball-colony"].load("camera")


@pytest.mark.parametrize("path", PLUGIN_FILES, ids=lambda p: p.parent.name)
def test_a_plugin_module_imports_only_the_standard_library_and_the_plugin_types(path):
    imported = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module if not node.level else f"relative:{node.module}")
    wrong = {m for m in imported if m != "companion.games.plugin" and m.split(".")[0] not in sys.stdlib_module_names}
    assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


def test_finding_the_games_loads_none_of_their_heavy_parts():
    probe = ("import sys, companion.games; companion.games.plugins();"
             "print(sorted(m for m in ('cv2', 'numpy', 'flask', 'companion.session') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert done.stdout.strip() == "[]", done.stderr


def test_each_command_offers_the_games_with_the_part_it_needs():
    assert choices("referee", "game") == ("cannonball-colony",)
    assert choices("read", "game") == ("cannonball-colony",)
    assert choices("score", "game") == ("cannons-coastlines",)
    assert choices("render", "game") == ("cannonball-colony", "cannons-coastlines")
    assert choices("serve", "game") == ("cannonball-colony", "cannons-coastlines")


# A whole game in one folder: a row of coins, read as text, and a referee that counts them.
TINY_PLUGIN = '''
from companion.games.plugin import GamePlugin

PLUGIN = GamePlugin(slug="tiny-coins", title="Tiny Coins", rule_prefix="TC",
                    session="companion.games.tiny_coins.rules:Session", view="companion.games.tiny_coins.rules:view",
                    text="companion.games.tiny_coins.rules", referee="companion.games.tiny_coins.rules",
                    screens="companion.games.tiny_coins.screens:SCREENS")
'''
TINY_RULES = '''
class BoardTextError(ValueError):
    pass


class QuestionError(ValueError):
    pass


class Reply:
    def __init__(self, coins):
        self.data = {"coins": coins}
        self.sentence = f"{coins} coins on the table"
        self.extra, self.path, self.ends = [], [], []


class Session:
    GAME = "tiny-coins"

    def __init__(self, log):
        self.log, self.listeners, self.row = log, [], "oo.o."


def view(session):
    return {"coins": session.row.count("o")}

    def last_seq(self):
        return 0


def parse_board(text):
    if set(text.strip()) - {"o", "."}:
        raise BoardTextError("a row of o (coin) and . (empty)")
    return text.strip()


def print_board(position):
    return position + "\\n"


def draw_evidence(position, path, ends):
    return print_board(position)


def answer(position, words, player=None):
    if words != ["count"]:
        raise QuestionError(f"unknown question {words[0]!r}: ask count")
    return Reply(position.count("o"))
'''

TINY_SCREENS = '''
from flask import Blueprint, current_app

from companion.dashboard.screens import GameScreens
from companion.dashboard.web import services

bp = Blueprint("tiny", __name__)
SCREENS = GameScreens(("companion.games.tiny_coins.screens", "settings"), {"SCREENS": (("tiny.index", "Coins"),)})


@bp.get("/")
def index():
    return f"{current_app.config['GAME_TITLE']}: {services().session.row.count('o')} coins"
'''


@pytest.fixture
def tiny_game(tmp_path, monkeypatch):
    """A game folder outside the source tree, on companion.games' search path: no shared file is edited."""
    folder = tmp_path / "more_games" / "tiny_coins"
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text('"""Tiny Coins: count the coins."""\n')
    (folder / "plugin.py").write_text(textwrap.dedent(TINY_PLUGIN))
    (folder / "rules.py").write_text(textwrap.dedent(TINY_RULES))
    (folder / "screens.py").write_text(textwrap.dedent(TINY_SCREENS))
    monkeypatch.setattr(companion.games, "__path__", [*companion.games.__path__, str(folder.parent)])
    yield folder
    for name in [m for m in sys.modules if m.startswith("companion.games.tiny_coins")]:
        del sys.modules[name]


def test_an_added_game_folder_is_found_and_its_parts_load(tiny_game):
    found = plugins()
    assert list(found) == ["cannonball-colony", "cannons-coastlines", "tiny-coins"]
    assert isinstance(found["tiny-coins"], GamePlugin)
    assert found["tiny-coins"].load("session").GAME == "tiny-coins"
    assert plugins_with("referee") == ("cannonball-colony", "tiny-coins")


def test_an_added_game_lights_up_in_referee_and_serve_without_a_shared_edit(tiny_game, tmp_path, capsys):
    assert "tiny-coins" in choices("referee", "game") and "tiny-coins" in choices("serve", "game")
    assert "tiny-coins" not in choices("score", "game") + choices("render", "game") + choices("read", "game")
    board = tmp_path / "coins.txt"
    board.write_text("oo.o.\n")
    assert main(["referee", "tiny-coins", str(board), "count", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"coins": 3}
    assert main(["referee", "tiny-coins", str(board), "weigh"]) == 2
    assert "bad question: unknown question 'weigh'" in capsys.readouterr().err


def test_the_games_without_the_added_folder_are_the_two_again():
    assert list(plugins()) == ["cannonball-colony", "cannons-coastlines"]


def test_an_added_game_without_a_hardware_part_gets_a_status_not_a_board(tiny_game, tmp_path):
    from companion.hardware.setup import attach

    session = plugins()["tiny-coins"].load("session")(None)
    setup = attach("sim", (None, None, None), session, publish=lambda status: None)
    assert setup.desk is None
    assert setup.status() == {"mode": "none", "state": "none", "message": "no hardware: Tiny Coins has none"}


def test_the_dashboard_serves_an_added_games_screens_beside_the_shared_ones(tiny_game, tmp_path):
    from companion.dashboard import create_app
    from companion.dashboard.broadcast import Broadcaster
    from companion.dashboard.video import FrameHub
    from companion.dashboard.web import Services

    tiny = plugins()["tiny-coins"]
    session = tiny.load("session")(None)
    broadcaster = Broadcaster(session, tiny.load("view"))
    app = create_app({"DATA": tmp_path, "TESTING": True}, services=Services(session, broadcaster, FrameHub()))
    try:
        client = app.test_client()
        assert client.get("/").get_data(as_text=True) == "Tiny Coins: 3 coins"
        settings = client.get("/settings")   # a shared screen, framed with the added game's title and tabs
        assert settings.status_code == 200
        assert "Tiny Coins" in settings.get_data(as_text=True) and ">Coins<" in settings.get_data(as_text=True)
        assert app.config["GAME"] == "tiny-coins"
    finally:
        broadcaster.close()
