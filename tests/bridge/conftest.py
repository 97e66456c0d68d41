"""Helpers shared by the bridge tests."""

import time

import pytest


def wait_until(condition, timeout_s: float = 5.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout_s:g} s: {condition.__code__.co_filename}:"
                                 f"{condition.__code__.co_firstlineno}")
        time.sleep(0.01)


@pytest.fixture
def until():
    """until(condition, timeout_s=5): waits for a threaded link or the emulator to catch up."""
    return wait_until
