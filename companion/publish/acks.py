"""What the broker has acknowledged, kept beside the game log so a restart (even after kill -9)
publishes every event after it again, in order. The SQLite game log stays the truth; this file
only says how far the broker has it, per broker address and table."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS acknowledged (
    target TEXT PRIMARY KEY,   -- mqtt://host:port/venue/table
    seq    INTEGER NOT NULL    -- every event up to this one has been acknowledged (PUBACK)
)
"""


class AckStore:
    def __init__(self, path: str | Path, target: str):
        self.path, self.target = Path(path), target
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(SCHEMA)
        self._lock = threading.Lock()

    def acknowledged(self) -> int:
        with self._lock:
            row = self._db.execute("SELECT seq FROM acknowledged WHERE target = ?", (self.target,)).fetchone()
        return row[0] if row else 0

    def save(self, seq: int) -> None:
        # Losing the last save to a crash only means publishing a few events twice; the venue
        # drops repeats by seq. So the default (NORMAL under WAL) durability is enough here.
        with self._lock:
            self._db.execute("INSERT INTO acknowledged (target, seq) VALUES (?, ?) "
                             "ON CONFLICT(target) DO UPDATE SET seq = excluded.seq", (self.target, seq))

    def close(self) -> None:
        with self._lock:
            self._db.close()
