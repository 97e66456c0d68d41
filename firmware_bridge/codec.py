"""Frames on the wire: COBS framing, the frame header and its CRC-16; no I/O, no meaning."""

from __future__ import annotations

import binascii
from collections import deque
from dataclasses import dataclass

# Layout before COBS: version, type, seq, length, payload[length], crc16 (little-endian).
HEADER = 4
CRC_BYTES = 2
MAX_PAYLOAD = 255
MAX_RAW = HEADER + MAX_PAYLOAD + CRC_BYTES
MAX_ENCODED = MAX_RAW + 2  # COBS adds one byte per 254, plus one
DELIMITER = b"\x00"


class FrameError(ValueError):
    """A frame that cannot be read: says why, where it started in the stream, and quotes it."""

    def __init__(self, reason: str, offset: int, data: bytes):
        self.reason = reason
        self.offset = offset
        self.data = bytes(data)
        shown = self.data[:24].hex(" ") + (" ..." if len(self.data) > 24 else "")
        super().__init__(f"{reason}, in the frame at byte {offset}: {shown or '(empty)'}")


@dataclass(frozen=True)
class Frame:
    """One message: its type, sequence number and payload, and the protocol version byte
    (major << 4 | minor) it was sent with."""

    type: int
    seq: int
    payload: bytes = b""
    version: int = 0x10

    def __post_init__(self):
        for name, value in (("type", self.type), ("seq", self.seq), ("version", self.version)):
            if not 0 <= value <= 0xFF:
                raise ValueError(f"frame {name} must fit a byte (0..255), got {value}")
        if len(self.payload) > MAX_PAYLOAD:
            raise ValueError(f"payload of {len(self.payload)} bytes exceeds the {MAX_PAYLOAD}-byte limit")

    @property
    def major(self) -> int:
        return self.version >> 4

    def __repr__(self) -> str:
        return f"Frame(type=0x{self.type:02x}, seq={self.seq}, payload=bytes.fromhex({self.payload.hex()!r}), version=0x{self.version:02x})"


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): avr-libc's _crc_xmodem_update from 0xFFFF."""
    return binascii.crc_hqx(data, 0xFFFF)


def cobs_encode(data: bytes) -> bytes:
    """Consistent Overhead Byte Stuffing: the result holds no zero byte."""
    out = bytearray(b"\x00")
    code_at, code = 0, 1
    for byte in data:
        if byte == 0:
            out[code_at] = code
            code_at, code = len(out), 1
            out.append(0)
            continue
        out.append(byte)
        code += 1
        if code == 0xFF:
            out[code_at] = code
            code_at, code = len(out), 1
            out.append(0)
    out[code_at] = code
    return bytes(out)


def cobs_decode(block: bytes, offset: int = 0) -> bytes:
    """Undoes cobs_encode; `offset` is where the block sits in the stream, for the error."""
    out = bytearray()
    i = 0
    while i < len(block):
        code = block[i]
        if code == 0:
            raise FrameError(f"zero byte inside a COBS block at byte {offset + i}", offset, block)
        end = i + code
        if end > len(block):
            raise FrameError(f"COBS code {code} at byte {offset + i} runs past the block's "
                             f"{len(block)} bytes (truncated frame?)", offset, block)
        out += block[i + 1:end]
        i = end
        if code != 0xFF and i < len(block):
            out.append(0)
    return bytes(out)


def encode_frame(frame: Frame) -> bytes:
    """The frame's bytes on the wire, delimiter included."""
    raw = bytes((frame.version, frame.type, frame.seq, len(frame.payload))) + frame.payload
    raw += crc16(raw).to_bytes(2, "little")
    return cobs_encode(raw) + DELIMITER


def decode_frame(block: bytes, offset: int = 0) -> Frame:
    """One COBS block (without its delimiter) to a Frame; FrameError says what is wrong."""
    if len(block) > MAX_ENCODED:
        raise FrameError(f"frame of {len(block)} bytes is longer than the {MAX_ENCODED} allowed", offset, block)
    raw = cobs_decode(block, offset)
    if len(raw) < HEADER + CRC_BYTES:
        raise FrameError(f"frame of {len(raw)} bytes is shorter than a header and CRC "
                         f"({HEADER + CRC_BYTES})", offset, block)
    declared = raw[3]
    if declared != len(raw) - HEADER - CRC_BYTES:
        raise FrameError(f"length byte says {declared} payload bytes but {len(raw) - HEADER - CRC_BYTES} "
                         "arrived", offset, block)
    sent = int.from_bytes(raw[-2:], "little")
    computed = crc16(raw[:-2])
    if sent != computed:
        raise FrameError(f"CRC mismatch (frame says 0x{sent:04x}, bytes give 0x{computed:04x})", offset, block)
    return Frame(type=raw[1], seq=raw[2], payload=raw[HEADER:-CRC_BYTES], version=raw[0])


class Deframer:
    """Splits a byte stream at delimiters into frames. A garbled frame is dropped and counted
    (the next delimiter starts afresh), and its error kept with its byte offset."""

    def __init__(self, keep_errors: int = 32):
        self._block = bytearray()
        self._block_start = 0
        self._overlong = False
        self.position = 0  # bytes fed so far
        self.frames = 0
        self.garbled = 0
        self.errors: deque[FrameError] = deque(maxlen=keep_errors)

    def feed(self, data: bytes) -> list[Frame]:
        frames = []
        for byte in data:
            if byte:
                if not self._block:
                    self._block_start = self.position
                if len(self._block) <= MAX_ENCODED:
                    self._block.append(byte)
                else:
                    self._overlong = True  # keep memory bounded on a stream with no delimiters
            elif self._block:
                frame = self._finish()
                if frame is not None:
                    frames.append(frame)
            self.position += 1
        return frames

    def _finish(self) -> Frame | None:
        block, self._block = bytes(self._block), bytearray()
        overlong, self._overlong = self._overlong, False
        try:
            if overlong:
                raise FrameError(f"no delimiter within {MAX_ENCODED} bytes", self._block_start, block)
            frame = decode_frame(block, self._block_start)
        except FrameError as error:
            self.garbled += 1
            self.errors.append(error)
            return None
        self.frames += 1
        return frame

    def reset(self) -> None:
        """Forget a partial frame (after a reconnect the old bytes mean nothing)."""
        self._block.clear()
        self._overlong = False
