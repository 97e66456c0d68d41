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
from companion.games.plugin import PARTS, Camera, GamePlugin, Record
from companion.session import EventLog, Session

ROOT = Path(__file__).resolve().parents[1]
PLUGIN_FILES = sorted((ROOT / "companion" / "games").glob("*/plugin.py"))
NAMED_PARTS = [(slug, part) for slug, plugin in plugins().items() for part in PARTS if plugin.has(part)]


def choices(command: str, dest: str) -> tuple:
    sub = next(a for a in build_parser(command)._actions if a.dest == "command").choices[command]
    return tuple(next(a for a in sub._actions if a.dest == dest).choices)


def test_the_games_are_found_by_slug_in_folder_order():
    found = plugins()
    assert list(found) == ["black-cannon", "cannonades", "cannonball-colony", "cannons-coastlines", "the-colony"]
    assert found["cannonades"].title == "Cannonades" and found["cannonades"].rule_prefix == "CN"
    assert found["the-colony"].title == "The Colony" and found["the-colony"].rule_prefix == "TC"
    assert found["cannons-coastlines"].title == "Cannons & Coastlines"
    assert found["cannonball-colony"].rule_prefix == "CC" and found["cannons-coastlines"].rule_prefix == "CS"


@pytest.mark.parametrize("slug, part", NAMED_PARTS, ids=[f"{s}:{p}" for s, p in NAMED_PARTS])
def test_every_named_part_imports_and_resolves(slug, part):
    assert plugins()[slug].load(part) is not None


def members(protocol) -> set[str]:
    return {name for name in (*protocol.__annotations__, *vars(protocol)) if not name.startswith("_")}


@pytest.mark.parametrize("slug", list(plugins()))
def test_every_record_and_camera_part_has_what_the_session_and_the_pipeline_use(slug):
    plugin = plugins()[slug]
    record = plugin.load("record")
    assert {name for name in members(Record) if not hasattr(record, name)} == set()
    assert record.game == slug and record.view(None, None) == {"game": None}
    if not plugin.has("camera"):
        return
    camera = plugin.load("camera")(record)
    assert {name for name in members(Camera) if not hasattr(camera, name)} == set()


def test_the_part_names_are_the_plugins_fields():
    assert {f.name for f in fields(GamePlugin)} == {"slug", "title", "rule_prefix", *PARTS}


def test_a_missing_part_is_a_lookup_error_naming_the_game_and_the_part():
    with pytest.raises(LookupError, match=r"Cannons & Coastlines \(cannons-coastlines\) has no referee part"):
        plugins()["cannons-coastlines"].load("referee")
    with pytest.raises(LookupError, match="'live' is not a game part"):
        plugins()["cannonball-colony"].load("live")


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
    assert choices("referee", "game") == ("black-cannon", "cannonades", "cannonball-colony", "the-colony")
    assert choices("read", "game") == ("black-cannon", "cannonades", "cannonball-colony", "the-colony")
    assert choices("score", "game") == ("cannons-coastlines",)
    assert choices("render", "game") == ("black-cannon", "cannonades", "cannonball-colony", "cannons-coastlines", "the-colony")
    assert choices("serve", "game") == ("black-cannon", "cannonades", "cannonball-colony", "cannons-coastlines",
                                        "the-colony")   # with screens


