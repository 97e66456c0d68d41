"""`companion serve --bot SEAT:LEVEL` in a real process, seen in Chromium: the bot's sentence on the
tablet, and the Players screen giving the other seat to the computer too."""

from __future__ import annotations

import re

import pytest

from .chromium import LANDSCAPE, browser, needs_chromium, shot  # noqa: F401  (browser is a fixture)
from .test_serve import Served

SENTENCE = re.compile(r"France (builds a (fort|cannon|blockade) at [A-L]\d+: place it there|lays (a road|roads) at "
                      r"[A-L]\d+( and [A-L]\d+)?: place (it|them) there|fires on .*)")


@needs_chromium
@pytest.mark.slow
def test_serve_with_a_bot_shows_its_sentence_and_the_players_screen_hands_it_a_seat(browser, tmp_path, artifacts):
    served = Served(tmp_path / "data", "--no-qr", "--bot", "france:greedy")   # --source none: no camera
    try:
        assert any("computer seats: france (greedy)" in line for line in served.banner)
        page = browser.new_page(viewport=LANDSCAPE)
        page.goto(served.url + "players")
        page.wait_for_selector("#conn.live")
        say = page.locator("#bot-say")
        say.wait_for(state="visible", timeout=15_000)
        page.wait_for_function("document.getElementById('bot-say').dataset.state === 'played'", timeout=15_000)
        assert "Computer (France, greedy) played" in say.inner_text()
        assert SENTENCE.search(say.inner_text()), say.inner_text()
        state = served.get("api/state")
        assert state["player"] == "spain" and state["history"][-1].startswith("france: ")

        seats = page.locator("#computer-seats")
        seats.wait_for(state="visible")
        assert seats.locator("select[data-seat=france]").input_value() == "greedy"
        assert seats.locator("select[data-seat=spain]").input_value() == ""
        shot(page, artifacts, "bot-players-france.png")

        seats.locator("select[data-seat=spain]").select_option("look-ahead")   # Spain to the computer as well
        page.wait_for_function("document.getElementById('bot-say').innerText.includes('(Spain, look-ahead)')",
                               timeout=20_000)
        assert served.get("api/bots")["computer"] == {"france": "greedy", "spain": "look-ahead"}
        shot(page, artifacts, "bot-players-both.png")
        page.close()
    finally:
        served.stop()


@pytest.mark.parametrize("options, says", [
    (["--bot", "narnia"], "no seat 'narnia' in Cannonball Colony"),
    (["--bot", "spain:grandmaster"], "no bot level 'grandmaster' for spain"),
    (["--game", "cannons-coastlines", "--bot", "red"], "--bot: Cannons & Coastlines has no computer player yet"),
])
def test_serve_refuses_a_bot_it_cannot_seat(tmp_path, options, says):
    with pytest.raises(AssertionError, match=re.escape(says)):
        Served(tmp_path / "data", "--no-qr", *options)
