"""A real headless Chromium plays Cannons & Coastlines on the dashboard: the camera starts the game,
points show live, a prize value is edited, victory is declared (refused, then won), aids toggle.

Screenshots land in tests/artifacts/ (gitignored) for a person to look at.
"""

from __future__ import annotations

import pytest

from companion.dashboard import create_app
from companion.games.cannons_coastlines.camera.live import CoastCamera
from companion.live import Pipeline
from companion.games.cannons_coastlines.tracking import CoastTrackerSettings

from .chromium import LANDSCAPE, PORTRAIT, browser, needs_chromium, shot  # noqa: F401 (browser is a fixture)
from .coast_scenes import BATTLE as SCENE
from .coast_scenes import FakeTableCamera, FakeTableReader, coast_services
from .conftest import RunningServer

pytestmark = needs_chromium


@pytest.fixture
def coast_server(tmp_path):
    camera = FakeTableCamera(None)
    services = coast_services(tmp_path)
    pipeline = Pipeline(CoastCamera, services.session, lambda on_status: camera, FakeTableReader(camera),
                             publish_frame=services.frames.publish,
                             publish_status=lambda s: services.broadcaster.publish_status("camera", s),
                             pace=False, tracker_settings=CoastTrackerSettings(still_frames=3))
    services.camera = pipeline.status
    app = create_app({"DATA": tmp_path, "HEARTBEAT": 0.5}, services=services)
    with RunningServer(app) as server:
        pipeline.start()
        yield server, camera, services
        pipeline.stop()
        services.broadcaster.close()


def test_coast_points_values_claim_and_aids_in_a_real_browser(browser, coast_server, artifacts):
    server, camera, services = coast_server
    page = browser.new_page(viewport=LANDSCAPE)
    page.goto(server.url + "/")
    page.wait_for_selector("#conn.live")
    assert "No game yet" in page.inner_text("#turn-banner")

    camera.show(SCENE)                                            # the camera sees the table: the game starts
    page.wait_for_selector("svg#coast-table [data-ship='ben/sloop']")
    page.wait_for_selector("#turn-banner:has-text('anna to play')")
    page.wait_for_selector("svg#coast-table [data-aid='fire'] line.shot.hit[data-ship='anna/frigate']", state="attached")   # a vertical line has no width: attached, not 'visible'
    assert "anna/frigate is anna's nearest ship" in page.inner_text("#aid-list")
    page.wait_for_function("document.getElementById('video').naturalWidth > 0")
    shot(page, artifacts, "coast-01-table-landscape-all-aids.png")

    page.click("#aid-toggles button[data-aid='fire']")            # lines of fire off, the rest stay on
    assert page.get_attribute("#aid-toggles button[data-aid='fire']", "aria-pressed") == "false"
    assert page.is_hidden("svg#coast-table g[data-aid='fire']")
    assert page.is_visible("svg#coast-table g[data-aid='coins']")
    assert "Line of fire" not in page.inner_text("#aid-list")

    camera.hand(True)                                             # an arm hides the sloop ...
    camera.show(SCENE, stale={"ben/sloop"})
    camera.hand(False)
    page.wait_for_selector("svg#coast-table g.ship.stale[data-ship='ben/sloop']", timeout=10_000)
    shot(page, artifacts, "coast-02-table-fire-off-stale-sloop.png")

    page.click("nav a:has-text('Points')")
    page.wait_for_selector("article.player[data-player='anna'] .points")
    assert page.inner_text("article.player[data-player='anna'] .points") == "53"    # 5 + 5*6 + 6*3
    assert page.inner_text("article.player[data-player='ben'] .points") == "45"     # 3 + 6*3 + 3*8

    page.click("#claim")                                          # 53 at the start of the turn: refused
    page.wait_for_selector("#verdict.bad")
    assert "anna had 53 points at the start of the turn" in page.inner_text("#verdict")
    shot(page, artifacts, "coast-03-points-claim-refused.png")

    page.fill("input[name='pirates:hull']", "abc")                # a bad value: the server's reason shows
    page.click("#save-values")
    page.wait_for_selector("#toast.show.bad")
    assert "not 'abc'" in page.inner_text("#toast")
    page.fill("input[name='pirates:hull']", "8")                  # the house says a pirate hull is worth 8
    page.click("#save-values")
    page.wait_for_selector("article.player[data-player='anna'] .points:text-is('63')")
    page.wait_for_selector("input.house[name='pirates:hull']")

    page.click("#claim")                                          # judged again on the start-of-turn holdings
    page.wait_for_selector("#verdict.good")
    assert "anna wins with 63 points" in page.inner_text("#verdict")
    page.wait_for_selector("#result:not(.hidden)")
    assert "anna wins" in page.inner_text("#turn-banner")
    shot(page, artifacts, "coast-04-points-values-edited-victory.png")

    page.set_viewport_size(PORTRAIT)
    page.goto(server.url + "/")
    page.wait_for_selector("svg#coast-table [data-ship='ben/sloop']")
    shot(page, artifacts, "coast-05-table-portrait.png")
    page.goto(server.url + "/points")
    page.wait_for_selector("article.player[data-player='anna'] .points")
    shot(page, artifacts, "coast-06-points-portrait.png")
    kinds = [e.type for e in services.session.log.events()]
    assert kinds[:2] == ["game", "turn"] and "values" in kinds and kinds.count("claim") == 2
    page.close()


