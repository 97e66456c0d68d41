"""What the frames mean: message types, codes, payload layouts, and the board's fixed facts.

Mirrors firmware/src/protocol.h and firmware/src/config.h; tests/bridge/test_bridge_protocol.py
reads those headers and fails if a number here drifts from them.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from enum import IntEnum, IntFlag

PROTOCOL_MAJOR = 1
PROTOCOL_MINOR = 0
VERSION_BYTE = PROTOCOL_MAJOR << 4 | PROTOCOL_MINOR


class Msg(IntEnum):
    HELLO_REQ = 0x01
    HEARTBEAT = 0x02
    CONFIG = 0x03
    AIM = 0x04
    ARM = 0x05
    DISARM = 0x06
    FIRE = 0x07
    LED_SET = 0x08
    LED_FILL = 0x09
    STATUS_REQ = 0x0A
    HELLO = 0x80
    ACK = 0x81
    NAK = 0x82
    EVENT = 0x83


class NakCode(IntEnum):
    UNKNOWN_TYPE = 1
    BAD_LENGTH = 2
    OUT_OF_RANGE = 3
    NOT_ARMED = 4
    ARM_EXPIRED = 5
    NOT_ON_TARGET = 6
    VERSION = 7
    BUSY = 8


class EventCode(IntEnum):
    FAILSAFE = 1
    SHOT = 2
    ARM_EXPIRED = 3


class Caps(IntFlag):
    PAN_TILT = 0x01
    TRIGGER = 0x02
    WS2812 = 0x04
    WATCHDOG = 0x08


class StatusFlag(IntFlag):
    ARMED = 0x01
    FAILSAFE = 0x02
    ON_TARGET = 0x04
    FIRING = 0x08
    HOST_SEEN = 0x10


class ResetCause(IntFlag):
    POWER_ON = 0x01
    EXTERNAL = 0x02
    BROWN_OUT = 0x04
    WATCHDOG = 0x08


LED_FLAG_SHOW = 0x01


@dataclass(frozen=True)
class BoardFacts:
    """Numbers compiled into the firmware (config.h); the host's limits must fit inside them."""

    angle_max: float = 180.0  # degrees; pulses run 544..2400 us across 0..180
    pulse_min_us: int = 544
    pulse_max_us: int = 2400
    slew_max: float = 360.0  # degrees per second
    arm_window_min_ms: int = 500
    arm_window_max_ms: int = 30000
    fire_hold_ms: int = 250
    failsafe_ms: int = 300
    max_leds: int = 256
    baud: int = 250000


BOARD = BoardFacts()


def angle_to_pulse_us(degrees: float, facts: BoardFacts = BOARD) -> float:
    """The pulse width the firmware sends for an angle (the Arduino Servo library's mapping)."""
    span = facts.pulse_max_us - facts.pulse_min_us
    return facts.pulse_min_us + span * min(max(degrees, 0.0), facts.angle_max) / facts.angle_max


def centidegrees(degrees: float) -> int:
    return int(round(degrees * 100))


def _fields(what: str, layout: str, payload: bytes) -> tuple:
    if len(payload) != struct.calcsize(layout):
        raise ValueError(f"{what} payload must be {struct.calcsize(layout)} bytes, "
                         f"got {len(payload)}: {payload.hex(' ')}")
    return struct.unpack(layout, payload)


@dataclass(frozen=True)
class Hello:
    protocol: tuple[int, int]
    firmware: tuple[int, int, int]
    board_id: int
    caps: Caps
    max_leds: int
    reset_cause: ResetCause
    boot: bool  # sent on its own at start-up, rather than asked for

    FORMAT = "<5BIBHBB"

    @classmethod
    def unpack(cls, payload: bytes) -> Hello:
        pmaj, pmin, fmaj, fmin, fpatch, board_id, caps, max_leds, cause, boot = _fields("HELLO", cls.FORMAT, payload)
        return cls((pmaj, pmin), (fmaj, fmin, fpatch), board_id, Caps(caps), max_leds, ResetCause(cause), bool(boot))

    def pack(self) -> bytes:
        return struct.pack(self.FORMAT, *self.protocol, *self.firmware, self.board_id, int(self.caps),
                           self.max_leds, int(self.reset_cause), int(self.boot))

    def to_dict(self) -> dict:
        return {
            "protocol": f"{self.protocol[0]}.{self.protocol[1]}",
            "firmware": ".".join(map(str, self.firmware)),
            "board_id": f"{self.board_id:08x}",
            "capabilities": [flag.name.lower() for flag in Caps if flag in self.caps],
            "max_leds": self.max_leds,
            "reset_cause": [flag.name.lower() for flag in ResetCause if flag in self.reset_cause],
            "boot": self.boot,
        }


@dataclass(frozen=True)
class Status:
    flags: StatusFlag
    pan: float
    tilt: float
    pan_target: float
    tilt_target: float
    trigger: float
    arm_left_ms: int
    garbled_frames: int
    rx_overflows: int
    failsafes: int
    uptime_ms: int
    led_count: int

    FORMAT = "<B9HIH"

    @classmethod
    def unpack(cls, payload: bytes) -> Status:
        f, pan, tilt, pt, tt, trig, left, garbled, overflows, failsafes, uptime, leds = _fields("STATUS", cls.FORMAT, payload)
        return cls(StatusFlag(f), pan / 100, tilt / 100, pt / 100, tt / 100, trig / 100, left, garbled,
                   overflows, failsafes, uptime, leds)

    def pack(self) -> bytes:
        return struct.pack(self.FORMAT, int(self.flags), *(centidegrees(v) for v in (
            self.pan, self.tilt, self.pan_target, self.tilt_target, self.trigger)),
            self.arm_left_ms, self.garbled_frames, self.rx_overflows, self.failsafes, self.uptime_ms, self.led_count)

    @property
    def armed(self) -> bool:
        return StatusFlag.ARMED in self.flags

    @property
    def failsafe(self) -> bool:
        return StatusFlag.FAILSAFE in self.flags

    @property
    def on_target(self) -> bool:
        return StatusFlag.ON_TARGET in self.flags

    @property
    def firing(self) -> bool:
        return StatusFlag.FIRING in self.flags


