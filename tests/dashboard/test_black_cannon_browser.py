"""A real headless Chromium plays a Black Cannon turn with a shot, the firmware twin behind the Cannon
screen: anna enters her roll, sees the legal squares ringed, is told why a square she may not reach is
refused, tries B7 (a Black Cannon square) and confirms; red must fire: the targets are offered, the
Cannon screen aims at blue's frigate, arms with the confirmation and fires; back on Play the shot is
entered as it fell (sunk, the chest onto red's ship), and the Record says it all.
Screenshots land in tests/artifacts/ (black-cannon-01 ... 08) for a person to look at."""

from __future__ import annotations

import pytest

from .black_cannon_scenes import bc_twin_cannon
from .chromium import PORTRAIT, assert_in_view, browser, needs_chromium, served_page, shot  # noqa: F401

pytestmark = needs_chromium


def ringed(page) -> list[str]:
    return page.locator("svg#sea g.square.legal").evaluate_all("gs => gs.map(g => g.dataset.square)")


@pytest.mark.slow   # about 12 s: a roll, a move, two screens, arming and firing, the Record
def test_a_turn_with_a_black_cannon_shot_from_roll_to_the_sunk_frigate(browser, tmp_path, artifacts):
    services, setup = bc_twin_cannon(tmp_path)
    session = services.session
    with served_page(browser, services, tmp_path, "/", closing=setup.close) as page:
        page.wait_for_selector("svg#sea g.ship[data-fleet='red'][data-square='B3']")
        assert "Anna to roll" in page.inner_text("#turn-banner")
        assert page.locator("svg#sea g.square.land").count() == 14 and page.locator("svg#sea circle.black-cannon").count() == 4
        assert page.get_attribute("svg#sea g[data-square='D4'] text.chest-count", "data-chests") == "4"
        assert page.locator("svg#sea .edge-letter").evaluate_all("ts => ts.map(t => t.textContent)") == ["A", "B", "C", "D"]
        assert page.get_attribute("svg#sea g.ship[data-fleet='blue']", "data-kind") == "frigate"
        assert page.locator("svg#sea g.ship.carrying").count() == 1 and page.is_visible("#die-2")
        assert_in_view(page, "svg#sea")
        shot(page, artifacts, "black-cannon-01-to-roll.png", full_page=False)

        page.click("#die-1 button[data-face='4']")
        page.click("#die-2 button[data-face='1']")
        page.click("#roll")
        page.wait_for_selector("svg#sea[data-mode='move'] g.square.legal[data-square='B7']")
        # 1, 4 or 5 squares in the eight directions, short of land, ports and ships: B7 four squares south.
        assert sorted(ringed(page)) == ["A2", "A3", "A4", "B2", "B4", "B7", "B8", "C2", "C3", "C4", "F3", "F7", "G3"]
        page.click("svg#sea g[data-square='E5']")                  # not on a straight line from B3
        page.wait_for_selector("#verdict.bad:has-text('E5 is not on a straight line from B3')")
        shot(page, artifacts, "black-cannon-02-rolled-refused-square.png", full_page=False)

        page.click("svg#sea g[data-square='B7']")                  # tried out: the path, and the shot to come
        page.wait_for_selector("#confirm:not([disabled])")
        assert "Red sails 4 squares south from B3 to B7" in page.inner_text("#trial")
        assert "A Black Cannon square: a shot follows." in page.inner_text("#trial")
        assert page.locator("svg#sea g.square.on-path").evaluate_all("gs => gs.map(g => g.dataset.square)") == [
            "B4", "B5", "B6", "B7"]
        shot(page, artifacts, "black-cannon-03-move-tried.png", full_page=False)
        assert session.view()["ships"]["red"]["square"] == "B3"   # tried out only: nothing logged yet

        page.click("#confirm")
        page.wait_for_selector("#shot-panel:not(.hidden) #targets button[data-target='blue']")
        assert [t.split("\n")[-1] for t in page.locator("#targets button").all_inner_texts()] == ["Blue's frigate on J8", "Green's galleon on A12"]
        page.wait_for_selector("#verdict:has-text(\"B7 is a Black Cannon square\")")   # the reply's message, which may come after the state
        assert page.get_attribute("#verdict .rule", "data-rule") == "rules:move"
        page.click("#targets button[data-target='blue']")
        page.wait_for_selector("#aim-link a")
        shot(page, artifacts, "black-cannon-04-shot-owed-target-chosen.png", full_page=False)

        page.click("#aim-link a")                                  # to the Cannon screen, which asks first
        page.wait_for_selector("#f-hello:has-text('firmware')")
        page.wait_for_selector("#f-shows:has-text('red fires: its square in its colour')")
        assert "B7: stand the cannon there" in page.inner_text("#shot-owed")
        assert setup.hardware.twin.state.pan_target == 9000        # loading the page aimed at nothing
        page.click("#aim-suggested")
        page.wait_for_selector("#aim-result.good:has-text('Aiming at blue: pan 97.1°')")
        page.wait_for_selector("#f-aim:has-text('on target')")
        page.click("svg#sea g[data-square='A12']")                 # green: 101 deg off the heading
        page.wait_for_selector("#aim-result.bad:has-text('outside the soft limits')")
        page.click("#targets button[data-aim='blue']")
        page.wait_for_selector("#aim-result.good:has-text('Aiming at blue')")
        page.wait_for_selector("#f-aim:has-text('on target')")
        page.click("#arm")
        page.wait_for_selector("#confirm-box:not(.hidden)")
        page.click("#confirm-arm")
        page.wait_for_selector("#arm-state.armed:has-text('ARMED')")
        page.click("#fire")
        page.wait_for_selector("#notice.good:has-text('Fired at blue.')")
        shot(page, artifacts, "black-cannon-05-cannon-fired-at-blue.png", full_page=False)

        page.click("nav a:has-text('Play')")                       # how it fell: sunk, the chest to red
        page.wait_for_selector("#targets button[data-target='blue']")
        page.click("#targets button[data-target='blue']")
        page.click("#sunk")
        page.wait_for_selector("#chest-places button[data-place='ship']")
        assert page.is_disabled("#record-shot")
        page.click("#chest-places button[data-place='ship']")
        shot(page, artifacts, "black-cannon-06-outcome-entered.png", full_page=False)
        page.click("#record-shot")
        page.wait_for_selector("#turn-banner:has-text('Bob to roll')")
        assert page.get_attribute("svg#sea g.ship[data-fleet='blue']", "data-kind") == "raft"
        assert page.locator("svg#sea g.ship.carrying").evaluate_all("gs => gs.map(g => g.dataset.fleet)") == ["red"]
        page.wait_for_selector("#verdict:has-text(\"Blue's frigate sinks and comes back as a raft on J8\")")   # the reply's message, which may come after the state
        assert page.is_disabled("#undo")                           # never across the shot
        shot(page, artifacts, "black-cannon-07-after-the-shot.png", full_page=False)

        page.click("nav a:has-text('Record')")
        page.wait_for_selector("#rows tr:has-text('sunk')")
        text = page.inner_text("#rows")
        assert "Anna rolls 4 and 1" in text and "Red sails to B7" in text and "Its chest goes onto Red's ship" in text
        shot(page, artifacts, "black-cannon-08-record.png", full_page=False)

        upright = browser.new_page(viewport=PORTRAIT)              # an upright tablet joins
        upright.goto(page.url.replace("/record", "/"))
        upright.wait_for_selector("svg#sea g.ship[data-fleet='blue'][data-kind='raft']")
        assert_in_view(upright, "svg#sea", PORTRAIT)
        shot(upright, artifacts, "black-cannon-09-portrait.png", full_page=False)
        upright.close()


