"""A real headless Chromium on the Cannon screen, with the firmware twin behind it: the cannon is
not located, then located; aim at a tapped cell; arm with the confirmation; fire; a refused aim
and a reboot that drops the arming, in both tablet orientations; and, as in the demo, no Arm or
Fire before an aim, with the reason why not. Screenshots in tests/artifacts/."""

from __future__ import annotations

from companion.hardware.aim import CannonFix

from .cannon_rig import POSE, twin_cannon
from .chromium import PORTRAIT, assert_in_view, browser, needs_chromium, served_page, shot  # noqa: F401 (browser is a fixture)

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


FIRE_FROM_THE_PAGE = """async () => {
    const csrf = document.querySelector('meta[name="csrf-token"]').content;
    const reply = await fetch("/api/cannon/fire", {method: "POST", credentials: "same-origin",
        headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf}, body: "{}"});
    return {status: reply.status, error: (await reply.json()).error};
}"""


def test_the_demos_cannon_screen_offers_no_fire_before_an_aim_and_says_why(browser, tmp_path, artifacts):
    rig = twin_cannon(tmp_path, pose=None)   # as `companion serve` runs the demo: no marker 48, no --cannon-pose
    with served_page(browser, rig.services, tmp_path, "/cannon", closing=rig.close) as page:
        page.wait_for_selector("#f-hello:has-text('firmware 1.0.0')")
        page.wait_for_selector("#needs-aim:has-text('Aiming is unavailable')")
        why = page.inner_text("#needs-aim")
        assert "nobody knows where the cannon stands" in why
        assert "marker (id 48) beside the island" in why and "--cannon-pose X,Y,HEADING" in why
        assert_in_view(page, "#needs-aim")
        assert page.is_hidden("#fire") and page.is_hidden("#arm")
        page.click("svg#board [data-cell='F3']")                # a tap cannot aim either ...
        page.wait_for_selector("#aim-result.bad:has-text('nobody knows where the cannon stands')")
        assert page.is_hidden("#fire") and page.is_hidden("#arm")
        refused = page.evaluate(FIRE_FROM_THE_PAGE)             # ... and the server will not fire at nothing
        assert refused["status"] == 409 and refused["error"].startswith("Cannot fire: the cannon has not been aimed")
        assert not rig.twin.state.firing
        shot(page, artifacts, "19-cannon-demo-aiming-unavailable.png", full_page=False)

        rig.desk.aimer.place(CannonFix(POSE, "camera"))        # marker 48 comes into view
        page.wait_for_selector("#needs-aim:has-text('Tap a cell to aim at it')")
        assert page.is_hidden("#fire") and page.is_hidden("#arm")
        page.click("svg#board [data-cell='F3']")
        page.wait_for_selector("#aim-result.good:has-text('Aiming at F3')")
        page.wait_for_selector("#needs-aim", state="hidden")
        page.wait_for_selector("#arm:not([disabled])")          # now Arm is offered, and Fire once armed
        assert page.is_visible("#fire") and page.is_disabled("#fire")
        assert_in_view(page, "#fire")
        shot(page, artifacts, "20-cannon-aimed-arm-offered.png", full_page=False)

