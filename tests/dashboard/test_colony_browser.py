"""A real headless Chromium plays The Colony on the Play screen: red taps L1, is asked the way at the
double log L3, taps the centre, sees the path and the counts, confirms; the sowing is drawn egg by egg;
then undo puts the eggs back. An ant is moved by taps; the Camera screen asks the camera's question.
Screenshots land in tests/artifacts/ for a person to look at."""

from __future__ import annotations

import re

import pytest

from companion.dashboard.video import placeholder
from companion.games.the_colony.demo import START_BOARD
from companion.games.the_colony.record import RECORD

from .chromium import LANDSCAPE, PORTRAIT, assert_in_view, browser, needs_chromium, served_page, shot  # noqa: F401
from .test_colony_api import ANTS_BOARD, colony_services

pytestmark = needs_chromium


def counts(page) -> dict:
    """The eggs the mirror shows on each log, read from the picture's own numbers."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('svg#logs g.space')]
        .map((g) => [g.dataset.space, Number(g.querySelector('text.count').textContent)]))""")


@pytest.fixture
def colony(tmp_path):
    services = colony_services(tmp_path)
    services.session.act(RECORD.start(START_BOARD.read_text(encoding="utf-8"), source="serve"))
    yield services
    services.broadcaster.close()


@pytest.mark.slow   # about 8 s: a page, a choice, a sowing drawn egg by egg, undo, two more pages
def test_red_sows_l1_through_the_centre_sees_it_drawn_then_undoes_it(browser, colony, tmp_path, artifacts):
    with served_page(browser, colony, tmp_path, "/") as page:
        page.wait_for_selector("svg#logs g.space.legal[data-space='L19']")
        assert page.locator("svg#logs g.space.legal").count() == 19
        assert "Red to sow" in page.inner_text("#turn-banner")
        assert set(counts(page).values()) == {3}
        assert_in_view(page, "svg#logs")
        shot(page, artifacts, "colony-01-opening.png", full_page=False)

        page.click("svg#logs g[data-space='L1']")                  # two eggs reach L3, which asks the way
        page.wait_for_selector("#options button[data-way='L19']")
        assert page.locator("#options button").all_inner_texts() == ["to L4", "to L19 (centre)"]
        ringed = page.locator("svg#logs g.space.option").evaluate_all("gs => gs.map(g => g.dataset.space)")
        assert ringed == ["L4", "L19"]
        assert counts(page)["L1"] == 0 and counts(page)["L2"] == 4 and counts(page)["L3"] == 4
        assert page.locator("svg#logs line.step").count() == 2 and page.is_disabled("#confirm")
        shot(page, artifacts, "colony-02-choice-at-L3.png", full_page=False)

        page.click("svg#logs g[data-space='L19']")                 # the centre, tapped on the board
        page.wait_for_selector("#confirm:not([disabled])")
        assert "From L1: L2 → L3 → L19" in page.inner_text("#trial")
        assert "collect it and place an ant there" in page.inner_text("#trial")
        assert page.get_attribute("#trial .rule", "data-rule") == "rules:action"
        assert page.get_attribute("svg#logs g[data-space='L19']", "data-ant") == "red"
        assert page.locator("svg#logs g.space.end").get_attribute("data-space") == "L19"
        shot(page, artifacts, "colony-03-tried-out.png", full_page=False)
        assert colony.session.view()["eggs"]["L1"] == 3                # tried out only: nothing logged yet

        page.click("#confirm")                                     # logged; drawn egg by egg
        # An egg falls every 320 ms: catch the drawing mid-way (the first or second egg), however busy the machine.
        page.wait_for_selector("svg#logs[data-animating='true']:is([data-steps-shown='1'], [data-steps-shown='2'])")
        assert re.match(r"Egg [12] of 3", page.inner_text("#ended"))
        shot(page, artifacts, "colony-04-drawn-egg-by-egg.png", full_page=False)
        page.wait_for_selector("svg#logs[data-animating='false'][data-mode='move-ant']")
        assert counts(page) == {**{f"L{n}": 3 for n in range(1, 20)}, "L1": 0, "L2": 4, "L3": 4}
        assert page.locator("#path li").all_inner_texts() == ["L2", "L3", "L19"]
        assert page.get_attribute("#path li.end", "data-step") == "3"
        assert "you collect it and place an ant there" in page.inner_text("#ended")
        assert page.inner_text("#scores [data-colour='red'] .total") == "4"
        assert "1 collected + 3 under ants" in page.inner_text("#scores [data-colour='red']")
        assert page.is_visible("#pass") and page.inner_text("#undo") == "Undo Red's sowing from L1"
        page.click("svg#logs g[data-space='L19']")                 # red's new ant: where may it step?
        assert page.locator("svg#logs g.space.option").count() == 4
        shot(page, artifacts, "colony-05-sown-ant-to-move.png", full_page=False)

        page.click("#undo")                                        # the eggs go back
        page.wait_for_selector("svg#logs[data-mode='sow'] g.space.legal[data-space='L1']")
        assert set(counts(page).values()) == {3}
        assert page.get_attribute("svg#logs g[data-space='L19']", "data-ant") == ""
        assert page.locator("#path li").count() == 0 and page.is_disabled("#undo")
        assert page.inner_text("#scores [data-colour='red'] .total") == "0"
        shot(page, artifacts, "colony-06-undone.png", full_page=False)

        page.click("nav a:has-text('Record')")
        page.wait_for_selector("#rows tr:has-text('Took back Red')")
        assert "Sowed L1: L2 → L3 → L19" in page.inner_text("#rows")
        shot(page, artifacts, "colony-07-record.png", full_page=False)

        colony.session.act({"type": "sow", "space": "L1", "via": ["L19"]})
        upright = browser.new_page(viewport=PORTRAIT)                # an upright tablet joins
        upright.goto(page.url.replace("/record", "/"))
        upright.wait_for_selector("svg#logs[data-mode='move-ant']")
        assert upright.locator("#path li").all_inner_texts() == ["L2", "L3", "L19"]
        assert_in_view(upright, "svg#logs", PORTRAIT)
        shot(upright, artifacts, "colony-08-portrait.png", full_page=False)
        upright.close()