# A whole game in one folder: a row of coins, read as text, and a referee that counts them; each
# player may be dealt a secret word, which only that player's seat sees.
TINY_PLUGIN = '''
from companion.games.plugin import GamePlugin

PLUGIN = GamePlugin(slug="tiny-coins", title="Tiny Coins", rule_prefix="TC",
                    record="companion.games.tiny_coins.rules:RECORD",
                    text="companion.games.tiny_coins.rules", referee="companion.games.tiny_coins.rules",
                    screens="companion.games.tiny_coins.screens:SCREENS")
'''
TINY_RULES = '''
from companion.games.verdict import Verdict


class BoardTextError(ValueError):
    pass


class QuestionError(ValueError):
    pass


class Reply:
    def __init__(self, coins):
        self.data = {"coins": coins}
        self.sentence = f"{coins} coins on the table"
        self.extra, self.path, self.ends = [], [], []


class TinyRecord:
    game, title, answers = "tiny-coins", "Tiny Coins", frozenset({"game"})

    def decide(self, state, command):
        if command["type"] == "start":
            return Verdict.accept("A new row."), [{"type": "game", "game": self.game, "row": parse_board(command["row"])}]
        if command["type"] == "deal":
            return Verdict.accept("Dealt."), [{"type": "deal", "player": command["player"], "secret": command["secret"]}]
        raise ValueError(f"unknown command {command['type']!r}")

    def apply(self, state, body, seq):
        if body["type"] == "game":
            return {"row": body["row"], "secrets": {}}
        if body["type"] == "deal":
            return {**state, "secrets": {**state["secrets"], body["player"]: body["secret"]}}
        return state

    def start(self, text, source="serve"):
        return {"type": "start", "row": text, "source": source}

    def view(self, state, seat):
        if state is None:
            return {"game": None}
        return {"game": self.game, "coins": state["row"].count("o"), "dealt": sorted(state["secrets"]),
                "secret": state["secrets"].get(seat)}

    def event_view(self, body, seat):
        return {**body, "secret": None} if body["type"] == "deal" and body["player"] != seat else body

    def looks(self, state):
        return {}


RECORD = TinyRecord()


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
SCREENS = GameScreens(("companion.games.tiny_coins.screens", "settings", "record"),
                      {"SCREENS": (("tiny.index", "Coins"),)})


@bp.get("/")
def index():
    return f"{current_app.config['GAME_TITLE']}: {services().session.view()['coins']} coins"
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
    assert list(found) == ["black-cannon", "cannonades", "cannonball-colony", "cannons-coastlines", "the-colony", "tiny-coins"]
    assert isinstance(found["tiny-coins"], GamePlugin)
    assert found["tiny-coins"].load("record").game == "tiny-coins"
    assert plugins_with("referee") == ("black-cannon", "cannonades", "cannonball-colony", "the-colony", "tiny-coins")


def test_an_added_game_lights_up_in_referee_and_serve_without_a_shared_edit(tiny_game, tmp_path, capsys):
    assert "tiny-coins" in choices("referee", "game") and "tiny-coins" in choices("serve", "game")
    assert "tiny-coins" not in choices("score", "game") + choices("render", "game") + choices("read", "game")
    board = tmp_path / "coins.txt"
    board.write_text("oo.o.\n")
    assert main(["referee", "tiny-coins", str(board), "count", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"coins": 3}
    assert main(["referee", "tiny-coins", str(board), "weigh"]) == 2
    assert "bad question: unknown question 'weigh'" in capsys.readouterr().err


def test_serve_plays_an_added_game_from_its_board_though_it_has_no_camera_part(tiny_game, tmp_path, monkeypatch,
                                                                             capsys):
    import signal

    import waitress.server

    class Server:   # serves nothing: Ctrl-C at once, after everything is wired
        effective_port = 8123

        def run(self):
            raise KeyboardInterrupt

        def close(self):
            pass

    monkeypatch.setattr(waitress.server, "create_server", lambda app, **options: Server())
    monkeypatch.setattr(signal, "signal", lambda *handler: None)
    board, data = tmp_path / "coins.txt", tmp_path / "data"
    board.write_text("oo.o.\n")
    assert main(["serve", "--game", "tiny-coins", "--board", str(board), "--data", str(data), "--no-qr"]) == 0
    out = capsys.readouterr().out
    assert "Tabletop Companion: Tiny Coins" in out and "Tiny Coins has no camera part" in out
    assert Session(EventLog(data / "game.sqlite"), plugins()["tiny-coins"].load("record")).view()["coins"] == 3


def test_the_games_without_the_added_folder_are_the_four_again():
    assert list(plugins()) == ["black-cannon", "cannonades", "cannonball-colony", "cannons-coastlines", "the-colony"]


def test_an_added_game_without_a_hardware_part_gets_a_status_not_a_board(tiny_game, tmp_path):
    from companion.hardware.setup import attach

    session = Session(EventLog(tmp_path / "game.sqlite"), plugins()["tiny-coins"].load("record"))
    setup = attach("sim", (None, None, None), session, publish=lambda status: None)
    assert setup.desk is None
    assert setup.status() == {"mode": "none", "state": "none", "message": "no hardware: Tiny Coins has none"}


def test_the_dashboard_serves_an_added_games_screens_beside_the_shared_ones(tiny_game, tmp_path):
    from companion.dashboard import create_app
    from companion.dashboard.broadcast import Broadcaster
    from companion.dashboard.video import FrameHub
    from companion.dashboard.web import Services

    session = Session(EventLog(tmp_path / "game.sqlite"), plugins()["tiny-coins"].load("record"))
    session.act({"type": "start", "row": "oo.o."})
    broadcaster = Broadcaster(session)
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


# Per-seat views: the tiny game deals each player a secret word that only their seat may see.
SECRETS = {"anna": "SECRET-ANNA-kestrel", "ben": "SECRET-BEN-osprey"}


@pytest.fixture
def dealt(tiny_game, tmp_path):
    session = Session(EventLog(tmp_path / "game.sqlite"), plugins()["tiny-coins"].load("record"))
    session.act({"type": "start", "row": "oo.o."})
    return session


def deal(session) -> None:
    for player, secret in SECRETS.items():
        session.act({"type": "deal", "player": player, "secret": secret})


def carries(texts) -> set[str]:
    """Whose secrets a stream's messages carry."""
    joined = "".join(texts)
    return {player for player, secret in SECRETS.items() if secret in joined}


def test_each_seat_s_stream_carries_its_own_secret_and_never_another_s(dealt, monkeypatch):
    from companion.dashboard.broadcast import Broadcaster

    record, views = dealt.record, []
    view = record.view
    monkeypatch.setattr(record, "view", lambda state, seat: views.append(seat) or view(state, seat))
    broadcaster = Broadcaster(dealt, heartbeat=5)
    seats = {"anna 1": "anna", "anna 2": "anna", "ben": "ben", "shared screen": None}
    streams = {name: broadcaster.stream(None, seat) for name, seat in seats.items()}
    heard = {name: [next(stream), next(stream)] for name, stream in streams.items()}   # hello, state
    views.clear()
    deal(dealt)
    for name, stream in streams.items():
        heard[name] += [next(stream), next(stream)]   # the two deals, with the state after each
        stream.close()
    assert {name: carries(texts) for name, texts in heard.items()} == {
        "anna 1": {"anna"}, "anna 2": {"anna"}, "ben": {"ben"}, "shared screen": set()}
    assert sorted(views, key=str) == sorted(["anna", "ben", None] * 2, key=str)   # once per seat, not per tablet
    replayed = broadcaster.stream(0, "ben")   # a tablet catching up from the log: the same views
    assert carries([next(replayed) for _ in range(5)]) == {"ben"}   # hello, game, two deals, state
    replayed.close()
    broadcaster.close()


def test_a_tablet_paired_for_a_seat_reads_only_its_own_secret_from_every_endpoint(dealt, tmp_path):
    from companion.dashboard import create_app
    from companion.dashboard.broadcast import Broadcaster
    from companion.dashboard.video import FrameHub
    from companion.dashboard.web import Services

    deal(dealt)
    broadcaster = Broadcaster(dealt, heartbeat=5)
    app = create_app({"DATA": tmp_path, "TESTING": True, "LAN": True, "PAIRING_CODE": "135790",
                      "VIEWER_CODE": "864200"}, services=Services(dealt, broadcaster, FrameHub()))

    def tablet(code: str, seat: str = "") -> dict[str, str]:
        client = app.test_client()
        csrf = client.get("/api/session").get_json()["csrf"]
        assert client.post("/pair", data={"code": code, "seat": seat, "csrf_token": csrf}).status_code == 302
        events = client.get("/events?last_id=0", buffered=False)
        stream = iter(events.response)
        read = {"/events": b"".join(next(stream) for _ in range(5)).decode()}   # hello, 3 events, state
        events.close()
        for url in ("/api/state", "/api/record", "/api/record.jsonl"):
            answer = client.get(url)
            assert answer.status_code == 200, url
            read[url] = answer.get_data(as_text=True)
        return read

    try:
        for code, seat, sees in (("135790", "anna", {"anna"}), ("135790", "ben", {"ben"}),
                                 ("864200", "anna", set()), ("135790", "", set())):   # a viewer names no seat
            read = tablet(code, seat)
            assert {url: carries([text]) for url, text in read.items()} == {url: sees for url in read}, (code, seat)
    finally:
        broadcaster.close()


def test_the_camera_s_questions_are_the_session_s_for_any_game(dealt):
    from companion.session import SessionError

    asked = dealt.ask("Is the third space a coin?", ["3"])
    assert dealt.ask("Is the third space a coin?", ["3"]) is None   # the same doubt is asked once
    assert dealt.view()["question"] == {"seq": asked.seq, "message": "Is the third space a coin?", "cells": ["3"]}
    dealt.dismiss()
    assert dealt.view()["question"] is None and dealt.log.events()[-1].body["question"] == asked.seq
    with pytest.raises(SessionError, match="no open question"):
        dealt.dismiss()
    dealt.ask("Where did the coins go?")
    dealt.act({"type": "start", "row": "o...."})   # an event the record says answers it
    assert dealt.snapshot().question is None and dealt.snapshot().state["row"] == "o...."
