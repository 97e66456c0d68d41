"""A club night under load: 50 simulated tables on one local mosquitto, the venue board subscribed.

Starts mosquitto on a free local port (its own config: passwords, no anonymous access, the
per-table ACL; tests/venue/broker.py), then `companion venue` as a process of its own. Each
table is a real Session on its own SQLite log with the real TablePublisher, replaying the recorded
Cannonball Colony playthrough at a move every 2 s (staggered), with its heartbeat. A client on the
venue's page stream notes when each event reaches the page. Reports events sent and taken (none
lost, none duplicated), commit-to-page latency (median, p90, p95; target p95 < 250 ms) beside a
floor measured in the same run (one message through the same broker, paho to paho), and the CPU
of the venue, the broker and the tables' process.

    nice -n 10 .venv/bin/python benchmarks/venue_load.py [--tables 50] [--seconds 60] [--interval 2]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import paho.mqtt.client as mqtt  # noqa: E402

from companion.publish.acks import AckStore  # noqa: E402
from companion.publish.address import Credentials, parse_address  # noqa: E402
from companion.publish.publisher import PublishSettings, TablePublisher  # noqa: E402
from tests.venue.broker import MISSING, Broker  # noqa: E402
from tests.venue.tables import open_session, playthrough_commands  # noqa: E402

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
TARGET_P95_MS = 250.0
FLOOR_MESSAGES = 200


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS   # utime + stime


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def floor_latency(broker: Broker) -> list[float]:
    """Milliseconds for one QoS 1 message from a paho publisher to a paho subscriber, nothing else."""
    arrived: dict[int, float] = {}
    subscribed = threading.Event()
    listen = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="floor-sub", protocol=mqtt.MQTTv5)
    listen.username_pw_set("venue", broker.accounts["venue"].password)
    listen.on_subscribe = lambda *args: subscribed.set()
    listen.on_message = lambda c, u, m: arrived.setdefault(int(m.payload), time.perf_counter())
    listen.connect("127.0.0.1", broker.port)
    listen.subscribe(f"{broker.venue}/tables/t00/floor", qos=1)
    listen.loop_start()
    subscribed.wait(5)
    talk = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="floor-pub", protocol=mqtt.MQTTv5)
    talk.username_pw_set("t00", broker.accounts["t00"].password)
    talk.connect("127.0.0.1", broker.port)
    talk.loop_start()
    sent = {}
    for n in range(FLOOR_MESSAGES):
        sent[n] = time.perf_counter()
        talk.publish(f"{broker.venue}/tables/t00/floor", str(n), qos=1)
        time.sleep(0.02)
    time.sleep(0.5)
    for client in (talk, listen):
        client.loop_stop()
        client.disconnect()
    return [(arrived[n] - sent[n]) * 1000 for n in sent if n in arrived]


class PageWatcher(threading.Thread):
    """The venue page's stream, as a browser gets it: when each (table, seq) first reached the page."""

    def __init__(self, port: int):
        super().__init__(daemon=True)
        self.port, self.seen, self.lines = port, {}, 0

    def run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        connection.request("GET", "/stream")
        response = connection.getresponse()
        kind = None
        while True:
            raw = response.fp.readline()
            if not raw:
                return
            text = raw.decode().rstrip("\n")
            if text.startswith("event: "):
                kind = text[7:]
            elif text.startswith("data: ") and kind == "table":
                line = json.loads(text[6:])
                self.lines += 1
                self.seen.setdefault((line["table"], line["seq"]), time.time())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between a table's moves")
    args = parser.parse_args()
    if MISSING:
        print(f"skipped: {MISSING}")
        return 0
    names = [f"t{n:02d}" for n in range(args.tables)]
    commands = playthrough_commands()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        (folder / "broker").mkdir()
        with Broker(folder / "broker", "club", names) as broker:
            floor = floor_latency(broker)
            venue = subprocess.Popen(
                [sys.executable, "-m", "companion", "venue", broker.url, "--port", "0", "--mqtt-user", "venue",
                 "--mqtt-password-file", str(broker.accounts["venue"].password_file)],
                cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True)
            try:
                port = int(re.search(r":(\d+)/", venue.stdout.readline()).group(1))
                watcher = PageWatcher(port)
                watcher.start()
                time.sleep(0.5)
                result = run_tables(args, names, commands, folder, broker, venue, watcher)
            finally:
                venue.terminate()
                venue.wait(timeout=10)
    report(args, floor, *result)
    return 0


