"""A table in a process of its own, for the kill -9 test: `python table_process.py DATA URL TABLE
PASSWORD_FILE PLAY DELAY` opens (or resumes) the game log in DATA, publishes it, plays the first
PLAY commands of the recorded playthrough that the log does not hold yet, one every DELAY seconds,
printing each event's seq, then keeps publishing until killed."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.publish.acks import AckStore  # noqa: E402
from companion.publish.address import credentials, parse_address  # noqa: E402
from companion.publish.publisher import TablePublisher  # noqa: E402
from tests.venue.tables import QUICK, open_session, playthrough_commands  # noqa: E402


def main(data: str, url: str, table: str, password_file: str, play: str, delay: str) -> None:
    session = open_session(Path(data))
    address = parse_address(url)
    acks = AckStore(Path(data) / "published.sqlite", f"{address.text}/{table}")
    publisher = TablePublisher(session, address, table, acks, credentials(table, Path(password_file)), QUICK).start()
    print(f"resumed at {session.seq}, acknowledged {publisher.acknowledged}", flush=True)
    for command in playthrough_commands()[:int(play)] if session.seq == 0 else []:
        session.act(command)
        print(f"event {session.seq}", flush=True)
        time.sleep(float(delay))
    print("idle", flush=True)
    while True:
        time.sleep(1)


if __name__ == "__main__":
    main(*sys.argv[1:])
