"""The two devices on the board: the Cannon (aim, arm, fire, status) and the Leds."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from .link import Link, Refused
from .protocol import BoardConfig, Msg, NakCode, Status, aim_payload, led_set_payloads
from .safety import check_aim, slew_seconds

Colour = tuple[int, int, int]
BOOT_AIM = (90.0, 90.0)  # where the firmware points the servos at power-on


class ArmingRefused(PermissionError):
    """Arming without a person's confirmation, or firing without a live arming."""


class Cannon:
    """Aims, arms and fires. Arming needs `confirmed_by` (the dashboard passes who pressed the
    button); firing needs an arming still inside its window. The board checks both again."""

    def __init__(self, link: Link, config: BoardConfig, aiming=None,
                 clock: Callable[[], float] = time.monotonic):
        self.link = link
        self.config = config
        self.aiming = aiming  # firmware_bridge.aiming.Aiming, for aim_at
        self.clock = clock
        self.target: tuple[float, float] | None = None
        self.armed_by: str | None = None
        self._armed_until = 0.0

    def aim(self, pan: float, tilt: float) -> float:
        """Points the cannon (degrees, absolute); returns the seconds the slew will take from the
        last aim. Refuses angles outside the soft limits before asking the board."""
        check_aim(self.config, pan, tilt)
        self.link.request(Msg.AIM, aim_payload(pan, tilt))
        start = self.target or BOOT_AIM
        self.target = (pan, tilt)
        return slew_seconds(start, (pan, tilt), self.config.slew)

    def aim_at(self, x: float, y: float) -> tuple[float, float]:
        """Points at a table point (the camera's table frame); returns the pan and tilt used."""
        if self.aiming is None:
            raise ValueError("no aiming calibration loaded: run `companion calibrate cannon`")
        pan, tilt = self.aiming.angles_for(x, y)
        self.aim(pan, tilt)
        return pan, tilt

    def arm(self, *, confirmed_by: str) -> float:
        """Arms for one shot. `confirmed_by` names the person's action (e.g. "dashboard: Ana
        pressed ARM"); returns the window in seconds."""
        if not isinstance(confirmed_by, str) or not confirmed_by.strip():
            raise ArmingRefused("arming needs a person's action: pass confirmed_by, e.g. "
                                "confirmed_by='dashboard: <player> pressed ARM'")
        self.link.request(Msg.ARM)
        window = self.config.arm_window_ms / 1000
        self.armed_by = confirmed_by.strip()
        self._armed_until = self.clock() + window
        return window

    @property
    def armed(self) -> bool:
        return self.armed_by is not None and self.clock() < self._armed_until

    def disarm(self) -> None:
        self.forget_arming()
        self.link.request(Msg.DISARM)

    def fire(self) -> None:
        """Fires the armed cannon once. The host refuses without a live arming; the board also
        refuses while the cannon is still slewing (Refused, NOT_ON_TARGET)."""
        if not self.armed:
            raise ArmingRefused("the cannon is not armed: a person must arm it from the dashboard first"
                                if self.armed_by is None else
                                f"the arming by {self.armed_by!r} has expired; arm again")
        try:
            self.link.request(Msg.FIRE)
        except Refused as refusal:
            if refusal.code in (NakCode.NOT_ARMED, NakCode.ARM_EXPIRED):
                self.forget_arming()
            raise
        self.forget_arming()  # one arming, one shot

    def forget_arming(self) -> None:
        """The board dropped its arming (reboot, failsafe, new HELLO): so does the host."""
        self.armed_by = None
        self._armed_until = 0.0

    def status(self) -> Status:
        return Status.unpack(self.link.request(Msg.STATUS_REQ).payload)

    def wait_on_target(self, timeout_s: float = 5.0, poll_s: float = 0.02) -> Status:
        deadline = self.clock() + timeout_s
        while True:
            status = self.status()
            if status.on_target or self.clock() > deadline:
                return status
            time.sleep(poll_s)

    def restore(self) -> None:
        """After a reboot: aim where the host last aimed (setpoints are absolute)."""
        if self.target is not None:
            self.link.request(Msg.AIM, aim_payload(*self.target))


