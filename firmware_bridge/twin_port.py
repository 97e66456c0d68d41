"""Puts a FirmwareTwin behind a serial port: pyserial's loop:// handler, or a pseudo-terminal."""

from __future__ import annotations

import os
import select
import threading
import time
import tty

from serial.urlhandler import protocol_loop

from .twin import FirmwareTwin


class TwinSerial(protocol_loop.Serial):
    """pyserial's `loop://` port with the twin at the far end: bytes the host writes go to the
    twin, and whatever the twin sends comes back to be read. A ticker thread lets the twin's
    own timers (failsafe, slew) run; tests on an injected clock pass ticking=False and pump()."""

    def __init__(self, twin: FirmwareTwin, timeout: float = 0.02, ticking: bool = True,
                 tick_s: float = 0.001, boot_on_open: float | None = None):
        self.twin = twin
        self._twin_lock = threading.RLock()
        self._stop = threading.Event()
        super().__init__("loop://", timeout=timeout, baudrate=115200)
        # Like an Uno, whose DTR line resets it as the port opens: boot_on_open is the
        # bootloader's delay in seconds before the firmware starts and says HELLO.
        self._boot_at = None if boot_on_open is None else time.monotonic() + boot_on_open
        self._ticker = None
        if ticking:
            self._ticker = threading.Thread(target=self._tick_loop, args=(tick_s,), daemon=True,
                                            name="twin-ticker")
            self._ticker.start()

    def write(self, data) -> int:
        with self._twin_lock:
            if self._boot_at is not None:
                return len(data)  # still in the bootloader, which ignores us
            self.twin.receive(bytes(data))
            reply = self.twin.read()
        if reply and self.is_open:
            super().write(reply)
        return len(data)

    def pump(self) -> None:
        """Runs the twin's timers up to its clock and delivers what it sent."""
        with self._twin_lock:
            if self._boot_at is not None and time.monotonic() >= self._boot_at:
                self._boot_at = None
                self.twin.boot()
            self.twin.tick()
            out = self.twin.read()
        if out and self.is_open:
            super().write(out)

    def _tick_loop(self, tick_s: float) -> None:
        while not self._stop.wait(tick_s):
            if self.is_open:
                self.pump()

    def close(self) -> None:
        self._stop.set()
        super().close()


class TwinPty:
    """Serves the twin on a pseudo-terminal, so the host opens `path` with a real pyserial
    Serial (exclusive=True and all). close() is the board being unplugged."""

    def __init__(self, twin: FirmwareTwin, tick_s: float = 0.001):
        self.twin = twin
        self._master, self._slave = os.openpty()
        # Raw at once: a cooked pty would echo the board's own frames back to it.
        tty.setraw(self._slave)
        os.set_blocking(self._master, False)
        self.path = os.ttyname(self._slave)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.dropped = 0  # bytes sent while nobody read them
        self._thread = threading.Thread(target=self._serve, args=(tick_s,), daemon=True, name="twin-pty")
        self._thread.start()

    def reboot(self) -> None:
        """The board resets (reset button, watchdog): it forgets everything and says HELLO."""
        with self._lock:
            self.twin.boot()

    def _serve(self, tick_s: float) -> None:
        while not self._stop.is_set():
            try:
                readable, _, _ = select.select([self._master], [], [], tick_s)
                data = os.read(self._master, 4096) if readable else b""
            except OSError:
                data = b""  # no reader on the slave side yet
                time.sleep(tick_s)
            with self._lock:
                if data:
                    self.twin.receive(data)
                else:
                    self.twin.tick()
                out = self.twin.read()
            if out:
                try:
                    os.write(self._master, out)
                except (BlockingIOError, OSError):
                    self.dropped += len(out)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=1.0)
        for fd in (self._master, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass

    def __enter__(self) -> TwinPty:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
