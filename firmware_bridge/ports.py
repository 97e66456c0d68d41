"""Finding the board's serial port by USB VID/PID, and opening it the way the link needs."""

from __future__ import annotations

from dataclasses import dataclass

from .protocol import BOARD

# USB ids of Uno-class boards and the USB-serial chips their clones carry.
KNOWN_BOARDS = {
    (0x2341, 0x0043): "Arduino Uno",
    (0x2341, 0x0001): "Arduino Uno (early)",
    (0x2341, 0x0243): "Arduino Uno R3",
    (0x2A03, 0x0043): "Arduino Uno (arduino.org)",
    (0x2341, 0x0010): "Arduino Mega 2560",
    (0x2341, 0x0042): "Arduino Mega 2560 R3",
    (0x1A86, 0x7523): "CH340 USB-serial (Uno clone)",
    (0x0403, 0x6001): "FTDI FT232R USB-serial",
    (0x10C4, 0xEA60): "CP210x USB-serial",
}


@dataclass(frozen=True)
class PortInfo:
    device: str
    description: str
    vid: int | None
    pid: int | None
    serial_number: str | None
    board: str | None  # what KNOWN_BOARDS calls it, if anything

    def to_dict(self) -> dict:
        return {"device": self.device, "description": self.description,
                "vid": f"{self.vid:04x}" if self.vid is not None else None,
                "pid": f"{self.pid:04x}" if self.pid is not None else None,
                "serial_number": self.serial_number, "board": self.board}


def list_ports(include_unknown: bool = False) -> list[PortInfo]:
    """Serial ports that look like a supported board (or all of them, with include_unknown)."""
    from serial.tools import list_ports as pyserial_ports

    found = []
    for port in sorted(pyserial_ports.comports(), key=lambda p: p.device):
        board = KNOWN_BOARDS.get((port.vid, port.pid)) if port.vid is not None else None
        if board or include_unknown:
            found.append(PortInfo(port.device, port.description or "", port.vid, port.pid,
                                  port.serial_number, board))
    return found


class NoBoardFound(LookupError):
    """No serial port matched; the message lists what was seen."""


def find_board(serial_number: str | None = None) -> str:
    """The device path of the one supported board (or of the one with that serial number)."""
    candidates = [p for p in list_ports() if serial_number is None or p.serial_number == serial_number]
    if len(candidates) == 1:
        return candidates[0].device
    if not candidates:
        seen = ", ".join(f"{p.device} ({p.description or 'no description'})" for p in list_ports(True)) or "none"
        wanted = f" with serial number {serial_number!r}" if serial_number else ""
        raise NoBoardFound(f"no Arduino-class board{wanted} among the serial ports (seen: {seen}); "
                           "plug it in or name it with --port")
    names = ", ".join(p.device for p in candidates)
    raise NoBoardFound(f"several boards found ({names}); choose one with --port")


def serial_opener(port: str | None = None, baudrate: int = BOARD.baud, read_timeout_s: float = 0.01,
                  serial_number: str | None = None):
    """A callable the link calls to (re)open the port. With no `port` it searches by VID/PID
    each time, so a board that comes back under another name after an unplug is found."""

    def open_port():
        import serial

        device = port or find_board(serial_number)
        # exclusive: a second program on the same board would interleave its frames with ours.
        return serial.Serial(device, baudrate=baudrate, timeout=read_timeout_s, write_timeout=1.0,
                             exclusive=True)

    return open_port
