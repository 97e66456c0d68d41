"""`companion serve --game cannons-coastlines` with no camera plays the bundled clip: a real Chromium
watches the Camera and Points screens while the camera's tables arrive and the points follow the mats.
Screenshots land in tests/artifacts/ for a person to look at."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from .chromium import LANDSCAPE, browser, needs_chromium, shot  # noqa: F401
from .test_serve import Served

pytestmark = needs_chromium
TRUTH = json.loads((Path(__file__).resolve().parents[2] / "samples" / "coast" / "turns.json").read_text())
# The clip is 8.5 s long at its own pace; a busy machine reads it slower.
LAST_TABLE_WITHIN = 120.0


def camera_tables(served: Served) -> int:
    return sum(1 for e in served.get("api/record") if e["type"] in ("game", "table") and e.get("source") == "camera")


@pytest.mark.slow   # half a minute or more: a real serve plays the clip through the real reader
def test_serve_plays_the_bundled_clip_and_the_points_follow_the_mats(browser, tmp_path, artifacts):
    served = Served(tmp_path / "data", "--game", "cannons-coastlines", "--no-qr", source=None)
    try:
        assert any("samples/coast/turns.mp4" in line for line in served.banner)
        page = browser.new_page(viewport=LANDSCAPE)
        page.goto(served.url)   # the Table screen: the camera's picture beside the table it read
        page.wait_for_selector("#conn.live")
        deadline = time.monotonic() + LAST_TABLE_WITHIN
        changes = len(TRUTH["states"])   # the start, then a table for each change
        while camera_tables(served) < changes and time.monotonic() < deadline:
            time.sleep(0.5)
        assert camera_tables(served) >= changes, served.get("api/record")
        shot(page, artifacts, "coast-clip-01-table.png", full_page=False)

        # The clip plays in a loop, each pass a new game: the Points screen shows its last table's points as it ends.
        page.goto(served.url + "points")
        for player, points in TRUTH["states"][-1]["points"].items():
            page.wait_for_selector(f"article.player[data-player='{player}'] .points:text-is('{points}')",
                                   timeout=LAST_TABLE_WITHIN * 1000)
        assert not page.is_visible("#question")          # every mat read sure: nothing to ask
        shot(page, artifacts, "coast-clip-02-points.png", full_page=False)
        page.close()
        record = served.get("api/record")
    finally:
        served.stop()
    # The first pass: the game the camera started, then one table for each change, their points the clip's.
    tables = [e for e in record if e["type"] in ("game", "table")][:changes]
    assert tables[0]["type"] == "game"
    assert [points_of_table(e["table"]) for e in tables] == [state["points"] for state in TRUTH["states"]]


def points_of_table(table_json: dict) -> dict:
    from companion.games.cannons_coastlines.record import RECORD
    from companion.games.cannons_coastlines.scoring import value_table
    from companion.games.cannons_coastlines.state import holdings_of, points_of

    return points_of(holdings_of(RECORD.table_of({"table": table_json})), value_table(RECORD.rulebook))
