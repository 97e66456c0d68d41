"""A real headless Chromium at a 10-inch tablet's 1280x800: the Verdicts feed keeps every card
whole and scrolls; a tapped verdict stays, its evidence on the island as it stood, while new ones
arrive, until the player lets it go; and each Cannonball Colony screen shows the whole island and
its sentence without scrolling, the demo's tall island and a four-board one alike.

Screenshots land in tests/artifacts/ (gitignored) for a person to look at.
"""

from __future__ import annotations

import json
from contextlib import contextmanager

import pytest

from companion.dashboard.video import placeholder
from companion.games.cannonball_colony.cells import Country
from companion.games.cannonball_colony.setup import new_island
from companion.games.cannonball_colony.text import print_board

from .chromium import LANDSCAPE, assert_in_view, browser, needs_chromium, served_page, shot  # noqa: F401 (browser is a fixture)
from .conftest import ROOT, make_services

pytestmark = needs_chromium

# The island the demo clip (`companion serve` with no camera) starts its game on: 9 x 12 cells.
DEMO_ISLAND = json.loads((ROOT / "samples" / "renders" / "turns.json").read_text())["states"][0]["board_text"]
FOUR_BOARDS = print_board(new_island(list(Country), seed=10))   # 12 x 18 cells
# France's refused moves on the demo island: a fort too close to its own (CC-6, a path as its
# evidence), a road on a mountain, a cannon with none earned: long sentences, varied cards.
REFUSED = ("fort F10", "road G9", "cannon E2")


@contextmanager
def tablet_on(browser, tmp_path, path, board=DEMO_ISLAND, moves=()):
    """A game on `board` with `moves` proposed, and a landscape tablet on `path`."""
    services = make_services(tmp_path)
    services.frames.publish(placeholder("No camera", "the Table screen's live view"))
    services.session.act({"type": "start", "board": board})
    for move in moves:
        services.session.act({"type": "propose", "move": move})
    with served_page(browser, services, tmp_path, path) as page:
        page.wait_for_selector("svg#board [data-cell]")
        yield page, services


def assert_whole_island_in_view(page) -> None:
    """Every cell of the island, the last row and column too, inside the screen."""
    cells = page.evaluate("""() => [...document.querySelectorAll('svg#board [data-cell]')].map((g) => {
        const r = g.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; })""")
    assert cells, "no island drawn"
    top, bottom = min(c[0] for c in cells), max(c[1] for c in cells)
    left, right = min(c[2] for c in cells), max(c[3] for c in cells)
    assert top >= 0 and bottom <= LANDSCAPE["height"], f"the island runs from {top} to {bottom} px"
    assert left >= 0 and right <= LANDSCAPE["width"], f"the island runs from {left} to {right} px across"


def feed_seqs(page) -> list[int]:
    return page.evaluate("() => [...document.querySelectorAll('#feed li')].map((li) => Number(li.dataset.seq))")


def test_a_long_feed_keeps_every_card_whole_and_scrolls(browser, tmp_path, artifacts):
    with tablet_on(browser, tmp_path, "/verdicts", moves=REFUSED * 5) as (page, _):
        page.wait_for_function("document.querySelectorAll('#feed li').length === 16")
        cards = page.evaluate("""() => [...document.querySelectorAll('#feed li')].map((li) =>
            ({seq: li.dataset.seq, shown: li.clientHeight, needs: li.scrollHeight}))""")
        squashed = [c for c in cards if c["shown"] < c["needs"]]
        assert not squashed, f"cards shorter than their text: {squashed}"
        assert page.evaluate("() => { const f = document.getElementById('feed'); return f.scrollHeight > f.clientHeight; }")
        assert_in_view(page, "#feed")                       # the feed scrolls inside the screen ...
        assert_in_view(page, "#chosen")                     # ... beside the newest verdict's sentence
        assert_whole_island_in_view(page)
        shot(page, artifacts, "tablet-01-verdicts-long-feed.png", full_page=False)

        page.locator("#feed li").last.scroll_into_view_if_needed()   # the oldest card, "New game", scrolled to
        assert "New game" in page.locator("#feed li").last.inner_text()
        assert_in_view(page, "#feed li:last-child")
        assert_in_view(page, "#chosen")                     # the page itself did not move
        shot(page, artifacts, "tablet-02-verdicts-feed-scrolled-to-the-first.png", full_page=False)


