"""Keep camera intrinsics in a JSON file, and say plainly whether they are fit for the frames in use."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from enum import Enum
from pathlib import Path

from calibration.camera import CameraIntrinsics, IntrinsicsFormatError

DEFAULT_INTRINSICS_FILE = Path("camera-calibration.json")

# Intrinsics drift as a webcam's focus, zoom or lens is touched, and nothing in a frame tells
# us so. Ninety days, about a season of play, is when we ask for a fresh calibration: it costs
# a minute with the printed board.
MAX_AGE = timedelta(days=90)


class CalibrationFileError(ValueError):
    """A calibration file that cannot be used; the message quotes its path and what is wrong."""

    def __init__(self, path: Path, problem: str, key: str | None = None):
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.key = key


class CalibrationState(Enum):
    OK = "ok"
    MISSING = "missing"
    STALE = "stale"


@dataclass(frozen=True)
class CalibrationStatus:
    """Whether the intrinsics at `path` can be used, with every reason they cannot."""

    state: CalibrationState
    path: Path
    reasons: tuple[str, ...] = ()
    intrinsics: CameraIntrinsics | None = None

    @property
    def ok(self) -> bool:
        return self.state is CalibrationState.OK

    def __str__(self) -> str:
        if self.ok:
            return f"camera calibration {self.path} is usable"
        return f"camera calibration {self.path} is {self.state.value}: " + "; ".join(self.reasons)


def save_intrinsics(intrinsics: CameraIntrinsics, path: Path = DEFAULT_INTRINSICS_FILE) -> Path:
    """Write `intrinsics` as JSON; a crash mid-write leaves any earlier file whole."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(intrinsics.to_json(), indent=2) + "\n"
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def load_intrinsics(path: Path = DEFAULT_INTRINSICS_FILE) -> CameraIntrinsics:
    """The intrinsics in `path`. CalibrationFileError quoting the path (and key) when unusable."""
    path = Path(path)
    data = read_json(path, "calibration file")
    try:
        return CameraIntrinsics.from_json(data)
    except IntrinsicsFormatError as error:
        raise CalibrationFileError(path, f"key {error}", key=error.key) from None


def read_json(path: Path, what: str) -> object:
    """The JSON document in `path`, a `what` such as "calibration file".

    CalibrationFileError quoting the path when it is absent, unreadable or not JSON.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CalibrationFileError(path, f"no such {what}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise CalibrationFileError(path, f"cannot read it ({error})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise CalibrationFileError(
            path, f"not JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except RecursionError:
        raise CalibrationFileError(path, "not JSON this program can read: nested too deeply") from None
    except ValueError:   # the one other refusal: a whole number of thousands of digits
        raise CalibrationFileError(
            path, f"not JSON this program can read: a number longer than {sys.get_int_max_str_digits()} digits"
        ) from None


def check_intrinsics(
    path: Path = DEFAULT_INTRINSICS_FILE,
    frame_size: tuple[int, int] | None = None,
    *,
    now: datetime | None = None,
    max_age: timedelta = MAX_AGE,
) -> CalibrationStatus:
    """Missing, stale (too old, or made for another frame size) or ok; never assumed.

    `frame_size` is (width, height) of the frames in use; None skips that check.
    A file that exists but is malformed raises CalibrationFileError: that is a fault to fix,
    not a state to work around.
    """
    path = Path(path)
    if not path.exists():
        return CalibrationStatus(
            CalibrationState.MISSING, path,
            (f"no calibration file; run `companion calibrate camera` to make {path}",),
        )
    intrinsics = load_intrinsics(path)
    reasons = []
    now = now or datetime.now(timezone.utc)
    age = now - intrinsics.created
    if age > max_age:
        reasons.append(
            f"made {age.days} days ago ({intrinsics.created:%Y-%m-%d}), "
            f"older than the {max_age.days} days after which the camera is recalibrated"
        )
    if frame_size is not None and tuple(frame_size) != tuple(intrinsics.image_size):
        made_w, made_h = intrinsics.image_size
        frame_w, frame_h = frame_size
        reasons.append(f"made for {made_w}x{made_h} frames, the camera gives {frame_w}x{frame_h}")
    state = CalibrationState.STALE if reasons else CalibrationState.OK
    return CalibrationStatus(state, path, tuple(reasons), intrinsics)
