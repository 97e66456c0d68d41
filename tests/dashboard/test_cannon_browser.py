"""A real headless Chromium on the Cannon screen, with the firmware twin behind it: the cannon is
not located, then located; aim at a tapped cell; arm with the confirmation; fire; a refused aim
and a reboot that drops the arming, in both tablet orientations. Screenshots in tests/artifacts/."""

from __future__ import annotations

from companion.cannon_aim import CannonFix

from .cannon_rig import POSE, twin_cannon
from .chromium import PORTRAIT, browser, needs_chromium, served_page, shot  # noqa: F401 (browser is a fixture)

pytestmark = needs_chromium


def test_aim_arm_and_fire_from_the_cannon_screen(browser, tmp_path, artifacts):
    rig = twin_cannon(tmp_path, pose=None)
    with served_page(browser, rig.services, tmp_path, "/cannon", closing=rig.close) as page:
        page.wait_for_selector("#f-hello:has-text('firmware 1.0.0')")
        assert "Cannon not located" in page.inner_text("#located")
        page.click("svg#board [data-cell='F3']")                # nobody knows where the cannon is
        page.wait_for_selector("#aim-result.bad:has-text('nobody knows where the cannon stands')")
        shot(page, artifacts, "13-cannon-landscape-not-located.png")

        rig.desk.aimer.place(CannonFix(POSE, "camera"))        # as the camera does on seeing marker 48
        page.wait_for_selector("#located.located:has-text('Cannon located by the camera')")
        page.click("svg#board [data-cell='F3']")
        page.wait_for_selector("#aim-result.good:has-text('Aiming at F3')")
        page.wait_for_selector("svg#board .selected")           # the target cell is marked
        page.wait_for_selector("#f-aim:has-text('on target')")
        assert "pan 104.0°" in page.inner_text("#f-aim")

        page.click("#arm")                                      # press ...
        page.wait_for_selector("#confirm-box:not(.hidden)")
        assert "Arm the cannon?" in page.inner_text("#confirm-question")
        assert page.is_disabled("#fire")
        shot(page, artifacts, "14-cannon-landscape-arm-confirm.png")
        page.click("#confirm-arm")                              # ... and confirm
        page.wait_for_selector("#arm-state.armed:has-text('ARMED')")
        assert page.is_enabled("#fire") and rig.twin.state.armed
        shot(page, artifacts, "15-cannon-landscape-armed.png")
        page.click("#fire")
        page.wait_for_selector("#notice.good:has-text('Fired at F3.')")
        page.wait_for_selector("#arm-state.safe")
        assert page.is_disabled("#fire")
        shot(page, artifacts, "16-cannon-landscape-fired.png")

        page.set_viewport_size(PORTRAIT)                        # the tablet turned upright
        page.reload()
        page.wait_for_selector("#conn.live")
        page.click("svg#board [data-cell='A1']")
        page.wait_for_selector("#aim-result.bad:has-text('outside the soft limits 45..135 deg')")
        shot(page, artifacts, "17-cannon-portrait-aim-refused.png")
        page.click("#arm")
        page.click("#confirm-arm")
        page.wait_for_selector("#arm-state.armed")
        rig.hardware.twin_pty.reboot()                          # the board resets while armed
        page.wait_for_selector("#notice.bad:has-text('which dropped the arming')")
        page.wait_for_selector("#arm-state.safe")
        shot(page, artifacts, "18-cannon-portrait-reboot-dropped-arming.png")