def run_tables(args, names, commands, folder, broker, venue, watcher):
    address = parse_address(broker.url)
    tables = []
    for name in names:
        (folder / name).mkdir()
        session = open_session(folder / name)
        acks = AckStore(folder / name / "published.sqlite", f"{address.text}/{name}")
        login = Credentials(name, broker.accounts[name].password)
        tables.append((name, session, TablePublisher(session, address, name, acks, login, PublishSettings()).start()))
    time.sleep(1.0)
    committed: dict[tuple[str, int], float] = {}
    venue_cpu, broker_cpu, own_cpu = cpu_seconds(venue.pid), cpu_seconds(broker.process.pid), _own_cpu()
    started = time.monotonic()
    next_move = {name: started + args.interval * n / len(names) for n, (name, _, _) in enumerate(tables)}
    played = {name: 0 for name in names}
    while time.monotonic() - started < args.seconds:
        for name, session, _ in tables:
            if time.monotonic() >= next_move[name]:
                session.act(commands[played[name] % len(commands)])
                committed[(name, session.seq)] = time.time()
                played[name] += 1
                next_move[name] += args.interval
        time.sleep(0.005)
    elapsed = time.monotonic() - started
    cpu = {"venue": cpu_seconds(venue.pid) - venue_cpu, "broker": cpu_seconds(broker.process.pid) - broker_cpu,
           "tables": _own_cpu() - own_cpu}
    time.sleep(3.0)   # the last moves reach the page
    connection = http.client.HTTPConnection("127.0.0.1", watcher.port, timeout=10)
    connection.request("GET", "/tables.json")
    board = json.loads(connection.getresponse().read())
    for _, _, publisher in tables:
        publisher.close()
    return tables, committed, watcher, board, cpu, elapsed


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def report(args, floor, tables, committed, watcher, board, cpu, elapsed) -> None:
    lines = {line["table"]: line for line in board["tables"]}
    sent = sum(session.seq for _, session, _ in tables)
    taken = sum(lines.get(name, {}).get("events", 0) for name, _, _ in tables)
    whole = [name for name, session, _ in tables
             if lines.get(name, {}).get("events") == session.seq == lines.get(name, {}).get("seq")]
    latencies = [(watcher.seen[key] - at) * 1000 for key, at in committed.items() if key in watcher.seen]
    missing_on_page = [key for key in committed if key not in watcher.seen]
    p95 = percentile(latencies, 0.95)
    print(f"venue load: {args.tables} tables, a move every {args.interval:g} s each, {elapsed:.0f} s, "
          f"heartbeat {PublishSettings().heartbeat:g} s")
    print(f"  events sent (committed, all tables)      {sent}")
    print(f"  events taken by the venue                {taken}   lost {sent - taken}, "
          f"dropped by the venue {board['counts']['dropped'] or 'none'}")
    print(f"  tables whole and in order (taken == seq) {len(whole)}/{len(tables)}")
    print(f"  moves seen on the page                   {len(committed) - len(missing_on_page)}/{len(committed)}"
          f" ({watcher.lines} page updates)")
    print(f"  commit -> page latency ms               median {statistics.median(latencies):.1f}  "
          f"p90 {percentile(latencies, 0.90):.1f}  p95 {p95:.1f}  max {max(latencies):.1f}  "
          f"(target p95 < {TARGET_P95_MS:g}: {'met' if p95 < TARGET_P95_MS else 'MISSED'})")
    floor_median = statistics.median(floor)
    print(f"  floor: paho -> mosquitto -> paho, ms     median {floor_median:.2f}  p90 {percentile(floor, 0.9):.2f}  "
          f"p95 {percentile(floor, 0.95):.2f}  ({len(floor)} messages)")
    print(f"  ratio to the floor (median)              {statistics.median(latencies) / floor_median:.1f}x")
    print(f"  CPU, % of one core over the run          venue {100 * cpu['venue'] / elapsed:.1f}  "
          f"broker {100 * cpu['broker'] / elapsed:.1f}  tables' process {100 * cpu['tables'] / elapsed:.1f}")


if __name__ == "__main__":
    sys.exit(main())
