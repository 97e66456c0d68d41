"""`companion serve --game black-cannon --bot anna:greedy --source none` in a real process, seen in
Chromium: anna's dice are thrown at the table and entered on the Play screen; the computer then sails
her ship at once (no camera) and the tablet shows its sentence; the game passes to bob."""

from __future__ import annotations

import re

import pytest

from .chromium import LANDSCAPE, browser, needs_chromium, shot  # noqa: F401  (browser is a fixture)
from .test_serve import Served

SENTENCE = re.compile(r"Sail red's galleon from A1 \d (north|south|east|west|north-east|north-west|south-east|"
                      r"south-west) to [A-L]\d+")


@needs_chromium
@pytest.mark.slow
def test_the_computer_sails_anna_s_ship_for_the_roll_and_says_where(browser, tmp_path, artifacts):
    served = Served(tmp_path / "data", "--no-qr", "--game", "black-cannon", "--bot", "anna:greedy")
    try:
        assert any("computer seats: anna (greedy)" in line for line in served.banner)
        page = browser.new_page(viewport=LANDSCAPE)
        page.goto(served.url)
        page.wait_for_selector("#conn.live")
        page.wait_for_selector("#roll-panel:not(.hidden)")
        page.click("#die-1 button[data-face='3']")
        page.click("#die-2 button[data-face='1']")
        page.click("#roll")
        say = page.locator("#bot-say")
        say.wait_for(state="visible", timeout=20_000)
        page.wait_for_function("document.getElementById('bot-say').dataset.state === 'played'", timeout=20_000)
        assert "Computer (anna, greedy) played" in say.inner_text()
        sentence = SENTENCE.search(say.inner_text())
        assert sentence, say.inner_text()
        state = served.get("api/state")
        assert state["player"] == "bob" and state["phase"] == "roll"
        assert state["ships"]["red"]["square"] == sentence.group(0).split()[-1]
        assert state["last_move"]["fleet"] == "red"
        page.wait_for_selector(f"svg#sea g.ship[data-fleet='red'][data-square='{state['ships']['red']['square']}']")
        shot(page, artifacts, "black-cannon-bot-played.png", full_page=False)
        page.close()
    finally:
        served.stop()


def test_serve_refuses_a_black_cannon_seat_that_is_not_a_player(tmp_path):
    with pytest.raises(AssertionError, match=re.escape("no seat 'red' in Black Cannon (seats: anna, bob, cleo)")):
        Served(tmp_path / "data", "--no-qr", "--game", "black-cannon", "--bot", "red")
