"""Two tables and the venue on a real mosquitto: the games arrive whole and in order, the broker
going away mid-game loses nothing, the venue rebuilds itself from retained messages, and the
broker refuses a wrong password and a table writing under another table's name."""

from __future__ import annotations

import csv
import io

import pytest

from companion.venue.web import create_venue_app

from .tables import open_session, playthrough_commands, publisher, taken_seqs, venue, wait_until


def play(session, commands):
    for command in commands:
        session.act(command)


@pytest.mark.slow
def test_two_tables_play_and_the_venue_shows_both_with_every_event_in_order(broker, tmp_path):
    board, listener = venue(broker)
    commands = playthrough_commands()
    tables = {}
    for name in ("alpha", "beta"):
        (tmp_path / name).mkdir()
        session = open_session(tmp_path / name)
        tables[name] = (session, publisher(session, broker, name, tmp_path / name))
    play(tables["alpha"][0], commands)          # a whole game
    play(tables["beta"][0], commands[:30])      # a game still going on
    for name, (session, _) in tables.items():
        wait_until(lambda: taken_seqs(board, name)[-1:] == [session.seq], what=f"{name}'s last event at the venue")
        assert taken_seqs(board, name) == list(range(1, session.seq + 1))   # none lost, none twice, in order
        wait_until(lambda: tables[name][1].acknowledged == session.seq, what=f"{name}'s acknowledged mark")

    alpha, beta = (next(line for line in board.lines() if line["table"] == name) for name in ("alpha", "beta"))
    assert alpha["status"] == beta["status"] == "online"
    assert alpha["title"] == "Cannonball Colony"
    assert [p["name"] for p in alpha["players"]] == ["England", "Spain"]
    assert alpha["winners"], "the whole playthrough ends the game"
    assert beta["winners"] is None and beta["turn"] in ("England", "Spain")
    assert beta["verdict"]
    assert all(isinstance(p["points"], int) for p in beta["players"])

    rows = list(csv.DictReader(io.StringIO(create_venue_app(board).test_client().get(
        "/results/cannonball-colony.csv").get_data(as_text=True))))
    assert [(r["table"], r["player"]) for r in rows] == [("alpha", "England"), ("alpha", "Spain")]
    assert sorted(r["winner"] for r in rows) in (["no", "yes"], ["yes", "yes"])
    for _, pub in tables.values():
        pub.close()
    wait_until(lambda: all(line["status"] == "offline" for line in board.lines()), what="both tables offline")
    listener.close()


def test_the_broker_stopped_mid_game_loses_nothing_and_keeps_the_order(broker, tmp_path):
    board, listener = venue(broker)
    session = open_session(tmp_path)
    table = publisher(session, broker, "alpha", tmp_path)
    commands = playthrough_commands()
    play(session, commands[:20])
    wait_until(lambda: table.acknowledged == session.seq, what="the first part acknowledged")
    broker.stop()
    play(session, commands[20:50])               # the table keeps playing with no broker
    assert session.seq > table.acknowledged, "nothing can be acknowledged while the broker is away"
    broker.start()
    play(session, commands[50:60])
    wait_until(lambda: taken_seqs(board, "alpha")[-1:] == [session.seq], timeout=15, what="the venue catching up")
    assert taken_seqs(board, "alpha") == list(range(1, session.seq + 1))
    wait_until(lambda: table.acknowledged == session.seq, what="every event acknowledged")
    table.close()
    listener.close()


def test_a_table_started_while_the_broker_is_down_plays_on_and_publishes_everything_when_it_comes(broker, tmp_path):
    board, listener = venue(broker)   # the venue's session is on the broker (saved when it stops)
    wait_until(lambda: listener.state == "connected", what="the venue subscribed")
    broker.stop()
    session = open_session(tmp_path)
    table = publisher(session, broker, "alpha", tmp_path)
    play(session, playthrough_commands()[:12])
    wait_until(lambda: "cannot reach" in table.describe()["problem"], what="the table saying the broker is away")
    broker.start()
    wait_until(lambda: taken_seqs(board, "alpha")[-1:] == [session.seq], timeout=15, what="the whole log published")
    assert taken_seqs(board, "alpha") == list(range(1, session.seq + 1))
    assert board.lines()[0]["status"] == "online" and board.lines()[0]["verdict"]
    table.close()
    listener.close()


def test_a_restarted_venue_rebuilds_every_table_from_retained_messages(broker, tmp_path):
    session = open_session(tmp_path)
    table = publisher(session, broker, "alpha", tmp_path)
    play(session, playthrough_commands()[:25])
    wait_until(lambda: table.acknowledged == session.seq, what="the events acknowledged")
    first, listener = venue(broker, client_id="venue-first")
    wait_until(lambda: first.lines() and first.lines()[0]["seq"] == session.seq, what="the first venue's picture")
    listener.close()
    before = first.lines()[0]

    fresh, listener = venue(broker, client_id="venue-after-a-restart")   # knows nothing but what is retained
    wait_until(lambda: fresh.lines() and fresh.lines()[0]["seq"] == session.seq, what="the rebuilt picture")
    after = fresh.lines()[0]
    for key in ("game", "title", "status", "players", "turn", "verdict", "winners"):
        assert after[key] == before[key], key
    table.close()
    listener.close()


