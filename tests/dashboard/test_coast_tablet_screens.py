"""Cannons & Coastlines at a 10-inch tablet's 1280x800, in a real headless Chromium: the Table,
Points and Cannon screens each show what a player acts on without scrolling (the whole table, a
claim's verdict, the ships to aim at), and the Cannon screen, with nobody told where the cannon
stands, offers no Arm or Fire and says why. Screenshots land in tests/artifacts/ (gitignored)."""

from __future__ import annotations

from companion.dashboard.video import placeholder

from .cannon_rig import coast_twin_cannon
from .chromium import LANDSCAPE, assert_in_view, browser, needs_chromium, served_page, shot  # noqa: F401 (browser is a fixture)

pytestmark = needs_chromium


def test_the_coast_screens_fit_a_landscape_tablet(browser, tmp_path, artifacts):
    rig = coast_twin_cannon(tmp_path, pose=None)   # `serve --game cannons-coastlines` without --cannon-pose
    rig.services.frames.publish(placeholder("No camera", "the Table screen's live view"))
    with served_page(browser, rig.services, tmp_path, "/", closing=rig.close) as page:
        page.wait_for_selector("svg#coast-table [data-ship='ben/sloop']")
        assert_in_view(page, "svg#coast-table .sea")                # the whole play area ...
        assert_in_view(page, "#players-line")                       # ... and who has how many points
        assert_in_view(page, "#video")
        shot(page, artifacts, "coast-tablet-01-table.png", full_page=False)

        page.click("nav a:has-text('Points')")
        page.wait_for_selector("article.player[data-player='anna'] .points")
        page.click("#claim")                                        # anna's claim, refused at 53 points
        page.wait_for_selector("#verdict.bad")
        assert_in_view(page, "#verdict .sentence")
        shot(page, artifacts, "coast-tablet-02-points-claim.png", full_page=False)

        page.click("nav a:has-text('Cannon')")
        page.wait_for_selector("#needs-aim:has-text('Aiming is unavailable')")
        why = page.inner_text("#needs-aim")
        assert "nobody knows where the cannon stands" in why and "--cannon-pose X,Y,HEADING" in why
        assert page.is_hidden("#arm") and page.is_hidden("#fire")
        assert_in_view(page, "#needs-aim")
        assert_in_view(page, "svg#coast-table .sea")
        page.wait_for_selector("#targets li")
        assert_in_view(page, "#targets li")                         # the ship to aim at, beside Arm and Fire
        shot(page, artifacts, "coast-tablet-03-cannon-not-located.png", full_page=False)
