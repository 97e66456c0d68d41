"""How soon a tablet sees a picture: the real `companion serve`, started fresh several times.

Each start runs `companion serve` as a new user does (the bundled clip, the default hardware),
on a free port with a temporary --data folder. The moment /healthz first answers is time zero;
then /video.mjpg is opened and read. Reported per start and as median / p90 over the starts:
- `first_part`: the first MJPEG part (any picture: the "starting" placeholder or a camera frame);
- `first_camera`: the first part that is a frame of the clip (the clip's size, from its truth
  file), drawn with the latest reading or, before the first, a "looking for the board" banner;
- `first_reading`: when /healthz first reports a frame read by the camera reader (the next
  picture carries its outlines);
- the video's frame rate and its longest gap between parts over the next `--watch` seconds.

    .venv/bin/python benchmarks/first_frame.py [--starts 5] [--watch 10] [--timeout 60]
"""

from __future__ import annotations

import argparse
import http.client
import json
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
CLIP_TRUTH = ROOT / "samples" / "renders" / "turns.json"
POLL = 0.01   # seconds between /healthz attempts while the server starts


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_health(port: int, deadline: float) -> float:
    """The moment /healthz first answers 200."""
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as reply:
                if reply.status == 200:
                    return time.monotonic()
        except OSError:
            time.sleep(POLL)
    raise SystemExit("companion serve did not answer /healthz before the timeout")


def first_reading(port: int, deadline: float, found: list) -> None:
    """Appends the moment /healthz first says the camera reader has read a frame."""
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as reply:
                if json.loads(reply.read())["camera"].get("frames", 0) >= 1:
                    found.append(time.monotonic())
                    return
        except OSError:
            pass
        time.sleep(5 * POLL)


def read_parts(port: int, deadline: float):
    """(arrival time, JPEG bytes) for each MJPEG part, until the deadline."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=max(1.0, deadline - time.monotonic()))
    connection.request("GET", "/video.mjpg")
    response = connection.getresponse()
    try:
        while time.monotonic() < deadline:
            line = response.fp.readline()
            if not line:
                return
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
                response.fp.readline()
                data = response.fp.read(length)
                yield time.monotonic(), data
    except TimeoutError:
        return
    finally:
        connection.close()


def picture_size(jpeg: bytes) -> tuple[int, int]:
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_REDUCED_GRAYSCALE_8)
    return (image.shape[1] * 8, image.shape[0] * 8) if image is not None else (0, 0)


def one_start(timeout: float, watch: float, clip_size: tuple[int, int]) -> dict:
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        command = [sys.executable, "-m", "companion", "serve", "--data", data, "--port", str(port), "--no-qr"]
        process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        launched = time.monotonic()
        try:
            healthy = wait_for_health(port, launched + timeout)
            first_part = first_camera = None
            camera_stamps: list[float] = []
            deadline = healthy + timeout
            read: list[float] = []
            watcher = threading.Thread(target=first_reading, args=(port, deadline, read), daemon=True)
            watcher.start()
            for arrived, jpeg in read_parts(port, deadline):
                if first_part is None:
                    first_part = arrived
                # A reduced decode rounds the size to eighths: compare at that grain.
                if first_camera is None and picture_size(jpeg) == tuple(8 * (s // 8) for s in clip_size):
                    first_camera = arrived
                    deadline = min(deadline, arrived + watch)
                if first_camera is not None:
                    camera_stamps.append(arrived)
            watcher.join(timeout=max(0.0, deadline - time.monotonic()))
        finally:
            process.terminate()
            process.wait(timeout=10)
    gaps = [b - a for a, b in zip(camera_stamps, camera_stamps[1:])]
    span = camera_stamps[-1] - camera_stamps[0] if len(camera_stamps) > 1 else 0.0
    return {"healthz_s": round(healthy - launched, 2),
            "first_part_s": None if first_part is None else round(first_part - healthy, 3),
            "first_camera_s": None if first_camera is None else round(first_camera - healthy, 3),
            "first_reading_s": round(read[0] - healthy, 3) if read else None,
            "video_fps": round((len(camera_stamps) - 1) / span, 2) if span else 0.0,
            "max_gap_s": round(max(gaps), 3) if gaps else None}


def summary(values: list) -> dict:
    known = sorted(v for v in values if v is not None)
    if not known:
        return {"median": None, "p90": None, "missing": len(values)}
    p90 = known[min(len(known) - 1, int(round(0.9 * (len(known) - 1))))]
    return {"median": round(statistics.median(known), 3), "p90": p90, "missing": len(values) - len(known)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=5, help="fresh starts of companion serve")
    parser.add_argument("--watch", type=float, default=10.0, help="seconds of video watched after the first camera frame")
    parser.add_argument("--timeout", type=float, default=60.0, help="give up on a start after this many seconds")
    args = parser.parse_args(argv)
    clip = json.loads(CLIP_TRUTH.read_text(encoding="utf-8"))["clip"]
    runs = []
    for number in range(args.starts):
        run = one_start(args.timeout, args.watch, tuple(clip["size"]))
        runs.append(run)
        print(f"start {number + 1}: {json.dumps(run)}", flush=True)
    report = {key: summary([run[key] for run in runs])
              for key in ("healthz_s", "first_part_s", "first_camera_s", "first_reading_s", "video_fps", "max_gap_s")}
    report["clip_fps"] = clip["fps"]
    print(json.dumps(report))
    return 0 if report["first_part_s"]["missing"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
