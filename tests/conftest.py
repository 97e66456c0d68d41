"""Fixtures shared across the test folders: where the project's shared reference data lives."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# The shared data sits beside the checkout (../shared/data) and is never copied into the repo;
# TABLETOP_SHARED_DATA points elsewhere, e.g. on a CI machine with its own copy.
SHARED_DATA_ENV = "TABLETOP_SHARED_DATA"


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