@dataclass(frozen=True)
class BoardConfig:
    """What the host sends after every HELLO: soft limits, slew, trigger angles, arming window
    and the LED count. Degrees on this side, centidegrees on the wire."""

    pan_min: float = 0.0
    pan_max: float = 180.0
    tilt_min: float = 0.0
    tilt_max: float = 180.0
    slew: float = 120.0  # degrees per second
    trigger_safe: float = 0.0
    trigger_fire: float = 90.0
    arm_window_ms: int = 5000
    led_count: int = 0

    FORMAT = "<9H"
    FIELDS = ("pan_min", "pan_max", "tilt_min", "tilt_max", "slew", "trigger_safe", "trigger_fire",
              "arm_window_ms", "led_count")

    def problems(self, facts: BoardFacts = BOARD) -> list[str]:
        """Everything the firmware would refuse, each naming the field and its value."""
        found = []
        for name in ("pan_min", "pan_max", "tilt_min", "tilt_max", "trigger_safe", "trigger_fire"):
            value = getattr(self, name)
            if not 0 <= value <= facts.angle_max:
                found.append(f"{name}={value:g} is outside 0..{facts.angle_max:g} degrees")
        for low, high in (("pan_min", "pan_max"), ("tilt_min", "tilt_max")):
            if getattr(self, low) > getattr(self, high):
                found.append(f"{low}={getattr(self, low):g} is above {high}={getattr(self, high):g}")
        if not 0 < self.slew <= facts.slew_max:
            found.append(f"slew={self.slew:g} deg/s is outside (0, {facts.slew_max:g}]")
        if not facts.arm_window_min_ms <= self.arm_window_ms <= facts.arm_window_max_ms:
            found.append(f"arm_window_ms={self.arm_window_ms} is outside "
                         f"{facts.arm_window_min_ms}..{facts.arm_window_max_ms}")
        if not 0 <= self.led_count <= facts.max_leds:
            found.append(f"led_count={self.led_count} is outside 0..{facts.max_leds}")
        return found

    def pack(self) -> bytes:
        return struct.pack(self.FORMAT, *(centidegrees(getattr(self, n)) for n in self.FIELDS[:7]),
                           self.arm_window_ms, self.led_count)

    @classmethod
    def unpack(cls, payload: bytes) -> BoardConfig:
        values = struct.unpack(cls.FORMAT, payload)
        return cls(*(v / 100 for v in values[:7]), values[7], values[8])


def aim_payload(pan: float, tilt: float) -> bytes:
    return struct.pack("<2H", centidegrees(pan), centidegrees(tilt))


def nak_payload(code: int, detail: int = 0) -> bytes:
    return bytes((code, detail))


def event_payload(code: int, value: int = 0) -> bytes:
    return struct.pack("<BH", code, value)


def unpack_event(payload: bytes) -> tuple[EventCode | int, int]:
    code, value = struct.unpack("<BH", payload)
    return (EventCode(code) if code in EventCode._value2member_map_ else code), value


LEDS_PER_SET = (255 - 3) // 3  # 84 LEDs fill one LED_SET payload


def led_set_payloads(start: int, colours: list[tuple[int, int, int]], show: bool) -> list[bytes]:
    """LED_SET payloads for `colours` from LED `start`; only the last one asks for a show."""
    chunks = [colours[i:i + LEDS_PER_SET] for i in range(0, len(colours), LEDS_PER_SET)] or [[]]
    payloads = []
    for n, chunk in enumerate(chunks):
        flags = LED_FLAG_SHOW if show and n == len(chunks) - 1 else 0
        body = bytes(channel for colour in chunk for channel in colour)
        payloads.append(struct.pack("<BH", flags, start + n * LEDS_PER_SET) + body)
    return payloads


def led_fill_payload(start: int, count: int, colour: tuple[int, int, int], show: bool) -> bytes:
    return struct.pack("<BHH3B", LED_FLAG_SHOW if show else 0, start, count, *colour)


NAK_MEANINGS = {
    NakCode.UNKNOWN_TYPE: "the board does not know message type 0x{detail:02x}",
    NakCode.BAD_LENGTH: "the board expected another payload length (got {detail})",
    NakCode.OUT_OF_RANGE: "value out of the board's range (field {detail})",
    NakCode.NOT_ARMED: "the cannon is not armed",
    NakCode.ARM_EXPIRED: "the arming window had closed",
    NakCode.NOT_ON_TARGET: "the cannon is still moving to its aim",
    NakCode.VERSION: "the board speaks protocol {major}.{minor}",
    NakCode.BUSY: "the cannon is firing",
}


def describe_nak(code: int, detail: int) -> str:
    template = NAK_MEANINGS.get(code)
    if template is None:
        return f"unknown refusal code {code} (detail {detail})"
    return template.format(detail=detail, major=detail >> 4, minor=detail & 0xF)
