"""Rewrites the golden playthroughs (tests/games/<game>/playthroughs/*.jsonl) from their seeded games.

Run it only when a rule, a message or the session's state has changed on purpose, after the
playthrough tests failed on exactly that change; then read the diff of the .jsonl files before
committing it, since the diff is the change every player will see:

    .venv/bin/python tests/games/regenerate_playthroughs.py [GAME_FOLDER ...]   # e.g. the_colony; none: all
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "the_colony"))

import coast_playthrough  # noqa: E402
import colony_playthrough  # noqa: E402
import playthroughs  # noqa: E402
import the_colony_playthrough  # noqa: E402

from companion.games.cannonball_colony.record import RECORD as COLONY  # noqa: E402
from companion.games.cannons_coastlines.record import RECORD as COAST  # noqa: E402
from companion.games.the_colony.record import RECORD as THE_COLONY  # noqa: E402
from companion.session import EventLog, Session  # noqa: E402

RECORDINGS = {
    HERE / "cannonball_colony" / "playthroughs" / "seed-12.jsonl": (COLONY, colony_playthrough.generate),
    HERE / "cannons_coastlines" / "playthroughs" / "two-fleets.jsonl": (COAST, coast_playthrough.generate),
    HERE / "the_colony" / "playthroughs" / "bots-seed-16.jsonl": (THE_COLONY, the_colony_playthrough.generate),
}


def main(folders: list[str]) -> int:
    for path, (record, generate) in RECORDINGS.items():
        if folders and path.parent.parent.name not in folders:
            continue
        with tempfile.TemporaryDirectory() as folder:
            log = EventLog(Path(folder) / "game.sqlite")
            header, steps = generate(Session(log, record))
            log.close()
        playthroughs.write(path, header, steps)
        print(f"{path.relative_to(HERE.parent.parent)}: {len(steps)} commands, {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
