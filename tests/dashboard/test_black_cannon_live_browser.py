"""`companion serve --game black-cannon` playing its bundled clip, seen in Chromium: the camera sets the
game up and reads the first three turns (rolls, moves, the Black Cannon's shot), then asks about the one
die it cannot find (red's frigate rolls a 3 that lies under the camera's blind spot; the question on the
Play screen), a player enters the roll there, and the camera then takes red's sail home from the table
it already sees.
Screenshots: black-cannon-live-question.png, black-cannon-live-move.png."""

from __future__ import annotations

import pytest

from .chromium import LANDSCAPE, browser, needs_chromium, shot  # noqa: F401  (browser is a fixture)
from .test_serve import Served


def stop(served: Served) -> None:
    """SIGTERM, with time for a full read of the table already under way to end (seconds on a busy machine)."""
    served.process.terminate()
    served.process.wait(timeout=60)
    served.process.stdout.close()
    served.process.stderr.close()


@needs_chromium
@pytest.mark.slow   # a minute or so: the reader takes over a second a steady frame
def test_the_camera_asks_about_the_dice_and_records_the_move_after_the_roll_is_entered(browser, tmp_path, artifacts):
    served = Served(tmp_path / "data", "--no-qr", "--game", "black-cannon", source=None)
    try:
        page = browser.new_page(viewport=LANDSCAPE)
        page.goto(served.url)
        page.wait_for_selector("#conn.live")
        page.wait_for_selector("#question:not(.hidden)", timeout=120_000)
        asked = page.inner_text("#question-text")
        assert "roll" in asked, asked
        shot(page, artifacts, "black-cannon-live-question.png", full_page=False)

        state = served.get("api/state")
        assert state["player"] == "red" and state["phase"] == "roll"
        read = [(e["fleet"], e["to"], e["source"]) for e in served.get("api/record") if e["type"] == "move"]
        assert read == [("red", "D4", "camera"), ("blue", "K6", "camera"), ("green", "C10", "camera")]
        assert page.is_hidden("#die-2")                 # a sunk galleon is a frigate: one die
        page.click("#die-1 button[data-face='3']")
        page.click("#roll")
        moves = read
        for _ in range(120):                            # the next frame read takes the move from the still table
            moves = [(e["fleet"], e["to"], e["source"]) for e in served.get("api/record") if e["type"] == "move"]
            if len(moves) > len(read):
                break
            page.wait_for_timeout(500)
        assert moves == read + [("red", "A1", "camera")], [(e["seq"], e["type"], e.get("fleet"), e.get("to"), e.get("source")) for e in served.get("api/record")]
        page.wait_for_selector("svg#sea g.ship[data-fleet='red'][data-square='A1']")
        shot(page, artifacts, "black-cannon-live-move.png", full_page=False)
        page.close()
    finally:
        stop(served)
