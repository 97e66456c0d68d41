"""The quick loop's markers tell the truth: every test that launches Chromium is `browser`, every
test that builds or runs the firmware is `emulator`, and a test that does so unmarked fails."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# One of each kind: the fixture user, the browser file, the emulator file, a plain file.
SAMPLE = ["tests/dashboard/test_tablet_screens.py", "tests/dashboard/test_cannon_browser.py",
          "tests/bridge/test_bridge_emulator.py", "tests/bridge/test_bridge_command.py"]


def selected(marker: str) -> set[str]:
    """The node ids `pytest -m MARKER` picks out of the sample files."""
    run = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:randomly",
                          "-m", marker, *SAMPLE], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    return {line.split("[")[0] for line in run.stdout.splitlines() if "::" in line}


def test_tests_using_the_browser_fixture_or_in_a_browser_file_are_marked_browser():
    browser = selected("browser")
    assert "tests/dashboard/test_tablet_screens.py::test_a_long_feed_keeps_every_card_whole_and_scrolls" in browser
    assert any(node.startswith("tests/dashboard/test_cannon_browser.py::") for node in browser)
    assert not any(node.startswith("tests/bridge/") for node in browser)


def test_emulator_files_and_the_firmware_build_are_marked_emulator():
    emulator = selected("emulator")
    assert "tests/bridge/test_bridge_emulator.py::test_pulses_repeat_every_20_ms" in emulator
    assert "tests/bridge/test_bridge_command.py::test_flash_dry_run_builds_and_shows_the_avrdude_command" in emulator
    assert "tests/bridge/test_bridge_command.py::test_list_prints_json" not in emulator
    assert not any(node.startswith("tests/dashboard/") for node in emulator)


def test_the_quick_loop_keeps_the_plain_tests():
    quick = selected("not browser and not emulator and not slow")
    assert "tests/bridge/test_bridge_command.py::test_list_prints_json" in quick
    assert not any("browser" in node or "emulator" in node or "tablet_screens" in node for node in quick)


def test_building_the_firmware_unmarked_fails_with_the_marker_to_add():
    from firmware_bridge import emulator, flash

    with pytest.raises(pytest.fail.Exception, match="builds the firmware but is not marked `emulator`"):
        emulator.build()
    with pytest.raises(pytest.fail.Exception, match="starts the firmware under simavr but is not marked"):
        emulator.Emulator().start()
    assert getattr(flash.build, "marker_guard", None) == "emulator", "flash.py kept the unguarded build"


def test_launching_chromium_unmarked_fails_with_the_marker_to_add():
    sync_api = pytest.importorskip("playwright.sync_api")
    with pytest.raises(pytest.fail.Exception, match="launches Chromium but is not marked `browser`"):
        sync_api.BrowserType.launch(None)


@pytest.mark.emulator
def test_a_marked_test_gets_past_the_guard(monkeypatch):
    from firmware_bridge import emulator

    monkeypatch.setattr(emulator, "missing_tools", lambda: ["avr-gcc"])   # stop at the tool check
    with pytest.raises(emulator.EmulatorError, match="missing avr-gcc"):
        emulator.build()
