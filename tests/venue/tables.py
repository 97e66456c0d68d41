"""Tables and a venue for the broker tests: real sessions on real SQLite files, each publishing
with the real TablePublisher; the venue board subscribed with the real VenueListener. The games
are the recorded Cannonball Colony playthrough (tests/games/.../seed-12.jsonl), replayed."""

from __future__ import annotations

import json
import time
from pathlib import Path

from companion.games import plugins
from companion.publish.acks import AckStore
from companion.publish.address import Credentials, parse_address
from companion.publish.publisher import PublishSettings, TablePublisher
from companion.session import EventLog, Session
from companion.venue.board import VenueBoard
from companion.venue.listener import ListenSettings, VenueListener

ROOT = Path(__file__).resolve().parents[2]
PLAYTHROUGH = ROOT / "tests" / "games" / "cannonball_colony" / "playthroughs" / "seed-12.jsonl"
GAME = "cannonball-colony"
QUICK = PublishSettings(keepalive=2, heartbeat=0.5, reconnect_min=0.1, reconnect_max=0.5, close_wait=1.0)


def playthrough_commands() -> list[dict]:
    """The recorded game's commands as Session.act takes them: start, proposals, confirms, ..."""
    commands = []
    for line in PLAYTHROUGH.read_text().splitlines():
        entry = json.loads(line)
        if "command" in entry:
            command = dict(entry["command"])
            commands.append({"type": command.pop("do"), **command, "source": "test"})
    return commands


def open_session(folder: Path) -> Session:
    return Session(EventLog(folder / "game.sqlite"), plugins()[GAME].load("record"))


def publisher(session: Session, broker, table: str, folder: Path, user: str | None = None,
              password: str | None = None, settings: PublishSettings = QUICK) -> TablePublisher:
    account = broker.accounts[user or table]
    address = parse_address(broker.url)
    acks = AckStore(folder / "published.sqlite", f"{address.text}/{table}")
    login = Credentials(account.user, password if password is not None else account.password)
    return TablePublisher(session, address, table, acks, login, settings).start()


def venue(broker, client_id: str = "venue-test") -> tuple[VenueBoard, VenueListener]:
    board = VenueBoard(broker.venue, {slug: plugin.title for slug, plugin in plugins().items()})
    account = broker.accounts["venue"]
    listener = VenueListener(board, parse_address(broker.url), Credentials(account.user, account.password),
                             ListenSettings(keepalive=2, reconnect_min=0.1, reconnect_max=0.5), client_id=client_id)
    return board, listener.start()


def wait_until(condition, timeout: float = 10.0, what: str = "the condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"{what} did not happen within {timeout} s")


def taken_seqs(board: VenueBoard, table: str) -> list[int]:
    """The events the venue took for `table`, in the order it took them."""
    with board._lock:
        return [event["seq"] for event in board.tables[table].events] if table in board.tables else []
