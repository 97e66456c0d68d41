"""Sessions: every change is a committed event first, and a killed process resumes losing nothing."""

import json
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.games.cannonball_colony.cells import Cell, Country
from companion.games.cannonball_colony.text import parse_board
from companion.session import EventLog, Session, SessionError
from companion.games.cannonball_colony.record import RECORD
from companion.games.cannonball_colony.view import summary

ROOT = Path(__file__).resolve().parents[1]
BOARD = (ROOT / "samples" / "boards" / "cannonball-colony-dispute.txt").read_text()


@pytest.fixture
def session(tmp_path):
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    session.act({"type": "start", "board": BOARD})
    return session


def test_the_log_is_wal_with_full_sync_and_one_json_object_per_event(session, tmp_path):
    session.act({"type": "propose", "move": "road E1"})
    db = sqlite3.connect(tmp_path / "game.sqlite")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert session.log._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    rows = db.execute("SELECT seq, body FROM events ORDER BY seq").fetchall()
    assert [seq for seq, _ in rows] == [1, 2]
    assert json.loads(rows[1][1])["type"] == "move" and json.loads(rows[1][1])["move"] == "road E1"


def test_a_refused_proposal_is_logged_with_its_verdict_and_changes_nothing(session):
    before = summary(session.state)["board"]
    verdict, event = session.act({"type": "propose", "move": "fort G3"})
    assert not verdict.legal and event.type == "proposal"
    assert [r["rule"] for r in event.body["verdict"]["reasons"]] == ["CC-6", "CC-7"]
    assert summary(session.state)["board"] == before


def test_listeners_hear_only_committed_events(session):
    heard = []

    def listener(event):
        stored = session.log.events(after=event.seq - 1)
        heard.append((event.seq, [e.seq for e in stored]))

    session.listeners.append(listener)
    session.act({"type": "propose", "move": "road E1"})
    session.act({"type": "confirm"})
    assert heard == [(2, [2]), (3, [3])]


def test_undo_is_logged_and_the_shot_stays(tmp_path):
    session = Session(EventLog(tmp_path / "g.sqlite"), RECORD)
    session.act({"type": "start", "board": BOARD})
    assert session.act({"type": "propose", "move": "fire F5"})[0].legal
    assert session.act({"type": "propose", "move": "road E1"})[0].legal
    verdict, event = session.act({"type": "undo"})
    assert verdict.message == "Undone: road E1; the shot at F5 stands (CC-P4)." and event.type == "undo"
    assert session.act({"type": "undo"})[1] is None   # the shot cannot be undone, and nothing is logged
    assert Cell.parse("F5") not in parse_board(summary(session.state)["board"]).pieces   # the fort stays destroyed


def test_reopening_replays_to_the_same_game(session, tmp_path):
    for move in ("road E1", None, "road K2 K3", None, "road I1"):
        if move is None:
            assert session.act({"type": "confirm"})[0].legal
        else:
            assert session.act({"type": "propose", "move": move})[0].legal, move
    state = summary(session.state)
    reopened = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    assert summary(reopened.state) == state


def test_a_correction_replaces_what_the_camera_misread(session, tmp_path):
    corrected = BOARD.replace("6  g  g  f  g  g", "6  g  g  f  g  r")
    session.act({"type": "correct", "board": corrected, "note": "E6 is a road; the camera missed it"})
    assert summary(Session(EventLog(tmp_path / "game.sqlite"), RECORD).state)["board"].splitlines()[-1].split()[5] == "r"


def test_a_correction_can_give_the_turn_to_another_player_and_replays_so(session, tmp_path):
    # The camera started this game on France's turn; Spain's move showed whose turn it was.
    session.act({"type": "correct", "board": BOARD, "note": "Spain made the first move", "source": "camera", "turn": Country.SPAIN})
    assert str(session.state.player) == "spain" and session.log.events()[-1].body["turn"] == "spain"
    assert str(Session(EventLog(tmp_path / "game.sqlite"), RECORD).state.player) == "spain"
    with pytest.raises(ValueError, match="portugal is not playing"):
        session.act({"type": "correct", "board": BOARD, "note": "nobody here", "turn": Country.PORTUGAL})
    assert session.last_seq() == 2


def test_a_log_that_does_not_replay_names_the_event(tmp_path):
    log = EventLog(tmp_path / "bad.sqlite")
    log.append({"type": "game", "game": "cannonball-colony", "board": BOARD})
    log.append({"type": "move", "move": "fort G3", "player": "france"})
    with pytest.raises(SessionError, match=r"event 2 \(move fort G3\) does not replay: Too close"):
        Session(log, RECORD)


WRITER = textwrap.dedent("""
    import sys
    from companion.games.cannonball_colony.record import RECORD
    from companion.session import EventLog, Session
    session = Session(EventLog(sys.argv[1]), RECORD)
    if session.state is None:
        session.act({"type": "start", "board": open(sys.argv[2]).read()})
    moves = ["road E1", None, "road K2 K3", None, "road I1", None, "road F4", None] * 3
    for move in moves:
        verdict, event = session.act({"type": "propose", "move": move}) if move else session.act({"type": "confirm"})
        if event is not None:
            print(event.seq, flush=True)   # acknowledged only after the commit
""")


@pytest.mark.parametrize("kill_after", [1, 3, 6])
def test_sigkill_at_any_point_loses_no_acknowledged_event(tmp_path, kill_after):
    db, board = tmp_path / "game.sqlite", tmp_path / "board.txt"
    board.write_text(BOARD)
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(db), str(board)], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True)
    acknowledged = [int(writer.stdout.readline()) for _ in range(kill_after)]
    writer.send_signal(signal.SIGKILL)
    writer.wait(timeout=10)
    resumed = Session(EventLog(db), RECORD)
    assert [e.seq for e in resumed.log.events()][: len(acknowledged) + 1][1:] == acknowledged
    assert resumed.state is not None
