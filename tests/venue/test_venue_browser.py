"""The venue page in Debian's Chromium: two tables playing on a real mosquitto, each row live (game,
players, points, turn, verdict, online since), a click through to a read-only mirror, a table
going offline, and the results CSV link. Screenshots land in tests/artifacts/venue-*.png."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.venue.web import create_venue_app

from dashboard.chromium import LANDSCAPE, browser, needs_chromium, shot  # noqa: F401  (browser: a fixture)
from dashboard.running_server import RunningServer
from .tables import open_session, playthrough_commands, publisher, taken_seqs, venue, wait_until

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


def _end_venue_stream(app) -> None:
    app.extensions["venue_stream"].close()


@needs_chromium
@pytest.mark.slow
def test_the_venue_page_shows_every_table_live_and_clicks_through_to_a_mirror(browser, broker, tmp_path):  # noqa: F811
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    board, listener = venue(broker)
    commands = playthrough_commands()
    tables = {}
    for name in ("alpha", "beta"):
        (tmp_path / name).mkdir()
        session = open_session(tmp_path / name)
        tables[name] = (session, publisher(session, broker, name, tmp_path / name))
    for command in commands[:40]:
        tables["alpha"][0].act(command)
    for command in commands[:12]:
        tables["beta"][0].act(command)
    with RunningServer(create_venue_app(board, listener.describe), threads=8, end_streams=_end_venue_stream) as server:
        page = browser.new_page(viewport=LANDSCAPE)
        page.goto(server.url + "/")
        page.wait_for_selector("#conn.live")
        for name, (session, _) in tables.items():
            page.wait_for_selector(f'tr[data-table="{name}"][data-seq="{session.seq}"]')
        alpha = page.locator('tr[data-table="alpha"]')
        assert "Cannonball Colony" in alpha.inner_text() and "England" in alpha.inner_text()
        assert alpha.locator(".status").inner_text().startswith("online")
        assert "since" in alpha.locator(".since").inner_text()
        assert page.locator("tbody tr").count() == 2

        tables["beta"][0].act(commands[12])          # a move arrives live, no reload
        page.wait_for_selector(f'tr[data-table="beta"][data-seq="{tables["beta"][0].seq}"]')
        assert taken_seqs(board, "beta")[-1] == tables["beta"][0].seq
        shot(page, ARTIFACTS, "venue-board.png")

        tables["beta"][1].close()                    # the table goes home
        page.wait_for_selector('tr[data-table="beta"].offline')
        assert page.locator('tr[data-table="beta"] .status').inner_text().startswith("offline")
        shot(page, ARTIFACTS, "venue-board-offline.png")

        page.click('tr[data-table="alpha"] a')
        page.wait_for_selector("#board")
        assert page.url.endswith("/tables/alpha")
        assert "read-only mirror" in page.inner_text("body")
        assert "A  B  C" in page.inner_text("#board")
        assert page.locator("#events tr").count() > 10
        assert page.locator("button, form, input").count() == 0, "a mirror has nothing to press"
        shot(page, ARTIFACTS, "venue-mirror.png")

        results = page.request.get(server.url + "/results/cannonball-colony.csv")   # the page's link: a download
        assert results.status == 200 and results.text().startswith("table,game,player")
        page.close()
    tables["alpha"][1].close()
    listener.close()