def test_a_wrong_password_is_refused_and_the_game_goes_on(broker, tmp_path):
    board, listener = venue(broker)
    session = open_session(tmp_path)
    table = publisher(session, broker, "alpha", tmp_path, password="not-the-password")
    wait_until(lambda: table.describe()["state"] == "refused", what="the refusal")
    assert "Not authorized" in table.describe()["problem"] or "password" in table.describe()["problem"]
    play(session, playthrough_commands()[:3])    # the table plays on; its log keeps everything
    assert session.seq >= 3 and table.acknowledged == 0
    assert "alpha" not in board.tables
    table.close()
    listener.close()


def test_a_table_publishing_under_another_tables_name_is_refused_by_the_acl(broker, tmp_path):
    board, listener = venue(broker)
    session = open_session(tmp_path)
    impostor = publisher(session, broker, "beta", tmp_path, user="alpha")   # alpha's login, beta's name
    play(session, playthrough_commands()[:3])
    wait_until(lambda: "refused event" in impostor.describe()["problem"], what="the broker's refusal")
    assert "Not authorized" in impostor.describe()["problem"]
    assert impostor.acknowledged == 0
    assert "beta" not in board.tables, "the venue never hears a word under beta's name"
    impostor.close()
    listener.close()


def test_garbage_from_a_table_is_counted_and_dropped_and_the_venue_goes_on(broker, tmp_path, caplog):
    import paho.mqtt.client as mqtt

    board, listener = venue(broker)
    account = broker.accounts["alpha"]
    rogue = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="rogue", protocol=mqtt.MQTTv5)
    rogue.username_pw_set(account.user, account.password)
    rogue.connect("127.0.0.1", broker.port)
    rogue.loop_start()
    wait_until(lambda: listener.state == "connected", what="the venue's subscription")
    topic = "club/tables/alpha/events"
    for payload in (b"{not json", b'{"seq": 1, "type": "move", "game": "chess"}', b"[1, 2]",
                    b'{"seq": 1, "type": "x", "game": "cannonball-colony", "pad": "' + b"x" * 300_000 + b'"}'):
        rogue.publish(topic, payload, qos=1).wait_for_publish(5)
    wait_until(lambda: sum(board.dropped.values()) == 4, what="four drops")
    assert board.dropped == {"malformed JSON": 2, "unknown game": 1, "huge payload": 1}
    assert "x" * 100 not in caplog.text, "a log line never echoes the payload"
    rogue.loop_stop()
    rogue.disconnect()
    listener.close()


def test_a_table_publishes_over_tls_to_a_broker_it_trusts(tmp_path, monkeypatch):
    import shutil

    from companion.publish.acks import AckStore
    from companion.publish.address import Credentials, parse_address
    from companion.publish.publisher import TablePublisher

    from .broker import MISSING, Broker
    from .tables import QUICK

    if MISSING or not shutil.which("openssl"):
        pytest.skip(MISSING or "openssl is not installed (apt-get install openssl)")
    (tmp_path / "broker").mkdir()
    with Broker(tmp_path / "broker", "club", ["alpha"], tls=True) as broker:
        monkeypatch.setenv("SSL_CERT_FILE", str(broker.ca_file))   # what --mqtt-tls trusts: the system's CAs
        board, listener = venue(broker)
        address = parse_address(f"mqtt://127.0.0.1:{broker.tls_port}/club", tls=True)
        assert address.tls and address.text.startswith("mqtts://")
        session = open_session(tmp_path)
        table = TablePublisher(session, address, "alpha", AckStore(tmp_path / "published.sqlite", address.text),
                               Credentials("alpha", broker.accounts["alpha"].password), QUICK).start()
        play(session, playthrough_commands()[:5])
        wait_until(lambda: table.acknowledged == session.seq, what="the events acknowledged over TLS")
        monkeypatch.delenv("SSL_CERT_FILE")       # a broker whose certificate nobody vouches for
        untrusting = TablePublisher(session, address, "alpha", AckStore(tmp_path / "other.sqlite", address.text),
                                    Credentials("alpha", broker.accounts["alpha"].password), QUICK).start()
        wait_until(lambda: "cannot reach" in untrusting.describe()["problem"], what="the untrusted broker refused")
        assert untrusting.acknowledged == 0
        untrusting.close()
        wait_until(lambda: taken_seqs(board, "alpha")[-1:] == [session.seq], what="the venue hearing them")
        table.close()
        listener.close()

