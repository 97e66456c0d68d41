"""`companion serve --game the-colony` with no camera plays the bundled clip of whole turns: a real
Chromium watches the Camera and Play screens while the camera's moves arrive. Screenshots land in
tests/artifacts/ for a person to look at."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from .chromium import LANDSCAPE, browser, needs_chromium, shot  # noqa: F401
from .test_serve import Served

pytestmark = needs_chromium
TRUTH = json.loads((Path(__file__).resolve().parents[2] / "samples" / "colony" / "turns.json").read_text())
# The clip is 16 s long at its own pace; a busy machine reads it slower.
FIRST_SOWING_WITHIN = 120.0


def camera_moves(served: Served) -> list[tuple]:
    return [(e["type"], e.get("space") or e.get("from")) for e in served.get("api/record")
            if e["type"] in ("sowing", "ant", "pass") and e.get("source") == "camera"]


@pytest.mark.slow   # a minute or two: a real serve plays the clip through the real reader
def test_serve_plays_the_bundled_clip_and_the_moves_arrive_on_the_screens(browser, tmp_path, artifacts):
    served = Served(tmp_path / "data", "--game", "the-colony", "--no-qr", source=None)
    try:
        assert any("samples/colony/turns.mp4" in line for line in served.banner)
        page = browser.new_page(viewport=LANDSCAPE)
        page.goto(served.url + "camera")
        page.wait_for_selector("#conn.live")
        first = TRUTH["moves"][0]
        deadline = time.monotonic() + FIRST_SOWING_WITHIN
        while ("sowing", first["space"]) not in camera_moves(served) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert ("sowing", first["space"]) in camera_moves(served), served.get("api/record")
        shot(page, artifacts, "colony-clip-01-camera.png", full_page=False)

        page.goto(served.url)
        page.wait_for_selector(f"svg#logs g.space[data-space='{first['space']}']")
        page.wait_for_function("document.querySelector('svg#logs').dataset.animating === 'false'", timeout=15_000)
        shown = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('svg#logs g.space')]
            .map((g) => [g.dataset.space, Number(g.querySelector('text.count').textContent)]))""")
        assert shown == served.get("api/state")["eggs"]
        assert shown[first["space"]] == 0 or served.get("api/state")["last_sowing"]["space"] != first["space"]
        assert not page.is_visible("#question")          # the clip's moves are all explained: nothing to ask
        shot(page, artifacts, "colony-clip-02-play.png", full_page=False)
        page.close()
    finally:
        served.stop()