def test_a_tapped_verdict_stays_while_new_ones_arrive_until_let_go(browser, tmp_path, artifacts):
    with tablet_on(browser, tmp_path, "/verdicts", moves=REFUSED * 2) as (page, services):
        page.wait_for_selector("#feed li.selected:has-text('cannon E2 refused')")   # live: the newest
        fort = page.locator("#feed li.refused", has_text="fort F10 refused").last
        seq = int(fort.get_attribute("data-seq"))
        fort.click()                                        # the player studies the fort refusal
        page.wait_for_selector(f"#feed li.selected[data-seq='{seq}']")
        page.wait_for_selector("#held:not(.hidden)")
        assert page.locator("svg#board .evidence-path").count() == 1   # the too-close path, D10 to F10

        services.session.act({"type": "propose", "move": "road G9"})                 # the camera goes on: more verdicts ...
        services.session.act({"type": "propose", "move": "cannon E2"})
        services.session.act({"type": "propose", "move": "fort H10"})                # ... and a fort that stands, changing the island
        page.wait_for_selector("#feed li.legal:has-text('fort H10')")
        page.wait_for_timeout(1500)                         # longer than the demo's camera takes to ask again
        assert feed_seqs(page)[0] > seq + 3                 # the new verdicts are in the feed, on top
        assert page.locator("#feed li.selected").count() == 1
        assert int(page.get_attribute("#feed li.selected", "data-seq")) == seq
        chosen = page.inner_text("#chosen")
        assert "fort F10 refused" in chosen and "Too close" in chosen and "CC-6" in chosen
        assert page.locator("svg#board .evidence-path").count() == 1
        assert page.get_attribute("svg#board [data-cell='H10']", "data-token") == "r"   # the island as it stood
        assert "Back to live (3 new)" in page.inner_text("#held")
        assert_in_view(page, "#back-to-live")
        assert_in_view(page, "#chosen")
        assert_whole_island_in_view(page)
        shot(page, artifacts, "tablet-03-verdicts-held-while-new-ones-arrive.png", full_page=False)

        page.click("#back-to-live")                         # let it go: the newest verdict, the island now
        page.wait_for_selector("#held", state="hidden")
        assert int(page.get_attribute("#feed li.selected", "data-seq")) == feed_seqs(page)[0]
        assert_in_view(page, "#feed li.selected")           # the feed is back at its top, too
        assert "fort H10" in page.inner_text("#chosen")
        assert page.get_attribute("svg#board [data-cell='H10']", "data-token") == "Ff"

        fort.click()                                        # hold it again, and tap it again to let go
        page.wait_for_selector(f"#feed li.selected[data-seq='{seq}']")
        fort.click()
        page.wait_for_selector("#held", state="hidden")
        assert "fort H10" in page.inner_text("#chosen")
        services.session.act({"type": "propose", "move": "road G9"})                 # live again: the newest takes over
        page.wait_for_selector("#feed li.selected:has-text('road G9 refused')")
        shot(page, artifacts, "tablet-04-verdicts-back-to-live.png", full_page=False)


@pytest.mark.parametrize("board, name", [(DEMO_ISLAND, "demo"), (FOUR_BOARDS, "four-boards")])
def test_each_island_screen_shows_the_whole_island_and_its_sentence(browser, tmp_path, artifacts, board, name):
    with tablet_on(browser, tmp_path, "/verdicts", board=board, moves=REFUSED) as (page, services):
        page.wait_for_selector("#chosen:has-text('cannon E2 refused')")
        assert_in_view(page, "#chosen")
        assert_whole_island_in_view(page)
        shot(page, artifacts, f"tablet-05-{name}-verdicts.png", full_page=False)

        page.click("nav a:has-text('Table')")
        page.wait_for_selector("svg#board [data-cell]")
        services.session.act({"type": "propose", "move": "fort F10"})
        page.wait_for_selector("#last-verdict:has-text('fort F10 refused')")
        assert_in_view(page, "#last-verdict")
        assert_whole_island_in_view(page)
        assert_in_view(page, "#video")
        shot(page, artifacts, f"tablet-06-{name}-table.png", full_page=False)

        page.click("nav a:has-text('Dispute')")
        page.wait_for_selector("svg#board [data-cell]")
        page.click("#modes [data-mode='check']")            # a row of build choices pushes the island down
        page.wait_for_selector("#build-options:not(.hidden)")
        assert_whole_island_in_view(page)
        page.click("#modes [data-mode='fort-distance']")
        page.click("svg#board [data-cell='D3']")
        page.click("svg#board [data-cell='D10']")
        page.wait_for_selector("#answer:has-text('D3 and D10')")
        assert_in_view(page, "#answer")
        assert_whole_island_in_view(page)
        shot(page, artifacts, f"tablet-07-{name}-dispute.png", full_page=False)

        page.click("nav a:has-text('Turn')")
        page.wait_for_selector("svg#board [data-cell]")
        services.session.note({"type": "question", "message": "Is D3 a fort or a road? The camera is unsure.",
                               "cells": ["D3"]})               # the camera's question box, above the island
        page.wait_for_selector("#question:not(.hidden)")
        page.fill("#move", "road G9")
        page.click("#move-form button")
        page.wait_for_selector("#turn-verdict.bad")
        assert_in_view(page, "#question-text")
        assert_in_view(page, "#turn-verdict")
        assert_whole_island_in_view(page)
        shot(page, artifacts, f"tablet-08-{name}-turn-with-a-question.png", full_page=False)
