"""The real firmware under simavr: builds it and the harness, runs them, reads what the pins did.

The harness (firmware/harness/harness.c) prints the UART's pty path, then one line per servo
pulse and per WS2812 frame; this module starts it, follows those lines in a thread and
answers questions like "the last pan pulses since I aimed".
"""

from __future__ import annotations

import fcntl
import glob
import os
import shutil
import signal
import subprocess
import threading
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path

FIRMWARE_DIR = Path(__file__).resolve().parent / "firmware"
BUILD_DIR = FIRMWARE_DIR / "build"
ELF = BUILD_DIR / "bridge.elf"
HEX = BUILD_DIR / "bridge.hex"
HARNESS = BUILD_DIR / "harness"

# AVR pins as firmware/src/config.h wires them, and the Arduino Uno names printed on the board.
SERVO_PINS = {"pan": "PB1", "tilt": "PB2", "trigger": "PB0"}
LED_PIN = "PD6"
UNO_PINS = {"pan": "D9", "tilt": "D10", "trigger": "D8", "leds": "D6", "armed": "D13"}

APT_PACKAGES = ("gcc-avr", "avr-libc", "simavr", "libsimavr-dev", "libsimavrparts1", "libelf-dev")


class EmulatorError(RuntimeError):
    """The emulator could not be built or started; the message says what is missing."""


def missing_tools() -> list[str]:
    """What is not installed for building and running the emulator (empty when all is there)."""
    missing = [tool for tool in ("make", "avr-gcc", "cc") if shutil.which(tool) is None]
    for header, package in (("/usr/lib/avr/include/avr/io.h", "avr-libc"),
                            ("/usr/include/simavr/sim_avr.h", "libsimavr-dev"),
                            ("/usr/include/simavr/parts/uart_pty.h", "libsimavr-dev"),
                            ("/usr/include/libelf.h", "libelf-dev")):
        if not os.path.exists(header):
            missing.append(f"{header} ({package})")
    if not glob.glob("/usr/lib/*/libsimavrparts.so*") and not glob.glob("/usr/lib/libsimavrparts.so*"):
        missing.append("libsimavrparts (libsimavrparts1)")
    return missing