def test_the_camera_screen_shows_the_live_view_beside_the_logs(browser, colony, tmp_path, artifacts):
    colony.session.act({"type": "sow", "space": "L1", "via": ["L4"]})
    colony.session.ask("The camera sees 5 eggs on L9, the game 3: count them again.", ["L9"])
    colony.frames.publish(placeholder("No camera", "Start with --source 0 for a webcam."))   # what serve shows
    with served_page(browser, colony, tmp_path, "/camera") as page:
        page.wait_for_selector("svg#logs g.space.option[data-space='L9']")
        assert "count them again" in page.inner_text("#question-text")
        assert page.get_attribute("svg#logs g[data-space='L4']", "data-ant") == "red"
        shot(page, artifacts, "colony-09-camera.png", full_page=False)
        page.click("#dismiss")
        page.wait_for_selector("#question.hidden", state="attached")
        assert colony.session.question is None


def test_an_ant_is_moved_by_tapping_it_then_a_ringed_neighbour(browser, tmp_path, artifacts):
    services = colony_services(tmp_path)
    services.session.act(RECORD.start(ANTS_BOARD))
    with served_page(browser, services, tmp_path, "/") as page:
        page.click("svg#logs g.space.legal[data-space='L11']")     # one egg, to the empty L12: it stops
        page.wait_for_selector("#confirm:not([disabled])")
        assert page.get_attribute("#trial .rule", "data-rule") == "rules:action"
        page.click("#confirm")
        page.wait_for_selector("svg#logs[data-mode='move-ant'][data-animating='false'] g.space.ant-from[data-space='L5']")
        page.click("svg#logs g[data-space='L9']")                  # not an ant of red's: the toast says so
        page.wait_for_selector("#toast.show.bad:has-text(\"Tap one of Red's ants first.\")")
        page.click("svg#logs g[data-space='L5']")
        ringed = page.locator("svg#logs g.space.option").evaluate_all("gs => gs.map(g => g.dataset.space)")
        assert ringed == ["L4", "L6"]
        shot(page, artifacts, "colony-10-ant-chosen.png", full_page=False)
        page.click("svg#logs g[data-space='L6']")
        page.wait_for_selector("#turn-banner:has-text('Black to sow')")
        assert page.get_attribute("svg#logs g[data-space='L6']", "data-ant") == "red"
        assert "ant moves mandatory" in page.inner_text("#phase")
    services.broadcaster.close()
