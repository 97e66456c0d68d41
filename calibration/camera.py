"""A calibrated camera's intrinsics, how well they fit, and their JSON form."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime, timezone

from companion.games.excerpt import excerpt

FORMAT = "tabletop-companion/camera-intrinsics"
FORMAT_VERSION = 1


class IntrinsicsFormatError(ValueError):
    """A JSON document that is not valid intrinsics; `key` names the entry that is wrong."""

    def __init__(self, key: str, problem: str):
        super().__init__(f"{key!r} {problem}")
        self.key = key
        self.problem = problem


@dataclass(frozen=True)
class CameraIntrinsics:
    """Camera matrix and distortion for frames of `image_size` (width, height), in pixels."""

    camera_matrix: tuple[tuple[float, float, float], ...]
    distortion: tuple[float, ...]
    image_size: tuple[int, int]
    rms: float  # reprojection error over all corners used, px
    per_view_errors: dict[str, float] = field(default_factory=dict)
    pattern: str = ""
    flags: tuple[str, ...] = ()
    skipped_views: dict[str, str] = field(default_factory=dict)
    created: datetime = field(default_factory=lambda: datetime.now(timezone.utc))

    @property
    def fx(self) -> float:
        return self.camera_matrix[0][0]

    @property
    def fy(self) -> float:
        return self.camera_matrix[1][1]

    @property
    def cx(self) -> float:
        return self.camera_matrix[0][2]

    @property
    def cy(self) -> float:
        return self.camera_matrix[1][2]

    # numpy is imported on use: the store, and commands that only name its default file,
    # load without it.
    def matrix(self):
        """The 3x3 camera matrix as a float64 numpy array, as OpenCV takes it."""
        import numpy as np

        return np.array(self.camera_matrix, dtype=np.float64)

    def distortion_array(self):
        import numpy as np

        return np.array(self.distortion, dtype=np.float64)

    def summary(self) -> str:
        return (
            f"fx {self.fx:.2f}  fy {self.fy:.2f}  cx {self.cx:.2f}  cy {self.cy:.2f}  "
            f"rms {self.rms:.3f} px"
        )

    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "created": self.created.isoformat(timespec="seconds"),
            "image_size": list(self.image_size),
            "camera_matrix": [list(row) for row in self.camera_matrix],
            "distortion": list(self.distortion),
            "rms": self.rms,
            "per_view_errors": dict(self.per_view_errors),
            "pattern": self.pattern,
            "flags": list(self.flags),
            "skipped_views": dict(self.skipped_views),
        }

    @classmethod
    def from_json(cls, data: object) -> CameraIntrinsics:
        """The intrinsics in `data`; IntrinsicsFormatError naming the first key that is wrong."""
        if not isinstance(data, dict):
            kind = type(data).__name__
            raise IntrinsicsFormatError("(top level)", f"should be an object, not {kind}")
        if data.get("format", FORMAT) != FORMAT:
            raise IntrinsicsFormatError("format", f"is {excerpt(data['format'])}, expected {FORMAT!r}")
        matrix = _numbers(data, "camera_matrix", rows=3, columns=3)
        distortion = _numbers(data, "distortion")
        if len(distortion) not in (4, 5, 8, 12, 14):
            raise IntrinsicsFormatError(
                "distortion", f"has {len(distortion)} values; OpenCV takes 4, 5, 8, 12 or 14"
            )
        size = _numbers(data, "image_size")
        if len(size) != 2 or any(v <= 0 or v != int(v) for v in size):
            raise IntrinsicsFormatError(
                "image_size", f"should be [width, height] in whole pixels, got {excerpt(data['image_size'])}"
            )
        rms = _number(data, "rms")
        per_view = data.get("per_view_errors", {})
        if not isinstance(per_view, dict) or not all(_is_number(v) for v in per_view.values()):
            raise IntrinsicsFormatError("per_view_errors", "should map view names to errors in px")
        flags, skipped = data.get("flags", []), data.get("skipped_views", {})
        if not isinstance(flags, list) or not all(isinstance(f, str) for f in flags):
            raise IntrinsicsFormatError("flags", f"should be a list of OpenCV flag names, got {excerpt(flags)}")
        if not isinstance(skipped, dict) or not all(isinstance(v, str) for v in skipped.values()):
            raise IntrinsicsFormatError("skipped_views", f"should map view names to reasons, got {excerpt(skipped)}")
        return cls(
            camera_matrix=tuple(tuple(row) for row in matrix),
            distortion=tuple(distortion),
            image_size=(int(size[0]), int(size[1])),
            rms=rms,
            per_view_errors={str(k): float(v) for k, v in per_view.items()},
            pattern=str(data.get("pattern", "")),
            flags=tuple(flags),
            skipped_views=dict(skipped),
            created=_timestamp(data),
        )


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _number(data: dict, key: str) -> float:
    if key not in data:
        raise IntrinsicsFormatError(key, "is missing")
    if not _is_number(data[key]):
        raise IntrinsicsFormatError(key, f"should be a number, got {excerpt(data[key])}")
    return float(data[key])


def _numbers(data: dict, key: str, rows: int | None = None, columns: int | None = None) -> list:
    if key not in data:
        raise IntrinsicsFormatError(key, "is missing")
    value = data[key]
    if rows is None:
        if not isinstance(value, list) or not all(_is_number(v) for v in value):
            raise IntrinsicsFormatError(key, f"should be a list of numbers, got {excerpt(value)}")
        return [float(v) for v in value]
    shaped = (
        isinstance(value, list) and len(value) == rows
        and all(isinstance(row, list) and len(row) == columns for row in value)
        and all(_is_number(v) for row in value for v in row)
    )
    if not shaped:
        raise IntrinsicsFormatError(key, f"should be {rows}x{columns} numbers, got {excerpt(value)}")
    return [[float(v) for v in row] for row in value]


def _timestamp(data: dict) -> datetime:
    if "created" not in data:
        raise IntrinsicsFormatError("created", "is missing")
    try:
        created = datetime.fromisoformat(str(data["created"]))
    except ValueError:
        raise IntrinsicsFormatError(
            "created", f"should be an ISO date and time, got {excerpt(data['created'])}"
        ) from None
    # A time without a zone is taken as UTC, so that ages compare whatever the machine's zone.
    return created if created.tzinfo else created.replace(tzinfo=timezone.utc)
