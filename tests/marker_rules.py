"""The `browser` and `emulator` markers, given from what a test uses rather than by hand.

A quick loop deselects them (`pytest -m "not browser and not emulator and not slow"`), so a test
that launches Chromium or the simavr firmware without its marker would slow that loop down
unnoticed. Two rules keep the markers true:
- at collection, a test gets `browser` when it uses the `browser` fixture or sits in a
  `test_*browser.py` file, and `emulator` when it sits in a `test_*emulator.py` file;
- while a test runs, launching Chromium or building/starting the firmware without the marker
  fails that test with a sentence saying which marker it needs.
"""

from __future__ import annotations

import functools
import threading

import pytest

BROWSER_FIXTURES = ("browser",)
FILE_ENDINGS = {"browser": "browser.py", "emulator": "emulator.py"}

_running = threading.local()   # the test whose setup, call or teardown is under way


def markers_for(item) -> set[str]:
    """The markers a collected test earns from its fixtures and its file's name."""
    earned = set()
    if any(name in getattr(item, "fixturenames", ()) for name in BROWSER_FIXTURES):
        earned.add("browser")
    filename = item.path.name
    for marker, ending in FILE_ENDINGS.items():
        if filename.startswith("test_") and filename.endswith(ending):
            earned.add(marker)
    return earned


def classify(items) -> None:
    for item in items:
        for marker in sorted(markers_for(item) - {mark.name for mark in item.iter_markers()}):
            item.add_marker(marker)


def _guarded(original, marker: str, what: str):
    @functools.wraps(original)
    def guard(*args, **kwargs):
        item = getattr(_running, "item", None)
        if item is not None and item.get_closest_marker(marker) is None:
            pytest.fail(f"{item.nodeid} {what} but is not marked `{marker}`: add "
                        f"@pytest.mark.{marker} so the quick loop leaves it out", pytrace=False)
        return original(*args, **kwargs)

    guard.marker_guard = marker
    return guard


def install_guards() -> list[tuple[object, str, object]]:
    """Wraps the calls that launch Chromium or the firmware; returns what to put back."""
    from firmware_bridge import emulator

    patched = [(emulator, "build", _guarded(emulator.build, "emulator", "builds the firmware")),
               (emulator.Emulator, "start", _guarded(emulator.Emulator.start, "emulator",
                                                     "starts the firmware under simavr"))]
    try:
        from playwright.sync_api import BrowserType
    except ImportError:   # playwright is in the test extra; without it no test can launch a browser
        pass
    else:
        patched.append((BrowserType, "launch", _guarded(BrowserType.launch, "browser", "launches Chromium")))
    originals = []
    for owner, name, guard in patched:
        originals.append((owner, name, getattr(owner, name)))
        setattr(owner, name, guard)
    return originals


def remove_guards(originals) -> None:
    for owner, name, original in originals:
        setattr(owner, name, original)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    _running.item = item
    try:
        yield
    finally:
        _running.item = None
