"""A real headless Chromium aims the cannon in a Cannons & Coastlines game, with the firmware twin
behind it: from a line of fire on the Table screen to the Cannon screen, a ship tapped, a refused
aim, arm with the confirmation, fire; then the LEDs' answer to a won claim. Screenshots in
tests/artifacts/ (coast-07 ... coast-11)."""

from __future__ import annotations

from companion.dashboard.video import placeholder

from .cannon_rig import coast_twin_cannon
from .chromium import PORTRAIT, browser, needs_chromium, served_page, shot  # noqa: F401 (browser is a fixture)

pytestmark = needs_chromium


def test_aim_at_a_ship_arm_and_fire_from_the_coast_cannon_screen(browser, tmp_path, artifacts, until):
    rig = coast_twin_cannon(tmp_path)
    rig.services.frames.publish(placeholder("No camera", "as serve --source none shows it"))
    with served_page(browser, rig.services, tmp_path, "/", closing=rig.close) as page:
        link = page.wait_for_selector("#aid-list a.aim-link:has-text('aim the cannon at ben/brigantine')")
        fire = page.inner_text("#aid-list")
        assert "ben/brigantine slot 1: first ship touched is anna/frigate" in fire   # ben's shot: not anna's to aim
        assert page.locator("#aid-list a.aim-link").count() == 1
        shot(page, artifacts, "coast-07-table-line-of-fire-aim-link.png")

        link.click()                                              # to the Cannon screen, which asks first
        page.wait_for_selector("#f-hello:has-text('firmware 1.0.0')")
        page.wait_for_selector("#f-ledmap:has-text('2 seat segments of 36 LEDs round the table edge')")
        assert "Cannon located from --cannon-pose at (762, 254) mm from the play area's top-left corner" \
            in page.inner_text("#located")
        page.wait_for_selector("#f-shows:has-text('anna to play: their seat bright blue, the others dim')")
        assert rig.twin.state.pan_target == 9000                  # loading the page aimed at nothing
        assert "Aim at anna/frigate" not in page.inner_text("#targets")   # only the mover's shots are offered
        page.click("#aim-suggested")
        page.wait_for_selector("#aim-result.good:has-text('Aiming at ben/brigantine: pan 90.0°')")
        page.wait_for_selector("svg#coast-table g.ship.targeted[data-ship='ben/brigantine']")
        page.wait_for_selector("#f-aim:has-text('on target')")
        assert "ben/brigantine" in page.inner_text("#targets li.suggested")
        shot(page, artifacts, "coast-08-cannon-aimed-at-line-of-fire-target.png")

        page.click("svg#coast-table g.ship[data-ship='ben/sloop']")   # 79 deg off: past the soft limits
        page.wait_for_selector("#aim-result.bad:has-text('outside the soft limits 45..135 deg')")
        page.click("svg#coast-table g.ship[data-ship='ben/schooner']")
        page.wait_for_selector("#aim-result.good:has-text('Aiming at ben/schooner')")
        page.wait_for_selector("svg#coast-table g.ship.targeted[data-ship='ben/schooner']")
        page.wait_for_selector("#f-aim:has-text('on target')")

        page.click("#arm")                                        # press ...
        page.wait_for_selector("#confirm-box:not(.hidden)")
        assert page.is_disabled("#fire") and not rig.twin.state.armed
        shot(page, artifacts, "coast-09-cannon-arm-confirm.png")
        page.click("#confirm-arm")                                # ... and confirm
        page.wait_for_selector("#arm-state.armed:has-text('ARMED')")
        assert rig.twin.state.armed
        page.click("#fire")
        page.wait_for_selector("#notice.good:has-text('Fired at ben/schooner.')")
        page.wait_for_selector("#arm-state.safe")
        shot(page, artifacts, "coast-10-cannon-fired-at-schooner.png")

        services = rig.services                                   # anna wins on the Points screen ...
        services.session.act({"type": "values", "house": {"pirates": {"hull": 8}}})
        services.session.act({"type": "claim", "player": "anna"})
        page.wait_for_selector("#turn-banner:has-text('anna wins')")
        until(lambda: {tuple(c) for c in rig.twin.strip[:72]} == {(0, 15, 64)})   # ... the strip in her blue
        page.set_viewport_size(PORTRAIT)
        page.reload()
        page.wait_for_selector("#f-shows:has-text('anna wins: the whole strip blue')")
        assert "72 of 72 lit" in page.inner_text("#f-leds")
        shot(page, artifacts, "coast-11-cannon-portrait-anna-won.png")
