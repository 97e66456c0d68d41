"""One table's game on the venue's broker, with paho-mqtt: `status` (retained online, offline as
the last will, and a heartbeat), `state` (retained: the shared screen), `events` (each logged
event as the shared screen sees it, QoS 1, in order, with its seq).

The SQLite log is the truth. While connected, a worker hands paho the events after the last one
it handed (online is said first); paho sends again, in order, whatever the broker had not
acknowledged when the connection dropped, and the worker goes on after them; each
PUBACK moves the acknowledged mark (AckStore), so a restart, even after kill -9, publishes
everything after it again. The venue drops repeats by seq.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import deque
from dataclasses import dataclass
from datetime import datetime, timezone

import paho.mqtt.client as mqtt

from companion.publish.acks import AckStore
from companion.publish.address import BrokerAddress, Credentials

log = logging.getLogger("companion.publish")


@dataclass(frozen=True)
class PublishSettings:
    keepalive: int = 10           # seconds; the broker sends the last will after 1.5 x this of silence
    heartbeat: float = 5.0        # seconds between heartbeats on `status`
    reconnect_min: float = 0.5    # paho's back-off between reconnects, seconds
    reconnect_max: float = 8.0
    close_wait: float = 2.0       # how long closing waits for the retained `offline` to be acknowledged


def now_text() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def message(data: dict) -> bytes:
    return json.dumps(data, separators=(",", ":"), sort_keys=True).encode()


class TablePublisher:
    """Publishes `session` as table `table` of `address`'s venue; start() once, close() at the end."""

    def __init__(self, session, address: BrokerAddress, table: str, acks: AckStore,
                 credentials: Credentials = Credentials(), settings: PublishSettings = PublishSettings(),
                 title: str | None = None):
        self.session, self.address, self.table, self.acks, self.settings = session, address, table, acks, settings
        self.title = title or session.record.title
        self.acknowledged = acks.acknowledged()
        self.handed = self.acknowledged      # the last event given to paho
        self.state = "connecting"
        self.problem = ""
        self.since = now_text()
        self._in_order: deque[int] = deque()  # seqs handed to paho, oldest first, not yet acknowledged
        self._done: set[int] = set()
        self._mids: dict[int, int] = {}       # paho message id -> event seq
        self._others: set[int] = set()        # message ids of status and state messages
        self._early: dict[int, object] = {}   # PUBACKs that came before their publish() returned
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._state_due = True               # the retained state, after the backlog and after each reconnect
        self._closing = threading.Event()
        self._worker = threading.Thread(target=self._work, name=f"publish-{table}", daemon=True)
        self.client = self._client(credentials)

    def _client(self, credentials: Credentials) -> mqtt.Client:
        client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"table-{self.address.venue}-{self.table}",
                             protocol=mqtt.MQTTv5)
        if credentials.user is not None:
            client.username_pw_set(credentials.user, credentials.password)
        if self.address.tls:
            client.tls_set()
        # The will has no "since": the broker sends it later, and the venue stamps it when heard.
        client.will_set(self.topic("status"), self._status("offline", since=None), qos=1, retain=True)
        client.reconnect_delay_set(self.settings.reconnect_min, self.settings.reconnect_max)
        client.max_queued_messages_set(0)   # no limit: the log is bounded by the game, and nothing may drop
        client.on_connect, client.on_disconnect, client.on_publish = self._connected, self._disconnected, self._acked
        client.on_connect_fail = self._unreachable
        return client

    def topic(self, kind: str) -> str:
        return self.address.topic(self.table, kind)

    def _status(self, status: str, **more) -> bytes:
        more = dict(more)
        return message({"status": status, "table": self.table, "game": self.session.slug, "title": self.title,
                        "since": more.pop("since", self.since), "keepalive": self.settings.keepalive,
                        "heartbeat": self.settings.heartbeat, **more})

    # --- life ----------------------------------------------------------------------------

    def start(self) -> "TablePublisher":
        self.session.listeners.append(self._on_event)
        self.client.connect_async(self.address.host, self.address.port, keepalive=self.settings.keepalive)
        self.client.loop_start()
        self._worker.start()
        self._wake.set()   # the events after the acknowledged mark, at once
        return self

    def close(self) -> None:
        """Say offline (retained), wait a moment for the broker to have it, and disconnect."""
        self._closing.set()
        self._wake.set()
        if self._on_event in self.session.listeners:
            self.session.listeners.remove(self._on_event)
        self._worker.join(timeout=5)
        if self.state == "connected":
            self.since = now_text()
            info = self.client.publish(self.topic("status"), self._status("offline"), qos=1, retain=True)
            try:
                info.wait_for_publish(self.settings.close_wait)
            except (RuntimeError, ValueError):
                pass   # the broker went away meanwhile: its last will says offline instead
        self.state = "closed"
        self.client.disconnect()
        self.client.loop_stop()
        self.acks.close()

    def describe(self) -> dict:
        with self._lock:
            return {"state": self.state, "problem": self.problem, "handed": self.handed,
                    "acknowledged": self.acknowledged, "broker": self.address.text, "table": self.table}

    # --- paho's callbacks (its network thread) ----------------------------------------------

    def _connected(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            self.state, self.problem = "refused", f"the broker refused the connection: {reason_code}"
            log.error("table %s: %s %s; the game goes on, unpublished", self.table, self.address.text, self.problem)
            client.disconnect()   # a wrong password does not get better by retrying
            return
        self.state, self.problem, self.since = "connected", "", now_text()
        self._track(client.publish(self.topic("status"), self._status("online"), qos=1, retain=True).mid, None)
        self._state_due = True
        self._wake.set()
        log.info("table %s: connected to %s", self.table, self.address.text)

    def _unreachable(self, client, userdata) -> None:
        """No connection at all (no broker there, a refused socket, a certificate not trusted): paho retries."""
        if not self.problem:
            log.warning("table %s: cannot reach %s; retrying, the log keeps every event", self.table, self.address.text)
        self.problem = f"cannot reach the broker at {self.address.text}; retrying"

    def _disconnected(self, client, userdata, flags, reason_code, properties) -> None:
        if self.state == "connected":
            self.state, self.problem = "connecting", f"lost the broker ({reason_code}); the log keeps every event"
            log.warning("table %s: %s", self.table, self.problem)

    def _acked(self, client, userdata, mid, reason_code, properties) -> None:
        with self._lock:
            if mid in self._others:
                self._others.discard(mid)   # a status or state message
            elif mid in self._mids:
                self._settle(self._mids.pop(mid), reason_code)
            else:   # the PUBACK beat publish() back to the worker: settled when it tracks the mid
                self._early[mid] = reason_code

    def _track(self, mid: int, seq: int | None) -> None:
        """After publish() returns (never around it: paho holds its own lock while calling _acked)."""
        with self._lock:
            early = self._early.pop(mid, None)
            if seq is None:
                if early is None:
                    self._others.add(mid)
                return
            self._in_order.append(seq)
            self.handed = seq
            if early is None:
                self._mids[mid] = seq
            else:
                self._settle(seq, early)

    def _settle(self, seq: int, reason_code) -> None:
        """A PUBACK for event `seq` (under the lock): move the acknowledged mark over every event done."""
        if reason_code.is_failure:
            self.problem = f"the broker refused event {seq}: {reason_code}"
            log.error("table %s: %s (is the table's user allowed to publish under %s?)",
                      self.table, self.problem, self.topic("events"))
            return
        self._done.add(seq)
        moved = False
        while self._in_order and self._in_order[0] in self._done:
            self._done.discard(self._in_order[0])
            self.acknowledged = self._in_order.popleft()
            moved = True
        if moved:
            self.acks.save(self.acknowledged)

    # --- the worker: the log in order -------------------------------------------------------

    def _on_event(self, event) -> None:
        """The session's listener (under its lock, after the commit): only a nudge, never a wait."""
        self._wake.set()

    def _work(self) -> None:
        last_beat = time.monotonic()
        while not self._closing.is_set():
            self._wake.wait(timeout=self.settings.heartbeat)
            self._wake.clear()
            if self.state != "connected":
                continue   # the log keeps them; paho keeps only what it was handed while connected
            try:
                self._publish_new()
            except Exception:   # noqa: BLE001  (the table keeps playing; the log still has it all)
                log.exception("table %s: publishing failed; retrying at the next event", self.table)
            if time.monotonic() - last_beat >= self.settings.heartbeat and self.state == "connected":
                last_beat = time.monotonic()
                self.client.publish(self.topic("status"), self._status("online", at=now_text(), seq=self.handed),
                                    qos=0, retain=False)

    def _publish_new(self) -> None:
        events = self.session.log.events(after=self.handed)
        last = None
        for event in events:
            payload = message({**self.session.event_view(event, None), "game": self.session.slug})
            self._track(self.client.publish(self.topic("events"), payload, qos=1).mid, event.seq)
            last = event
        if last is not None:
            self._state_due = True
        view = self.session.view(None)
        # The state never runs ahead of (or behind) the events handed over: the venue takes its seq
        # as a floor. When they differ an event is being committed, and its nudge brings us back.
        if self._state_due and view["seq"] == self.handed:
            self._state_due = False
            info = self.client.publish(self.topic("state"), message({
                "table": self.table, "game": self.session.slug, "title": self.title, "seq": view["seq"],
                "view": view, "last_event": self._last_event(last), "at": now_text()}), qos=1, retain=True)
            self._track(info.mid, None)

    def _last_event(self, last) -> dict | None:
        if last is None and self.handed:
            last = next((e for e in self.session.log.events(after=self.handed - 1) if e.seq == self.handed), None)
        return self.session.event_view(last, None) if last is not None else None