@dataclass(frozen=True)
class GridLayout:
    """LEDs laid out as a matrix under the board: cell (column, row) -> LED index. Strips in a
    matrix usually snake (serpentine): every other row runs backwards."""

    columns: int
    rows: int
    serpentine: bool = True

    def index(self, column: int, row: int) -> int:
        if not (0 <= column < self.columns and 0 <= row < self.rows):
            raise ValueError(f"cell ({column}, {row}) is outside the {self.columns}x{self.rows} LED grid")
        if self.serpentine and row % 2:
            column = self.columns - 1 - column
        return row * self.columns + column

    @property
    def count(self) -> int:
        return self.columns * self.rows


def _check_colour(colour: Colour) -> Colour:
    if len(colour) != 3 or not all(isinstance(c, int) and 0 <= c <= 255 for c in colour):
        raise ValueError(f"a colour is three integers 0..255, got {colour!r}")
    return tuple(colour)


PATTERNS: dict[str, Callable[[int], list[Colour]]] = {
    "off": lambda n: [(0, 0, 0)] * n,
    "ok": lambda n: [(0, 48, 0)] * n,
    "refused": lambda n: [(64, 8, 0)] * n,
    "fault": lambda n: [(64, 0, 0) if i % 2 == 0 else (0, 0, 0) for i in range(n)],  # as the firmware's
    "rainbow": lambda n: [_wheel(i * 256 // max(n, 1)) for i in range(n)],
    "test": lambda n: [((255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255))[i % 4] for i in range(n)],
}


def _wheel(position: int) -> Colour:
    position %= 256
    if position < 85:
        return (255 - position * 3, position * 3, 0)
    if position < 170:
        position -= 85
        return (0, 255 - position * 3, position * 3)
    position -= 170
    return (position * 3, 0, 255 - position * 3)


class Leds:
    """The strip: keeps the frame the host wants shown and sends it whole, so it can be sent
    again after a reboot or a failsafe blanked it."""

    def __init__(self, link: Link, count: int, layout: GridLayout | None = None):
        if layout is not None and layout.count > count:
            raise ValueError(f"the {layout.columns}x{layout.rows} grid needs {layout.count} LEDs, "
                             f"the strip has {count}")
        self.link = link
        self.count = count
        self.layout = layout
        self.frame: list[Colour] = [(0, 0, 0)] * count
        self.frames_sent = 0

    def set_pixels(self, colours: Mapping[int, Colour] | Iterable[Colour], show: bool = True) -> None:
        """Sets LEDs by index ({index: colour}) or all from the start (a list); then shows."""
        items = colours.items() if isinstance(colours, Mapping) else enumerate(colours)
        frame = list(self.frame)
        for index, colour in items:
            if not 0 <= index < self.count:
                raise ValueError(f"LED {index} is outside the strip's 0..{self.count - 1}")
            frame[index] = _check_colour(colour)
        self.frame = frame
        if show:
            self.show()

    def set_cells(self, cells: Mapping[tuple[int, int], Colour], clear: bool = True) -> None:
        """Lights grid cells ((column, row) -> colour); the rest go dark unless clear=False."""
        if self.layout is None:
            raise ValueError("no LED grid layout configured: cells cannot be mapped to LEDs")
        if clear:
            self.frame = [(0, 0, 0)] * self.count
        self.set_pixels({self.layout.index(*cell): colour for cell, colour in cells.items()})

    def fill(self, colour: Colour) -> None:
        self.set_pixels([_check_colour(colour)] * self.count)

    def show_pattern(self, name: str) -> None:
        if name not in PATTERNS:
            raise ValueError(f"no LED pattern {name!r}; known: {', '.join(sorted(PATTERNS))}")
        self.set_pixels(PATTERNS[name](self.count))

    def show(self) -> None:
        for payload in led_set_payloads(0, self.frame, show=True):
            self.link.request(Msg.LED_SET, payload, timeout_s=max(self.link.settings.ack_timeout_s, 0.1))
        self.frames_sent += 1

    def resend(self) -> None:
        if self.count:
            self.show()
