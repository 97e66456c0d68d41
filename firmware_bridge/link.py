"""The serial link to the board: handshake, one command in flight with retries, heartbeat,
and reconnecting after an unplug or a reboot.

Two threads per port: the reader turns bytes into frames and hands replies to the waiting
command; the supervisor sends heartbeats, and reopens the port (with backoff) and redoes the
handshake when it is lost. After every handshake, reboot or failsafe the supervisor calls
`on_session(hello)` so the devices can send their configuration again.

Only one command is ever in flight. Besides keeping the sequence numbers simple, that keeps
the host quiet while the board writes its LEDs with interrupts off (it ACKs afterwards).
"""

from __future__ import annotations

import random
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from .codec import DELIMITER, Deframer, Frame, encode_frame
from .protocol import PROTOCOL_MAJOR, PROTOCOL_MINOR, VERSION_BYTE, EventCode, Hello, Msg, NakCode, describe_nak, unpack_event


class LinkError(Exception):
    """Base of the link's errors."""


class LinkDown(LinkError):
    """The port is gone (unplugged, closed); the link is reconnecting."""


class NoReply(LinkError):
    """A command got neither ACK nor NAK after every retry."""


class Refused(LinkError):
    """The board NAKed a command; `code` and `detail` are its answer."""

    def __init__(self, msg: Msg, code: int, detail: int):
        self.msg, self.code, self.detail = msg, code, detail
        name = NakCode(code).name if code in NakCode._value2member_map_ else str(code)
        super().__init__(f"the board refused {msg.name}: {describe_nak(code, detail)} (NAK {name})")


class VersionMismatch(LinkError):
    """The board speaks another major protocol version; reflash it or update the host."""


def version_mismatch(board: str) -> VersionMismatch:
    return VersionMismatch(f"{board}; this host speaks {PROTOCOL_MAJOR}.{PROTOCOL_MINOR}. Flash the "
                           "matching firmware with `companion hardware flash`, or update the host.")


@dataclass(frozen=True)
class LinkSettings:
    ack_timeout_s: float = 0.1
    retries: int = 3  # after the first try
    heartbeat_s: float = 0.1
    hello_wait_s: float = 2.5  # an Uno's bootloader takes ~1.5 s after the port opens
    hello_tries: int = 4
    dead_after: int = 3  # heartbeats lost in a row before the port is reopened
    backoff_s: tuple[float, float] = (0.05, 2.0)
    read_timeout_s: float = 0.01


Opener = Callable[[], object]  # returns an open pyserial-like port


