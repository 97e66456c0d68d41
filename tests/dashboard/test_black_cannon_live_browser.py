"""`companion serve --game black-cannon` playing its bundled clip, seen in Chromium: the camera sets the
game up and reads the four turns (rolls, moves, the Black Cannon's shot, red's frigate rolling a 3 and
sailing home), each on the Play screen. A die the reader cannot tell (a busy machine may look at a
blurred frame) is asked on the Play screen instead: the player enters it there, and the camera then takes
red's sail home from the table it already sees. Either way no roll is recorded other than the clip's.
The clip loops and each pass starts a new game. Screenshot: black-cannon-live-move.png (and
black-cannon-live-question.png when a die was asked)."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PageTimeout

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
def test_the_camera_reads_the_clip_s_turns_and_a_die_it_cannot_tell_is_asked_on_the_play_screen(browser, tmp_path, artifacts):
    served = Served(tmp_path / "data", "--no-qr", "--game", "black-cannon", source=None)
    try:
        page = browser.new_page(viewport=LANDSCAPE)
        page.goto(served.url)
        page.wait_for_selector("#conn.live")
        first_three = [("red", "D4", "camera"), ("blue", "K6", "camera"), ("green", "C10", "camera")]
        moves, asked = [], 0
        for _ in range(480):   # the clip's pass, read frame by frame (a second or more a steady frame)
            record = served.get("api/record")
            moves = this_game_s_moves(record)
            if moves == first_three + [("red", "A1", "camera")]:
                break
            if page.is_visible("#question") and "roll" in page.inner_text("#question-text"):
                state = served.get("api/state")
                assert (state["player"], state["phase"], moves) == ("red", "roll", first_three), state
                shot(page, artifacts, "black-cannon-live-question.png", full_page=False)
                assert page.is_hidden("#die-2")                 # a sunk galleon is a frigate: one die
                page.click("#die-1 button[data-face='3']")
                try:
                    page.click("#roll", timeout=3000)
                    asked += 1
                except PageTimeout:
                    pass   # the clip came round and started a new game: its own question, if any, next
                page.wait_for_selector("#question", state="hidden", timeout=60_000)   # answered, or a new game
            page.wait_for_timeout(500)
        assert moves == first_three + [("red", "A1", "camera")], served.get("api/record")
        rolls = [sorted(e["dice"]) for e in this_game_s_events(served.get("api/record")) if e["type"] == "roll"]
        assert rolls == [[1, 3], [2, 4], [2, 5], [3]], rolls     # read or entered, never another number
        shot(page, artifacts, "black-cannon-live-move.png", full_page=False)
        page.close()
    finally:
        stop(served)


def this_game_s_events(record: list[dict]) -> list[dict]:
    """The events of the latest game in the record (none before the camera has set one up)."""
    starts = [i for i, e in enumerate(record) if e["type"] == "game"]
    return record[starts[-1]:] if starts else []


def this_game_s_moves(record: list[dict]) -> list[tuple]:
    """(fleet, square, source) of each move of the latest game."""
    return [(e["fleet"], e["to"], e["source"]) for e in this_game_s_events(record) if e["type"] == "move"]
