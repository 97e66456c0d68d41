"""Real headless Chromium against the dashboard in LAN mode under waitress: a stranger's tablet gets
the pairing page and nothing of the game, a viewer watches but is refused a move, the host revokes
every pairing, and another site cannot show the dashboard in a frame.

Screenshots land in tests/artifacts/ (gitignored) for a person to look at.
"""

from __future__ import annotations

from companion.dashboard import create_app

from .chromium import LANDSCAPE, PORTRAIT, browser, needs_chromium, shot  # noqa: F401 (browser is a fixture)
from .conftest import BOARD, RunningServer, make_services

pytestmark = needs_chromium
PLAYER_CODE, VIEWER_CODE = "424242", "777000"


def test_pairing_watching_and_revoking_on_a_lan(browser, tmp_path, artifacts):
    services = make_services(tmp_path)
    services.session.act({"type": "start", "board": BOARD})
    app = create_app({"DATA": tmp_path, "HEARTBEAT": 0.5, "LAN": True, "PAIRING_CODE": PLAYER_CODE,
                      "VIEWER_CODE": VIEWER_CODE}, services=services)
    with RunningServer(app, host="127.0.0.1") as server:
        host = browser.new_context(viewport=LANDSCAPE).new_page()
        host.goto(server.url + f"/pair?code={PLAYER_CODE}")        # what the console's QR code opens
        host.click("#pair")
        host.wait_for_selector("#conn.live")
        assert host.locator("#unpaired").count() == 0

        guest = browser.new_context(viewport=PORTRAIT).new_page()   # a second tablet, its own cookies
        guest.goto(server.url + "/turn")
        assert guest.url.endswith("/pair") and guest.locator("#code").count() == 1
        assert guest.locator("svg#board").count() == 0 and "France to play" not in guest.inner_text("body")
        assert guest.inner_text("#conn") == "pair to watch"
        shot(guest, artifacts, "13-lan-stranger-gets-only-the-pairing-page.png")

        guest.fill("#code", "000000")
        guest.click("#pair")
        assert "not the one on the host" in guest.inner_text("#pair-failed")
        guest.fill("#code", VIEWER_CODE)
        guest.click("#pair")
        guest.wait_for_selector("#conn.live")
        guest.wait_for_selector("svg#board [data-cell='D3']")       # the viewer sees the island
        guest.click("nav a:has-text('Turn')")
        guest.wait_for_selector("#conn.live")
        assert "can watch but not change" in guest.inner_text("#unpaired")
        guest.fill("#move", "road E1")
        guest.click("#move-form button")
        guest.wait_for_selector("#toast.show.bad")
        assert "paired to watch only" in guest.inner_text("#toast")
        shot(guest, artifacts, "14-lan-viewer-refused-a-move.png")
        assert services.session.last_seq() == 1

        host.goto(server.url + "/pair")
        host.click("#revoke")
        new_code = host.inner_text("#new-player-code")
        assert new_code != PLAYER_CODE and len(new_code) == 6
        shot(host, artifacts, "15-lan-host-revoked-every-pairing.png")

        guest.goto(server.url + "/turn", wait_until="domcontentloaded")   # revoked: back to pairing
        assert guest.url.endswith("/pair")
        guest.fill("#code", VIEWER_CODE)                             # the old code no longer works
        guest.click("#pair")
        guest.wait_for_selector("#pair-failed")
        guest.fill("#code", new_code)
        guest.click("#pair")
        guest.wait_for_selector("#conn.live")
        guest.click("nav a:has-text('Turn')")
        guest.wait_for_selector("#conn.live")
        guest.fill("#move", "road E1")
        guest.click("#move-form button")
        guest.wait_for_selector("#turn-build:text-is('road E1')")
        host.goto(server.url + "/", wait_until="domcontentloaded")
        host.wait_for_selector("svg#board [data-cell='E1'][data-token='r']")   # the host, still paired, sees it
        services.broadcaster.close()


def test_another_site_cannot_frame_the_dashboard(browser, tmp_path):
    services = make_services(tmp_path)
    app = create_app({"DATA": tmp_path, "HEARTBEAT": 0.5}, services=services)
    with RunningServer(app) as server:
        page = browser.new_page()
        seen = []
        page.on("response", lambda response: seen.append(response.url))
        page.set_content(f'<iframe id="framed" src="{server.url}/pair" width="600" height="400"></iframe>')
        page.wait_for_timeout(500)
        assert any(url.endswith("/pair") for url in seen)   # the request was made and answered ...
        frame = page.frames[1]
        assert frame.url != f"{server.url}/pair" or frame.locator("#pair, .card").count() == 0   # ... not shown
        services.broadcaster.close()
