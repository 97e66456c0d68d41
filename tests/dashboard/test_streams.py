"""Live streams: SSE replay from Last-Event-ID, heartbeats and order; MJPEG frames encoded once for all."""

from __future__ import annotations

import http.client
import json
import threading
import time

import numpy as np
import pytest

from companion.dashboard import create_app
from companion.dashboard.broadcast import last_event_id
from companion.dashboard.video import FrameHub

from .conftest import BOARD, RunningServer


def messages(stream, count):
    """The next `count` SSE messages (comments included) from a broadcaster stream."""
    return [next(stream) for _ in range(count)]


def parse(message):
    fields = {}
    for line in message.strip().splitlines():
        key, _, value = line.partition(": ")
        fields[key] = value
    return fields


def test_a_reconnecting_tablet_gets_exactly_the_events_it_missed(services):
    session = services.session
    session.act({"type": "start", "board": BOARD})
    session.act({"type": "propose", "move": "road E1"})
    session.act({"type": "confirm"})
    stream = services.broadcaster.stream(last_id=1)
    hello, *replayed, state = messages(stream, 4)
    assert [int(parse(m)["id"]) for m in replayed] == [2, 3]
    assert [json.loads(parse(m)["data"])["event"]["type"] for m in replayed] == ["move", "confirm"]
    assert parse(state)["event"] == "state" and json.loads(parse(state)["data"])["seq"] == 3
    session.act({"type": "propose", "move": "road K2"})
    live = parse(next(stream))
    assert live["id"] == "4" and json.loads(live["data"])["state"]["turn"]["build"] == "road K2"
    stream.close()
    assert services.broadcaster.client_count == 0


def test_a_new_tablet_gets_the_state_then_only_new_events(services):
    services.session.act({"type": "start", "board": BOARD})
    stream = services.broadcaster.stream(last_id=None)
    hello, state = messages(stream, 2)
    assert "connected at event 1" in hello and parse(state)["event"] == "state"
    services.session.act({"type": "propose", "move": "road E1"})
    assert parse(next(stream))["id"] == "2"
    stream.close()


def test_heartbeats_keep_a_quiet_stream_open(services):
    services.broadcaster.heartbeat = 0.05
    stream = services.broadcaster.stream(last_id=None)
    messages(stream, 2)
    assert next(stream).startswith(": heartbeat")
    stream.close()


def test_status_messages_carry_no_id_so_resumption_ignores_them(services):
    stream = services.broadcaster.stream(last_id=None)
    messages(stream, 2)
    services.broadcaster.publish_status("camera", {"state": "lost", "message": "camera 0 lost"})
    status = parse(next(stream))
    assert "id" not in status and status["event"] == "status"
    assert json.loads(status["data"])["camera"]["state"] == "lost"
    stream.close()


@pytest.mark.parametrize("header, query, expected", [(None, None, None), ("7", "0", 7), (None, "0", 0), ("", "3", 3)])
def test_the_last_event_id_header_wins_over_the_query(header, query, expected):
    assert last_event_id(header, query) == expected


def test_a_bad_last_event_id_is_a_400(client):
    response = client.get("/events", headers={"Last-Event-ID": "seven"})
    assert response.status_code == 400 and "whole number" in response.get_json()["error"]


def test_sse_over_waitress_resumes_from_the_last_event_id_header(tmp_path, services):
    services.session.act({"type": "start", "board": BOARD})
    for move in ("road E1", None, "road K2"):
        services.session.act({"type": "propose", "move": move}) if move else services.session.act({"type": "confirm"})
    app = create_app({"DATA": tmp_path, "HEARTBEAT": 0.5}, services=services)
    with RunningServer(app) as server:
        connection = http.client.HTTPConnection("127.0.0.1", server.server.effective_port, timeout=5)
        connection.request("GET", "/events", headers={"Last-Event-ID": "2"})
        response = connection.getresponse()
        assert response.status == 200 and response.getheader("Content-Type").startswith("text/event-stream")
        ids = []
        while len(ids) < 2:
            line = response.fp.readline().decode()
            if line.startswith("id: "):
                ids.append(int(line[4:]))
        assert ids == [3, 4]
        connection.close()


# --- MJPEG -----------------------------------------------------------------------------------

def test_frames_are_encoded_once_however_many_viewers():
    hub = FrameHub(max_fps=1000)
    viewers = [hub.stream(keepalive=0.2) for _ in range(5)]
    hub.publish(np.zeros((48, 64, 3), np.uint8))
    parts = [next(viewer) for viewer in viewers]
    assert hub.encoded == 1 and len(set(parts)) == 1
    assert parts[0].startswith(b"--frame\r\nContent-Type: image/jpeg\r\n") and b"\xff\xd8" in parts[0]
    for viewer in viewers:
        viewer.close()
    assert hub.viewers == 0


def test_frames_faster_than_the_cap_are_dropped_before_encoding():
    now = [0.0]
    hub = FrameHub(max_fps=10, clock=lambda: now[0])
    accepted = []
    for step in range(90):            # three seconds of a 30 fps camera, a little jittery
        now[0] = step / 30 + (0.004 if step % 2 else -0.004)
        accepted.append(hub.publish(np.zeros((8, 8, 3), np.uint8)))
    assert 30 <= sum(accepted) <= 31 and hub.encoded == 0   # the cap held, and nothing encoded for no viewer
    assert accepted[:6] == [True, False, False, True, False, False]


def test_a_viewer_gets_each_new_frame_as_it_is_published():
    hub = FrameHub(max_fps=1000)
    viewer = hub.stream(keepalive=5)
    hub.publish(np.zeros((8, 8, 3), np.uint8))
    first = next(viewer)
    threading.Timer(0.05, hub.publish, args=(np.full((8, 8, 3), 255, np.uint8),)).start()
    started = time.monotonic()
    second = next(viewer)
    assert second != first and time.monotonic() - started < 1.0
    viewer.close()


def test_a_late_frame_does_not_cost_the_next_one_its_place():
    now = [0.0]
    hub = FrameHub(max_fps=15, clock=lambda: now[0])
    times = [step / 10 for step in range(20)]   # two seconds of a 10 fps clip, under the cap
    times[5] += 0.07                              # one frame late: the machine was busy
    accepted = []
    for when in times:
        now[0] = when
        accepted.append(hub.publish(np.zeros((8, 8, 3), np.uint8)))
    assert accepted == [True] * len(times) and hub.dropped == 0


def test_a_viewer_who_comes_before_the_first_frame_waits_for_it_without_spinning():
    class CountedWaits(FrameHub):
        waits = 0

        def wait_after(self, seq, timeout):
            self.waits += 1
            return super().wait_after(seq, timeout)

    hub = CountedWaits(max_fps=1000)
    viewer, parts = hub.stream(keepalive=5), []
    reading = threading.Thread(target=lambda: parts.append(next(viewer)), daemon=True)
    reading.start()
    time.sleep(0.3)
    assert parts == [] and hub.waits == 1   # asleep on the first frame, not asking again and again
    hub.publish(np.zeros((8, 8, 3), np.uint8))
    reading.join(2)
    assert parts and parts[0].startswith(b"--frame\r\n")
    viewer.close()


def test_a_frame_no_newer_one_follows_is_sent_again_so_a_browser_shows_it():
    hub = FrameHub(max_fps=1000)
    viewer = hub.stream(keepalive=30, settle=0.05)
    hub.publish(np.zeros((8, 8, 3), np.uint8))
    started = time.monotonic()
    first, again = next(viewer), next(viewer)
    assert again == first and time.monotonic() - started < 5   # the settle, not the keep-alive
    viewer.close()
