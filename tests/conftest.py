"""Fixtures shared across the test folders: the shared reference data, and waiting for threads."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

import companion  # noqa: F401  (first: it sets the BLAS thread count before numpy loads)
import marker_rules
from marker_rules import pytest_runtest_protocol  # noqa: F401  (a hook: which test is running)

# The shared data sits beside the checkout (../shared/data) and is never copied into the repo;
# TABLETOP_SHARED_DATA points elsewhere, e.g. on a CI machine with its own copy.
SHARED_DATA_ENV = "TABLETOP_SHARED_DATA"


# What the header names: the releases the run used, and which optional tools it found.
REPORTED_DISTRIBUTIONS = ("numpy", "opencv-python-headless", "opencv-python", "flask", "waitress", "pyserial",
                          "hypothesis", "playwright")
OPTIONAL_TOOLS = {"chromium": "browser tests", "avr-gcc": "firmware build", "simavr": "emulated firmware",
                  "mosquitto": "broker tests", "ldd": "installed-libraries check"}


def pytest_report_header(config):
    """The versions and tools behind this run, so a failure elsewhere can be told apart from a bug."""
    from importlib import metadata
    import shutil

    versions = []
    for name in REPORTED_DISTRIBUTIONS:
        try:
            versions.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            pass
    missing = [f"{tool} ({use} skip)" for tool, use in OPTIONAL_TOOLS.items() if shutil.which(tool) is None]
    return [f"companion test run: {', '.join(versions)}",
            f"optional tools missing: {', '.join(missing) or 'none'}"]


MARKER_GUARDS = pytest.StashKey[list]()


def pytest_configure(config):
    config.stash[MARKER_GUARDS] = marker_rules.install_guards()


def pytest_unconfigure(config):
    marker_rules.remove_guards(config.stash.get(MARKER_GUARDS, []))


def pytest_collection_modifyitems(config, items):
    marker_rules.classify(items)


def shared_data_root() -> Path:
    configured = os.environ.get(SHARED_DATA_ENV)
    if configured:
        return Path(configured)
    return Path(__file__).resolve().parents[1] / ".." / "shared" / "data"


@pytest.fixture
def shared_data():
    """`shared_data("aruco", "gold.json")` -> its path; skips the test when it is absent."""

    def locate(*parts: str) -> Path:
        path = shared_data_root().joinpath(*parts)
        if not path.exists():
            pytest.skip(f"shared data absent: {path} (set {SHARED_DATA_ENV} to its folder)")
        return path

    return locate


def wait_until(condition, timeout_s: float = 5.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout_s:g} s: {condition.__code__.co_filename}:"
                                 f"{condition.__code__.co_firstlineno}")
        time.sleep(0.01)


@pytest.fixture
def until():
    """until(condition, timeout_s=5): waits for a threaded link, the emulator or a server to catch up."""
    return wait_until


def assert_numbers_close(expected, actual, *, rel: float, abs_: float = 0.0, where: str = "") -> None:
    """Two JSON-like trees agree: the same keys, lengths, strings and flags, and numbers within
    a stated tolerance. Floats from numpy and OpenCV differ in their last bits from one release
    to the next, so no test compares them exactly."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict) and expected.keys() == actual.keys(), f"{where}: keys differ"
        for key in expected:
            assert_numbers_close(expected[key], actual[key], rel=rel, abs_=abs_, where=f"{where}.{key}")
    elif isinstance(expected, (list, tuple)):
        assert isinstance(actual, (list, tuple)) and len(expected) == len(actual), f"{where}: lengths differ"
        for index, (left, right) in enumerate(zip(expected, actual)):
            assert_numbers_close(left, right, rel=rel, abs_=abs_, where=f"{where}[{index}]")
    elif isinstance(expected, float) or isinstance(actual, float):
        assert actual == pytest.approx(expected, rel=rel, abs=abs_), f"{where}: {actual!r} is not {expected!r}"
    else:
        assert expected == actual, f"{where}: {actual!r} is not {expected!r}"


@pytest.fixture
def numbers_close():
    """numbers_close(expected, actual, rel=..., abs_=...): JSON trees equal up to float noise."""
    return assert_numbers_close
