"""A real headless Chromium clicks through the dashboard: start a game, watch the camera's move
appear, dispute a fort distance, undo a turn. (LAN mode's pairing: test_lan_browser.py.)

Screenshots land in tests/artifacts/ (gitignored) for a person to look at.
"""

from __future__ import annotations

import pytest

from companion.dashboard import create_app
from companion.games.cannonball_colony.game import Game
from companion.games.cannonball_colony.moves import parse_move
from companion.games.cannonball_colony.text import parse_board
from companion.live import Pipeline
from companion.tracking import TrackerSettings
from companion.games.cannonball_colony.camera.live import ColonyCamera

from .chromium import LANDSCAPE, PORTRAIT, browser, needs_chromium, shot  # noqa: F401 (browser is a fixture)
from .conftest import BOARD, RunningServer, make_services
from .fakes import ScriptedReader, ScriptedTable

pytestmark = needs_chromium


def after(board: str, *moves: str):
    game = Game.from_position(parse_board(board))
    for move in moves:
        assert game.play(parse_move(move)).legal, move
    return game.position


@pytest.fixture
def table_server(tmp_path):
    """The whole live path: scripted frames -> reader -> tracker -> inference -> session -> waitress."""
    table = ScriptedTable(parse_board(BOARD))
    table.hand(True)   # nobody has set the table up yet: the camera sees only a hand
    services = make_services(tmp_path)
    pipeline = Pipeline(ColonyCamera, services.session, lambda on_status: table, ScriptedReader(table),
                        publish_frame=services.frames.publish,
                        publish_status=lambda s: services.broadcaster.publish_status("camera", s),
                        pace=False, tracker_settings=TrackerSettings(window=4, still_frames=3))
    services.camera = pipeline.status
    app = create_app({"DATA": tmp_path, "HEARTBEAT": 0.5}, services=services)
    with RunningServer(app) as server:
        pipeline.start()
        yield server, table, services
        pipeline.stop()
        services.broadcaster.close()


def test_a_game_from_start_to_undo_in_a_real_browser(browser, table_server, artifacts):
    server, table, services = table_server
    page = browser.new_page(viewport=LANDSCAPE)
    page.goto(server.url + "/")
    page.wait_for_selector("#conn.live")
    assert "No game yet" in page.inner_text("#turn-banner")

    page.click("#start-sample")                                # start a game
    page.wait_for_selector("svg#board [data-cell='D3'][data-token='Ff']")
    assert "France to play" in page.inner_text("#turn-banner")
    table.hand(False)                                          # the hand leaves: the camera sees the island

    table.hand(True)                                           # France lays a road at E1 ...
    table.show(after(BOARD, "road E1"))
    table.hand(False)                                          # ... and takes the hand away
    page.wait_for_selector("svg#board [data-cell='E1'][data-token='r']", timeout=10_000)
    page.wait_for_selector("#last-verdict:has-text('road E1')")
    assert "(camera)" in page.inner_text("#last-verdict")
    shot(page, artifacts, "01-table-landscape-move-from-camera.png")

    page.click("nav a:has-text('Turn')")                       # a refused move, by hand
    page.wait_for_selector("#conn.live")
    page.click("#undo")
    page.wait_for_selector("#turn-build:text-is('–')")
    page.fill("#move", "fort G3")
    page.click("#move-form button")
    page.wait_for_selector("#turn-verdict.bad")
    assert "Too close" in page.inner_text("#turn-verdict") and "CC-6" in page.inner_text("#turn-verdict")
    shot(page, artifacts, "02-turn-refused-fort-undo-done.png")

    page.click("nav a:has-text('Verdicts')")
    page.wait_for_selector("#feed li.refused")
    assert page.locator("svg#board .evidence-path").count() == 1   # the too-close path is drawn
    assert "CC-6" in page.inner_text("#feed li.refused")
    shot(page, artifacts, "03-verdicts-too-close-path.png")

    page.click("nav a:has-text('Dispute')")                    # dispute a fort distance
    page.wait_for_selector("svg#board [data-cell='D3']")
    page.click("svg#board [data-cell='D3']")
    page.click("svg#board [data-cell='G3']")
    page.wait_for_selector("#answer:has-text('steps')")
    assert "G3 is 3 steps from D3 along E3-F3-G3" in page.inner_text("#answer")
    assert page.locator("svg#board .evidence-path").count() == 1
    shot(page, artifacts, "04-dispute-fort-distance.png")
    page.click("#modes [data-mode='cannon-range']")
    page.click("svg#board [data-cell='D2']")
    page.click("svg#board [data-cell='F2']")
    page.wait_for_selector("#answer:has-text('Blocked')")
    assert page.locator("svg#board .blocker").count() == 1     # the mountain at E2
    shot(page, artifacts, "05-dispute-cannon-blocked.png")

    page.set_viewport_size(PORTRAIT)                           # the same game, tablet upright
    page.click("nav a:has-text('Turn')")
    page.wait_for_selector("#conn.live")
    page.fill("#move", "road E1")
    page.click("#move-form button")
    page.wait_for_selector("#turn-build:text-is('road E1')")
    page.click("#undo")                                        # undo the turn
    page.wait_for_selector("#turn-build:text-is('–')")
    # The state arrives over SSE and the verdict with the POST's answer: either may come first.
    page.wait_for_selector("#turn-verdict:has-text('Undone: road E1')")
    shot(page, artifacts, "06-turn-portrait-after-undo.png")

    for tab, name in (("Players", "07-players-portrait.png"), ("Record", "08-record-portrait.png"),
                      ("Settings", "09-settings-portrait.png"), ("Table", "10-table-portrait.png")):
        page.click(f"nav a:has-text('{tab}')")
        page.wait_for_selector("#conn.live")
        shot(page, artifacts, name)
    types = [e.type for e in services.session.log.events()]
    assert types[:2] == ["game", "move"] and types.count("undo") == 2
    page.close()