@pytest.mark.slow   # about 6 s: two rolls and two moves from the tablet
def test_a_chest_left_on_its_square_by_unticking_then_the_third_chest_home_wins(browser, tmp_path, artifacts):
    from .black_cannon_scenes import bc_services
    from .test_black_cannon_api import CHEST_RUN
    from companion.games.black_cannon.record import RECORD

    services = bc_services(tmp_path)
    services.session.act(RECORD.start(CHEST_RUN, source="serve"))
    with served_page(browser, services, tmp_path, "/") as page:
        page.click("#die-1 button[data-face='3']")
        page.click("#die-2 button[data-face='1']")
        page.click("#roll")
        page.click("svg#sea g.square.legal[data-square='D4']")
        page.wait_for_selector("#chest-choice:not(.hidden)")
        page.uncheck("#take-chest")
        page.click("#confirm")
        page.wait_for_selector("#verdict:has-text('Red leaves the chests on D4.')")
        assert page.get_attribute("svg#sea g[data-square='D4'] text.chest-count", "data-chests") == "4"
        services.session.act({"type": "roll", "dice": [6, 6]})
        services.session.act({"type": "move", "fleet": "blue", "to": "F1"})
        page.wait_for_selector("#turn-banner:has-text('Cleo to roll')")
        assert not page.is_visible("#die-2")                       # a frigate rolls one die
        page.click("#die-1 button[data-face='2']")
        page.click("#roll")
        page.click("svg#sea g.square.legal[data-square='A12']")
        page.wait_for_selector("#trial:has-text('It brings its chest home.')")
        page.click("#confirm")
        page.wait_for_selector("#turn-banner:has-text('Cleo wins')")
        assert page.is_visible("#new-game") and "Cleo has brought 3 chests home and wins" in page.inner_text("#prompt")
        assert page.inner_text("#scores [data-player='cleo'] .total") == "3"
        shot(page, artifacts, "black-cannon-10-cleo-wins.png", full_page=False)
    services.broadcaster.close()


