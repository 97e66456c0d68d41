"""A real mosquitto per test (free port, own config, password file, ACL), stopped afterwards."""

from __future__ import annotations

import pytest

from .broker import MISSING, Broker

TABLES = ["alpha", "beta"]


@pytest.fixture
def broker(tmp_path):
    if MISSING:
        pytest.skip(MISSING)
    folder = tmp_path / "broker"
    folder.mkdir()
    with Broker(folder, "club", TABLES) as running:
        yield running
