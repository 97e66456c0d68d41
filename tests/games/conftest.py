"""The game tests' shared pieces: the playthrough recorder (tests/games/playthroughs.py) and the
game drivers beside it are imported by name, as this folder is on the path while its tests run."""

from __future__ import annotations

import pytest

from companion.session import EventLog


@pytest.fixture
def event_log(tmp_path):
    """A real SQLite event log in the test's own folder."""
    log = EventLog(tmp_path / "game.sqlite")
    yield log
    log.close()