class Link:
    """`on_session(hello)` runs on the supervisor thread and may send commands; `on_event(code,
    value)` runs on the reader thread and must not (the reader is what delivers the answers)."""

    def __init__(self, opener: Opener, settings: LinkSettings = LinkSettings(),
                 on_session: Callable[[Hello], None] | None = None,
                 on_event: Callable[[EventCode | int, int], None] | None = None,
                 clock: Callable[[], float] = time.monotonic):
        self.opener = opener
        self.settings = settings
        self.on_session = on_session
        self.on_event = on_event
        self.clock = clock
        self.hello: Hello | None = None
        self.deframer = Deframer()
        self.events: deque[tuple[float, EventCode | int, int]] = deque(maxlen=64)
        self.stats = {"sent": 0, "retries": 0, "stale_replies": 0, "reconnects": 0, "reboots": 0,
                      "heartbeats": 0, "heartbeats_lost": 0, "resyncs": 0}
        self.last_error: Exception | None = None
        self.last_heartbeat_ack = 0.0
        self._port = None
        self._seq = random.randrange(256)  # a restarted host must not look like a repeat
        self._cond = threading.Condition()
        self._request_lock = threading.Lock()
        self._pending: tuple[int, int] | None = None
        self._reply: Frame | None = None
        self._spontaneous_hello: Hello | None = None
        self._resync = False
        self._closed = threading.Event()
        self._heartbeat_paused = False
        self._last_sent = 0.0
        self._threads: list[threading.Thread] = []

    # -- life cycle ----------------------------------------------------------------------

    def connect(self, timeout_s: float = 10.0) -> Hello:
        """Opens the port and shakes hands, retrying until `timeout_s`; then runs on its own."""
        deadline = self.clock() + timeout_s
        delay = self.settings.backoff_s[0]
        while True:
            try:
                hello = self._establish()
                break
            except VersionMismatch:
                self._drop_port()
                raise
            # pyserial's SerialException is an OSError; ports.NoBoardFound a LookupError.
            except (LinkError, OSError, LookupError) as error:
                self._drop_port()
                self.last_error = error
                if self.clock() + delay > deadline:
                    raise LinkDown(f"no board on the link after {timeout_s:g} s: {error}") from error
                time.sleep(delay)
                delay = min(delay * 2, self.settings.backoff_s[1])
        self._start_threads()
        self._run_session(hello)
        return hello

    def close(self) -> None:
        self._closed.set()
        with self._cond:
            self._cond.notify_all()
        self._drop_port()
        for thread in self._threads:
            if thread is not threading.current_thread():
                thread.join(timeout=1.0)

    @property
    def connected(self) -> bool:
        return self._port is not None and not self._closed.is_set()

    def inject(self, raw: bytes) -> None:
        """Writes raw bytes between two commands, as line noise would (for tests)."""
        with self._request_lock:
            self._write(raw)

    @property
    def last_sent(self) -> float:
        """Clock time of the last bytes written (the board's failsafe counts from there)."""
        return self._last_sent

    def pause_heartbeat(self, paused: bool = True) -> None:
        """Stops the heartbeat (tests use it to trip the board's failsafe)."""
        self._heartbeat_paused = paused

    # -- commands ------------------------------------------------------------------------

    def request(self, msg: Msg, payload: bytes = b"", timeout_s: float | None = None) -> Frame:
        """Sends a command and returns the board's answer (ACK, or HELLO for HELLO_REQ).
        Retries with the same sequence number; raises Refused on a NAK."""
        timeout_s = self.settings.ack_timeout_s if timeout_s is None else timeout_s
        with self._request_lock:
            self._seq = (self._seq + 1) & 0xFF
            frame = Frame(msg, self._seq, payload, VERSION_BYTE)
            # A leading delimiter ends any noise the line picked up since the last frame, so
            # the noise is dropped on its own instead of corrupting this command.
            wire = DELIMITER + encode_frame(frame)
            for attempt in range(1 + self.settings.retries):
                if attempt:
                    self.stats["retries"] += 1
                with self._cond:
                    self._pending, self._reply = (msg, frame.seq), None
                self._write(wire)
                reply = self._await_reply(timeout_s)
                if reply is not None:
                    break
            else:
                raise NoReply(f"no answer to {msg.name} (seq {frame.seq}) after {1 + self.settings.retries} "
                              f"tries of {timeout_s * 1000:g} ms")
        if reply.type == Msg.NAK:
            code, detail = (reply.payload + b"\x00\x00")[:2]
            if code == NakCode.VERSION:
                raise version_mismatch(f"the board speaks protocol {detail >> 4}.{detail & 15}")
            raise Refused(msg, code, detail)
        return reply

    def _await_reply(self, timeout_s: float) -> Frame | None:
        deadline = self.clock() + timeout_s
        with self._cond:
            while self._reply is None:
                left = deadline - self.clock()
                if left <= 0 or self._closed.is_set():
                    break
                if self._port is None:
                    raise LinkDown("the port closed while waiting for an answer")
                self._cond.wait(left)
            reply, self._pending = self._reply, None
            return reply

    def _write(self, data: bytes) -> None:
        port = self._port
        if port is None:
            raise LinkDown("the board is not connected (reconnecting)")
        try:
            port.write(data)
        except Exception as error:  # pyserial raises several kinds on an unplug
            self._lost(port, error)
            raise LinkDown(f"writing to the port failed: {error}") from error
        self._last_sent = self.clock()
        self.stats["sent"] += 1

    # -- reading -------------------------------------------------------------------------

    def _read_loop(self) -> None:
        while not self._closed.is_set():
            port = self._port
            if port is None:
                with self._cond:
                    self._cond.wait(0.05)
                continue
            try:
                data = port.read(max(1, port.in_waiting))
            except Exception as error:
                self._lost(port, error)
                continue
            for frame in self.deframer.feed(data):
                self._dispatch(frame)

    def _dispatch(self, frame: Frame) -> None:
        if frame.type == Msg.EVENT and len(frame.payload) == 3:
            code, value = unpack_event(frame.payload)
            self.events.append((self.clock(), code, value))
            if code == EventCode.FAILSAFE:
                self._resync = True  # the board blanked our LEDs and dropped the aim
            if self.on_event:
                self.on_event(code, value)
            with self._cond:
                self._cond.notify_all()
            return
        with self._cond:
            pending = self._pending
            if frame.type == Msg.HELLO:
                try:
                    hello = Hello.unpack(frame.payload)
                except ValueError as error:
                    self.last_error = error
                    return
                if pending and pending == (Msg.HELLO_REQ, frame.seq) and not hello.boot:
                    self._reply = frame
                else:
                    self._spontaneous_hello = hello  # the board rebooted
                self._cond.notify_all()
            elif frame.type in (Msg.ACK, Msg.NAK) and pending and pending[1] == frame.seq:
                self._reply = frame
                self._cond.notify_all()
            else:
                self.stats["stale_replies"] += 1

    def wait_event(self, code: EventCode, after: float, timeout_s: float) -> tuple[float, int] | None:
        """The first event `code` that arrived after clock time `after`: (arrival time, value)."""
        deadline = self.clock() + timeout_s
        with self._cond:
            while True:
                for at, got, value in self.events:
                    if got == code and at >= after:
                        return at, value
                left = deadline - self.clock()
                if left <= 0:
                    return None
                self._cond.wait(left)

    # -- connection, handshake, supervision ---------------------------------------------------

    def _establish(self) -> Hello:
        port = self.opener()
        try:
            port.reset_input_buffer()  # bytes from before this session mean nothing now
        except Exception:
            pass
        self.deframer.reset()
        with self._cond:
            self._port, self._spontaneous_hello = port, None
        if not self._threads:
            self._start_reader()
        hello = self._wait_spontaneous_hello(self.settings.hello_wait_s)
        if hello is None:
            hello = self._ask_hello()
        self._check_version(hello)
        self.hello = hello
        return hello

    def _wait_spontaneous_hello(self, wait_s: float) -> Hello | None:
        deadline = self.clock() + wait_s
        with self._cond:
            while self._spontaneous_hello is None and self._port is not None:
                left = deadline - self.clock()
                if left <= 0:
                    return None
                self._cond.wait(left)
            hello, self._spontaneous_hello = self._spontaneous_hello, None
            return hello

    def _ask_hello(self) -> Hello:
        # A board that does not reset on open (or whose HELLO we missed) is asked for one.
        last: Exception | None = None
        for _ in range(self.settings.hello_tries):
            try:
                return Hello.unpack(self.request(Msg.HELLO_REQ).payload)
            except NoReply as error:
                last = error
        raise NoReply(f"the board never said HELLO, asked {self.settings.hello_tries} times: {last}")

    @staticmethod
    def _check_version(hello: Hello) -> None:
        if hello.protocol[0] != PROTOCOL_MAJOR:
            raise version_mismatch(f"the board runs firmware {'.'.join(map(str, hello.firmware))} "
                                   f"speaking protocol {hello.protocol[0]}.{hello.protocol[1]}")

    def _start_reader(self) -> None:
        reader = threading.Thread(target=self._read_loop, daemon=True, name="bridge-reader")
        reader.start()
        self._threads.append(reader)

    def _start_threads(self) -> None:
        supervisor = threading.Thread(target=self._supervise, daemon=True, name="bridge-supervisor")
        supervisor.start()
        self._threads.append(supervisor)

    def _run_session(self, hello: Hello) -> None:
        self._resync = False
        self.last_heartbeat_ack = self.clock()
        if self.on_session:
            self.on_session(hello)

    def _supervise(self) -> None:
        missed = 0
        delay = self.settings.backoff_s[0]
        while not self._closed.wait(self.settings.heartbeat_s / 4):
            try:
                if self._port is None:
                    self._closed.wait(delay)
                    if self._closed.is_set():
                        return
                    self.stats["reconnects"] += 1
                    self._run_session(self._establish())
                    delay, missed = self.settings.backoff_s[0], 0
                    continue
                hello = self._spontaneous_hello
                if hello is not None:
                    self._spontaneous_hello = None
                    self._check_version(hello)
                    self.hello = hello
                    self.stats["reboots"] += 1
                    self._run_session(hello)
                    continue
                if self._resync:
                    self.stats["resyncs"] += 1
                    self._run_session(self.hello)
                    continue
                if not self._heartbeat_paused and self.clock() - self._last_sent >= self.settings.heartbeat_s:
                    self.request(Msg.HEARTBEAT)
                    self.stats["heartbeats"] += 1
                    self.last_heartbeat_ack = self.clock()
                    missed = 0
            except NoReply as error:
                self.last_error = error
                self.stats["heartbeats_lost"] += 1
                missed += 1
                if missed >= self.settings.dead_after:
                    self._lost(self._port, error)
                    missed = 0
            except (LinkError, OSError, LookupError) as error:
                self.last_error = error
                self._drop_port()
                delay = min(delay * 2, self.settings.backoff_s[1])
            except Exception as error:  # a session callback's bug must not kill the link
                self.last_error = error

    def _lost(self, port, error: Exception) -> None:
        with self._cond:
            if port is None or self._port is not port:
                return
            self.last_error = error
            self._port = None
            self._cond.notify_all()
        try:
            port.close()
        except Exception:
            pass

    def _drop_port(self) -> None:
        self._lost(self._port, self.last_error or LinkDown("closed"))
