"""A real headless Chromium walks through the Pieces wizard on rendered photos of the teaching sheet: the camera
first sees France's and Spain's squares bare (8 of 14 ticked, the bare ones saying why), then every piece
(14 of 14, the picture of what was learned; from nearly overhead, so the heights are said not measured), and Save
writes the looks file. Screenshots in tests/artifacts/."""

from __future__ import annotations

import pytest

from calibration.pieces import PieceLooks

from .chromium import LANDSCAPE, PORTRAIT, assert_in_view, browser, needs_chromium, served_page, shot  # noqa: F401
from .conftest import make_services
from .test_pieces_wizard import FIRST_ROWS, colony_wizard, photos  # noqa: F401

pytestmark = needs_chromium


def ticked(page) -> dict:
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#teach-squares li')]
        .map((li) => [li.dataset.label, li.className]))""")


@pytest.mark.slow   # about 15 s: renders two photos, teaches them behind a real page
def test_a_player_teaches_the_pieces_square_by_square_and_saves(browser, photos, tmp_path, artifacts):  # noqa: F811
    saved_with = []
    wizard = colony_wizard(tmp_path, use_looks=lambda path: saved_with.append(path) or "the camera reads with them "
                                                                                          "from now on")
    services = make_services(tmp_path, pieces=wizard)
    with served_page(browser, services, tmp_path, "/pieces") as page:
        assert page.inner_text("nav.tabs a.on") == "Pieces"
        assert page.is_disabled("#teach-save") and "0 of 14 squares learned" in page.inner_text("#teach-count")
        wizard.offer(photos["half"])                  # the camera sees the sheet, two countries' pieces not down yet
        page.click("#teach-start")
        page.wait_for_function("document.querySelector('#teach-count').textContent.startsWith('8 of 14')",
                               timeout=20000)
        classes = ticked(page)
        assert {label for label, state in classes.items() if state == "not-learned"} == FIRST_ROWS
        assert "empty in camera frame 1" in page.inner_text("#teach-squares li[data-label='Cs']")
        assert page.get_attribute("#teach-bar", "aria-valuenow") == "8"
        # Chromium shows an MJPEG part once the next begins: the hub's keep-alive (2 s) brings the ticked frame.
        page.wait_for_timeout(2600)
        assert_in_view(page, "#teach-bar")
        shot(page, artifacts, "pieces-01-half-learned.png")

        wizard.offer(photos["full"])                  # every piece on its square
        page.wait_for_function("document.querySelector('#teach-count').textContent.startsWith('14 of 14')",
                               timeout=20000)
        assert set(ticked(page).values()) == {"learned"}
        assert page.inner_text("#teach-start") == "Start"   # nothing left to learn: the wizard stopped itself
        # The camera looks 8.6 degrees from straight down: the pieces' heights are not measured, and it says so.
        heights = page.inner_text("#teach-heights")
        assert "Heights not measured" in heights and "Slant the camera 30-45 degrees" in heights
        assert_in_view(page, "#teach-heights")
        page.wait_for_function("document.querySelector('#teach-card').naturalWidth > 800")
        page.wait_for_timeout(2600)
        shot(page, artifacts, "pieces-02-all-learned.png")

        page.click("#teach-save")
        page.wait_for_function("document.querySelector('#teach-saved').textContent.startsWith('Saved 14 looks')")
        assert "the camera reads with them from now on" in page.inner_text("#teach-saved")
        shot(page, artifacts, "pieces-03-saved.png", full_page=False)
        page.set_viewport_size(PORTRAIT)
        shot(page, artifacts, "pieces-04-portrait.png")
    assert saved_with == [wizard.save_to]
    assert set(PieceLooks.load(wizard.save_to, "cannonball-colony").learned()) == set(wizard.labels)
