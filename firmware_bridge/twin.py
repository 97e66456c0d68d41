"""A Python twin of the bridge firmware: the same state machine, on an injected clock.

It follows firmware/src/commands.c and cannon.c step for step (duplicates, NAK codes,
limits, slew per 20 ms frame, arming window, failsafe), so unit tests can run the host
against it with no AVR at all. It models no timing below a millisecond: no UART speed,
no waiting for a gap in the servo frame before the LEDs are written.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .codec import DELIMITER, Deframer, Frame, encode_frame
from .protocol import (BOARD, BoardConfig, BoardFacts, Caps, EventCode, Hello, Msg, NakCode,
                       ResetCause, Status, StatusFlag, angle_to_pulse_us, event_payload, nak_payload)
from .safety import FRAME_MS, clamp, slew_step_cdeg, step_toward

SERVOS = ("pan", "tilt", "trigger")
FIRMWARE_VERSION = (1, 0, 0)
ANGLE_MAX = 18000


def monotonic_ms() -> float:
    return time.monotonic() * 1000.0


@dataclass
class TwinState:
    """Everything a reset clears."""

    config: BoardConfig = field(default_factory=BoardConfig)
    pan: int = 9000  # centidegrees, where the servos start
    tilt: int = 9000
    pan_target: int = 9000
    tilt_target: int = 9000
    trigger: int = 0
    armed: bool = False
    arm_deadline: float = 0.0
    firing: bool = False
    fire_end: float = 0.0
    host_seen: bool = False
    failsafe: bool = False
    failsafes: int = 0
    last_heard: float = 0.0
    last: tuple[int, int, int, bytes] | None = None  # seq, command type, reply type, reply payload
    event_seq: int = 0
    frames_done: int = 0  # servo frames already slewed
    led_count: int = 0
    leds: list[tuple[int, int, int]] = field(default_factory=lambda: [(0, 0, 0)] * BOARD.max_leds)


class FirmwareTwin:
    """Feed it the host's bytes with receive(); read what the board sent with read()."""

    def __init__(self, clock: Callable[[], float] = monotonic_ms, board_id: int = 0x7717_0001,
                 facts: BoardFacts = BOARD, protocol: tuple[int, int] = (1, 0)):
        self.clock = clock
        self.board_id = board_id
        self.facts = facts
        self.protocol = protocol
        self.deframer = Deframer()
        self.output = bytearray()
        self.shown: list[list[tuple[int, int, int]]] = []  # every frame written to the strip
        self.resets = 0
        self.boot(ResetCause.POWER_ON)

    # -- the board's life --------------------------------------------------------------

    def boot(self, cause: ResetCause = ResetCause.EXTERNAL) -> None:
        """Power-on or reset: everything forgotten, the HELLO sent unasked."""
        self.state = TwinState()
        self.booted_at = self.clock()
        self.state.last_heard = self.booted_at
        self.state.trigger = self._cdeg(self.state.config.trigger_safe)
        self.deframer.reset()
        self.resets += 1
        self.output += DELIMITER
        self._send(Msg.HELLO, 0, self._hello(cause, boot=True).pack())

    def receive(self, data: bytes) -> None:
        self.tick()  # time passed before these bytes arrived
        for frame in self.deframer.feed(data):
            self._handle(frame, self.clock())
        self.tick()

    def read(self) -> bytes:
        data, self.output = bytes(self.output), bytearray()
        return data

    def tick(self) -> None:
        """Catch up with the clock: slew frames, the failsafe, the shot and the arming window."""
        now = self.clock()
        s = self.state
        frames = int((now - self.booted_at) // FRAME_MS)
        while s.frames_done < frames:
            s.frames_done += 1
            step = slew_step_cdeg(s.config.slew)
            s.pan = step_toward(s.pan, s.pan_target, step)
            s.tilt = step_toward(s.tilt, s.tilt_target, step)
        if s.host_seen and not s.failsafe and now - s.last_heard >= self.facts.failsafe_ms:
            s.failsafe = True
            s.failsafes += 1
            self._make_safe()
            s.leds[:s.led_count] = [(0 if i % 2 else 64, 0, 0) for i in range(s.led_count)]
            self._show()
            self._event(EventCode.FAILSAFE, int(now - s.last_heard))
        if s.firing and now >= s.fire_end:
            s.firing = False
            s.trigger = self._cdeg(s.config.trigger_safe)
            self._event(EventCode.SHOT)
        if s.armed and now >= s.arm_deadline:
            s.armed = False
            self._event(EventCode.ARM_EXPIRED)

    # -- what a probe on the pins would see ----------------------------------------------

    def angle(self, servo: str) -> float:
        s = self.state
        return {"pan": s.pan, "tilt": s.tilt, "trigger": s.trigger}[servo] / 100

    def pulse_us(self, servo: str) -> float:
        """The pulse width on the servo's pin, rounded to the timer's 0.5 us as servo.c does."""
        ticks = round(2 * angle_to_pulse_us(self.angle(servo), self.facts))
        return ticks / 2

    @property
    def strip(self) -> list[tuple[int, int, int]]:
        """The colours last written to the LEDs."""
        return self.shown[-1] if self.shown else []

    @property
    def garbled_frames(self) -> int:
        return self.deframer.garbled

    # -- commands ------------------------------------------------------------------------

    def _handle(self, frame: Frame, now: float) -> None:
        s = self.state
        if frame.major != self.protocol[0]:
            self._send(Msg.NAK, frame.seq, nak_payload(NakCode.VERSION, self._version_byte()))
            return
        s.host_seen, s.last_heard, s.failsafe = True, now, False
        if frame.type == Msg.HELLO_REQ and not frame.payload:
            s.last = None
            s.armed = False
            self._send(Msg.HELLO, frame.seq, self._hello(ResetCause(0), boot=False).pack())
            return
        if s.last and s.last[0] == frame.seq and s.last[1] == frame.type:
            self._send(s.last[2], frame.seq, s.last[3])
            return
        command = frame.type
        if not Msg.HEARTBEAT <= command <= Msg.STATUS_REQ:
            return self._answer(frame, Msg.NAK, nak_payload(NakCode.UNKNOWN_TYPE, command))
        if not self._length_ok(command, len(frame.payload)):
            return self._answer(frame, Msg.NAK, nak_payload(NakCode.BAD_LENGTH, len(frame.payload)))
        refusal = getattr(self, f"_do_{Msg(command).name.lower()}")(frame.payload, now)
        if refusal is None:
            self._answer(frame, Msg.ACK, b"")
        elif isinstance(refusal, bytes):
            self._answer(frame, Msg.ACK, refusal)
        else:
            self._answer(frame, Msg.NAK, nak_payload(*refusal))

    @staticmethod
    def _length_ok(command: int, length: int) -> bool:
        if command == Msg.CONFIG:
            return length == 18
        if command == Msg.AIM:
            return length == 4
        if command == Msg.LED_SET:
            return length >= 3 and (length - 3) % 3 == 0
        if command == Msg.LED_FILL:
            return length == 8
        return length == 0

    def _do_heartbeat(self, payload, now):
        return None

    def _do_config(self, payload, now):
        s = self.state
        raw = [int.from_bytes(payload[i:i + 2], "little") for i in range(0, 18, 2)]
        if raw[8] > self.facts.max_leds:
            return NakCode.OUT_OF_RANGE, 8
        pan_min, pan_max, tilt_min, tilt_max, slew, safe, fire, window, _ = raw
        checks = [pan_min <= ANGLE_MAX, pan_max <= ANGLE_MAX and pan_max >= pan_min, tilt_min <= ANGLE_MAX,
                  tilt_max <= ANGLE_MAX and tilt_max >= tilt_min, 0 < slew <= 100 * self.facts.slew_max,
                  safe <= ANGLE_MAX, fire <= ANGLE_MAX,
                  self.facts.arm_window_min_ms <= window <= self.facts.arm_window_max_ms]
        if not all(checks):
            return NakCode.OUT_OF_RANGE, checks.index(False)
        s.config = BoardConfig.unpack(payload)
        s.armed = False  # whoever armed it armed it under the old settings
        s.pan_target = clamp(s.pan_target, pan_min, pan_max)
        s.tilt_target = clamp(s.tilt_target, tilt_min, tilt_max)
        if not s.firing:
            s.trigger = safe
        if raw[8] < s.led_count:
            s.leds[raw[8]:s.led_count] = [(0, 0, 0)] * (s.led_count - raw[8])
            s.led_count = raw[8]
            self._show()
        s.led_count = raw[8]
        return None

    def _do_aim(self, payload, now):
        s = self.state
        pan, tilt = (int.from_bytes(payload[i:i + 2], "little") for i in (0, 2))
        if s.firing:
            return NakCode.BUSY, 0
        if not self._cdeg(s.config.pan_min) <= pan <= self._cdeg(s.config.pan_max):
            return NakCode.OUT_OF_RANGE, 0
        if not self._cdeg(s.config.tilt_min) <= tilt <= self._cdeg(s.config.tilt_max):
            return NakCode.OUT_OF_RANGE, 1
        s.pan_target, s.tilt_target = pan, tilt
        return None

    def _do_arm(self, payload, now):
        self.state.armed = True
        self.state.arm_deadline = now + self.state.config.arm_window_ms
        return None

    def _do_disarm(self, payload, now):
        self.state.armed = False
        return None

    def _do_fire(self, payload, now):
        s = self.state
        if s.firing:
            return NakCode.BUSY, 0
        if not s.armed:
            return NakCode.NOT_ARMED, 0
        if now >= s.arm_deadline:
            s.armed = False
            return NakCode.ARM_EXPIRED, 0
        if (s.pan, s.tilt) != (s.pan_target, s.tilt_target):
            return NakCode.NOT_ON_TARGET, 0
        s.armed, s.firing, s.fire_end = False, True, now + self.facts.fire_hold_ms
        s.trigger = self._cdeg(s.config.trigger_fire)
        return None

    def _do_led_set(self, payload, now):
        s = self.state
        start = int.from_bytes(payload[1:3], "little")
        colours = [tuple(payload[i:i + 3]) for i in range(3, len(payload), 3)]
        if start > s.led_count or len(colours) > s.led_count - start:
            return NakCode.OUT_OF_RANGE, 0
        s.leds[start:start + len(colours)] = colours
        if payload[0] & 1:
            self._show()
        return None

    def _do_led_fill(self, payload, now):
        s = self.state
        start, count = (int.from_bytes(payload[i:i + 2], "little") for i in (1, 3))
        if start > s.led_count or count > s.led_count - start:
            return NakCode.OUT_OF_RANGE, 0
        s.leds[start:start + count] = [tuple(payload[5:8])] * count
        if payload[0] & 1:
            self._show()
        return None

    def _do_status_req(self, payload, now):
        s = self.state
        flags = ((StatusFlag.ARMED if s.armed else 0) | (StatusFlag.FAILSAFE if s.failsafe else 0)
                 | (StatusFlag.ON_TARGET if (s.pan, s.tilt) == (s.pan_target, s.tilt_target) else 0)
                 | (StatusFlag.FIRING if s.firing else 0) | (StatusFlag.HOST_SEEN if s.host_seen else 0))
        left = int(s.arm_deadline - now) if s.armed and now < s.arm_deadline else 0
        uptime = int(now - self.booted_at) & 0xFFFFFFFF
        return Status(StatusFlag(flags), s.pan / 100, s.tilt / 100, s.pan_target / 100, s.tilt_target / 100,
                      s.trigger / 100, left, self.deframer.garbled & 0xFFFF, 0, s.failsafes, uptime,
                      s.led_count).pack()

    # -- helpers -------------------------------------------------------------------------

    def _make_safe(self) -> None:
        s = self.state
        s.armed = s.firing = False
        s.trigger = self._cdeg(s.config.trigger_safe)
        s.pan_target, s.tilt_target = s.pan, s.tilt

    def _show(self) -> None:
        self.shown.append(list(self.state.leds[:self.state.led_count]))

    def _hello(self, cause: ResetCause, boot: bool) -> Hello:
        caps = Caps.PAN_TILT | Caps.TRIGGER | Caps.WS2812 | Caps.WATCHDOG
        return Hello(self.protocol, FIRMWARE_VERSION, self.board_id, caps, self.facts.max_leds, cause, boot)

    def _answer(self, frame: Frame, reply: int, payload: bytes) -> None:
        self.state.last = (frame.seq, frame.type, reply, payload)
        self._send(reply, frame.seq, payload)

    def _event(self, code: EventCode, value: int = 0) -> None:
        self._send(Msg.EVENT, self.state.event_seq, event_payload(code, min(value, 0xFFFF)))
        self.state.event_seq = (self.state.event_seq + 1) & 0xFF

    def _send(self, msg: int, seq: int, payload: bytes) -> None:
        self.output += encode_frame(Frame(msg, seq, payload, self._version_byte()))

    def _version_byte(self) -> int:
        return self.protocol[0] << 4 | self.protocol[1]

    @staticmethod
    def _cdeg(degrees: float) -> int:
        return int(round(degrees * 100))

