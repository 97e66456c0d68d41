"""Debian's Chromium under Playwright for the browser tests: the browser, tablet sizes, screenshots.

Screenshots land in tests/artifacts/ (gitignored) for a person to look at.
"""

from __future__ import annotations

import shutil
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LANDSCAPE = {"width": 1280, "height": 800}
PORTRAIT = {"width": 800, "height": 1280}

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the test extra")
needs_chromium = pytest.mark.skipif(not CHROMIUM.exists() and not shutil.which("chromium"),
                                    reason="Debian's chromium is not installed (apt-get install chromium)")


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()


def shot(page, artifacts, name, full_page=True):
    """The whole page, or (full_page=False) only what the screen shows without scrolling."""
    page.wait_for_timeout(150)   # let the last SSE render settle before the picture
    page.screenshot(path=str(artifacts / name), full_page=full_page)


@contextmanager
def served_page(browser, services, data, path: str, viewport=LANDSCAPE, closing=lambda: None):
    """The dashboard on `services` under waitress, and a page on `path` once its live updates flow;
    afterwards the page, the server and then `closing` (the rig's board) are closed."""
    from companion.dashboard import create_app

    from .running_server import RunningServer

    app = create_app({"DATA": data, "HEARTBEAT": 0.5}, services=services)
    try:
        with RunningServer(app) as server:
            page = browser.new_page(viewport=viewport)
            page.goto(server.url + path)
            page.wait_for_selector("#conn.live")
            yield page
            page.close()
    finally:
        closing()


def assert_in_view(page, selector, viewport=LANDSCAPE) -> None:
    """Seen without scrolling: the element is shown and its box lies inside the screen."""
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not shown"
    top, bottom = found["y"], found["y"] + found["height"]
    assert top >= 0 and bottom <= viewport["height"], f"{selector} runs from {top} to {bottom} px down the screen"