def test_the_points_screen_asks_about_an_unsure_mat_and_a_player_sets_it(browser, coast_server, artifacts):
    server, camera, services = coast_server
    page = browser.new_page(viewport=LANDSCAPE)
    camera.show(SCENE)                                            # anna 53 points, ben 45, both read sure
    page.goto(server.url + "/points")
    page.wait_for_selector("article.player[data-player='ben'] .points:text-is('45')")
    assert page.is_hidden("#question")

    misread = SCENE.replace(mats={**SCENE.mats, "ben": SCENE.mats["anna"]})       # what the camera thinks it sees
    camera.show(misread, mat_doubts={"ben": ("a prize hull from an unknown fleet",)},
                mat_notes={"anna": ("a coin whose ring colour is unclear (read as repair crew)",)})
    page.wait_for_selector("#question:not(.hidden)")
    assert "The camera cannot vouch for ben's mat (a prize hull from an unknown fleet)" in page.inner_text("#question")
    assert page.inner_text("article.player[data-player='ben'] .points") == "45"   # the last sure reading stays
    assert "a prize hull from an unknown fleet" in page.inner_text("article.player[data-player='ben'] .unsure-mat")
    assert "a coin whose ring colour is unclear" in page.inner_text("article.player[data-player='anna'] .mat-notes")
    assert page.query_selector("article.player[data-player='anna'] .unsure-mat") is None
    shot(page, artifacts, "coast-07-points-unsure-mat-asked.png")
    page.click("nav a:has-text('Table')")                          # the Table screen shows the question too
    page.wait_for_selector("#question:not(.hidden)")
    assert "ben's mat" in page.inner_text("#question")
    page.click("#question a:has-text('Check the points')")
    page.wait_for_selector("article.player[data-player='ben'] .unsure-mat")

    page.click("article.player[data-player='ben'] button.set-mat")   # ben counts his mat and types it
    page.fill("form.mat-form input[name='coin:repair_crew']", "3")
    page.fill("form.mat-form input[name='prize:navy:hull']", "x")     # a slip: the server says what is wrong
    page.click("form.mat-form button[type='submit']")
    page.wait_for_selector("#toast.show.bad")
    assert "found 'x'" in page.inner_text("#toast")
    page.fill("form.mat-form input[name='prize:navy:hull']", "4")
    shot(page, artifacts, "coast-08-points-mat-set-by-hand.png")
    page.click("form.mat-form button[type='submit']")
    page.wait_for_selector("article.player[data-player='ben'] .points:text-is('53')")   # 3 + 4 * 8 + 6 * 3
    assert page.is_hidden("#question")                            # setting the mat answered it
    assert page.query_selector("article.player[data-player='ben'] .unsure-mat") is None
    assert [e.type for e in services.session.log.events()][-2:] == ["question", "mat"]
    page.close()
