"""`companion serve --game cannonades` with no camera plays the bundled clip of physical cards: a real
Chromium watches the shared screen's Table while the camera's still tables arrive: whose turn and the
actions left, the deck left, the shot's verdict with its rule, ben's Vendetta, the shootout, and where
the game ends the tiebreak table. No face-down ship's card shows before it is turned up. Then serve is
killed and started again on the same log with no camera: the same game, as it stood. Screenshots land
in tests/artifacts/ for a person to look at."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from .chromium import LANDSCAPE, browser, needs_chromium, shot  # noqa: F401
from .test_serve import Served

pytestmark = needs_chromium
TRUTH = json.loads((Path(__file__).resolve().parents[2] / "samples" / "cannonades" / "turns.json").read_text())
# The clip is 12.5 s at its own pace; a busy machine reads it slower.
GAME_OVER_WITHIN = 120.0
FACE_DOWN_AT_FIRST = ("S13", "S20", "S26", "S33")   # every ship starts face down; the end turns them all up


def page_text(page) -> str:
    return page.evaluate("() => document.body.innerText")


@pytest.mark.slow   # about 30 s: a real serve plays the clip through the real reader, then restarts
def test_serve_plays_the_clip_on_the_shared_screen_to_the_tiebreak_and_resumes_after_a_kill(browser, tmp_path, artifacts):
    data = tmp_path / "data"
    served = Served(data, "--game", "cannonades", "--no-qr", source=None)
    try:
        assert any("samples/cannonades/turns.mp4" in line for line in served.banner)
        page = browser.new_page(viewport=LANDSCAPE)
        page.goto(served.url)
        page.wait_for_selector("#conn.live")
        page.wait_for_selector("#cn-fleets .cn-fleet", timeout=60_000)
        texts, shots, deadline, state = [], 0, time.monotonic() + GAME_OVER_WITHIN, {}
        while time.monotonic() < deadline and not state.get("over"):
            texts.append(page_text(page))
            state = served.get("api/state")
            if shots == 0 and state.get("shootout"):
                shot(page, artifacts, "cannonades-clip-01-shootout.png", full_page=False)
                shots += 1
                camera = browser.new_page(viewport=LANDSCAPE)   # the live view, counts drawn on it
                camera.goto(served.url + "camera")
                camera.wait_for_function("document.getElementById('camera-status').textContent.includes('reading the cards')")
                camera.wait_for_function("document.getElementById('video').naturalWidth > 0")
                shot(camera, artifacts, "cannonades-clip-03-camera.png", full_page=False)
                camera.close()
            time.sleep(0.25)
        assert state.get("over"), served.get("api/record")
        page.wait_for_selector("#cn-end-card:not(.hidden) #cn-standings tr", timeout=10_000)
        shot(page, artifacts, "cannonades-clip-02-tiebreak.png", full_page=False)
        end = page_text(page)
        standings = page.evaluate("""() => [...document.querySelectorAll('#cn-standings tr')].slice(1)
            .map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent.trim()))""")
        ended_at = served.get("api/state")
    finally:
        served.kill()

    playing = [text for text in texts if "actions left" in text]
    # Anna's turn first, with the deck down to one card; a busy machine may first sample the page after
    # her first action, so the actions left are 4 or fewer.
    assert playing and re.search(r"anna\nto play · [1-4] actions? left\ndeck 1", playing[0].lower()), playing[0]
    log = "\n".join(texts)
    assert "anna hits S13 with C26: no clan in common, S13 is damaged" in log and "CN-3" in log
    assert "ben's Vendetta (S13, damaged): turns up anna's S33." in log
    assert "the final shootout begins" in log and "final shootout" in log
    for text in texts:   # while ships lie face down, the screen never names them
        hidden = [card for card in FACE_DOWN_AT_FIRST if card in text]
        assert not hidden or "S13 is damaged" in text, hidden
    assert "ben wins: ben has the biggest fleet: 2" in end.lower() and "rules:tiebreakers" in end
    assert [[row[0].lower().split()[-1], *row[1:]] for row in standings] == \
           [["anna", "1", "1", "1", "3"], ["ben", "2", "2", "2", "2"]]

    resumed = Served(data, "--game", "cannonades", "--no-qr")   # --source none: the log alone
    try:
        again = resumed.get("api/state")
        if again["seq"] == ended_at["seq"]:   # the kill came before the clip's next pass began a new game
            assert {k: v for k, v in again.items() if k != "question"} == \
                   {k: v for k, v in ended_at.items() if k != "question"}
        else:   # the next pass's first still table started the clip's game again, and nothing else
            assert again["seq"] == ended_at["seq"] + 2 and not again["over"] and again["pile"] == TRUTH["setup"]["pile"]
    finally:
        resumed.stop()
