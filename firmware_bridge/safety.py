"""The cannon's soft limits and slew rate, as the firmware enforces them, for host and twin.

The firmware is the authority: these functions repeat its arithmetic (in centidegrees, per
20 ms servo frame) so the twin behaves like it and the host can refuse an aim, or say how
long a move takes, before asking the board.
"""

from __future__ import annotations

from .protocol import BoardConfig, centidegrees

FRAMES_PER_SECOND = 50
FRAME_MS = 1000 // FRAMES_PER_SECOND


class AimOutOfLimits(ValueError):
    """An aim outside the configured soft limits; names the axis, the angle and the limits."""

    def __init__(self, axis: str, angle: float, low: float, high: float):
        self.axis, self.angle, self.low, self.high = axis, angle, low, high
        super().__init__(f"{axis} {_degrees(angle)} deg is outside the soft limits {low:g}..{high:g} deg")


def _degrees(angle) -> str:
    try:
        return f"{angle:g}"
    except OverflowError:   # a whole number too big for a float
        return "(a number too large to show)"


def check_aim(config: BoardConfig, pan: float, tilt: float) -> None:
    """Raises AimOutOfLimits for the first axis the firmware would refuse (pan, then tilt)."""
    for axis, angle, low, high in (("pan", pan, config.pan_min, config.pan_max),
                                   ("tilt", tilt, config.tilt_min, config.tilt_max)):
        if not _within(angle, low, high):
            raise AimOutOfLimits(axis, angle, low, high)


def _within(angle: float, low: float, high: float) -> bool:
    # A first look in degrees: nan, inf and 1e308 have no centidegrees (round() overflows or fails).
    if not low - 1 <= angle <= high + 1:
        return False
    return centidegrees(low) <= centidegrees(angle) <= centidegrees(high)


def within_limits(config: BoardConfig, pan: float, tilt: float) -> bool:
    try:
        check_aim(config, pan, tilt)
    except AimOutOfLimits:
        return False
    return True


def clamp(value: int, low: int, high: int) -> int:
    return low if value < low else high if value > high else value


def slew_step_cdeg(slew_deg_per_s: float) -> int:
    """How far one servo frame may move an axis, in centidegrees (never zero)."""
    return max(1, centidegrees(slew_deg_per_s) // FRAMES_PER_SECOND)


def step_toward(value: int, target: int, step: int) -> int:
    """One frame of slew, in centidegrees, as cannon.c's step_toward."""
    if value < target:
        return min(value + step, target)
    return max(value - step, target)


def slew_frames(start: float, target: float, slew_deg_per_s: float) -> int:
    """Servo frames (20 ms each) to move from `start` to `target` degrees."""
    distance = abs(centidegrees(target) - centidegrees(start))
    step = slew_step_cdeg(slew_deg_per_s)
    return -(-distance // step)


def slew_seconds(start: tuple[float, float], target: tuple[float, float], slew_deg_per_s: float) -> float:
    """Time for the slower of the two axes to arrive."""
    frames = max(slew_frames(a, b, slew_deg_per_s) for a, b in zip(start, target))
    return frames / FRAMES_PER_SECOND
