"""Aiming the cannon at a point of a game's table frame: where the cannon stands, and the pan and
tilt that reach a point.

Each game says what its table frame is (a `TableFrame`, for the sentences the panel shows) and
turns its own targets into table mm (Cannonball Colony: cells, in its hardware/aim.py; Cannons &
Coastlines: ships). A `CannonFix` comes from the camera or from `serve --cannon-pose`;
`firmware_bridge.aiming` turns the point into pan and tilt.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone

from firmware_bridge.aiming import Aiming, AimingError, Ballistics, CannonPose

from companion.kit.ids import CANNON_BASE_MARKER

CANNON_MARKER_ID = CANNON_BASE_MARKER.first
# Without `companion calibrate cannon`: a spring toy cannon's muzzle speed, reaching about
# 0.9 m, so a tap still points the barrel the right way while the shots are not yet fitted.
UNCALIBRATED_SPEED_MM_S = 3000.0
Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]


class CannonNotLocated(LookupError):
    """Nobody knows where the cannon stands: neither the camera nor --cannon-pose said."""


class NothingToAim(LookupError):
    """No game is running, so there is no table to aim at."""


@dataclass(frozen=True)
class CannonFix:
    """Where the cannon stands and, from the same camera frame, where each board's cells are.

    `boards` maps a board number to a 3x3 matrix from that board's own coordinates to table mm,
    measured in the same camera frame (Cannonball Colony: each island board's cell grid); empty
    for a pose given by hand.
    """

    pose: CannonPose
    source: str                                  # "camera" or "--cannon-pose"
    at: float = field(default_factory=time.time)
    boards: dict[int, Matrix] = field(default_factory=dict)
    frame_board: int = 1                         # whose sheet the table frame is, when boards make it


@dataclass(frozen=True)
class AimSolution:
    target: str      # what was aimed at: a cell ("F3") or a ship ("ben/sloop")
    x: float
    y: float
    pan: float
    tilt: float
    bearing: float
    range_mm: float
    measured: bool   # the target's place came from the camera, not a plan
    kind: str = "cell"   # "cell" or "ship": the key the target goes under in JSON

    def to_json(self) -> dict:
        return {self.kind: self.target, "table_mm": [round(self.x, 1), round(self.y, 1)], "pan": self.pan,
                "tilt": self.tilt, "bearing_deg": round(self.bearing, 1), "range_mm": round(self.range_mm),
                "measured": self.measured}


def apply(matrix: Matrix, u: float, v: float) -> tuple[float, float]:
    (a, b, c), (d, e, f), (g, h, i) = matrix
    w = g * u + h * v + i
    return (a * u + b * v + c) / w, (d * u + e * v + f) / w


def parse_pose(text: str) -> CannonPose:
    """`X,Y,HEADING[,HEIGHT]` (mm, mm, degrees, mm) as `serve --cannon-pose` takes it."""
    try:
        numbers = [float(part) for part in text.split(",")]
        if len(numbers) not in (3, 4):
            raise ValueError
    except ValueError:
        raise ValueError(f"expected X,Y,HEADING or X,Y,HEADING,HEIGHT (mm, mm, degrees, mm), got {text!r}") from None
    return CannonPose(*numbers)


@dataclass(frozen=True)
class TableFrame:
    """A game's table frame in words: where its mm are measured from, and how the cannon gets placed
    in it (for the sentences that say it has not been)."""

    named: str       # "on board {board}'s sheet": where the mm run from; {board} is the fix's frame_board
    not_seen: str    # why nobody knows where the cannon stands
    advice: str      # what the players can do about it


# A game whose hardware part says nothing about its frame: the pose is all there is to go on.
TABLE_FRAME = TableFrame(
    "on the table",
    "serve was not told where it stands on the table",
    "Start `companion serve` with --cannon-pose X,Y,HEADING (mm on the table, HEADING in degrees from +x).")


class Aimer:
    """The cannon's latest fix and its calibration; solves a table point into pan and tilt. Thread-safe:
    the camera pipeline places the cannon while tablets ask for aims."""

    def __init__(self, calibration: Aiming | None = None, calibration_source: str = "",
                 frame: TableFrame = TABLE_FRAME):
        self.calibration = calibration
        self.calibration_source = calibration_source
        self.frame = frame
        self._fix: CannonFix | None = None
        self._note = ""
        self._lock = threading.Lock()

    @property
    def fix(self) -> CannonFix | None:
        with self._lock:
            return self._fix

    def place(self, fix: CannonFix) -> None:
        with self._lock:
            self._fix, self._note = fix, ""

    def note(self, text: str) -> None:
        """What the camera saw that did not place the cannon (its marker with no island, say)."""
        with self._lock:
            self._note = text

    def aiming(self, pose: CannonPose) -> Aiming:
        if self.calibration is None:
            return Aiming(pose, Ballistics(UNCALIBRATED_SPEED_MM_S, pose.height))
        return replace(self.calibration, pose=pose)

    def located_fix(self, target: str) -> CannonFix:
        """The fix to aim from, or CannonNotLocated saying how to place the cannon."""
        fix = self.fix
        if fix is None:
            raise CannonNotLocated(f"Cannot aim at {target}: nobody knows where the cannon stands. {self.frame.advice}")
        return fix

    def solve_point(self, fix: CannonFix, target: str, x: float, y: float, *, measured: bool,
                    kind: str = "cell") -> AimSolution:
        """Pan and tilt for `target` at the table point (x, y) mm; AimingError when no shot reaches it."""
        bearing, distance = fix.pose.bearing_and_range(x, y)
        try:
            pan, tilt = self.aiming(fix.pose).angles_for(x, y)
        except AimingError as error:
            raise AimingError(f"Cannot aim at {target}: {error}.") from None
        return AimSolution(target, x, y, pan, tilt, bearing, distance, measured, kind)

    def status(self) -> dict:
        with self._lock:
            fix, note = self._fix, self._note
        if self.calibration is None:
            calibration = {"calibrated": False, "message": f"default ballistics ({UNCALIBRATED_SPEED_MM_S / 1000:g} m/s), "
                           "not calibrated: run companion calibrate cannon"}
        else:
            fitted = self.calibration.fitted_rms_mm
            calibration = {"calibrated": True, "message": f"{self.calibration_source or 'calibrated'}"
                           + (f" (fitted {self.calibration.date}, {fitted} mm RMS)" if fitted is not None else "")}
        if fix is None:
            located = {"located": False, "message": f"Cannon not located: {self.frame.not_seen}"
                                                    + (f". {note}" if note else ".")}
        else:
            pose = fix.pose
            by = "by the camera" if fix.source == "camera" else f"from {fix.source}"
            located = {"located": True, "source": fix.source, "x_mm": round(pose.x), "y_mm": round(pose.y),
                       "heading_deg": round(pose.heading), "height_mm": round(pose.height),
                       "seen_at": datetime.fromtimestamp(fix.at, timezone.utc).isoformat(timespec="seconds"),
                       "message": f"Cannon located {by} at ({pose.x:.0f}, {pose.y:.0f}) mm "
                                  f"{self.frame.named.format(board=fix.frame_board)}, facing {pose.heading:.0f} deg"
                                  + (f". {note}" if note else "")}
        return {**located, "aiming": calibration}