def build(target: str = "all") -> None:
    """Runs the firmware Makefile (incremental, so cheap when nothing changed). A lock file
    keeps parallel test runs from building into the same directory at once."""
    missing = missing_tools()
    if missing:
        raise EmulatorError(f"cannot build the firmware: missing {', '.join(missing)}; "
                            f"install with: apt-get install {' '.join(APT_PACKAGES)}")
    BUILD_DIR.mkdir(parents=True, exist_ok=True)
    with open(BUILD_DIR / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = subprocess.run(["make", "-C", str(FIRMWARE_DIR), target], capture_output=True, text=True)
    if done.returncode:
        raise EmulatorError(f"`make -C {FIRMWARE_DIR} {target}` failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")


@dataclass(frozen=True)
class Pulse:
    pin: str
    width_us: float
    sim_us: float  # simulated time at the pulse's end
    seen: float  # host monotonic time the line arrived


@dataclass(frozen=True)
class LedFrame:
    pin: str
    sim_us: float
    wire: bytes  # G, R, B per LED, as sent
    seen: float
    partial: bool = False

    @property
    def colours(self) -> list[tuple[int, int, int]]:
        return [(self.wire[i + 1], self.wire[i], self.wire[i + 2]) for i in range(0, len(self.wire) - 2, 3)]


class Emulator:
    """One harness process running the firmware. `pty` is the UART to open."""

    def __init__(self, elf: Path = ELF, harness: Path = HARNESS, keep: int = 4000):
        self.elf, self.harness = Path(elf), Path(harness)
        self.pty: str | None = None
        self.process: subprocess.Popen | None = None
        self.pulses: dict[str, deque[Pulse]] = {pin: deque(maxlen=keep) for pin in SERVO_PINS.values()}
        self.led_frames: deque[LedFrame] = deque(maxlen=64)
        self.resets: list[float] = []
        self.log: deque[str] = deque(maxlen=50)  # simavr's own lines, for error messages
        self._cond = threading.Condition()
        self._reader: threading.Thread | None = None

    def start(self, timeout_s: float = 10.0, build_first: bool = True) -> str:
        if build_first:
            build()
        command = [str(self.harness), str(self.elf), "--ws2812", LED_PIN]
        for pin in SERVO_PINS.values():
            command += ["--servo", pin]
        self.pty = None
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True, bufsize=1, start_new_session=True)
        self._reader = threading.Thread(target=self._read, args=(self.process,), daemon=True, name="harness")
        self._reader.start()
        deadline = time.monotonic() + timeout_s
        with self._cond:
            while self.pty is None:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise EmulatorError("the simavr harness did not report its pty; it said: "
                                        + " | ".join(self.log))
                self._cond.wait(0.05)
        return self.pty

    def _read(self, process: subprocess.Popen) -> None:
        for line in process.stdout:
            now = time.monotonic()
            parts = line.split()
            with self._cond:
                if not parts or not parts[0].startswith("@"):
                    self.log.append(line.rstrip())
                elif parts[0] == "@pty":
                    self.pty = parts[1]
                elif parts[0] == "@pulse" and parts[1] in self.pulses:
                    self.pulses[parts[1]].append(Pulse(parts[1], float(parts[2]), float(parts[3]), now))
                elif parts[0] == "@ws2812":
                    wire = bytes.fromhex(parts[4]) if len(parts) > 4 and parts[4] != "partial" else b""
                    self.led_frames.append(LedFrame(parts[1], float(parts[2]), wire, now, "partial" in parts))
                elif parts[0] == "@reset":
                    self.resets.append(now)
                else:
                    self.log.append(line.rstrip())
                self._cond.notify_all()

    def reset(self) -> None:
        """Presses the reset button: the firmware reboots, the pty stays."""
        self._signal(signal.SIGUSR1)

    def stop(self) -> None:
        """Ends the harness: to the host, the board was unplugged."""
        process = self.process
        if process is None:
            return
        if process.poll() is None:
            self._signal(signal.SIGTERM)
            try:
                process.wait(timeout=3)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=3)
        if process.stdout:
            process.stdout.close()
        self.process = None

    def restart(self) -> str:
        self.stop()
        return self.start()

    def _signal(self, sig: int) -> None:
        if self.process is None or self.process.poll() is not None:
            raise EmulatorError("the harness is not running")
        os.kill(self.process.pid, sig)

    def opener(self, read_timeout_s: float = 0.01):
        """For Link: opens whatever pty the harness has now, so a restart is followed."""

        def open_port():
            import serial

            if self.pty is None:
                raise EmulatorError("the harness is not running")
            return serial.Serial(self.pty, baudrate=250000, timeout=read_timeout_s, write_timeout=1.0,
                                 exclusive=True)

        return open_port

    # -- what the pins did -----------------------------------------------------------------

    def pulses_since(self, servo: str, since: float) -> list[Pulse]:
        with self._cond:
            return [p for p in self.pulses[SERVO_PINS[servo]] if p.seen >= since]

    def wait_pulses(self, servo: str, count: int, since: float, timeout_s: float = 2.0) -> list[Pulse]:
        """At least `count` pulses of a servo that arrived after host time `since`."""
        deadline = time.monotonic() + timeout_s
        pin = SERVO_PINS[servo]
        with self._cond:
            while True:
                found = [p for p in self.pulses[pin] if p.seen >= since]
                if len(found) >= count or time.monotonic() > deadline:
                    return found
                self._cond.wait(0.05)

    def wait_led_frame(self, since: float, timeout_s: float = 2.0, length: int | None = None) -> LedFrame | None:
        """The first WS2812 frame after host time `since` (of `length` LEDs, if given)."""
        deadline = time.monotonic() + timeout_s
        with self._cond:
            while True:
                for frame in self.led_frames:
                    if frame.seen >= since and (length is None or len(frame.wire) == 3 * length):
                        return frame
                if time.monotonic() > deadline:
                    return None
                self._cond.wait(0.05)

    def __enter__(self) -> Emulator:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
