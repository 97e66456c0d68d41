"""Dashboard under load: ten SSE tablets and one MJPEG viewer on a running `companion serve`.

Starts `companion serve` on 127.0.0.1 (a free port, a temporary game log) with a camera
source running at 30 fps (a rendered island, read by the real camera reader, which starts the
game), connects ten SSE clients and one MJPEG viewer, and plays a legal move and its undo
over HTTP, one every half second. Reports the video frame rate each second, its longest gap,
and the latency from a tablet's POST to the event reaching every tablet. Loopback only; every
loop is bounded by the run's deadline.

    .venv/bin/python benchmarks/dashboard_load.py [--seconds 60] [--clients 10] [--fps 15] [--source FILE]
"""

from __future__ import annotations

import argparse
import http.client
import http.cookiejar
import json
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from rates import percentile  # noqa: E402  (benchmarks/, the script's own folder)

from first_frame import read_parts  # noqa: E402


TABLE_PHOTO = ROOT / "samples" / "renders" / "tilt-30-cool.jpg"


def table_clip(path: Path, seconds: float = 4.0, fps: int = 30) -> Path:
    """A 30 fps 1280x720 recording of a real-looking island (a rendered sample photo with fresh
    sensor noise in every frame), so the camera reader referees it while the tablets play."""
    rng = np.random.default_rng(7)
    photo = cv2.imread(str(TABLE_PHOTO))
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (photo.shape[1], photo.shape[0]))
    for _ in range(int(seconds * fps)):
        writer.write(np.clip(photo + rng.normal(0, 2.0, photo.shape), 0, 255).astype(np.uint8))
    writer.release()
    return path


class Serve:
    def __init__(self, data: Path, source: str, fps: float):
        command = [sys.executable, "-m", "companion", "serve", "--data", str(data), "--port", "0", "--no-qr",
                   "--hardware", "none", "--fps", str(fps), "--source", source, "--loop"]
        self.process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        banner = ""
        deadline = time.monotonic() + 30
        while "Ctrl-C stops" not in banner and time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("companion serve exited before it was ready")
            banner += line
        self.port = int(re.search(r"http://127\.0\.0\.1:(\d+)/", banner).group(1))

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def sse_client(port: int, deadline: float, arrivals: dict, index: int, ready: threading.Barrier):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("GET", "/events")
    response = connection.getresponse()
    ready.wait()
    seq = None
    while time.monotonic() < deadline:
        try:
            line = response.fp.readline()
        except TimeoutError:
            continue
        if not line:
            break
        if line.startswith(b"id: "):
            seq = int(line[4:])
        elif line.startswith(b"data: ") and seq is not None:
            arrivals.setdefault(seq, {})[index] = time.monotonic()
            seq = None
    connection.close()


def mjpeg_viewer(port: int, deadline: float, stamps: list, sizes: list):
    for arrived, jpeg in read_parts(port, deadline):
        sizes.append(len(jpeg))
        stamps.append(arrived)


def driver(port: int, deadline: float, sent: dict, interval: float):
    """A tablet playing: alternate a move and its undo, so every request commits an event."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    base = f"http://127.0.0.1:{port}/"
    csrf = json.loads(opener.open(base + "api/session", timeout=5).read())["csrf"]
    steps = [("api/move", {"move": f"road {first_legal_road(opener, base, deadline)}"}), ("api/undo", {})]
    index = 0
    while time.monotonic() + interval < deadline:
        path, body = steps[index % 2]
        request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json", "X-CSRF-Token": csrf})
        started = time.monotonic()
        reply = json.loads(opener.open(request, timeout=5).read())
        if reply.get("event"):
            sent[reply["event"]["seq"]] = started
        index += 1
        time.sleep(interval)


def first_legal_road(opener, base: str, deadline: float):
    """A road the player to move may lay, once the camera has started the game."""
    from companion.games.cannonball_colony.rules import legal_builds
    from companion.games.cannonball_colony.text import parse_board

    while time.monotonic() < deadline:
        state = json.loads(opener.open(base + "api/state", timeout=5).read())
        if state.get("board"):
            position = parse_board(state["board"])
            builds = legal_builds(position, position.turn)
            return (builds.road_grass + builds.road_forest)[0]
        time.sleep(0.2)
    raise SystemExit("no game started from the camera before the deadline")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--clients", type=int, default=10)
    parser.add_argument("--fps", type=float, default=15.0, help="serve's live-video cap")
    parser.add_argument("--source", help="camera source for serve (default: a 1280x720 30 fps recording of a rendered island)")
    parser.add_argument("--interval", type=float, default=0.5, help="seconds between moves")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as folder:
        source = args.source or str(table_clip(Path(folder) / "table.avi"))
        served = Serve(Path(folder) / "data", source, args.fps)
        try:
            time.sleep(1.0)   # let the pipeline reach its pace
            deadline = time.monotonic() + args.seconds
            arrivals, sent, stamps, sizes = {}, {}, [], []
            ready = threading.Barrier(args.clients + 1)
            threads = [threading.Thread(target=sse_client, args=(served.port, deadline, arrivals, i, ready), daemon=True)
                       for i in range(args.clients)]
            threads.append(threading.Thread(target=mjpeg_viewer, args=(served.port, deadline, stamps, sizes), daemon=True))
            for thread in threads:
                thread.start()
            ready.wait()
            driver(served.port, deadline - 1.0, sent, args.interval)
            for thread in threads:
                thread.join(timeout=max(1.0, deadline - time.monotonic() + 6))
            health = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{served.port}/healthz", timeout=5).read())
        finally:
            served.stop()

    latencies = [(when - sent[seq]) * 1000 for seq, got in arrivals.items() if seq in sent for when in got.values()]
    delivered = sum(len(arrivals.get(seq, {})) for seq in sent)
    start = stamps[0] if stamps else 0
    per_second = [sum(1 for t in stamps if start + s <= t < start + s + 1) for s in range(int(args.seconds) - 2)]
    report = {
        "seconds": args.seconds, "sse_clients": args.clients, "video_cap_fps": args.fps,
        "camera_fps": health["camera"].get("fps"), "camera_frames": health["camera"].get("frames"),
        "video_frames": len(stamps), "video_fps_mean": round(len(stamps) / max(1e-9, stamps[-1] - start), 2) if stamps else 0,
        "video_fps_min_second": min(per_second) if per_second else 0,
        "video_fps_median_second": statistics.median(per_second) if per_second else 0,
        "video_max_gap_s": round(max(b - a for a, b in zip(stamps, stamps[1:])), 3) if len(stamps) > 1 else None,
        "jpeg_kb_median": round(statistics.median(sizes) / 1024, 1) if sizes else 0,
        "events_sent": len(sent), "deliveries": delivered, "deliveries_expected": len(sent) * args.clients,
        "latency_ms_median": round(statistics.median(latencies), 1) if latencies else None,
        "latency_ms_p95": round(percentile(latencies, 0.95), 1) if latencies else None,
        "latency_ms_max": round(max(latencies), 1) if latencies else None,
    }
    for key, value in report.items():
        print(f"{key:24} {value}")
    print(json.dumps(report))
    return 0 if latencies and report["deliveries"] == report["deliveries_expected"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
