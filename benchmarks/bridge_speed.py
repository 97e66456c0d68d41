"""Bridge speed against the budgets in docs/design.md: command round trips and 144-LED frame updates through the
real firmware under simavr (and, for comparison, through the Python twin on a pty).

Run: .venv/bin/python benchmarks/bridge_speed.py [--round-trips N] [--led-frames N] [--twin]
Builds the firmware and harness when needed (apt-get install gcc-avr avr-libc simavr
libsimavr-dev libsimavrparts1 libelf-dev). Simulated time tracks wall time, so the figures
include the simulated 250 kbaud UART: about 44 us per byte.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from firmware_bridge.connect import open_hardware  # noqa: E402
from firmware_bridge.devices import PATTERNS  # noqa: E402
from firmware_bridge.protocol import BoardConfig, Msg, aim_payload  # noqa: E402

BUDGET_MS = 20.0
LEDS = 144


def percentile(sorted_values: list[float], fraction: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(fraction * (len(sorted_values) - 1) + 0.5))]


def round_trips(hardware, count: int) -> dict[str, tuple[float, float]]:
    link = hardware.bridge.link
    commands = {
        "AIM (absolute, no move)": (Msg.AIM, aim_payload(90, 90)),
        "HEARTBEAT": (Msg.HEARTBEAT, b""),
        "STATUS_REQ (25-byte reply)": (Msg.STATUS_REQ, b""),
    }
    results = {}
    for name, (msg, payload) in commands.items():
        times = []
        for _ in range(count):
            start = time.perf_counter()
            link.request(msg, payload)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        results[name] = (statistics.median(times), percentile(times, 0.95))
    return results


def led_rate(hardware, frames: int) -> tuple[float, int]:
    """Acknowledged 144-LED frames per second, and how many reached the pin (emulator only)."""
    leds = hardware.bridge.leds
    patterns = [PATTERNS["rainbow"](LEDS), PATTERNS["test"](LEDS)]
    since = time.monotonic()
    start = time.perf_counter()
    for n in range(frames):
        leds.set_pixels(patterns[n % 2])
    elapsed = time.perf_counter() - start
    seen = -1
    if hardware.emulator is not None:
        time.sleep(0.1)
        seen = sum(1 for f in hardware.emulator.led_frames if f.seen >= since and len(f.wire) == 3 * LEDS)
    return frames / elapsed, seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--round-trips", type=int, default=500)
    parser.add_argument("--led-frames", type=int, default=60)
    parser.add_argument("--twin", action="store_true", help="also measure the Python twin on a pty")
    args = parser.parse_args()
    config = BoardConfig(led_count=LEDS)
    for spec in ("emulator", "twin") if args.twin else ("emulator",):
        with open_hardware(spec, config) as hardware:
            print(f"{spec}: {hardware.port}, {args.round_trips} round trips per command")
            for name, (median, p95) in round_trips(hardware, args.round_trips).items():
                print(f"  {name:28} median {median:6.2f} ms   p95 {p95:6.2f} ms   "
                      f"({p95 / BUDGET_MS:.2f} of the {BUDGET_MS:g} ms budget at p95)")
            rate, seen = led_rate(hardware, args.led_frames)
            on_pin = f", {seen} of {args.led_frames} decoded on the pin" if seen >= 0 else ""
            print(f"  {LEDS}-LED frames: {rate:5.1f} per second{on_pin}")
            print(f"  link: {hardware.bridge.link.stats}")


if __name__ == "__main__":
    main()
