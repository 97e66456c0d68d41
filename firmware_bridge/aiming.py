"""Aiming: a table point to pan and tilt, from the cannon's pose, per-axis calibration tables
and a ballistic tilt model fitted from test shots.

Units: millimetres in the camera's table frame (the plane calibration.pose measures sheets
in), degrees for angles. Pan: the bearing to the target relative to the cannon's heading
(its base marker's "up"), positive counter-clockwise as seen from above. Tilt: the launch
elevation above the horizontal. The tables then turn those physical angles into the servo
angles that produce them, which absorbs horn offsets and servo non-linearity.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

G_MM_S2 = 9806.65
DEFAULT_FILE = Path("cannon-calibration.json")


class AimingError(ValueError):
    """A target the cannon cannot reach, or calibration data that cannot be used."""


@dataclass(frozen=True)
class CannonPose:
    """Where the cannon stands: its pivot on the table (mm), the direction it faces at pan
    "straight ahead" (degrees, counter-clockwise from the table's +x), and the muzzle's height."""

    x: float
    y: float
    heading: float
    height: float = 60.0

    @classmethod
    def from_marker_corners(cls, corners, height: float = 60.0) -> CannonPose:
        """From the base marker's four corners in table mm (OpenCV order: top-left, top-right,
        bottom-right, bottom-left as printed); the marker's top edge faces forward."""
        if len(corners) != 4:
            raise AimingError(f"a marker has 4 corners, got {len(corners)}: {corners!r}")
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = corners
        cx, cy = (x0 + x1 + x2 + x3) / 4, (y0 + y1 + y2 + y3) / 4
        fx, fy = (x0 + x1) / 2 - (x3 + x2) / 2, (y0 + y1) / 2 - (y3 + y2) / 2  # bottom -> top edge
        return cls(cx, cy, math.degrees(math.atan2(fy, fx)), height)

    def bearing_and_range(self, x: float, y: float) -> tuple[float, float]:
        dx, dy = x - self.x, y - self.y
        bearing = math.degrees(math.atan2(dy, dx)) - self.heading
        return (bearing + 180.0) % 360.0 - 180.0, math.hypot(dx, dy)


@dataclass(frozen=True)
class AxisTable:
    """Physical angle -> servo angle, piecewise linear through measured pairs (extrapolated
    along the end segments). The default says servo 90 is physical 0."""

    points: tuple[tuple[float, float], ...] = ((-90.0, 0.0), (90.0, 180.0))

    def __post_init__(self):
        if len(self.points) < 2:
            raise AimingError(f"an axis table needs at least 2 points, got {list(self.points)}")
        xs = [p for p, _ in self.points]
        if any(b <= a for a, b in zip(xs, xs[1:])):
            raise AimingError(f"an axis table's physical angles must increase: {list(self.points)}")

    def command(self, physical: float) -> float:
        return _interpolate(self.points, physical)

    def physical(self, command: float) -> float:
        ordered = sorted((c, p) for p, c in self.points)
        return _interpolate(tuple(ordered), command)


def _interpolate(points, x: float) -> float:
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        if x <= x1 or (x1, y1) == points[-1]:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    raise AssertionError("unreachable")


@dataclass(frozen=True)
class Ballistics:
    """A drag-free shot from `height` at muzzle speed `speed` (mm/s); `offset` (degrees) is what
    the launch elevation really is above what the tilt table claims."""

    speed: float
    height: float = 60.0
    offset: float = 0.0

    def range_at(self, elevation: float) -> float:
        """Where a shot at `elevation` degrees lands, in mm from the pivot."""
        theta = math.radians(elevation + self.offset)
        vx, vy = self.speed * math.cos(theta), self.speed * math.sin(theta)
        flight = (vy + math.sqrt(vy * vy + 2 * G_MM_S2 * self.height)) / G_MM_S2
        return vx * flight

    def elevation_for(self, distance: float, low: float = -30.0, high: float = 80.0) -> float:
        """The flatter of the two elevations that land at `distance` (mm)."""
        top = _golden_max(self.range_at, low, high)  # range grows up to here, then shrinks
        if distance > self.range_at(top) + 1e-6:
            raise AimingError(f"the target at {distance:.0f} mm is beyond the cannon's reach of "
                              f"{self.range_at(top):.0f} mm")
        if distance < self.range_at(low):
            raise AimingError(f"the target at {distance:.0f} mm is closer than the lowest shot lands "
                              f"({self.range_at(low):.0f} mm at {low:g} deg)")
        a, b = low, top
        for _ in range(60):
            mid = (a + b) / 2
            a, b = (mid, b) if self.range_at(mid) < distance else (a, mid)
        return (a + b) / 2


def _golden_max(f, a: float, b: float, steps: int = 80) -> float:
    ratio = (math.sqrt(5) - 1) / 2
    c, d = b - ratio * (b - a), a + ratio * (b - a)
    for _ in range(steps):
        if f(c) > f(d):
            b, d = d, c
            c = b - ratio * (b - a)
        else:
            a, c = c, d
            d = a + ratio * (b - a)
    return (a + b) / 2


@dataclass(frozen=True)
class Shot:
    """A test shot: the servo angles commanded and where the ball landed (table mm)."""

    pan: float
    tilt: float
    x: float
    y: float


