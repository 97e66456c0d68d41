"""Pairings on the LAN: a tablet's pairing lives in its signed session cookie, with the pairing
generation it was made in. The generation is kept in the data folder beside the secret key, so
pairings outlive a restart; revoking makes a new generation, and every older pairing stops counting.

The generation is random, not a counter: a lost or damaged file starts a fresh generation, which
revokes every pairing rather than bringing a revoked one back."""

from __future__ import annotations

import json
import os
import secrets
import tempfile
import threading
from pathlib import Path

PLAYER, VIEWER = "player", "viewer"   # a player changes the game; a viewer only watches
ROLES = (PLAYER, VIEWER)
PAIRING_FILE = "dashboard-pairing.json"


def new_pairing_code() -> str:
    return f"{secrets.randbelow(10**6):06d}"


class Pairings:
    """The current pairing generation, read from `data`/dashboard-pairing.json (none: kept in memory)."""

    def __init__(self, data: Path | None):
        self.path = Path(data) / PAIRING_FILE if data is not None else None
        self._lock = threading.Lock()
        self.generation = self._read() or self._write(secrets.token_hex(8))

    def current(self, generation) -> bool:
        with self._lock:
            return isinstance(generation, str) and secrets.compare_digest(generation, self.generation)

    def revoke(self) -> str:
        with self._lock:
            self.generation = self._write(secrets.token_hex(8))
            return self.generation

    def _read(self) -> str | None:
        if self.path is None:
            return None
        try:
            generation = json.loads(self.path.read_text(encoding="utf-8")).get("generation")
        except (OSError, ValueError, AttributeError):
            return None
        return generation if isinstance(generation, str) and generation else None

    def _write(self, generation: str) -> str:
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=PAIRING_FILE, suffix=".tmp")
            try:   # mkstemp makes it 0600, like the secret key; the rename keeps a crash from leaving half a file
                with os.fdopen(handle, "w", encoding="utf-8") as stream:
                    json.dump({"generation": generation}, stream)
                os.replace(temporary, self.path)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
        return generation
