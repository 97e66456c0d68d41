"""`companion serve --game black-cannon` playing its bundled clip, seen in Chromium: the camera sets the
game up and reads the first three turns (rolls, moves, the Black Cannon's shot), then asks about the one
die it does not find (red's frigate rolls a 3; the question on the Play screen), a player enters the
roll there, and the camera then takes red's sail home from the table it already sees. The clip loops and
each pass starts a new game: a roll entered after that is for this pass's question, or the next one's.
Screenshots: black-cannon-live-question.png, black-cannon-live-move.png."""

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
def test_the_camera_asks_about_the_dice_and_records_the_move_after_the_roll_is_entered(browser, tmp_path, artifacts):
    served = Served(tmp_path / "data", "--no-qr", "--game", "black-cannon", source=None)
    try:
        page = browser.new_page(viewport=LANDSCAPE)
        page.goto(served.url)
        page.wait_for_selector("#conn.live")
        for _ in range(3):   # a pass of the clip, or the next if it starts a new game before the roll is in
            page.wait_for_selector("#question:not(.hidden)", timeout=120_000)
            asked = page.inner_text("#question-text")
            assert "roll" in asked, asked
            state = served.get("api/state")
            assert state["player"] == "red" and state["phase"] == "roll"
            read = this_game_s_moves(served.get("api/record"))
            assert read == [("red", "D4", "camera"), ("blue", "K6", "camera"), ("green", "C10", "camera")]
            shot(page, artifacts, "black-cannon-live-question.png", full_page=False)
            assert page.is_hidden("#die-2")                 # a sunk galleon is a frigate: one die
            page.click("#die-1 button[data-face='3']")
            try:
                page.click("#roll", timeout=3000)
                break
            except PageTimeout:
                page.wait_for_selector("#question", state="hidden", timeout=60_000)   # a new game: its question next
        moves = read
        for _ in range(120):   # the next frame read takes the move from the still table
            record = served.get("api/record")
            entered = any(e["type"] == "roll" and e["source"] == "tablet" for e in record)   # the click's request may still be on its way
            moves = this_game_s_moves(record, before_roll_by="tablet") if entered else read
            if len(moves) > len(read):
                break
            page.wait_for_timeout(500)
        assert moves == read + [("red", "A1", "camera")], served.get("api/record")
        shot(page, artifacts, "black-cannon-live-move.png", full_page=False)
        page.close()
    finally:
        stop(served)


def this_game_s_moves(record: list[dict], before_roll_by: str | None = None) -> list[tuple]:
    """(fleet, square, source) of each move of the latest game, or of the game the last roll from
    `before_roll_by` was entered in (the clip may have started another since)."""
    end = len(record)
    if before_roll_by is not None:
        end = max(i for i, e in enumerate(record) if e["type"] == "roll" and e["source"] == before_roll_by)
        end = next((i for i in range(end, len(record)) if record[i]["type"] == "game"), len(record))
    start = max(i for i, e in enumerate(record[:end]) if e["type"] == "game")
    return [(e["fleet"], e["to"], e["source"]) for e in record[start:end] if e["type"] == "move"]