@pytest.mark.slow   # about 5 s: three shots entered
def test_the_black_cannon_shot_then_the_sea_battle_both_ways_across_edge_d(browser, tmp_path, artifacts):
    from .black_cannon_scenes import CANNON_AND_BATTLE, bc_services
    from companion.games.black_cannon.record import RECORD

    services = bc_services(tmp_path)
    services.session.act(RECORD.start(CANNON_AND_BATTLE, source="serve"))
    services.session.act({"type": "roll", "dice": [4, 1]})
    services.session.act({"type": "move", "fleet": "red", "to": "B7"})   # the Black Cannon, and green across D
    with served_page(browser, services, tmp_path, "/") as page:
        page.wait_for_selector("#shot-what:has-text('from the Black Cannon on B7')")
        page.click("#miss")
        page.wait_for_selector("#shot-what:has-text('fires across edge D (sea battle, then Green fires back)')")
        assert page.locator("#targets button").evaluate_all("bs => bs.map(b => b.dataset.target)") == ["green"]
        assert page.locator("svg#sea circle.target-ring").evaluate_all("cs => cs.map(c => c.dataset.target)") == ["green"]
        page.click("svg#sea g[data-square='B6']")                  # the target tapped on the board
        page.click("#sunk")
        assert page.is_hidden("#chest-fate")                       # a galleon keeps its chest: nothing to ask
        shot(page, artifacts, "black-cannon-11-sea-battle-red-fires.png", full_page=False)
        page.click("#record-shot")
        page.wait_for_selector("#turn-banner:has-text('Green fires')")
        assert page.get_attribute("svg#sea g.ship[data-fleet='green']", "data-kind") == "frigate"
        assert page.locator("#targets button").evaluate_all("bs => bs.map(b => b.dataset.target)") == ["red"]
        page.click("#targets button[data-target='red']")
        page.click("#standing")
        page.click("#record-shot")
        page.wait_for_selector("#turn-banner:has-text('Bob to roll')")
        page.wait_for_selector("#verdict:has-text(\"Red's galleon is hit but stays up\")")   # the reply's message, which may come after the state
    services.broadcaster.close()