def fit_ballistics(shots: list[Shot], pose: CannonPose, tilt_table: AxisTable) -> tuple[Ballistics, float]:
    """Muzzle speed and elevation offset that best explain the shots' ranges; with the RMS
    range error in mm. One shot fixes only the speed; two or more also fit the offset."""
    if not shots:
        raise AimingError("no test shots to fit: fire a few at different tilts and note where they land")
    samples = [(tilt_table.physical(s.tilt), pose.bearing_and_range(s.x, s.y)[1]) for s in shots]

    def rms(model: Ballistics) -> float:
        return math.sqrt(sum((model.range_at(e) - r) ** 2 for e, r in samples) / len(samples))

    def best_speed(offset: float) -> Ballistics:
        # Each shot's range grows with speed, so the error has one minimum: search log-speed.
        log_speed = _golden_max(lambda ls: -rms(Ballistics(math.exp(ls), pose.height, offset)),
                                math.log(100.0), math.log(1e5))
        return Ballistics(math.exp(log_speed), pose.height, offset)

    if len({round(e, 3) for e, _ in samples}) < 2:
        model = best_speed(0.0)
        return model, rms(model)
    offset = _golden_max(lambda o: -rms(best_speed(o)), -15.0, 15.0, steps=50)
    model = best_speed(offset)
    return model, rms(model)


def fit_pan_table(shots: list[Shot], pose: CannonPose) -> AxisTable | None:
    """A pan table from where the shots landed (needs two different pan angles)."""
    pairs = {}
    for shot in shots:
        pairs.setdefault(round(pose.bearing_and_range(shot.x, shot.y)[0], 3), []).append(shot.pan)
    points = sorted((bearing, sum(pans) / len(pans)) for bearing, pans in pairs.items())
    if len(points) < 2:
        return None
    return AxisTable(tuple(points))


@dataclass(frozen=True)
class Aiming:
    """Everything needed to turn a table point into servo angles."""

    pose: CannonPose
    ballistics: Ballistics
    pan_table: AxisTable = field(default_factory=AxisTable)
    tilt_table: AxisTable = field(default_factory=AxisTable)
    fitted_rms_mm: float | None = None
    date: str | None = None

    def angles_for(self, x: float, y: float) -> tuple[float, float]:
        """Servo pan and tilt (degrees) that land a shot on table point (x, y) mm."""
        bearing, distance = self.pose.bearing_and_range(x, y)
        elevation = self.ballistics.elevation_for(distance)
        return round(self.pan_table.command(bearing), 2), round(self.tilt_table.command(elevation), 2)

    def to_dict(self) -> dict:
        return {
            "date": self.date,
            "pose": {"x_mm": self.pose.x, "y_mm": self.pose.y, "heading_deg": self.pose.heading,
                     "height_mm": self.pose.height},
            "ballistics": {"speed_mm_s": self.ballistics.speed, "offset_deg": self.ballistics.offset,
                           "rms_mm": self.fitted_rms_mm},
            "pan_table": [list(p) for p in self.pan_table.points],
            "tilt_table": [list(p) for p in self.tilt_table.points],
        }

    @classmethod
    def from_dict(cls, data: dict, where: str = "cannon calibration") -> Aiming:
        try:
            pose = CannonPose(float(data["pose"]["x_mm"]), float(data["pose"]["y_mm"]),
                              float(data["pose"]["heading_deg"]), float(data["pose"]["height_mm"]))
            ballistic = data["ballistics"]
            ballistics = Ballistics(float(ballistic["speed_mm_s"]), pose.height, float(ballistic["offset_deg"]))
            tables = [AxisTable(tuple((float(p), float(c)) for p, c in data[key])) for key in ("pan_table", "tilt_table")]
        except (KeyError, TypeError, ValueError) as error:
            raise AimingError(f"{where}: missing or malformed entry {error}") from None
        return cls(pose, ballistics, tables[0], tables[1], ballistic.get("rms_mm"), data.get("date"))


def calibrate_cannon(shots: list[Shot], pose: CannonPose, tilt_table: AxisTable = AxisTable()) -> Aiming:
    """`companion calibrate cannon`: fits the tilt model (and a pan table, when the shots
    went at different pans) from test shots."""
    ballistics, error = fit_ballistics(shots, pose, tilt_table)
    pan_table = fit_pan_table(shots, pose) or AxisTable()
    return Aiming(pose, ballistics, pan_table, tilt_table, round(error, 2),
                  datetime.now(timezone.utc).isoformat(timespec="seconds"))


def read_shots(path: Path) -> list[Shot]:
    """Test shots from a CSV file: a header `pan,tilt,x,y`, then one line per shot."""
    shots = []
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    if not lines or [h.strip() for h in lines[0].split(",")] != ["pan", "tilt", "x", "y"]:
        raise AimingError(f"{path}: line 1 must be the header 'pan,tilt,x,y', got {lines[0] if lines else ''!r}")
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        cells = [c.strip() for c in line.split(",")]
        try:
            if len(cells) != 4:
                raise ValueError
            shots.append(Shot(*(float(c) for c in cells)))
        except ValueError:
            raise AimingError(f"{path}: line {number}: expected four numbers pan,tilt,x,y, got {line!r}") from None
    return shots


def save(aiming: Aiming, path: Path = DEFAULT_FILE) -> Path:
    """Writes the JSON; a crash mid-write leaves any earlier file whole."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False, suffix=".tmp") as handle:
        json.dump(aiming.to_dict(), handle, indent=2)
    os.replace(handle.name, path)
    return path


def load(path: Path = DEFAULT_FILE) -> Aiming:
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise AimingError(f"no cannon calibration at {path}: run `companion calibrate cannon`") from None
    except json.JSONDecodeError as error:
        raise AimingError(f"{path}: not JSON (line {error.lineno}, column {error.colno}: {error.msg})") from None
    return Aiming.from_dict(data, str(path))
