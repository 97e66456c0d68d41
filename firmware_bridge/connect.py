"""Opens the board a command or the dashboard names: a serial port, the emulator, or the twin."""

from __future__ import annotations

from dataclasses import dataclass, field

from .bridge import EMULATED, QUICK_HELLO, Bridge
from .devices import GridLayout
from .emulator import Emulator
from .link import LinkSettings
from .ports import serial_opener
from .protocol import BoardConfig
from .twin import FirmwareTwin
from .twin_port import TwinPty

TWIN_SPECS = ("twin", "sim")


@dataclass
class Hardware:
    """A connected Bridge and whatever stands in for the board behind it."""

    bridge: Bridge
    mode: str  # "port", "emulator" or "twin"
    port: str | None = None
    emulator: Emulator | None = None
    twin: FirmwareTwin | None = None
    twin_pty: TwinPty | None = field(default=None, repr=False)

    def close(self) -> None:
        self.bridge.close()
        if self.emulator:
            self.emulator.stop()
        if self.twin_pty:
            self.twin_pty.close()

    def __enter__(self) -> Hardware:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def status(self) -> dict:
        """A JSON-ready summary for a status panel."""
        link = self.bridge.link
        hello = link.hello.to_dict() if link.hello else None
        return {"mode": self.mode, "port": self.port, "connected": link.connected,
                "state": "connected" if link.connected else "reconnecting", "hello": hello,
                "armed": self.bridge.cannon.armed, "armed_by": self.bridge.cannon.armed_by,
                "target": self.bridge.cannon.target, "stats": dict(link.stats),
                "garbled_frames": link.deframer.garbled,
                "last_error": str(link.last_error) if link.last_error else None}


def open_hardware(spec: str, config: BoardConfig = BoardConfig(), aiming=None, layout: GridLayout | None = None,
                  settings: LinkSettings | None = None, timeout_s: float = 10.0) -> Hardware:
    """`spec`: "twin" (or "sim"), "emulator", "auto" (find a board by USB id) or a port path."""
    if spec in TWIN_SPECS:
        twin = FirmwareTwin()
        pty = TwinPty(twin)
        hardware = Hardware(Bridge(serial_opener(pty.path), config, settings or QUICK_HELLO, aiming, layout),
                            "twin", port=pty.path, twin=twin, twin_pty=pty)
    elif spec == "emulator":
        emulator = Emulator()
        emulator.start()
        hardware = Hardware(Bridge(emulator.opener(), config, settings or EMULATED, aiming, layout),
                            "emulator", port=emulator.pty, emulator=emulator)
    else:
        port = None if spec == "auto" else spec
        hardware = Hardware(Bridge(serial_opener(port), config, settings or LinkSettings(), aiming, layout),
                            "port", port=port)
    try:
        hardware.bridge.connect(timeout_s)
    except BaseException:
        hardware.close()
        raise
    return hardware
